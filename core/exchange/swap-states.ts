import { Big } from './decimal.ts';
import type { RateType, SwapProblem, SwapStatus } from './types.ts';

/**
 * The swap's state machine off the happy path (docs/decisions/012-swap-off-happy-path.md).
 *
 *   waiting ─► confirming ─► exchanging ─► sending ─► finished
 *      │            │  ▲           │
 *      │            │  └── hold ◄──┤   (a provider's identity or AML check)
 *      │            ├─► action_needed ─► exchanging (continue at the market rate)
 *      │            │         └────────► refunding (refund)
 *      │            └─► refunding ─► refunded   (outside the limits, a provider failure)
 *      └─► expired | failed   (only while nothing was deposited)
 *
 * The rule the graph keeps: once a deposit is in, every path ends in `finished` (a payout) or
 * `refunded` (the deposit sent back); `failed` and `expired` are reachable from `waiting` only.
 * A provider that reports them after a deposit is read as `refunding` (reconcileStatus).
 */

/** Where each status may go next (directly; the status job may see several steps at once). */
export const SWAP_TRANSITIONS: Readonly<Record<SwapStatus, readonly SwapStatus[]>> = {
  waiting: ['confirming', 'expired', 'failed'],
  confirming: ['exchanging', 'action_needed', 'refunding', 'hold'],
  hold: ['exchanging', 'refunding'],
  action_needed: ['exchanging', 'refunding'],
  exchanging: ['sending', 'hold', 'refunding'],
  sending: ['finished'],
  refunding: ['refunded'],
  finished: [],
  failed: [],
  refunded: [],
  expired: [],
};

/** Every status reachable from `status` in one or more steps. */
export function reachableFrom(status: SwapStatus): Set<SwapStatus> {
  const seen = new Set<SwapStatus>();
  const queue = [...SWAP_TRANSITIONS[status]];
  while (queue.length > 0) {
    const next = queue.shift() as SwapStatus;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...SWAP_TRANSITIONS[next]);
  }
  return seen;
}

/** Whether a swap may move from `from` to `to` (directly or through statuses the job did not see). */
export function canMove(from: SwapStatus, to: SwapStatus): boolean {
  return from === to || reachableFrom(from).has(to);
}

/** What a fixed or float order was, to judge a deposit against. */
export interface DepositTerms {
  rateType: RateType;
  /** The amount ordered, in `from` units. */
  amountFrom: string;
  /** The provider's limits for the swap, in `from` units. */
  min: string;
  max: string;
  /** Fixed rate only: the locked rate holds for deposits seen before this time. */
  rateExpiresAt: Date | null;
}

export interface Deposit {
  amount: string;
  at: Date;
}

/**
 * What a deposit leads to:
 * - `refund` when it is below the minimum or above the maximum (whatever the rate type);
 * - fixed rate: `action_needed` when it differs from the order or arrived after the rate ran out
 *   (the visitor chooses: continue at the market rate, or refund);
 * - float rate: `proceed` with whatever arrived (the payout follows the market, so a different
 *   amount simply changes it; the problem is kept so the page can say so).
 */
export type DepositRoute =
  | { route: 'proceed'; problem: 'underpaid' | 'overpaid' | null }
  | { route: 'action_needed'; problem: 'underpaid' | 'overpaid' | 'late' }
  | { route: 'refund'; problem: 'below_min' | 'above_max' };

export function routeDeposit(terms: DepositTerms, deposit: Deposit): DepositRoute {
  const amount = new Big(deposit.amount);
  if (amount.lt(terms.min)) return { route: 'refund', problem: 'below_min' };
  if (amount.gt(terms.max)) return { route: 'refund', problem: 'above_max' };
  const comparison = amount.cmp(terms.amountFrom);
  const difference = comparison < 0 ? 'underpaid' : comparison > 0 ? 'overpaid' : null;
  if (terms.rateType === 'fixed') {
    if (terms.rateExpiresAt && deposit.at.getTime() > terms.rateExpiresAt.getTime()) {
      return { route: 'action_needed', problem: 'late' };
    }
    if (difference) return { route: 'action_needed', problem: difference };
  }
  return { route: 'proceed', problem: difference };
}

/** What the status job knows when a provider reports a status. */
export interface StatusFacts {
  /** Whether a deposit has been seen (by the provider, now or before). */
  deposited: boolean;
  now: Date;
  /** An unpaid swap expires then. */
  expiresAt: Date;
}

/**
 * The status to store, given ours and the provider's report:
 * - a final status never changes;
 * - an unpaid swap expires at its time whatever the provider says;
 * - after a deposit, `failed` and `expired` are not an end: the deposit must go back (`refunding`,
 *   problem `provider_failed` or `late`), and support is told (the caller logs it);
 * - a report the graph does not allow from our status (a provider going back a step) is ignored.
 */
export function reconcileStatus(
  current: SwapStatus,
  reported: SwapStatus | null,
  facts: StatusFacts,
): { status: SwapStatus; problem?: SwapProblem } {
  if (SWAP_TRANSITIONS[current].length === 0) return { status: current };
  let next = reported ?? current;
  let problem: SwapProblem | undefined;
  if (facts.deposited && (next === 'failed' || next === 'expired')) {
    problem = next === 'failed' ? 'provider_failed' : 'late';
    next = 'refunding';
  }
  if (next === 'waiting' && !facts.deposited && facts.now >= facts.expiresAt) next = 'expired';
  if (!canMove(current, next)) return { status: current };
  return problem ? { status: next, problem } : { status: next };
}

/** Statuses in which a refund needs an address before it can be sent. */
export function needsRefundAddress(status: SwapStatus, refundAddress: string | null): boolean {
  return (status === 'refunding' || status === 'action_needed') && !refundAddress;
}

/**
 * The default applied when the visitor has not decided by the deadline: continue at the market
 * rate. The deposit is within the limits (else the swap would be refunding), the payout address is
 * known and checked, and a refund would need an address the visitor may never have given.
 */
export const DEFAULT_DECISION = 'continue' as const;

/** Whether a swap in action_needed has passed its deadline, so the default applies. */
export function decisionDue(status: SwapStatus, deadline: Date | null, now: Date): boolean {
  return status === 'action_needed' && deadline !== null && now >= deadline;
}
