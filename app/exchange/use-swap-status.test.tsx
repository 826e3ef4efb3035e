// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SwapLinks } from './swap-page.server.ts';
import { POLL_MS } from './swap-status-state.ts';
import type { SwapStatus, SwapView } from './types.ts';
import { useSwapStatus } from './use-swap-status.ts';

const LINKS: SwapLinks = { depositTx: null, payoutTx: null, payoutAddress: null };

function view(status: SwapStatus, step: number, changes: Partial<SwapView> = {}): SwapView {
  return {
    id: 'swap1',
    status,
    rateType: 'float',
    rateExpiresAt: null,
    updatedAt: `2026-01-01T00:0${step}:00.000Z`,
    history: Array.from({ length: step + 1 }, (_, i) => ({
      status,
      at: `2026-01-01T00:0${i}:00.000Z`,
    })),
    depositHash: null,
    payoutHash: null,
    ...changes,
  } as SwapView;
}

interface PageData {
  swap: SwapView;
  links: SwapLinks;
  onStatus: ((swap: SwapView) => void) | undefined;
}

/** The hook over the route loader's data, as on the swap page. */
function Page() {
  const { swap, links, onStatus } = useLoaderData() as PageData;
  const state = useSwapStatus(swap, links, onStatus);
  return (
    <p data-testid="status" data-rate-expires={state.rateExpiresAt ?? ''}>
      {state.swap.status}
    </p>
  );
}

function NoFallback() {
  return null;
}

/**
 * A page whose route loader answers the given views of the swap one after the other (the last
 * one again once they run out).
 */
function renderPage(views: SwapView[], links: SwapLinks = LINKS, onStatus?: (swap: SwapView) => void) {
  const loader = vi.fn(
    (): PageData => ({
      swap: views[Math.min(loader.mock.calls.length - 1, views.length - 1)] as SwapView,
      links,
      onStatus,
    }),
  );
  const router = createMemoryRouter([{ path: '/', loader, Component: Page, HydrateFallback: NoFallback }]);
  render(<RouterProvider router={router} />);
  return { loader };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useSwapStatus', () => {
  it('asks the loader again every 3 s until a final status, then stops', async () => {
    vi.useFakeTimers();
    const heard = vi.fn();
    const { loader } = renderPage(
      [view('waiting', 0), view('confirming', 1), view('exchanging', 2), view('finished', 3)],
      LINKS,
      heard,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('status').textContent).toBe('waiting');
    expect(loader).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(POLL_MS - 1));
    expect(loader).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('status').textContent).toBe('confirming');

    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(screen.getByTestId('status').textContent).toBe('exchanging');
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(screen.getByTestId('status').textContent).toBe('finished');
    expect(loader).toHaveBeenCalledTimes(4);

    await act(() => vi.advanceTimersByTimeAsync(10 * POLL_MS));
    expect(loader).toHaveBeenCalledTimes(4);
    expect(heard.mock.calls.map(([swap]) => swap.status)).toEqual([
      'waiting',
      'confirming',
      'exchanging',
      'finished',
    ]);
  });

  it('asks once at once for a hash shown without its explorer link', async () => {
    vi.useFakeTimers();
    const { loader } = renderPage([view('finished', 3, { payoutHash: '0xabc' })]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(loader).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(10 * POLL_MS));
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('gives the fixed rate’s end while the deposit is awaited', async () => {
    const at = '2026-01-01T00:15:00.000Z';
    renderPage([view('finished', 1, { rateType: 'fixed', rateExpiresAt: at })]);
    expect((await screen.findByTestId('status')).dataset.rateExpires).toBe('');
    cleanup();
    renderPage([view('waiting', 0, { rateType: 'fixed', rateExpiresAt: at })]);
    expect((await screen.findByTestId('status')).dataset.rateExpires).toBe(String(Date.parse(at)));
  });
});
