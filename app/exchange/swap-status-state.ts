import type { SwapLinks } from './swap-page.server.ts';
import { SIDE_STATUSES, type SwapStatus, type SwapView } from './types.ts';

/** Ms between two refreshes of the swap page while the swap is not final. */
export const POLL_MS = 3000;

/** The later of two views of the same swap (a simulated deposit's answer and the loader may race). */
export function newer(next: SwapView, current: SwapView): SwapView {
  if (next.history.length !== current.history.length) {
    return next.history.length > current.history.length ? next : current;
  }
  return Date.parse(next.updatedAt) >= Date.parse(current.updatedAt) ? next : current;
}

/** The swap to show: the loader's view, unless the simulated deposit's answer for the same swap is newer. */
export function shownSwap(loaded: SwapView, simulated: SwapView | null): SwapView {
  return simulated?.id === loaded.id ? newer(simulated, loaded) : loaded;
}

/** When the swap last reached a status, or null. */
export function reachedAt(swap: SwapView, status: SwapStatus): string | null {
  for (let i = swap.history.length - 1; i >= 0; i--) {
    const entry = swap.history[i];
    if (entry?.status === status) return entry.at;
  }
  return swap.status === status ? swap.updatedAt : null;
}

export type StepState = 'current' | 'done' | 'skipped' | 'pending';

/** A main status on the timeline: the current one, reached, skipped by a side exit, or still to come. */
export function stepState(swap: SwapView, status: SwapStatus): StepState {
  if (swap.status === status && status !== 'finished') return 'current';
  if (reachedAt(swap, status)) return 'done';
  const exited = (SIDE_STATUSES as readonly SwapStatus[]).includes(swap.status) && swap.status !== 'hold';
  return exited ? 'skipped' : 'pending';
}

/** The side statuses the swap has reached, in the timeline's order. */
export function sideExits(swap: SwapView): SwapStatus[] {
  return SIDE_STATUSES.filter((status) => reachedAt(swap, status));
}

/** True when a transaction hash is on show without its explorer link. */
export function missingLink(swap: SwapView, links: SwapLinks): boolean {
  return (!!swap.depositHash && !links.depositTx) || (!!swap.payoutHash && !links.payoutTx);
}
