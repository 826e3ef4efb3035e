import { describe, expect, it } from 'vitest';
import {
  afterRefusal,
  type ChatState,
  chooseRate,
  parseAmount,
  pickAsset,
  quoted,
  type StepOf,
  startSwap,
  withMemo,
  withPayoutAddress,
} from './steps.ts';

const BTC = { coin: 'btc', network: 'btc' };
const XRP = { coin: 'xrp', network: 'xrp' };
const USDT = { coin: 'usdt', network: 'trc20' };

/** A chat walked through the reducer: BTC → XRP, 0.1, fixed, address, memo. */
function refundStep(): StepOf<'refund'> {
  const to = pickAsset(
    pickAsset(startSwap() as StepOf<'from'>, BTC) as StepOf<'to'>,
    XRP,
  ) as StepOf<'amount'>;
  const rate = chooseRate(quoted(to, '0.1', 'q-1') as StepOf<'rate'>, 'fixed') as StepOf<'address'>;
  const memo = withPayoutAddress(rate, 'rAddress', true) as StepOf<'memo'>;
  return withMemo(memo, '12345') as StepOf<'refund'>;
}

describe('the swap conversation reducer', () => {
  it('asks for the coin to send, then the coin to receive, then the amount', () => {
    expect(startSwap()).toEqual({ step: 'from' });
    const to = pickAsset({ step: 'from' }, BTC);
    expect(to).toEqual({ step: 'to', from: BTC });
    expect(pickAsset(to as StepOf<'to'>, USDT)).toEqual({ step: 'amount', from: BTC, to: USDT });
  });

  it('refuses the coin being sent as the coin to receive', () => {
    expect(pickAsset({ step: 'to', from: BTC }, BTC)).toBeNull();
    // The same coin on another network is a swap.
    expect(pickAsset({ step: 'to', from: USDT }, { coin: 'usdt', network: 'erc20' })).not.toBeNull();
  });

  it('reads amounts as typed in any language, and refuses what is not one', () => {
    expect(parseAmount('0,5')).toBe('0.5');
    expect(parseAmount('1 000')).toBe('1000');
    expect(parseAmount(' 2.25 ')).toBe('2.25');
    for (const bad of ['0', '-1', 'abc', '1e5', '', '1.2.3']) expect(parseAmount(bad)).toBeNull();
  });

  it('offers the fixed rate only with a fixed quote, and carries its id to the swap', () => {
    const amount: StepOf<'amount'> = { step: 'amount', from: BTC, to: USDT };
    const floatOnly = quoted(amount, '0.1') as StepOf<'rate'>;
    expect(chooseRate(floatOnly, 'fixed')).toBeNull();
    expect(chooseRate(floatOnly, 'float')).toMatchObject({ step: 'address', rateType: 'float' });
    expect(chooseRate(floatOnly, 'float')).not.toHaveProperty('quoteId');
    const both = quoted(amount, '0.1', 'q-1') as StepOf<'rate'>;
    expect(chooseRate(both, 'fixed')).toMatchObject({ step: 'address', rateType: 'fixed', quoteId: 'q-1' });
  });

  it('asks for a memo only on a network that has one', () => {
    const address: StepOf<'address'> = {
      step: 'address',
      from: BTC,
      to: XRP,
      amount: '1',
      rateType: 'float',
    };
    expect(withPayoutAddress(address, 'r1', true)).toMatchObject({ step: 'memo', address: 'r1' });
    expect(withPayoutAddress(address, 'r1', false)).toMatchObject({ step: 'refund', address: 'r1' });
    expect(withMemo({ ...address, step: 'memo', address: 'r1' })).not.toHaveProperty('memo');
    expect(refundStep()).toMatchObject({
      step: 'refund',
      address: 'rAddress',
      memo: '12345',
      quoteId: 'q-1',
    });
  });

  it('after a refused swap: the amount again for a quote, the address again for a payout field', () => {
    const state = refundStep();
    expect(afterRefusal(state, 'quote')).toEqual({
      state: { step: 'amount', from: BTC, to: XRP },
      retryAmount: true,
    });
    expect(afterRefusal(state, {})).toMatchObject({ state: { step: 'amount' }, retryAmount: true });
    const payout = afterRefusal(state, { field: 'payoutMemo' });
    expect(payout.retryAmount).toBe(false);
    expect(payout.state).toMatchObject({ step: 'address', quoteId: 'q-1' });
    expect(payout.state).not.toHaveProperty('address');
    expect(payout.state).not.toHaveProperty('memo');
    const refund = afterRefusal(state, { field: 'refundAddress' });
    expect(refund).toEqual({ state, retryAmount: false });
  });

  it('keeps every state a plain object the database stores as JSON', () => {
    const state: ChatState = refundStep();
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
