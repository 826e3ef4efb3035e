import { describe, expect, it } from 'vitest';
import { shortAmount, shortfall } from './amounts.ts';
import { isBusy, type TxStep, txStepReducer } from './tx-steps.ts';

type Tracked = { kind: 'tracking'; hash: string; reads: number };
type Step = TxStep<'approve' | 'send', Tracked>;
const reduce = txStepReducer<'approve' | 'send', Tracked>;

describe('txStepReducer', () => {
  const idle: Step = { kind: 'idle' };

  it('goes confirm → pending → done', () => {
    const confirm = reduce(idle, { type: 'confirm', action: 'send' });
    expect(confirm).toEqual({ kind: 'confirm', action: 'send' });
    const pending = reduce(confirm, { type: 'sent', action: 'send', hash: '0x1' });
    expect(pending).toEqual({ kind: 'pending', action: 'send', hash: '0x1' });
    expect(reduce(pending, { type: 'mined', action: 'send', hash: '0x1', ok: false })).toEqual({
      kind: 'done',
      action: 'send',
      hash: '0x1',
      ok: false,
    });
    expect([idle, confirm, pending].map(isBusy)).toEqual([false, true, true]);
  });

  it('takes the page’s own step for a mined transaction, and failures', () => {
    const next: Step = { kind: 'tracking', hash: '0x1', reads: 0 };
    expect(reduce(idle, { type: 'mined', action: 'send', hash: '0x1', ok: true, next })).toBe(next);
    expect(reduce(idle, { type: 'failed', message: 'Rejected' })).toEqual({
      kind: 'error',
      message: 'Rejected',
    });
    expect(reduce(next, { type: 'set', step: idle })).toBe(idle);
  });

  it('merges a reading only into the transaction it is about', () => {
    const tracking: Step = { kind: 'tracking', hash: '0x1', reads: 0 };
    const update = (step: Tracked) => ({ ...step, reads: step.reads + 1 });
    expect(reduce(tracking, { type: 'tracked', hash: '0x1', update })).toEqual({ ...tracking, reads: 1 });
    expect(reduce(tracking, { type: 'tracked', hash: '0x2', update })).toBe(tracking);
    expect(reduce(idle, { type: 'tracked', hash: '0x1', update })).toBe(idle);
  });
});

describe('amounts', () => {
  it('shortens to six decimals without trailing zeros', () => {
    expect(shortAmount(1_234_567_891n, 9)).toBe('1.234567');
    expect(shortAmount(1_500_000n, 6)).toBe('1.5');
    expect(shortAmount(2_000_000n, 6)).toBe('2');
    expect(shortAmount(12_345_678_000_000_000_000_000n, 18)).toBe('12345.678');
  });

  it('finds what the wallet lacks: the amount first, then the gas', () => {
    const balances = { token: 100n, native: 10n };
    expect(shortfall(null, 1_000n, 1_000n)).toEqual({ shortBalance: false, shortGas: false });
    expect(shortfall(balances, 101n, 50n)).toEqual({ shortBalance: true, shortGas: false });
    expect(shortfall(balances, 100n, 11n)).toEqual({ shortBalance: false, shortGas: true });
    expect(shortfall(balances, 100n, 10n)).toEqual({ shortBalance: false, shortGas: false });
    expect(shortfall(balances, null, 10n)).toEqual({ shortBalance: false, shortGas: false });
  });
});
