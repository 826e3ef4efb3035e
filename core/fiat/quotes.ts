import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { countries, fiatCurrencies, regions } from '../../db/schema.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { withDeadline } from '../deadline.ts';
import { Big, formatDecimal } from '../exchange/decimal.ts';
import { methodsIn, operatesIn, type ProviderCoverage, servesCoin, servesSide } from './coverage.ts';
import { fiatDecimals } from './sandbox.ts';
import {
  FIAT_CODE_PATTERN,
  FIAT_SIDES,
  type FiatProvider,
  FiatProviderError,
  type FiatProviderQuote,
  type FiatSide,
  PAYMENT_METHODS,
  type PaymentMethod,
} from './types.ts';

export interface FiatCurrency {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
  /** Whether the site marks it as a main currency. */
  popular: boolean;
  /** The catalogue's usual order size range in this currency (the providers' own limits vary). */
  min: string;
  max: string;
}

export interface FiatCountry {
  code: string;
  name: string;
  /** The local currency (preselected for visitors of the country). */
  currency: string;
  regions: { code: string; name: string }[];
}

export interface FiatQuoteInput {
  side: FiatSide;
  fiat: string;
  coin: string;
  network?: string | undefined;
  /** buy: the fiat amount to pay; sell: the crypto amount to sell. */
  amount: string;
  country: string;
  region?: string | undefined;
  /** Absent: every method the providers take there, each provider's cheapest. */
  paymentMethod?: PaymentMethod | undefined;
}

export interface FiatOffer extends Omit<FiatProviderQuote, 'side'> {
  providerName: string;
}

export interface FiatQuote {
  side: FiatSide;
  fiat: string;
  coin: string;
  network: string;
  amount: string;
  country: string;
  region: string | null;
  /** Every provider's offer, best first (most crypto on buy, most fiat on sell). */
  offers: FiatOffer[];
  /** Limits over the providers that serve the request, in the amount's units; null when none. */
  min: string | null;
  max: string | null;
}

export type FiatErrorCode =
  | 'unknown_coin'
  | 'unknown_network'
  | 'unknown_fiat'
  | 'unknown_country'
  | 'unknown_region'
  | 'invalid_amount'
  | 'amount_below_min'
  | 'amount_above_max'
  | 'fiat_unavailable'
  | 'provider_unavailable'
  | 'invalid_address'
  | 'invalid_memo'
  | 'idempotency_key_reused'
  | 'order_not_found'
  | 'order_not_payable'
  | 'invalid_card'
  | 'unknown_provider'
  | 'invalid_signature'
  | 'invalid_iban'
  | 'invalid_payout_card'
  | 'sale_not_open'
  | 'payout_missing';

/** The sale's own error codes: their messages are in the dictionaries' `fiat.sell.errors`. */
export const SELL_ERROR_CODES: ReadonlySet<string> = new Set([
  'invalid_iban',
  'invalid_payout_card',
  'sale_not_open',
  'payout_missing',
]);

const STATUS: Record<FiatErrorCode, number> = {
  unknown_coin: 422,
  unknown_network: 422,
  unknown_fiat: 422,
  unknown_country: 422,
  unknown_region: 422,
  invalid_amount: 400,
  amount_below_min: 422,
  amount_above_max: 422,
  fiat_unavailable: 422,
  provider_unavailable: 422,
  invalid_address: 422,
  invalid_memo: 422,
  idempotency_key_reused: 422,
  order_not_found: 404,
  order_not_payable: 409,
  invalid_card: 422,
  unknown_provider: 404,
  invalid_signature: 401,
  invalid_iban: 422,
  invalid_payout_card: 422,
  sale_not_open: 409,
  payout_missing: 409,
};

export class FiatError extends Error {
  readonly code: FiatErrorCode;
  readonly status: number;
  readonly field?: string;
  readonly details?: { min: string; max: string };
  constructor(code: FiatErrorCode, message: string, field?: string, details?: { min: string; max: string }) {
    super(message);
    this.name = 'FiatError';
    this.code = code;
    this.status = STATUS[code];
    if (field) this.field = field;
    if (details) this.details = details;
  }
}

/** A FiatError, also one made by another copy of this module (the server bundle has its own). */
export function isFiatError(error: unknown): error is FiatError {
  return error instanceof Error && error.name === 'FiatError' && 'code' in error && 'status' in error;
}

/** The currencies the fiat pairs list starts with, then the other popular ones, then the rest. */
const LEADING_CURRENCIES = ['usd', 'eur', 'gbp'];

export interface FiatMarketOptions {
  db: Database;
  catalogue: Catalogue;
  providers: readonly FiatProvider[];
  /** Coverage of every provider that runs (by id). */
  coverage: readonly ProviderCoverage[];
  timeoutMs?: number;
  /** Whether a ramp is switched on (the operator console's switchboard); all are by default. */
  isEnabled?: (providerId: string) => boolean;
  /** Each ramp's answer to a quote, for the console's health figures. */
  onProviderAnswer?: (answer: {
    provider: string;
    seconds: number;
    outcome: 'ok' | 'error' | 'timeout';
  }) => void;
}

/** What a buy or sell page shows of a place: who operates there and how one pays. */
export interface FiatAvailability {
  providers: { id: string; name: string; methods: PaymentMethod[] }[];
  methods: PaymentMethod[];
  /** The currency preselected: the country's own when a provider takes it, else USD (or EUR). */
  currency: string;
  currencies: string[];
}

/**
 * The fiat market: currencies, countries and who serves them, and quotes from every provider at
 * once, best first (like core/exchange/quotes.ts for swaps).
 */
export class FiatMarket {
  readonly #options: FiatMarketOptions;
  readonly #timeoutMs: number;
  #places: Promise<{ currencies: FiatCurrency[]; all: FiatCurrency[]; countries: FiatCountry[] }> | null =
    null;
  #sitemap: Promise<string[]> | null = null;

  constructor(options: FiatMarketOptions) {
    this.#options = options;
    this.#timeoutMs = options.timeoutMs ?? 5_000;
  }

  get providers(): readonly FiatProvider[] {
    return this.#options.providers;
  }

  provider(id: string): FiatProvider | undefined {
    return this.#options.providers.find((p) => p.id === id);
  }

  #coverage(): ProviderCoverage[] {
    const running = new Set(this.#options.providers.map((p) => p.id));
    return this.#options.coverage.filter((c) => running.has(c.id));
  }

  async #load() {
    this.#places ??= (async () => {
      const { db } = this.#options;
      const [currencyRows, countryRows, regionRows] = await Promise.all([
        db.select().from(fiatCurrencies).orderBy(asc(fiatCurrencies.code)),
        db.select().from(countries).orderBy(asc(countries.name)),
        db.select().from(regions).orderBy(asc(regions.name)),
      ]);
      const taken = new Set(this.#coverage().flatMap((c) => c.currencies));
      const all = currencyRows.map((row) => ({
        code: row.code,
        name: row.name,
        symbol: row.symbol,
        decimals: fiatDecimals(row.code),
        popular: row.popular,
        min: formatDecimal(row.min),
        max: formatDecimal(row.max),
      }));
      return {
        currencies: all.filter((currency) => taken.has(currency.code)),
        all,
        countries: countryRows.map((row) => ({
          code: row.code,
          name: row.name,
          currency: row.currency,
          regions: regionRows
            .filter((region) => region.country === row.code)
            .map((region) => ({ code: region.code, name: region.name })),
        })),
      };
    })();
    try {
      return await this.#places;
    } catch (error) {
      this.#places = null;
      throw error;
    }
  }

  /** The fiat currencies at least one running provider takes. */
  async currencies(): Promise<FiatCurrency[]> {
    return (await this.#load()).currencies;
  }

  /**
   * Every fiat currency of the catalogue with every coin a provider trades, popular currencies
   * first: the fiat pairs list, each pair with the providers that serve it (none: unavailable).
   */
  async pairs(): Promise<{ fiat: FiatCurrency; coin: string; providers: string[] }[]> {
    const { all } = await this.#load();
    const coverage = this.#coverage();
    const ranked = (await this.#options.catalogue.coins()).map((c) => c.code);
    const traded = new Set(coverage.flatMap((c) => Object.keys(c.coins)));
    const coins = ranked.filter((code) => traded.has(code));
    const lead = (code: string) => {
      const at = LEADING_CURRENCIES.indexOf(code);
      return at === -1 ? LEADING_CURRENCIES.length : at;
    };
    const currencies = [...all].sort(
      (a, b) =>
        lead(a.code) - lead(b.code) || Number(b.popular) - Number(a.popular) || a.code.localeCompare(b.code),
    );
    return currencies.flatMap((fiat) =>
      coins.map((coin) => ({
        fiat,
        coin,
        providers: coverage
          .filter((c) => c.currencies.includes(fiat.code) && servesCoin(c, coin))
          .map((c) => c.name),
      })),
    );
  }

  async countries(): Promise<FiatCountry[]> {
    return (await this.#load()).countries;
  }

  async country(code: string): Promise<FiatCountry | null> {
    return (await this.countries()).find((c) => c.code === code.toLowerCase()) ?? null;
  }

  async currency(code: string): Promise<FiatCurrency | null> {
    return (await this.currencies()).find((c) => c.code === code.toLowerCase()) ?? null;
  }

  /** Coins some running provider buys or sells (coin code → networks). */
  coins(side?: FiatSide): Map<string, string[]> {
    const coins = new Map<string, string[]>();
    for (const c of this.#coverage()) {
      if (side && !servesSide(c, side)) continue;
      for (const [coin, networks] of Object.entries(c.coins)) {
        coins.set(coin, [...new Set([...(coins.get(coin) ?? []), ...networks])]);
      }
    }
    return coins;
  }

  /** Who serves a side (and coin) in a place, with the payment methods each takes there. */
  async availability(
    side: FiatSide,
    place: { country: string; region?: string | undefined },
    coin?: string,
  ): Promise<FiatAvailability> {
    const country = await this.country(place.country);
    const providers = this.#coverage()
      .filter((c) => servesSide(c, side) && operatesIn(c, place) && (!coin || servesCoin(c, coin)))
      .map((c) => ({ id: c.id, name: c.name, methods: methodsIn(c, place.country.toLowerCase()) }));
    const coverage = this.#coverage().filter((c) => providers.some((p) => p.id === c.id));
    const currencies = [...new Set(coverage.flatMap((c) => c.currencies))].sort();
    const local = country?.currency;
    const currency =
      local && currencies.includes(local)
        ? local
        : currencies.includes('usd')
          ? 'usd'
          : (currencies[0] ?? 'usd');
    const methods = PAYMENT_METHODS.filter((m) => providers.some((p) => p.methods.includes(m)));
    return { providers, methods, currency, currencies };
  }

  /**
   * The buy, sell and fiat pages that have at least one provider, as unprefixed paths (for the
   * sitemap): the side's landing and coin pages, each coin's countries and served regions, and the
   * currency–coin pairs some provider trades. Kept once computed: coverage changes with deployments.
   */
  sitemapPaths(): Promise<readonly string[]> {
    this.#sitemap ??= this.#sitemapPaths().catch((error: unknown) => {
      this.#sitemap = null;
      throw error;
    });
    return this.#sitemap;
  }

  async #sitemapPaths(): Promise<string[]> {
    const coverage = this.#coverage();
    if (coverage.length === 0) return [];
    const [countryList, catalogueCoins] = await Promise.all([
      this.countries(),
      this.#options.catalogue.coins(),
    ]);
    const known = new Set(catalogueCoins.map((c) => c.code));
    const paths = ['/fiat'];
    const pairs = new Set<string>();
    for (const side of FIAT_SIDES) {
      const sided = coverage.filter((c) => servesSide(c, side));
      if (sided.length === 0) continue;
      paths.push(`/${side}`);
      const coins = [...new Set(sided.flatMap((c) => Object.keys(c.coins)))]
        .filter((coin) => known.has(coin))
        .sort();
      for (const coin of coins) {
        const serving = sided.filter((c) => servesCoin(c, coin));
        paths.push(`/${side}/${coin}`);
        for (const country of countryList) {
          if (!serving.some((c) => operatesIn(c, { country: country.code }))) continue;
          paths.push(`/${side}/${coin}/${country.code}`);
          for (const region of country.regions) {
            if (serving.some((c) => operatesIn(c, { country: country.code, region: region.code }))) {
              paths.push(`/${side}/${coin}/${country.code}/${region.code}`);
            }
          }
        }
        for (const fiat of [...new Set(serving.flatMap((c) => c.currencies))].sort()) {
          paths.push(side === 'buy' ? `/buy-coin/${fiat}-${coin}` : `/sell-coin/${coin}-${fiat}`);
          pairs.add(`/fiat/exchange/${fiat}-to-${coin}`);
        }
      }
    }
    return [...paths, ...[...pairs].sort()];
  }

  /** Checks the request's coin, network, currency, country and region; answers the network. */
  async check(input: FiatQuoteInput): Promise<string> {
    if (!FIAT_CODE_PATTERN.test(input.fiat) || !(await this.currency(input.fiat))) {
      throw new FiatError('unknown_fiat', 'No provider takes this currency', 'fiat');
    }
    const coin = await this.#options.catalogue.coin(input.coin);
    const networks = this.coins(input.side).get(input.coin);
    if (!coin || !networks) throw new FiatError('unknown_coin', 'No provider trades this coin', 'coin');
    const network = input.network ?? networks.find((n) => n === coin.assets[0]?.network.id) ?? networks[0];
    if (!network || !networks.includes(network) || !coin.assets.some((a) => a.network.id === network)) {
      throw new FiatError('unknown_network', 'No provider delivers the coin on this network', 'network');
    }
    const country = await this.country(input.country);
    if (!country) throw new FiatError('unknown_country', 'Unknown country', 'country');
    if (input.region && !country.regions.some((r) => r.code === input.region)) {
      throw new FiatError('unknown_region', 'Unknown region', 'region');
    }
    const decimals = input.side === 'buy' ? fiatDecimals(input.fiat) : 18;
    const [, fraction = ''] = input.amount.split('.');
    if (!/^\d+(\.\d+)?$/.test(input.amount) || fraction.length > decimals || new Big(input.amount).lte(0)) {
      throw new FiatError('invalid_amount', 'Not an amount of this currency', 'amount');
    }
    return network;
  }

  /** Every provider asked at once (for each payment method when none is named); best first. */
  async quote(input: FiatQuoteInput): Promise<FiatQuote> {
    const network = await this.check(input);
    const methods = input.paymentMethod ? [input.paymentMethod] : [...PAYMENT_METHODS];
    // A ramp the operator switched off is not asked (its orders under way carry on).
    const enabled = this.#options.isEnabled ?? (() => true);
    const tell = this.#options.onProviderAnswer ?? (() => {});
    const asks = this.#options.providers
      .filter((provider) => enabled(provider.id))
      .flatMap((provider) => methods.map((paymentMethod) => ({ provider, paymentMethod })));
    const answers = await Promise.all(
      asks.map(({ provider, paymentMethod }) => {
        const started = performance.now();
        const told = (outcome: 'ok' | 'error' | 'timeout') =>
          tell({ provider: provider.id, seconds: (performance.now() - started) / 1000, outcome });
        return withDeadline(
          (signal) =>
            provider.quote(
              {
                side: input.side,
                fiat: input.fiat,
                coin: input.coin,
                network,
                amount: input.amount,
                country: input.country,
                region: input.region,
                paymentMethod,
              },
              signal,
            ),
          this.#timeoutMs,
        ).then(
          ({ side: _side, ...quote }) => {
            told('ok');
            return { quote: { ...quote, providerName: provider.name } };
          },
          (error: unknown) => {
            // A request the ramp does not serve is an answer; only its faults count as errors.
            const fault = !(error instanceof FiatProviderError) || error.code === 'upstream_error';
            told(
              error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : fault ? 'error' : 'ok',
            );
            return { error };
          },
        );
      }),
    );
    const better = (a: FiatOffer, b: FiatOffer) =>
      input.side === 'buy'
        ? new Big(b.cryptoAmount).cmp(a.cryptoAmount)
        : new Big(b.fiatAmount).cmp(a.fiatAmount);
    const all = answers.flatMap((a) => ('quote' in a ? [a.quote] : [])).sort(better);
    // Without a named method each provider shows its best one; with one, its offer for it.
    const offers = all.filter((offer, i) => all.findIndex((o) => o.provider === offer.provider) === i);
    const limits = answers.flatMap((a) => {
      if ('quote' in a) return [{ min: a.quote.min, max: a.quote.max }];
      return a.error instanceof FiatProviderError && a.error.limits ? [a.error.limits] : [];
    });
    const min = limits.length ? limits.map((l) => new Big(l.min)).reduce((x, y) => (y.lt(x) ? y : x)) : null;
    const max = limits.length ? limits.map((l) => new Big(l.max)).reduce((x, y) => (y.gt(x) ? y : x)) : null;
    if (offers.length === 0) {
      if (min && max) {
        const details = { min: min.toFixed(), max: max.toFixed() };
        if (new Big(input.amount).lt(min))
          throw new FiatError('amount_below_min', 'Below the minimum', 'amount', details);
        if (new Big(input.amount).gt(max))
          throw new FiatError('amount_above_max', 'Above the maximum', 'amount', details);
      }
      throw new FiatError('fiat_unavailable', 'No provider serves this request');
    }
    return {
      side: input.side,
      fiat: input.fiat,
      coin: input.coin,
      network,
      amount: input.amount,
      country: input.country,
      region: input.region ?? null,
      offers,
      min: min?.toFixed() ?? null,
      max: max?.toFixed() ?? null,
    };
  }
}
