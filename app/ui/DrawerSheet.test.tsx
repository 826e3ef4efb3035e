// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInPage } from '../../tests/support/dom.tsx';
import { DRAWER } from './constants.ts';
import type { DrawerCloseReason } from './Drawer.tsx';
import { DrawerSheet } from './DrawerSheet.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A page with a button opening a drawer; the drawer closes when it asks to. */
function Page({
  onClose,
  dismissible = true,
}: {
  onClose: (reason: DrawerCloseReason) => void;
  dismissible?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <DrawerSheet
        open={open}
        dismissible={dismissible}
        onClose={(reason) => {
          onClose(reason);
          setOpen(false);
        }}
        title="Settings"
        testId="sheet"
      >
        <p>Inside</p>
      </DrawerSheet>
    </>
  );
}

async function openSheet() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  await act(async () => fireEvent.click(opener));
  // The slide-in starts on the next frame.
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  return opener;
}

describe('DrawerSheet', () => {
  it('opens as a modal dialog named by its title, with focus inside and the page inert', async () => {
    renderInPage(<Page onClose={() => {}} />);
    await openSheet();
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByTestId('sheet').dataset.state).toBe('open');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.querySelector('body > div:not([data-drawer])')?.hasAttribute('inert')).toBe(true);
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const onClose = vi.fn();
    renderInPage(<Page onClose={onClose} />);
    const opener = await openSheet();
    vi.useFakeTimers();
    await act(async () => fireEvent.keyDown(document, { key: 'Escape' }));
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(screen.getByTestId('sheet').dataset.state).toBe('closing');
    await act(async () => vi.advanceTimersByTime(DRAWER.animationMs));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it('is not dismissed by Escape, nor has a close button, when dismissal is off', async () => {
    const onClose = vi.fn();
    renderInPage(<Page onClose={onClose} dismissible={false} />);
    await openSheet();
    await act(async () => fireEvent.keyDown(document, { key: 'Escape' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('closes with its close button', async () => {
    const onClose = vi.fn();
    renderInPage(<Page onClose={onClose} />);
    await openSheet();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    expect(onClose).toHaveBeenCalledWith('close-button');
  });
});
