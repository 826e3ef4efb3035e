import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { promoCodes, swapEvents, swaps } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { Catalogue } from '../catalogue/catalogue.ts';
import { createSandboxProviders, type SandboxProvider } from '../providers/sandbox.ts';
import { seedDemoData } from '../seed.ts';
import { median, typicalSwapSeconds } from './eta.ts';
import {
  QuoteError,
  type QuoteErrorCode,
  type QuoteInput,
  QuoteService,
  type QuoteServiceOptions,
} from './quotes.ts';
import {
  type LiquidityProvider,
  type PriceSource,
  ProviderError,
  type ProviderQuote,
  type ProviderSwap,
  type QuoteRequest,
} from './types.ts';

class TablePrices implements PriceSource {
  table: Record<string, string> = { btc: '60000', eth: '3000', usdt: '1' };
  async usdPrice(coin: string): Promise<string | null> {
    return this.table[coin] ?? null;
  }
}

/** A provider with fixed limits and a fixed rate, for the cases the sandbox cannot shape. */
class StubProvider implements LiquidityProvider {
  readonly id: string;
  readonly name: string;
  readonly #limits: { min: string; max: string };
  readonly #rate: string;
  constructor(id: string, limits: { min: string; max: string }, rate = '20') {
    this.id = id;
    this.name = id;
    this.#limits = limits;
    this.#rate = rate;
  }
  async quote(request: QuoteRequest): Promise<ProviderQuote> {
    const amount = Number(request.amountFrom);
    if (amount < Number(this.#limits.min) || amount > Number(this.#limits.max)) {
      throw new ProviderError(this.id, 'amount_out_of_range', 'out of range', this.#limits);
    }
    return {
      provider: this.id,
      rateType: request.rateType,
      amountFrom: request.amountFrom,
      amountTo: String(amount * Number(this.#rate)),
      rate: this.#rate,
      networkFee: '0',
      ...this.#limits,
    };
  }
  async createSwap(): Promise<ProviderSwap> {
    throw new Error('not used');
  }
  async getSwap(): Promise<ProviderSwap> {
    throw new Error('not used');
  }
}

const failing: LiquidityProvider = {
  id: 'failing',
  name: 'Failing',
  quote: async () => {
    throw new ProviderError('failing', 'upstream_error', 'boom');
  },
  createSwap: async () => {
    throw new Error('not used');
  },
  getSwap: async () => {
    throw new Error('not used');
  },
};

/** Ignores its signal and never answers: only the service's own deadline saves the request. */
const hanging: LiquidityProvider = {
  id: 'hanging',
  name: 'Hanging',
  quote: () => new Promise<ProviderQuote>(() => {}),
  createSwap: async () => {
    throw new Error('not used');
  },
  getSwap: async () => {
    throw new Error('not used');
  },
};

const BTC_ETH = { from: 'btc', to: 'eth' };

function offer(provider: string, amountTo: string, rate: string, amountFrom = '0.5') {
  return { provider, amountFrom, amountTo, rate, fixedRate: true, eta: { min: 1, max: 1 } };
}

async function expectQuoteError(promise: Promise<unknown>, code: QuoteErrorCode): Promise<QuoteError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(QuoteError);
  expect((error as QuoteError).code, (error as Error).message).toBe(code);
  return error as QuoteError;
}

describe.each(databaseTargets())('QuoteService on $name', (target) => {
  let handle: DatabaseHandle;
  let catalogue: Catalogue;
  let prices: TablePrices;
  let clock: Date;
  let sandbox: SandboxProvider[];
  const now = () => clock;

  const service = (options: Partial<QuoteServiceOptions> = {}) =>
    new QuoteService({ db: handle.db, catalogue, providers: sandbox, now, ...options });
  const quote = (input: Partial<QuoteInput>, options: Partial<QuoteServiceOptions> = {}) =>
    service(options).quote({ ...BTC_ETH, amount: '0.5', rateType: 'float', ...input });

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    catalogue = new Catalogue(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(() => {
    prices = new TablePrices();
    clock = new Date('2025-03-01T12:00:00Z');
    sandbox = createSandboxProviders(
      { db: handle.db, catalogue, prices, now },
      { fixedRateTtlMs: 5 * 60_000, delays: { confirmingMs: 1, exchangingMs: 1, sendingMs: 1 } },
    );
  });

  it('picks the best of the three sandbox providers and takes the service fee off', async () => {
    const result = await quote({});
    // 10 ETH gross: alpha 9.97 − 1/3000, bravo 9.95 − 1.5/3000, charlie 9.985 − 3/3000 = 9.984.
    expect(result).toEqual({
      rateType: 'float',
      from: { coin: 'btc', network: 'bitcoin' },
      to: { coin: 'eth', network: 'ethereum' },
      amountFrom: '0.5',
      amountTo: '9.944064',
      rate: '19.888128',
      min: '0.00012',
      max: '3.75',
      provider: 'sandbox-charlie',
      networkFee: '0.00033333',
      serviceFee: '0.039936',
      reverse: false,
      // Charlie has no fixed rates; the sandbox's 3 ms of simulated delays round up to 1 s.
      offers: [
        { ...offer('sandbox-charlie', '9.944064', '19.888128'), fixedRate: false },
        offer('sandbox-alpha', '9.92978799', '19.85957598'),
        offer('sandbox-bravo', '9.909702', '19.819404'),
      ],
      eta: { seconds: 1, source: 'provider' },
      usd: { from: null, to: null },
    });
  });

  it("takes the visitor's choice of offer, and the best when that provider has none", async () => {
    const chosen = await quote({ provider: 'sandbox-bravo' });
    expect(chosen.provider).toBe('sandbox-bravo');
    expect(chosen.amountTo).toBe('9.909702');
    expect(chosen.offers[0]?.provider).toBe('sandbox-charlie');
    const fixed = await quote({ provider: 'sandbox-bravo', rateType: 'fixed' });
    expect((await service().findFixedQuote(fixed.quoteId ?? '')).provider).toBe('sandbox-bravo');
    expect((await quote({ provider: 'nobody' })).provider).toBe('sandbox-charlie');
  });

  it('gives the market USD prices of both coins when it has prices', async () => {
    const result = await quote({}, { prices });
    expect(result.usd).toEqual({ from: '60000', to: '3000' });
  });

  it('quotes in reverse: the amount to send for an amount to receive, least to send first', async () => {
    const result = await quote({ amount: undefined, amountTo: '9.9' });
    expect(result.reverse).toBe(true);
    // Every offer pays at least what was asked, after our fee; the best needs the least sent.
    expect(result.offers.map((o) => o.provider)).toEqual([
      'sandbox-charlie',
      'sandbox-alpha',
      'sandbox-bravo',
    ]);
    for (const o of result.offers) expect(Number(o.amountTo)).toBeGreaterThanOrEqual(9.9);
    const sent = result.offers.map((o) => Number(o.amountFrom));
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(result.amountFrom).toBe(result.offers[0]?.amountFrom);
    expect(Number(result.amountFrom)).toBeGreaterThan(0.49);
    expect(Number(result.amountFrom)).toBeLessThan(0.5);
    // The same amount quoted forward gives the same offer: a swap can be made from it.
    const forward = await quote({ amount: result.amountFrom });
    expect(forward.amountTo).toBe(result.amountTo);
  });

  it('quotes fixed rates in reverse with the providers that have them, and stores the quote', async () => {
    const result = await quote({ amount: undefined, amountTo: '2', rateType: 'fixed' });
    expect(result.offers.map((o) => o.provider)).toEqual(['sandbox-alpha', 'sandbox-bravo']);
    expect(result.quoteId).toBeTruthy();
    const row = await service().findFixedQuote(result.quoteId ?? '');
    expect(row.amountFrom).toBe(result.amountFrom);
    expect(Number(row.amountTo)).toBeGreaterThanOrEqual(2);
  });

  it('wants exactly one of amount and amountTo, and checks amountTo against the limits', async () => {
    const both = await expectQuoteError(quote({ amountTo: '1' }), 'invalid_amount');
    expect(both.field).toBe('amount');
    const neither = await expectQuoteError(quote({ amount: undefined }), 'invalid_amount');
    expect(neither.field).toBe('amount');
    const tiny = await expectQuoteError(quote({ amount: undefined, amountTo: '0.0001' }), 'amount_below_min');
    expect(tiny.field).toBe('amountTo');
    expect(tiny.details?.min).toBe('0.00012');
    const huge = await expectQuoteError(quote({ amount: undefined, amountTo: '1000' }), 'amount_above_max');
    expect(huge.details?.max).toBe('3.75');
  });

  it("gives the median duration of the pair's recent finished swaps as its ETA", async () => {
    const minutes = [10, 4, 6];
    for (const [i, m] of minutes.entries()) {
      const createdAt = new Date(clock.getTime() - (i + 1) * 3_600_000);
      const id = `etatest${i}`.padEnd(26, 'a');
      await handle.db.insert(swaps).values({
        id,
        provider: 'sandbox-alpha',
        providerSwapId: id,
        status: 'finished',
        rateType: 'float',
        fromCoin: 'btc',
        fromNetwork: 'bitcoin',
        toCoin: 'usdt',
        toNetwork: 'ethereum',
        amountFrom: '0.1',
        amountTo: '6000',
        rate: '60000',
        serviceFee: '0',
        affiliateFee: '0',
        networkFee: '0',
        depositAddress: 'x',
        payoutAddress: 'y',
        expiresAt: clock,
        createdAt,
        updatedAt: createdAt,
      });
      await handle.db
        .insert(swapEvents)
        .values({ swapId: id, status: 'finished', at: new Date(createdAt.getTime() + m * 60_000) });
    }
    const result = await quote({ to: 'usdt', toNetwork: 'ethereum', amount: '0.1' });
    expect(result.eta).toEqual({ seconds: 360, source: 'swaps' });
    // Fewer finished swaps than asked for give no figure.
    expect(await typicalSwapSeconds(handle.db, null, { now: clock, minSamples: 4 })).toBeNull();
    expect(median([3, 1, 2, 10])).toBe(2.5);
  });

  it('drops failing and slow providers', async () => {
    // `hanging` never answers: that the quote comes at all shows the timeout cut it off (a quote
    // that waited for it would never come, and the test's own timeout would fail it).
    const result = await quote({}, { providers: [failing, ...sandbox, hanging], timeoutMs: 200 });
    expect(result.offers.map((o) => o.provider)).toEqual([
      'sandbox-charlie',
      'sandbox-alpha',
      'sandbox-bravo',
    ]);
  });

  it('uses the limits of providers that refuse the amount, and errs with them', async () => {
    // Only bravo goes up to 3.75; the others' limits still count.
    const big = await quote({ amount: '3' });
    expect(big.provider).toBe('sandbox-bravo');
    expect(big.offers).toHaveLength(1);
    expect([big.min, big.max]).toEqual(['0.00012', '3.75']);

    const below = await expectQuoteError(quote({ amount: '0.0001' }), 'amount_below_min');
    expect(below.details).toEqual({ min: '0.00012', max: '3.75' });
    expect(below.field).toBe('amount');
    const above = await expectQuoteError(quote({ amount: '3.76' }), 'amount_above_max');
    expect(above.details).toEqual({ min: '0.00012', max: '3.75' });
  });

  it('points at the next minimum when the amount falls between providers', async () => {
    const providers = [
      new StubProvider('low', { min: '0.01', max: '0.1' }),
      new StubProvider('high', { min: '1', max: '5' }),
    ];
    const gap = await expectQuoteError(quote({ amount: '0.5' }, { providers }), 'amount_below_min');
    expect(gap.details).toEqual({ min: '1', max: '5' });
  });

  it('waives the service fee for a valid promo code only', async () => {
    const plain = await quote({});
    const promo = await quote({ promoCode: 'zerofee' });
    expect(promo.serviceFee).toBe('0');
    expect(promo.amountTo).toBe('9.984');
    expect(promo.offers[0]?.amountTo).toBe('9.984');
    expect((await quote({ promoCode: 'NOPE' })).amountTo).toBe(plain.amountTo);

    await handle.db.insert(promoCodes).values([
      { code: 'OFF', active: false },
      { code: 'OLD', expiresAt: new Date('2025-01-01T00:00:00Z') },
      { code: 'LATER', expiresAt: new Date('2025-12-31T00:00:00Z') },
    ]);
    const quotes = service();
    expect(await quotes.isValidPromoCode('ZEROFEE')).toBe(true);
    expect(await quotes.isValidPromoCode(' zeroFee ')).toBe(true);
    expect(await quotes.isValidPromoCode('OFF')).toBe(false);
    expect(await quotes.isValidPromoCode('OLD')).toBe(false);
    expect(await quotes.isValidPromoCode('LATER')).toBe(true);
    expect(await quotes.isValidPromoCode('')).toBe(false);
    expect((await quote({ promoCode: 'OFF' })).serviceFee).not.toBe('0');
  });

  it('stores fixed quotes until the earlier of its own and the provider expiry', async () => {
    const quotes = service();
    const fixed = await quotes.quote({ ...BTC_ETH, amount: '0.5', rateType: 'fixed' });
    expect(fixed.provider).toBe('sandbox-alpha'); // charlie has no fixed rates
    expect(fixed.offers).toHaveLength(2);
    expect(fixed.quoteId).toMatch(/^[\w-]{22}$/);
    expect(fixed.expiresAt).toEqual(new Date(clock.getTime() + 5 * 60_000));

    const row = await quotes.findFixedQuote(fixed.quoteId as string);
    expect(row).toMatchObject({
      provider: 'sandbox-alpha',
      fromCoin: 'btc',
      fromNetwork: 'bitcoin',
      toCoin: 'eth',
      toNetwork: 'ethereum',
      expiresAt: fixed.expiresAt,
    });
    expect(row.providerRateId).toEqual(expect.any(String));
    expect(Number(row.amountTo)).toBe(Number(fixed.amountTo));
    expect(Number(row.serviceFee)).toBe(Number(fixed.serviceFee));
    expect(Number(row.networkFee)).toBe(Number(fixed.networkFee));

    clock = new Date(clock.getTime() + 5 * 60_000);
    await expectQuoteError(quotes.findFixedQuote(fixed.quoteId as string), 'quote_expired');
    await expectQuoteError(quotes.findFixedQuote('nope'), 'quote_not_found');

    const short = await quote({ rateType: 'fixed' }, { fixedQuoteTtlMs: 60_000 });
    expect(short.expiresAt).toEqual(new Date(clock.getTime() + 60_000));
  });

  it('says fixed_rate_unavailable when only floating rates exist, pair_unavailable when nothing does', async () => {
    const charlie = sandbox.filter((p) => !p.supportsFixed);
    await expectQuoteError(quote({ rateType: 'fixed' }, { providers: charlie }), 'fixed_rate_unavailable');
    delete prices.table.eth;
    await expectQuoteError(quote({}), 'pair_unavailable');
    await expectQuoteError(quote({}, { providers: [failing, hanging], timeoutMs: 100 }), 'pair_unavailable');
  });

  it('refuses bad requests before asking anyone', async () => {
    expect((await expectQuoteError(quote({ from: 'nope' }), 'unknown_coin')).field).toBe('from');
    expect((await expectQuoteError(quote({ to: 'nope' }), 'unknown_coin')).field).toBe('to');
    expect((await expectQuoteError(quote({ fromNetwork: 'solana' }), 'unknown_network')).field).toBe(
      'fromNetwork',
    );
    expect((await expectQuoteError(quote({ toNetwork: 'bogus' }), 'unknown_network')).field).toBe(
      'toNetwork',
    );
    await expectQuoteError(quote({ to: 'btc' }), 'same_asset');
    await expectQuoteError(quote({ to: 'BTC', toNetwork: 'bitcoin' }), 'same_asset');
    for (const amount of ['abc', '0', '-1', '1e3', '0.123456789', '', ' 1']) {
      expect((await expectQuoteError(quote({ amount }), 'invalid_amount')).field, amount).toBe('amount');
    }
    // BTC on BSC is another asset, with 18 decimals.
    const bsc = await quote(
      { from: 'btc', fromNetwork: 'bsc', to: 'btc', amount: '0.123456789' },
      { providers: [new StubProvider('s', { min: '0', max: '10' }, '1')] },
    );
    expect([bsc.from, bsc.to]).toEqual([
      { coin: 'btc', network: 'bsc' },
      { coin: 'btc', network: 'bitcoin' },
    ]);
  });

  it('describes a pair: availability, fixed rates and limits', async () => {
    const quotes = service();
    expect(await quotes.pairInfo('btc', undefined, 'eth')).toEqual({
      available: true,
      fixedRate: true,
      min: '0.00012',
      max: '3.75',
    });
    const charlieOnly = service({ providers: sandbox.filter((p) => !p.supportsFixed) });
    expect(await charlieOnly.pairInfo('btc', 'bitcoin', 'eth', 'ethereum')).toEqual({
      available: true,
      fixedRate: false,
      min: '0.000225',
      max: '1.5',
    });
    delete prices.table.eth;
    expect(await quotes.pairInfo('btc', undefined, 'eth')).toEqual({
      available: false,
      fixedRate: false,
      min: null,
      max: null,
    });
    await expectQuoteError(quotes.pairInfo('btc', undefined, 'btc'), 'same_asset');
    await expectQuoteError(quotes.pairInfo('zzz', undefined, 'btc'), 'unknown_coin');
  });
});
