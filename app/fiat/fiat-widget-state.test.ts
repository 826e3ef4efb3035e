import { describe, expect, it } from 'vitest';
import type { FiatOfferView, FiatQuoteView } from '../../core/fiat/contract.ts';
import { ApiProblem } from '../lib/api-client.ts';
import type { FiatCompared } from './compare.server.ts';
import {
  type FiatWidgetAction,
  type FiatWidgetSetup,
  type FiatWidgetState,
  fiatOrderRequest,
  fiatProblem,
  fiatQuoteRequest,
  fiatWidgetReducer,
  fiatWidgetView,
  initialFiatWidget,
} from './fiat-widget-state.ts';

const offer = (provider: string, paymentMethod: FiatOfferView['paymentMethod'] = 'card'): FiatOfferView => ({
  provider,
  providerName: provider.toUpperCase(),
  paymentMethod,
  fiatAmount: '300',
  cryptoAmount: '0.12',
  rate: '2500',
  fee: '3',
  networkFee: '1',
  min: '20',
  max: '5000',
});

const quote = (...providers: string[]): FiatQuoteView => ({
  side: 'buy',
  fiat: 'usd',
  coin: 'eth',
  network: 'ethereum',
  amount: '300',
  country: 'us',
  region: null,
  offers: providers.map((p) => offer(p)),
  min: null,
  max: null,
});

const SETUP: FiatWidgetSetup = {
  side: 'buy',
  coin: 'eth',
  currency: 'usd',
  amount: '250',
  sellAmount: '0.5',
};
const US = { country: 'us', region: null };

const run = (state: FiatWidgetState, ...actions: FiatWidgetAction[]) =>
  actions.reduce(fiatWidgetReducer, state);

describe('initialFiatWidget', () => {
  it("starts from the page's side, coin, currency and amount, any method, nothing asked", () => {
    const state = initialFiatWidget(SETUP);
    expect(state).toMatchObject({
      side: 'buy',
      coin: 'eth',
      currency: 'usd',
      amount: '250',
      method: '',
      wallet: '',
      quote: null,
      chosen: null,
      problem: null,
      busy: null,
      asked: null,
    });
  });

  it("shows the server's compared GET: its request, its offers with the best chosen, its order key", () => {
    const compared: FiatCompared = {
      request: {
        side: 'sell',
        fiat: 'eur',
        coin: 'btc',
        amount: '0.2',
        country: 'de',
        paymentMethod: 'bank_transfer',
      },
      quote: quote('banxa', 'moonpay'),
      problem: null,
      key: 'k-1',
    };
    const state = initialFiatWidget({ ...SETUP, compared });
    expect(state).toMatchObject({
      side: 'sell',
      currency: 'eur',
      coin: 'btc',
      amount: '0.2',
      method: 'bank_transfer',
      chosen: 'banxa',
      key: 'k-1',
    });
    expect(state.quote?.offers).toHaveLength(2);
  });

  it("shows a refused order post's reason before the compared GET's problem", () => {
    const compared: FiatCompared = {
      request: { side: 'buy', fiat: 'usd', coin: 'eth', amount: '1', country: 'us' },
      quote: null,
      problem: { field: 'amount', message: 'Too little' },
      key: '',
    };
    expect(initialFiatWidget({ ...SETUP, compared }).problem).toEqual({
      field: 'amount',
      message: 'Too little',
    });
    expect(
      initialFiatWidget({ ...SETUP, compared, posted: { field: 'walletAddress', message: 'Bad address' } })
        .problem,
    ).toEqual({ field: 'walletAddress', message: 'Bad address' });
  });
});

describe('fiatWidgetReducer', () => {
  const start = initialFiatWidget(SETUP);

  it('takes the typed amount, the currency, coin, method and wallet', () => {
    const state = run(
      start,
      { type: 'amount', value: '99,5' },
      { type: 'currency', value: 'eur' },
      { type: 'coin', value: 'btc' },
      { type: 'method', value: 'bank_transfer' },
      { type: 'wallet', value: ' 0xabc ' },
    );
    expect(state).toMatchObject({
      amount: '99,5',
      currency: 'eur',
      coin: 'btc',
      method: 'bank_transfer',
      wallet: ' 0xabc ',
    });
  });

  it("switches side to that side's starting amount, dropping the offers, problem and a quote still asked", () => {
    const asked = run(
      start,
      { type: 'amount', value: '400' },
      { type: 'ask', request: fiatQuoteRequest(start, US) },
    );
    const sell = run(asked, { type: 'side', side: 'sell' });
    expect(sell).toMatchObject({
      side: 'sell',
      amount: '0.5',
      quote: null,
      chosen: null,
      busy: null,
      asked: null,
    });
    expect(run(sell, { type: 'side', side: 'buy' }).amount).toBe('250');
    expect(run(start, { type: 'side', side: 'buy' })).toBe(start);
  });

  it('starts a sell page on its own amount, the Buy tab on the same one without a sell amount', () => {
    const sell = initialFiatWidget({ ...SETUP, side: 'sell', amount: '0.1', sellAmount: undefined });
    expect(run(sell, { type: 'side', side: 'buy' }).amount).toBe('0.1');
  });

  it('asks for a quote with the previous offers and problem cleared, anew on every ask', () => {
    const shown = run(
      start,
      { type: 'quoted', quote: quote('a'), key: 'k' },
      { type: 'failed', problem: { message: 'x' } },
    );
    const request = fiatQuoteRequest(start, US);
    const asked = run(shown, { type: 'ask', request });
    expect(asked).toMatchObject({
      busy: 'quote',
      quote: null,
      chosen: null,
      problem: null,
      asked: { request, attempt: 1 },
    });
    expect(run(asked, { type: 'ask', request }).asked).toEqual({ request, attempt: 2 });
  });

  it('shows the answer with the best offer chosen and its order key; the visitor may choose another', () => {
    const asked = run(start, { type: 'ask', request: fiatQuoteRequest(start, US) });
    const answered = run(asked, { type: 'quoted', quote: quote('moonpay', 'banxa'), key: 'key-2' });
    expect(answered).toMatchObject({ busy: null, chosen: 'moonpay', key: 'key-2' });
    expect(run(answered, { type: 'choose', provider: 'banxa' }).chosen).toBe('banxa');
    expect(run(asked, { type: 'quoted', quote: quote(), key: 'k' }).chosen).toBeNull();
  });

  it('orders with the problem cleared, and a refusal ends the wait with its reason', () => {
    const answered = run(
      start,
      { type: 'quoted', quote: quote('a'), key: 'k' },
      { type: 'failed', problem: { message: 'x' } },
    );
    const ordering = run(answered, { type: 'ordering' });
    expect(ordering).toMatchObject({ busy: 'order', problem: null });
    const refused = run(ordering, { type: 'failed', problem: { field: 'walletAddress', message: 'Bad' } });
    expect(refused).toMatchObject({ busy: null, problem: { field: 'walletAddress', message: 'Bad' } });
    expect(refused.quote).toBe(answered.quote);
  });
});

describe('fiatQuoteRequest', () => {
  it('reads the amount with a point, trimmed; no region or method unless given', () => {
    const state = run(initialFiatWidget(SETUP), { type: 'amount', value: ' 12,5 ' });
    expect(fiatQuoteRequest(state, US)).toEqual({
      side: 'buy',
      fiat: 'usd',
      coin: 'eth',
      amount: '12.5',
      country: 'us',
    });
  });

  it("asks for the visitor's region and the chosen method", () => {
    const state = run(
      initialFiatWidget(SETUP),
      { type: 'method', value: 'apple_pay' },
      { type: 'side', side: 'sell' },
    );
    expect(fiatQuoteRequest(state, { country: 'us', region: 'ny' })).toEqual({
      side: 'sell',
      fiat: 'usd',
      coin: 'eth',
      amount: '0.5',
      country: 'us',
      region: 'ny',
      paymentMethod: 'apple_pay',
    });
  });
});

describe('fiatOrderRequest', () => {
  it("orders the chosen offer's provider and method with the trimmed wallet", () => {
    const state = run(initialFiatWidget(SETUP), { type: 'wallet', value: '  0xabc ' });
    expect(fiatOrderRequest(state, US, offer('banxa', 'bank_transfer'))).toEqual({
      side: 'buy',
      fiat: 'usd',
      coin: 'eth',
      amount: '250',
      country: 'us',
      paymentMethod: 'bank_transfer',
      provider: 'banxa',
      walletAddress: '0xabc',
    });
  });
});

describe('fiatWidgetView', () => {
  const start = initialFiatWidget(SETUP);

  it('pays in the currency when buying and in the coin when selling', () => {
    expect(fiatWidgetView(start, true)).toMatchObject({ buy: true, unit: 'USD', offer: undefined });
    expect(fiatWidgetView(run(start, { type: 'side', side: 'sell' }), true)).toMatchObject({
      buy: false,
      unit: 'ETH',
    });
  });

  it('shows a problem under the form until an offer is chosen, then by the wallet field', () => {
    const problem = { field: 'amount', message: 'Too little' };
    expect(fiatWidgetView(run(start, { type: 'failed', problem }), true).formProblem).toEqual(problem);
    const answered = run(
      start,
      { type: 'quoted', quote: quote('moonpay', 'banxa'), key: 'k' },
      { type: 'failed', problem },
    );
    const view = fiatWidgetView(run(answered, { type: 'choose', provider: 'banxa' }), true);
    expect(view.offer?.provider).toBe('banxa');
    expect(view.formProblem).toBeNull();
  });

  it('holds the order button for an address once the code runs, not before', () => {
    const answered = run(start, { type: 'quoted', quote: quote('a'), key: 'k' });
    expect(fiatWidgetView(answered, true).orderDisabled).toBe(true);
    expect(fiatWidgetView(answered, false).orderDisabled).toBe(false);
    expect(fiatWidgetView(run(answered, { type: 'wallet', value: '  ' }), true).orderDisabled).toBe(true);
    expect(fiatWidgetView(run(answered, { type: 'wallet', value: '0xabc' }), true).orderDisabled).toBe(false);
  });
});

describe('fiatProblem', () => {
  it("takes the server's message and field, else the fallback", () => {
    expect(fiatProblem(new ApiProblem(422, 'invalid', 'Bad address', 'walletAddress'), 'Failed')).toEqual({
      field: 'walletAddress',
      message: 'Bad address',
    });
    expect(fiatProblem(new ApiProblem(0, 'network_error', ''), 'Failed')).toEqual({ message: 'Failed' });
    expect(fiatProblem(new TypeError('boom'), 'Failed')).toEqual({ message: 'Failed' });
  });
});
