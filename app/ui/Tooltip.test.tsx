// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInPage } from '../../tests/support/dom.tsx';
import { TOOLTIP_DEFAULT } from './constants.ts';
import { Tooltip } from './Tooltip.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderTooltip(onOpenChange = vi.fn()) {
  renderInPage(
    <Tooltip content="Network fee" testId="tip" onOpenChange={onOpenChange}>
      <button type="button" aria-describedby="own">
        Fee
      </button>
    </Tooltip>,
  );
  return screen.getByRole('button', { name: 'Fee' });
}

describe('Tooltip', () => {
  it('shows on focus after its delay and describes its trigger while shown', async () => {
    vi.useFakeTimers();
    const onOpenChange = vi.fn();
    const trigger = renderTooltip(onOpenChange);
    await act(async () => fireEvent.focus(trigger));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => vi.advanceTimersByTime(TOOLTIP_DEFAULT.showDelayMs));
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe('Network fee');
    expect(tooltip.dataset.state).toBe('open');
    expect(trigger.getAttribute('aria-describedby')).toBe(`own ${tooltip.id}`);
    expect(onOpenChange).toHaveBeenCalledWith(true);
  });

  it('closes on Escape, fades out, then leaves the page and the trigger’s description', async () => {
    vi.useFakeTimers();
    const onOpenChange = vi.fn();
    const trigger = renderTooltip(onOpenChange);
    await act(async () => fireEvent.focus(trigger));
    await act(async () => vi.advanceTimersByTime(TOOLTIP_DEFAULT.showDelayMs));
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    await act(async () => fireEvent.keyDown(trigger, { key: 'Escape' }));
    document.removeEventListener('keydown', outer);
    // Escape is the tooltip's: a dialog around it does not close too.
    expect(outer).not.toHaveBeenCalled();
    expect(screen.getByRole('tooltip').dataset.state).toBe('closing');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await act(async () => vi.advanceTimersByTime(TOOLTIP_DEFAULT.disposeMs));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(trigger.getAttribute('aria-describedby')).toBe('own');
  });

  it('hides when focus leaves', async () => {
    vi.useFakeTimers();
    const trigger = renderTooltip();
    await act(async () => fireEvent.focus(trigger));
    await act(async () => vi.advanceTimersByTime(TOOLTIP_DEFAULT.showDelayMs));
    await act(async () => fireEvent.blur(trigger));
    expect(screen.getByRole('tooltip').dataset.state).toBe('closing');
  });
});
