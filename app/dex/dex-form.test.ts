import { describe, expect, it } from 'vitest';
import type { DexQuotesView, DexRouteView } from '../../core/dex/contract.ts';
import { NATIVE_TOKEN } from '../../core/dex/networks.ts';
import type { DexServerQuote } from './dex.server.ts';
import {
  defaultPair,
  dexFormReducer,
  dexNextAction,
  dexQuoteRequest,
  initialDexForm,
  shownQuotes,
  slippageBps,
} from './dex-form.ts';

const ETH = { address: NATIVE_TOKEN.toLowerCase(), symbol: 'ETH', decimals: 18 };
const USDC = { address: '0xa0b8', symbol: 'USDC', decimals: 6 };
const DAI = { address: '0x6b17', symbol: 'DAI', decimals: 18 };
const WBTC = { address: '0x2260', symbol: 'WBTC', decimals: 8 };
const TOKENS = [WBTC, DAI, ETH, USDC];
const NETWORK = { id: 'ethereum', available: true };

const route = (extra: Partial<DexRouteView> = {}) =>
  ({
    source: 'sandbox',
    approvalRequired: false,
    transaction: { to: '0x1', data: '0x', value: '0' },
    ...extra,
  }) as DexRouteView;
const quotes = (source: string) => ({ routes: [route({ source })] }) as unknown as DexQuotesView;

describe('defaultPair', () => {
  it('sells the gas token for the first stablecoin listed by preference', () => {
    expect(defaultPair(TOKENS)).toEqual({ sell: ETH.address, buy: USDC.address });
    expect(defaultPair([WBTC, DAI, ETH])).toEqual({ sell: ETH.address, buy: DAI.address });
  });

  it('takes the first token without a gas token, any other without a stablecoin', () => {
    expect(defaultPair([WBTC, USDC])).toEqual({ sell: WBTC.address, buy: USDC.address });
    expect(defaultPair([USDC])).toEqual({ sell: USDC.address, buy: '' });
    expect(defaultPair([])).toEqual({ sell: '', buy: '' });
  });
});

describe('the DEX form', () => {
  const form = initialDexForm(null, TOKENS);

  it('starts on the default pair, or as the server answered the GET', () => {
    expect(form).toEqual({ sell: ETH.address, buy: USDC.address, amount: '', slippage: '0.5' });
    const server = { sell: DAI.address, buy: WBTC.address, amount: '3', slippage: '1' } as DexServerQuote;
    expect(initialDexForm(server, TOKENS)).toEqual({
      sell: DAI.address,
      buy: WBTC.address,
      amount: '3',
      slippage: '1',
    });
  });

  it('reads a decimal comma as a point', () => {
    expect(dexFormReducer(form, { type: 'amount', value: '1,5' }).amount).toBe('1.5');
    expect(dexFormReducer(form, { type: 'slippage', value: '0,3' }).slippage).toBe('0.3');
  });

  it('takes the new network’s default pair and keeps the amount and slippage', () => {
    const typed = dexFormReducer(dexFormReducer(form, { type: 'amount', value: '2' }), {
      type: 'sell',
      address: DAI.address,
    });
    expect(dexFormReducer(typed, { type: 'tokens', tokens: [WBTC, DAI] })).toEqual({
      sell: WBTC.address,
      buy: DAI.address,
      amount: '2',
      slippage: '0.5',
    });
  });
});

describe('slippageBps', () => {
  it('reads 0–50 % with up to two decimals', () => {
    expect(slippageBps('0.5')).toBe(50);
    expect(slippageBps(' 1 ')).toBe(100);
    expect(slippageBps('0.05')).toBe(5);
    expect(slippageBps('50')).toBe(5_000);
    expect(slippageBps('0')).toBe(0);
  });

  it('refuses more, negative, too precise or no number', () => {
    for (const text of ['50.01', '99', '-1', '0.001', '', 'abc', '100']) expect(slippageBps(text)).toBeNull();
  });
});

describe('dexQuoteRequest', () => {
  const form = { sell: USDC.address, buy: DAI.address, amount: '250', slippage: '0.5' };

  it('asks for the amount in base units, for the taker when one is connected', () => {
    const request = dexQuoteRequest(form, TOKENS, NETWORK, '0xabc');
    expect(request.sellToken).toBe(USDC);
    expect(request.buyToken).toBe(DAI);
    expect(request.sellAmount).toBe(250_000_000n);
    const url = new URL(request.path ?? '', 'http://x');
    expect(url.pathname).toBe('/api/v1/dex/quotes');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      network: 'ethereum',
      sellToken: USDC.address,
      buyToken: DAI.address,
      sellAmount: '250000000',
      slippageBps: '50',
      taker: '0xabc',
    });
    expect(dexQuoteRequest(form, TOKENS, NETWORK, null).path).not.toContain('taker');
  });

  it('asks nothing for an unreadable or zero amount, bad slippage or a network without routes', () => {
    expect(dexQuoteRequest({ ...form, amount: 'x' }, TOKENS, NETWORK, null)).toMatchObject({
      sellAmount: null,
      path: null,
    });
    expect(dexQuoteRequest({ ...form, amount: '0' }, TOKENS, NETWORK, null).path).toBeNull();
    expect(dexQuoteRequest({ ...form, amount: '' }, TOKENS, NETWORK, null).path).toBeNull();
    expect(dexQuoteRequest({ ...form, slippage: '60' }, TOKENS, NETWORK, null)).toMatchObject({
      slippageValid: false,
      path: null,
    });
    expect(dexQuoteRequest(form, TOKENS, { ...NETWORK, available: false }, null).path).toBeNull();
    expect(dexQuoteRequest({ ...form, buy: '0xunknown' }, TOKENS, NETWORK, null).path).toBeNull();
  });
});

describe('shownQuotes', () => {
  const form = { sell: USDC.address, buy: DAI.address, amount: '250', slippage: '0.5' };
  const server: DexServerQuote = { ...form, quotes: quotes('server'), problem: null };
  const idle = { quotes: null, loading: false, problem: null };

  it('shows the server’s routes for the form as sent until a live answer comes', () => {
    expect(shownQuotes(form, server, idle).quotes).toBe(server.quotes);
    expect(shownQuotes(form, server, { ...idle, loading: true }).quotes).toBe(server.quotes);
    const live = quotes('live');
    expect(shownQuotes(form, server, { ...idle, quotes: live }).quotes).toBe(live);
  });

  it('drops the server’s answer once the form changed or a live problem came', () => {
    expect(shownQuotes({ ...form, amount: '251' }, server, idle).quotes).toBeNull();
    expect(shownQuotes(form, server, { ...idle, problem: 'No route' })).toEqual({
      quotes: null,
      problem: 'No route',
    });
  });

  it('shows the server’s problem only while nothing live is under way', () => {
    const refused = { ...server, quotes: null, problem: 'Too little' };
    expect(shownQuotes(form, refused, idle).problem).toBe('Too little');
    expect(shownQuotes(form, refused, { ...idle, loading: true }).problem).toBeNull();
    expect(shownQuotes(form, null, idle)).toEqual({ quotes: null, problem: null });
  });
});

describe('dexNextAction', () => {
  it('approves first, then sends the route’s transaction', () => {
    expect(dexNextAction(route({ approvalRequired: true }), true)).toBe('approve');
    expect(dexNextAction(route(), true)).toBe('send');
  });

  it('offers nothing until the wallet is ready, nor for a route without a transaction', () => {
    expect(dexNextAction(route(), false)).toBeNull();
    expect(dexNextAction(null, true)).toBeNull();
    expect(dexNextAction(route({ transaction: null }), true)).toBeNull();
  });
});
