import { describe, expect, it } from 'vitest';
import {
  missingLink,
  newer,
  POLL_MS,
  rateExpiry,
  reachedAt,
  shownSwap,
  sideExits,
  stepState,
} from './swap-status-state.ts';
import { MAIN_STATUSES, type SwapStatus, type SwapView } from './types.ts';

function swap(status: SwapStatus, history: SwapStatus[], changes: Partial<SwapView> = {}): SwapView {
  return {
    id: 'abcdefghijklmnopqrstuvwxyz',
    status,
    rateType: 'float',
    from: 'btc',
    fromNetwork: 'bitcoin',
    to: 'eth',
    toNetwork: 'ethereum',
    provider: 'sandbox',
    depositAddress: 'bc1qdeposit',
    depositMemo: null,
    amountFrom: '0.1',
    amountTo: '3.2',
    rate: '32',
    networkFee: '0.001',
    serviceFee: '0.002',
    payoutAddress: '0xpayout',
    payoutMemo: null,
    refundAddress: null,
    refundMemo: null,
    amountDeposited: null,
    amountPaidOut: null,
    depositHash: null,
    payoutHash: null,
    problem: null,
    min: '0.00015',
    max: '2.5',
    amountExpected: null,
    actionDeadline: null,
    defaultDecision: null,
    decision: null,
    decidedBy: null,
    continueOffer: null,
    refundHash: null,
    refundTxUrl: null,
    amountRefunded: null,
    refundAddressNeeded: false,
    expiresAt: '2026-01-01T01:00:00.000Z',
    rateExpiresAt: null,
    partnerId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: `2026-01-01T00:0${history.length}:00.000Z`,
    history: history.map((entry, i) => ({ status: entry, at: `2026-01-01T00:0${i}:00.000Z` })),
    ...changes,
  };
}

const LINKS = { depositTx: null, payoutTx: null, payoutAddress: null };

describe('POLL_MS', () => {
  it('refreshes every 3 s', () => {
    expect(POLL_MS).toBe(3000);
  });
});

describe('newer', () => {
  it('prefers the view with the longer history', () => {
    const waiting = swap('waiting', ['waiting']);
    const confirming = swap('confirming', ['waiting', 'confirming']);
    expect(newer(confirming, waiting)).toBe(confirming);
    expect(newer(waiting, confirming)).toBe(confirming);
  });
  it('then the later update, the next one on a tie', () => {
    const early = swap('waiting', ['waiting'], { updatedAt: '2026-01-01T00:00:01.000Z' });
    const late = swap('waiting', ['waiting'], { updatedAt: '2026-01-01T00:00:02.000Z' });
    expect(newer(early, late)).toBe(late);
    expect(newer(late, early)).toBe(late);
    const same = { ...late };
    expect(newer(same, late)).toBe(same);
  });
});

describe('shownSwap', () => {
  it('is the loader’s view without a simulated deposit', () => {
    const loaded = swap('waiting', ['waiting']);
    expect(shownSwap(loaded, null)).toBe(loaded);
  });
  it('takes the simulated deposit’s answer until the loader catches up', () => {
    const loaded = swap('waiting', ['waiting']);
    const simulated = swap('confirming', ['waiting', 'confirming']);
    expect(shownSwap(loaded, simulated)).toBe(simulated);
    const later = swap('exchanging', ['waiting', 'confirming', 'exchanging']);
    expect(shownSwap(later, simulated)).toBe(later);
  });
  it('ignores an answer about another swap', () => {
    const loaded = swap('waiting', ['waiting']);
    const other = swap('confirming', ['waiting', 'confirming'], { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzz' });
    expect(shownSwap(loaded, other)).toBe(loaded);
  });
});

describe('reachedAt', () => {
  it('is the last time the history reached the status', () => {
    const held = swap('confirming', ['waiting', 'confirming', 'hold', 'confirming']);
    expect(reachedAt(held, 'confirming')).toBe('2026-01-01T00:03:00.000Z');
    expect(reachedAt(held, 'hold')).toBe('2026-01-01T00:02:00.000Z');
    expect(reachedAt(held, 'finished')).toBeNull();
  });
  it('falls back to the last update for the current status missing from the history', () => {
    const bare = swap('waiting', [], { updatedAt: '2026-01-01T00:00:09.000Z' });
    expect(reachedAt(bare, 'waiting')).toBe('2026-01-01T00:00:09.000Z');
  });
});

describe('the timeline', () => {
  const states = (view: SwapView) => MAIN_STATUSES.map((status) => stepState(view, status));

  it('marks the current status, the reached ones and those to come', () => {
    expect(states(swap('exchanging', ['waiting', 'confirming', 'exchanging']))).toEqual([
      'done',
      'done',
      'current',
      'pending',
      'pending',
    ]);
  });
  it('shows a finished swap as done throughout', () => {
    const finished = swap('finished', ['waiting', 'confirming', 'exchanging', 'sending', 'finished']);
    expect(states(finished)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(sideExits(finished)).toEqual([]);
  });
  it('skips what a side exit leaves out, but not while on hold', () => {
    const refunded = swap('refunded', ['waiting', 'confirming', 'refunded']);
    expect(states(refunded)).toEqual(['done', 'done', 'skipped', 'skipped', 'skipped']);
    expect(sideExits(refunded)).toEqual(['refunded']);
    const held = swap('hold', ['waiting', 'confirming', 'hold']);
    expect(states(held)).toEqual(['done', 'done', 'pending', 'pending', 'pending']);
    expect(sideExits(held)).toEqual(['hold']);
  });
  it('lists the side exits in the timeline’s order', () => {
    const failed = swap('failed', ['waiting', 'confirming', 'hold', 'confirming', 'failed']);
    expect(sideExits(failed)).toEqual(['hold', 'failed']);
  });
});

describe('missingLink', () => {
  it('is true when a hash has no explorer link', () => {
    const paid = swap('confirming', ['waiting', 'confirming'], { depositHash: '0xdeposit' });
    expect(missingLink(paid, LINKS)).toBe(true);
    expect(missingLink(paid, { ...LINKS, depositTx: 'https://explorer/tx/0xdeposit' })).toBe(false);
    const sent = { ...paid, payoutHash: '0xpayout' };
    expect(missingLink(sent, { ...LINKS, depositTx: 'https://explorer/tx/0xdeposit' })).toBe(true);
    expect(missingLink(swap('waiting', ['waiting']), LINKS)).toBe(false);
  });
});

describe('rateExpiry', () => {
  const at = '2026-11-27T12:15:00.000Z';

  it('is when the fixed rate of a swap waiting for its deposit ends', () => {
    expect(rateExpiry(swap('waiting', ['waiting'], { rateType: 'fixed', rateExpiresAt: at }))).toBe(
      Date.parse(at),
    );
  });

  it('is null for a floating rate, a fixed rate without an end, or once the deposit is no longer awaited', () => {
    expect(rateExpiry(swap('waiting', ['waiting'], { rateExpiresAt: at }))).toBeNull();
    expect(rateExpiry(swap('waiting', ['waiting'], { rateType: 'fixed', rateExpiresAt: null }))).toBeNull();
    expect(
      rateExpiry(swap('confirming', ['waiting', 'confirming'], { rateType: 'fixed', rateExpiresAt: at })),
    ).toBeNull();
  });
});
