import { describe, expect, it } from 'vitest';
import {
  canMove,
  type DepositTerms,
  decisionDue,
  needsRefundAddress,
  reachableFrom,
  reconcileStatus,
  routeDeposit,
  SWAP_TRANSITIONS,
} from './swap-states.ts';
import { SWAP_STATUSES, type SwapStatus } from './types.ts';

const at = new Date('2026-11-27T12:00:00Z');
const fixed: DepositTerms = {
  rateType: 'fixed',
  amountFrom: '0.1',
  min: '0.00012',
  max: '3.75',
  rateExpiresAt: new Date(at.getTime() + 10 * 60_000),
};
const float: DepositTerms = { ...fixed, rateType: 'float', rateExpiresAt: null };
const later = new Date(at.getTime() + 11 * 60_000);

describe('routeDeposit', () => {
  it('lets an exact fixed deposit on time proceed', () => {
    expect(routeDeposit(fixed, { amount: '0.1', at })).toEqual({ route: 'proceed', problem: null });
  });

  it('asks the visitor about a short or a larger fixed deposit', () => {
    expect(routeDeposit(fixed, { amount: '0.05', at })).toEqual({
      route: 'action_needed',
      problem: 'underpaid',
    });
    expect(routeDeposit(fixed, { amount: '0.2', at })).toEqual({
      route: 'action_needed',
      problem: 'overpaid',
    });
  });

  it('asks the visitor about a fixed deposit after the rate ran out, even of the exact amount', () => {
    expect(routeDeposit(fixed, { amount: '0.1', at: later })).toEqual({
      route: 'action_needed',
      problem: 'late',
    });
  });

  it('lets a float deposit of another amount proceed, naming the difference', () => {
    expect(routeDeposit(float, { amount: '0.05', at })).toEqual({ route: 'proceed', problem: 'underpaid' });
    expect(routeDeposit(float, { amount: '0.2', at: later })).toEqual({
      route: 'proceed',
      problem: 'overpaid',
    });
    expect(routeDeposit(float, { amount: '0.1', at })).toEqual({ route: 'proceed', problem: null });
  });

  it('refunds a deposit below the minimum or above the maximum, fixed or float, late or not', () => {
    for (const terms of [fixed, float]) {
      expect(routeDeposit(terms, { amount: '0.0001', at })).toEqual({
        route: 'refund',
        problem: 'below_min',
      });
      expect(routeDeposit(terms, { amount: '4', at: later })).toEqual({
        route: 'refund',
        problem: 'above_max',
      });
    }
    // The limits themselves are inside.
    expect(routeDeposit(float, { amount: '0.00012', at }).route).toBe('proceed');
    expect(routeDeposit(float, { amount: '3.75', at }).route).toBe('proceed');
  });
});

describe('the transition graph', () => {
  it('describes every status', () => {
    expect(Object.keys(SWAP_TRANSITIONS).sort()).toEqual([...SWAP_STATUSES].sort());
  });

  it('ends every swap that received a deposit in a payout or a refund', () => {
    const deposited: SwapStatus[] = [
      'confirming',
      'exchanging',
      'sending',
      'hold',
      'action_needed',
      'refunding',
    ];
    for (const status of deposited) {
      const ends = [...reachableFrom(status)].filter((next) => SWAP_TRANSITIONS[next].length === 0);
      expect(
        ends.every((end) => end === 'finished' || end === 'refunded'),
        status,
      ).toBe(true);
      expect(ends.length, status).toBeGreaterThan(0);
    }
  });

  it('lets only an unpaid swap fail or expire', () => {
    for (const status of SWAP_STATUSES) {
      const reaches = reachableFrom(status);
      if (status !== 'waiting') {
        expect(reaches.has('failed'), status).toBe(false);
        expect(reaches.has('expired'), status).toBe(false);
      }
    }
    expect(canMove('waiting', 'expired')).toBe(true);
  });

  it('routes an action-needed swap to an exchange or a refund, and a hold back or to a refund', () => {
    expect(SWAP_TRANSITIONS.action_needed).toEqual(['exchanging', 'refunding']);
    expect(canMove('hold', 'finished')).toBe(true);
    expect(canMove('hold', 'refunded')).toBe(true);
    expect(canMove('refunding', 'finished')).toBe(false);
    expect(canMove('finished', 'refunded')).toBe(false);
  });
});

describe('reconcileStatus', () => {
  const facts = { deposited: true, now: at, expiresAt: new Date(at.getTime() + 60_000) };

  it("takes the provider's step forward, even several at once", () => {
    expect(reconcileStatus('waiting', 'confirming', facts)).toEqual({ status: 'confirming' });
    expect(reconcileStatus('confirming', 'finished', facts)).toEqual({ status: 'finished' });
    expect(reconcileStatus('confirming', 'action_needed', facts)).toEqual({ status: 'action_needed' });
    expect(reconcileStatus('action_needed', 'exchanging', facts)).toEqual({ status: 'exchanging' });
    expect(reconcileStatus('exchanging', 'hold', facts)).toEqual({ status: 'hold' });
    expect(reconcileStatus('refunding', 'refunded', facts)).toEqual({ status: 'refunded' });
  });

  it('reads a failure or expiry after a deposit as a refund owed', () => {
    expect(reconcileStatus('exchanging', 'failed', facts)).toEqual({
      status: 'refunding',
      problem: 'provider_failed',
    });
    expect(reconcileStatus('confirming', 'expired', facts)).toEqual({ status: 'refunding', problem: 'late' });
  });

  it('lets an unpaid swap fail, and expire at its time whatever the provider says', () => {
    const unpaid = { ...facts, deposited: false };
    expect(reconcileStatus('waiting', 'failed', unpaid)).toEqual({ status: 'failed' });
    expect(reconcileStatus('waiting', 'waiting', unpaid)).toEqual({ status: 'waiting' });
    expect(reconcileStatus('waiting', null, { ...unpaid, now: facts.expiresAt })).toEqual({
      status: 'expired',
    });
  });

  it('ignores a provider going back a step, and never changes a final status', () => {
    expect(reconcileStatus('exchanging', 'confirming', facts)).toEqual({ status: 'exchanging' });
    expect(reconcileStatus('refunding', 'exchanging', facts)).toEqual({ status: 'refunding' });
    expect(reconcileStatus('finished', 'refunded', facts)).toEqual({ status: 'finished' });
    expect(reconcileStatus('refunded', null, facts)).toEqual({ status: 'refunded' });
  });
});

describe('decisions and refund addresses', () => {
  it('applies the default only to an action-needed swap past its deadline', () => {
    const deadline = new Date(at.getTime() + 1000);
    expect(decisionDue('action_needed', deadline, at)).toBe(false);
    expect(decisionDue('action_needed', deadline, deadline)).toBe(true);
    expect(decisionDue('exchanging', deadline, deadline)).toBe(false);
  });

  it('asks for a refund address only when a refund may be needed and none is known', () => {
    expect(needsRefundAddress('refunding', null)).toBe(true);
    expect(needsRefundAddress('action_needed', null)).toBe(true);
    expect(needsRefundAddress('refunding', 'bc1q…')).toBe(false);
    expect(needsRefundAddress('exchanging', null)).toBe(false);
  });
});
