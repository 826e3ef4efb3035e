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

/** Side statuses the swap comes back from to the main path. */
const PAUSES: ReadonlySet<SwapStatus> = new Set(['hold', 'action_needed']);

export type StepState = 'current' | 'done' | 'skipped' | 'pending';

/** A main status on the timeline: the current one, reached, skipped by a side exit, or still to come. */
export function stepState(swap: SwapView, status: SwapStatus): StepState {
  if (swap.status === status && status !== 'finished') return 'current';
  if (reachedAt(swap, status)) return 'done';
  const exited = (SIDE_STATUSES as readonly SwapStatus[]).includes(swap.status) && !PAUSES.has(swap.status);
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

/** The values the problem sentence names: what arrived, what was ordered, the limit, all with coins. */
export function problemValues(
  swap: SwapView,
  fromCode: string,
  toCode: string,
  format: (amount: string) => string,
): Record<string, string> {
  return {
    received: format(swap.amountDeposited ?? swap.amountFrom),
    ordered: format(swap.amountFrom),
    coin: fromCode.toUpperCase(),
    toCoin: toCode.toUpperCase(),
    min: swap.min ? format(swap.min) : '',
    max: swap.max ? format(swap.max) : '',
  };
}

/**
 * The payout the page shows: what was paid, else what the deposit received will pay (a short or
 * late deposit changes it), else the order's amount; null once the deposit goes back instead.
 */
export function shownPayout(swap: SwapView): { amount: string; approximate: boolean } | null {
  if (swap.amountPaidOut) return { amount: swap.amountPaidOut, approximate: false };
  if (swap.status === 'refunding' || swap.status === 'refunded') return null;
  if (swap.status === 'action_needed') return null;
  if (swap.amountExpected)
    return {
      amount: swap.amountExpected,
      approximate: swap.rateType === 'float' || swap.decision === 'continue',
    };
  return { amount: swap.amountTo, approximate: swap.rateType === 'float' };
}

/** When the fixed rate of a swap waiting for its deposit ends (ms since the epoch), or null. */
export function rateExpiry(swap: SwapView): number | null {
  if (swap.status !== 'waiting' || swap.rateType !== 'fixed' || !swap.rateExpiresAt) return null;
  return Date.parse(swap.rateExpiresAt);
}
