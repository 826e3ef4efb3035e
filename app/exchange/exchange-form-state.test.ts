import { describe, expect, it } from 'vitest';
import {
  amountInvalid,
  type ExchangeFormState,
  effectiveRate,
  exchangeFormReducer,
  fixedAvailable,
  initialExchangeForm,
  pairKeyOf,
  pairOf,
  proceedQuery,
  quoteRequestOf,
  sameAsset,
  shownAmounts,
} from './exchange-form-state.ts';
import type { Coin, PairInfo, Quote, Side } from './types.ts';

function coin(code: string, networks: string[]): Coin {
  return {
    code,
    name: code.toUpperCase(),
    icon: `/icons/coins/${code}.svg`,
    networks: networks.map((network) => ({
      network,
      name: network,
      memo: null,
      referenceMin: '0',
      referenceMax: '0',
      decimals: 8,
      contract: null,
    })),
  };
}

const BTC: Side = { coin: coin('btc', ['bitcoin']), network: 'bitcoin' };
const ETH: Side = { coin: coin('eth', ['ethereum', 'base']), network: 'ethereum' };
const ETH_BASE: Side = { coin: ETH.coin, network: 'base' };
const USDT: Side = { coin: coin('usdt', ['tron']), network: 'tron' };

const START: ExchangeFormState = initialExchangeForm({
  from: BTC,
  to: ETH,
  amount: '0.1',
  rateType: 'float',
});

function pairInfo(changes: Partial<PairInfo> = {}): PairInfo {
  return {
    from: 'btc',
    fromNetwork: 'bitcoin',
    to: 'eth',
    toNetwork: 'ethereum',
    available: true,
    fixedRate: true,
    min: '0.001',
    max: '10',
    ...changes,
  };
}

describe('initialExchangeForm', () => {
  it('starts from the page’s sides, amount and rate type, fixed rate not refused', () => {
    expect(START).toEqual({
      from: BTC,
      to: ETH,
      amount: '0.1',
      side: 'send',
      provider: null,
      rateType: 'float',
      noFixedFor: null,
    });
  });
});

describe('sameAsset', () => {
  it('is the same coin on the same network', () => {
    expect(sameAsset(ETH, { coin: ETH.coin, network: 'ethereum' })).toBe(true);
    expect(sameAsset(ETH, ETH_BASE)).toBe(false);
    expect(sameAsset(ETH, BTC)).toBe(false);
    expect(sameAsset(null, ETH)).toBe(false);
    expect(sameAsset(null, null)).toBe(false);
  });
});

describe('exchangeFormReducer', () => {
  it('chooses a side', () => {
    expect(exchangeFormReducer(START, { type: 'chooseFrom', side: USDT })).toMatchObject({
      from: USDT,
      to: ETH,
    });
    expect(exchangeFormReducer(START, { type: 'chooseTo', side: USDT })).toMatchObject({
      from: BTC,
      to: USDT,
    });
    expect(exchangeFormReducer(START, { type: 'chooseTo', side: ETH_BASE })).toMatchObject({
      from: BTC,
      to: ETH_BASE,
    });
  });

  it('exchanges the sides when one takes the other’s asset', () => {
    expect(exchangeFormReducer(START, { type: 'chooseFrom', side: ETH })).toMatchObject({
      from: ETH,
      to: BTC,
    });
    expect(exchangeFormReducer(START, { type: 'chooseTo', side: BTC })).toMatchObject({ from: ETH, to: BTC });
  });

  it('fills an empty side', () => {
    const empty = initialExchangeForm({ from: null, to: null, amount: '0.1', rateType: 'float' });
    const one = exchangeFormReducer(empty, { type: 'chooseFrom', side: BTC });
    expect(one).toMatchObject({ from: BTC, to: null });
    expect(exchangeFormReducer(one, { type: 'chooseTo', side: ETH })).toMatchObject({ from: BTC, to: ETH });
  });

  it('reverses the direction', () => {
    expect(exchangeFormReducer(START, { type: 'reverse' })).toMatchObject({ from: ETH, to: BTC });
  });

  it('keeps only what can become an amount while typing', () => {
    expect(exchangeFormReducer(START, { type: 'amount', value: '1,5' }).amount).toBe('1.5');
    expect(exchangeFormReducer(START, { type: 'amount', value: '1.2.3abc' }).amount).toBe('1.23');
    expect(exchangeFormReducer(START, { type: 'amount', value: '' }).amount).toBe('');
  });

  it('chooses the rate type', () => {
    expect(exchangeFormReducer(START, { type: 'rateType', rateType: 'fixed' }).rateType).toBe('fixed');
  });

  it('remembers the pair whose quote refused the fixed rate', () => {
    const refused = exchangeFormReducer(START, { type: 'fixedRateRefused', pair: pairKeyOf(START) });
    expect(refused.noFixedFor).toBe('btc:bitcoin>eth:ethereum');
    expect(exchangeFormReducer(refused, { type: 'fixedRateRefused', pair: pairKeyOf(START) })).toBe(refused);
  });
});

describe('pairKeyOf and pairOf', () => {
  it('name the pair with its networks', () => {
    expect(pairKeyOf(START)).toBe('btc:bitcoin>eth:ethereum');
    expect(pairOf(START)).toEqual({ from: 'btc', fromNetwork: 'bitcoin', to: 'eth', toNetwork: 'ethereum' });
  });
  it('are empty while a side is missing; the same asset twice is no pair', () => {
    expect(pairKeyOf({ from: BTC, to: null })).toBe('');
    expect(pairOf({ from: null, to: ETH })).toBeNull();
    expect(pairOf({ from: ETH, to: { coin: ETH.coin, network: 'ethereum' } })).toBeNull();
    expect(pairOf({ from: ETH, to: ETH_BASE })).toEqual({
      from: 'eth',
      fromNetwork: 'ethereum',
      to: 'eth',
      toNetwork: 'base',
    });
  });
});

describe('the rate type', () => {
  const fixed = exchangeFormReducer(START, { type: 'rateType', rateType: 'fixed' });

  it('is the chosen one while the pair offers a fixed rate (or has not answered yet)', () => {
    expect(fixedAvailable(fixed, null)).toBe(true);
    expect(effectiveRate(fixed, null)).toBe('fixed');
    expect(effectiveRate(fixed, pairInfo())).toBe('fixed');
    expect(effectiveRate(START, pairInfo())).toBe('float');
  });

  it('falls back to float when the pair has no fixed rate', () => {
    expect(fixedAvailable(fixed, pairInfo({ fixedRate: false }))).toBe(false);
    expect(effectiveRate(fixed, pairInfo({ fixedRate: false }))).toBe('float');
  });

  it('falls back to float for the pair whose quote refused it, not for another pair', () => {
    const refused = exchangeFormReducer(fixed, { type: 'fixedRateRefused', pair: pairKeyOf(fixed) });
    expect(fixedAvailable(refused, null)).toBe(false);
    expect(effectiveRate(refused, null)).toBe('float');
    const other = exchangeFormReducer(refused, { type: 'chooseTo', side: USDT });
    expect(fixedAvailable(other, null)).toBe(true);
    expect(effectiveRate(other, null)).toBe('fixed');
  });
});

describe('quoteRequestOf', () => {
  it('asks for the pair, the cleaned amount and the rate type in use', () => {
    const typed = exchangeFormReducer(START, { type: 'amount', value: '0,25' });
    expect(quoteRequestOf(typed, null)).toEqual({
      from: 'btc',
      fromNetwork: 'bitcoin',
      to: 'eth',
      toNetwork: 'ethereum',
      amount: '0.25',
      rateType: 'float',
    });
    const fixed = exchangeFormReducer(typed, { type: 'rateType', rateType: 'fixed' });
    expect(quoteRequestOf(fixed, pairInfo({ fixedRate: false }))?.rateType).toBe('float');
  });

  it('asks for a reverse quote once the visitor types what to receive, and back on typing what to send', () => {
    const reverse = exchangeFormReducer(START, { type: 'amountTo', value: '2,5' });
    expect(reverse.side).toBe('receive');
    expect(quoteRequestOf(reverse, null)).toEqual({
      from: 'btc',
      fromNetwork: 'bitcoin',
      to: 'eth',
      toNetwork: 'ethereum',
      amountTo: '2.5',
      rateType: 'float',
    });
    const filled = exchangeFormReducer(reverse, { type: 'fill', value: '0.002' });
    expect(quoteRequestOf(filled, null)).toMatchObject({ amount: '0.002' });
    expect(quoteRequestOf(filled, null)).not.toHaveProperty('amountTo');
  });

  it('asks for the offer the visitor took, until the pair changes', () => {
    const taken = exchangeFormReducer(START, { type: 'provider', provider: 'sandbox-alpha' });
    expect(quoteRequestOf(taken, null)).toMatchObject({ amount: '0.1', provider: 'sandbox-alpha' });
    const swapped = exchangeFormReducer(taken, { type: 'reverse' });
    expect(quoteRequestOf(swapped, null)).not.toHaveProperty('provider');
  });

  it('asks nothing without a pair or a positive amount', () => {
    expect(quoteRequestOf({ ...START, to: null }, null)).toBeNull();
    expect(quoteRequestOf({ ...START, to: BTC }, null)).toBeNull();
    for (const amount of ['', '0', '0.000', '.']) {
      expect(quoteRequestOf({ ...START, amount }, null), amount).toBeNull();
    }
  });
});

describe('amountInvalid', () => {
  it('flags what is typed and is no positive amount, not an empty field', () => {
    expect(amountInvalid('')).toBe(false);
    expect(amountInvalid('  ')).toBe(false);
    expect(amountInvalid('0.1')).toBe(false);
    expect(amountInvalid('0')).toBe(true);
    expect(amountInvalid('1.')).toBe(true);
  });
});

function answered(changes: Partial<Quote>): Quote {
  return {
    rateType: 'float',
    from: 'btc',
    fromNetwork: 'bitcoin',
    to: 'eth',
    toNetwork: 'ethereum',
    amountFrom: '0.1',
    amountTo: '3.2',
    rate: '32',
    min: '0.001',
    max: '10',
    provider: 'p',
    providerName: 'P',
    networkFee: '0.001',
    serviceFee: '0',
    reverse: false,
    offers: [],
    eta: null,
    usd: { from: null, to: null },
    ...changes,
  };
}

describe('shownAmounts', () => {
  it('shows the amount typed to send and the quote’s amount to receive', () => {
    expect(shownAmounts(START, null)).toEqual({ send: '0.1', receive: '' });
    expect(shownAmounts(START, answered({}))).toEqual({ send: '0.1', receive: '3.2' });
  });

  it('shows what a reverse quote works out to send, shortened, beside the amount typed to receive', () => {
    const reverse = exchangeFormReducer(START, { type: 'amountTo', value: '3' });
    expect(shownAmounts(reverse, null)).toEqual({ send: '', receive: '3' });
    expect(shownAmounts(reverse, answered({ reverse: true, amountFrom: '0.093750000012' }))).toEqual({
      send: '0.09375',
      receive: '3',
    });
  });

  it('leaves the other field empty while the quote on show answers the other direction', () => {
    const reverse = exchangeFormReducer(START, { type: 'amountTo', value: '3' });
    expect(shownAmounts(reverse, answered({ reverse: false }))).toEqual({ send: '', receive: '3' });
    expect(shownAmounts(START, answered({ reverse: true }))).toEqual({ send: '0.1', receive: '' });
  });
});

describe('proceedQuery', () => {
  it('goes on to the swap step with the pair, the amount to send and the rate, without a promo code', () => {
    const request = { ...(quoteRequestOf(START, null) as NonNullable<ReturnType<typeof quoteRequestOf>>) };
    expect(proceedQuery({ ...request, promoCode: 'X' }, 'send', answered({}))).toEqual({
      from: 'btc',
      fromNetwork: 'bitcoin',
      to: 'eth',
      toNetwork: 'ethereum',
      amount: '0.1',
      rateType: 'float',
    });
  });

  it('goes on from a reverse quote with the amount to send it worked out', () => {
    const reverse = exchangeFormReducer(START, { type: 'amountTo', value: '3' });
    const request = quoteRequestOf(reverse, null) as NonNullable<ReturnType<typeof quoteRequestOf>>;
    const query = proceedQuery(request, 'receive', answered({ reverse: true, amountFrom: '0.09375' }));
    expect(query).toMatchObject({ amount: '0.09375' });
    expect(query).not.toHaveProperty('amountTo');
  });
});
