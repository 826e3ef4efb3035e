import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fixedQuotes, promoCodes } from '../../db/schema.ts';
import { type Catalogue, type CatalogueAsset, payoutDecimals } from '../catalogue/catalogue.ts';
import { fractionDigits } from '../catalogue/catalogue-files.ts';
import { withDeadline } from '../deadline.ts';
import type { CircuitName } from '../resilience.ts';
import { Big, isDecimalString, toAmount } from './decimal.ts';
import { typicalSwapSeconds } from './eta.ts';
import {
  type Asset,
  type Eta,
  type LiquidityProvider,
  type PriceSource,
  ProviderError,
  type ProviderQuote,
  type QuoteRequest,
  type RateType,
  type ReverseQuoteRequest,
} from './types.ts';

export interface QuoteInput {
  from: string;
  fromNetwork?: string | undefined;
  to: string;
  toNetwork?: string | undefined;
  /** Amount to send, in `from` units. Exactly one of amount and amountTo. */
  amount?: string | undefined;
  /** Reverse quote: the amount to receive, in `to` units, after every fee. */
  amountTo?: string | undefined;
  rateType: RateType;
  promoCode?: string | undefined;
  /** Take this provider's offer rather than the best; the best when it has none. */
  provider?: string | undefined;
}

export interface QuoteOffer {
  provider: string;
  /** What the visitor sends to this provider (differs between offers in a reverse quote). */
  amountFrom: string;
  /** What the visitor gets from this provider, after our service fee. */
  amountTo: string;
  rate: string;
  /** Whether the provider offers a fixed rate (always true in a fixed-rate quote). */
  fixedRate: boolean;
  /** The provider's estimate of the swap's duration in seconds, when it gives one. */
  eta: Eta | null;
}

export interface Quote {
  rateType: RateType;
  from: Asset;
  to: Asset;
  amountFrom: string;
  /** After the provider's spread and fees, the payout network fee and our service fee. */
  amountTo: string;
  rate: string;
  /** Limits over all providers that serve the pair, in `from` units. */
  min: string;
  max: string;
  provider: string;
  networkFee: string;
  serviceFee: string;
  /** Fixed rate only: the stored offer to create the swap from, and when it lapses. */
  quoteId?: string;
  expiresAt?: Date;
  /** True when the visitor named the amount to receive (amountTo) and amountFrom was worked out. */
  reverse: boolean;
  /** Every provider's answer, best first, the chosen one included. */
  offers: QuoteOffer[];
  /** The pair's typical swap duration: our recent finished swaps, else the best offer's estimate. */
  eta: { seconds: number; source: 'swaps' | 'provider' } | null;
  /** Market USD prices of one unit of each coin (for showing USD equivalents), null when unknown. */
  usd: { from: string | null; to: string | null };
}

export interface PairInfo {
  available: boolean;
  fixedRate: boolean;
  /** Limits over all providers, in `from` units; null when nobody serves the pair. */
  min: string | null;
  max: string | null;
}

export type QuoteErrorCode =
  | 'unknown_coin'
  | 'unknown_network'
  | 'same_asset'
  | 'invalid_amount'
  | 'amount_below_min'
  | 'amount_above_max'
  | 'pair_unavailable'
  | 'fixed_rate_unavailable'
  | 'quote_not_found'
  | 'quote_expired';

export class QuoteError extends Error {
  readonly code: QuoteErrorCode;
  /** The request field at fault, e.g. 'from', 'toNetwork', 'amount'. */
  readonly field?: string;
  readonly details?: { min: string; max: string };
  constructor(code: QuoteErrorCode, message: string, field?: string, details?: { min: string; max: string }) {
    super(message);
    this.name = 'QuoteError';
    this.code = code;
    if (field) this.field = field;
    if (details) this.details = details;
  }
}

export type FixedQuoteRow = typeof fixedQuotes.$inferSelect;

export interface QuoteServiceOptions {
  db: Database;
  catalogue: Catalogue;
  providers: readonly LiquidityProvider[];
  /** How long each provider may take to answer. */
  timeoutMs?: number;
  /** Our fee, taken from the payout, in basis points. */
  serviceFeeBps?: number;
  /** Longest life of a stored fixed quote; a provider's own expiry may cut it shorter. */
  fixedQuoteTtlMs?: number;
  now?: () => Date;
  /** Told of every provider's answer: how long it took and how it ended (for metrics). */
  onProviderAnswer?: (answer: ProviderAnswerEvent) => void;
  /** Market prices for the quote's USD equivalents; without them the quote has none. */
  prices?: PriceSource;
  /** Whether a provider is switched on (the operator console's switchboard); all are by default. */
  isEnabled?: (providerId: string) => boolean;
}

/** One provider's answer to a quote request. */
export interface ProviderAnswerEvent {
  provider: string;
  seconds: number;
  /** `error` includes "pair not served" and "out of limits" answers; `timeout` is the deadline. */
  outcome: 'ok' | 'error' | 'timeout';
}

type Answer = { provider: string; quote: ProviderQuote } | { provider: string; error: unknown };

interface Limits {
  min: Big;
  max: Big;
}

const RATE_DECIMALS = 18;

/** How long a pair's typical swap duration is reused before the swaps table is read again. */
const ETA_CACHE_MS = 5 * 60_000;

const keeps = new Map<number, Big>();
/**
 * The share of a payout left after a fee of `feeBps`: (10,000 − fee) / 10,000, exact in decimals
 * (a division by a power of ten), worked out once per fee rather than divided on every offer.
 */
function keptAfterFee(feeBps: number): Big {
  let keep = keeps.get(feeBps);
  if (!keep) {
    keep = new Big(10_000 - feeBps).div(10_000);
    keeps.set(feeBps, keep);
  }
  return keep;
}

function print(value: Big): string {
  return toAmount(value, RATE_DECIMALS);
}

/** Limits of the providers that serve the pair: from their quotes and their out-of-range answers. */
function limitsOf(answers: readonly Answer[]): Limits[] {
  return answers.flatMap((answer) => {
    if ('quote' in answer) return [{ min: new Big(answer.quote.min), max: new Big(answer.quote.max) }];
    const { error } = answer;
    if (error instanceof ProviderError && error.code === 'amount_out_of_range' && error.limits) {
      return [{ min: new Big(error.limits.min), max: new Big(error.limits.max) }];
    }
    return [];
  });
}

function spanOf(limits: readonly Limits[]): Limits | null {
  if (limits.length === 0) return null;
  return limits.reduce((acc, l) => ({
    min: l.min.lt(acc.min) ? l.min : acc.min,
    max: l.max.gt(acc.max) ? l.max : acc.max,
  }));
}

/** The quotes, best first: the most to receive, or in a reverse quote the least to send. */
function quotesOf(answers: readonly Answer[], reverse = false): ProviderQuote[] {
  return answers
    .flatMap((answer) => ('quote' in answer ? [answer.quote] : []))
    .sort((a, b) =>
      reverse
        ? new Big(a.amountFrom).cmp(b.amountFrom) || new Big(b.amountTo).cmp(a.amountTo)
        : new Big(b.amountTo).cmp(a.amountTo),
    );
}

/**
 * Asks every liquidity provider at once and picks the best payout; our service fee comes off the
 * result. Fixed-rate quotes are stored so the swap can be created from exactly that offer.
 */
export class QuoteService {
  readonly #db: Database;
  readonly #catalogue: Catalogue;
  readonly #providers: readonly LiquidityProvider[];
  readonly #timeoutMs: number;
  readonly #serviceFeeBps: number;
  readonly #fixedQuoteTtlMs: number;
  readonly #now: () => Date;
  readonly #onProviderAnswer: (answer: ProviderAnswerEvent) => void;
  readonly #prices: PriceSource | null;
  readonly #etaCache = new Map<string, { seconds: number | null; until: number }>();
  readonly #isEnabled: (providerId: string) => boolean;

  constructor(options: QuoteServiceOptions) {
    this.#db = options.db;
    this.#catalogue = options.catalogue;
    this.#providers = options.providers;
    this.#timeoutMs = options.timeoutMs ?? 5_000;
    this.#serviceFeeBps = options.serviceFeeBps ?? 40;
    this.#fixedQuoteTtlMs = options.fixedQuoteTtlMs ?? 10 * 60_000;
    this.#now = options.now ?? (() => new Date());
    this.#onProviderAnswer = options.onProviderAnswer ?? (() => {});
    this.#prices = options.prices ?? null;
    this.#isEnabled = options.isEnabled ?? (() => true);
  }

  /** The providers quotes ask: every configured one the operator has not switched off. */
  get #active(): LiquidityProvider[] {
    return this.#providers.filter((provider) => this.#isEnabled(provider.id));
  }

  /** Every configured provider (switched on or off), as the operator console lists them. */
  get providers(): readonly { id: string; name: string; circuit: CircuitName | null }[] {
    return this.#providers.map((provider) => ({
      id: provider.id,
      name: provider.name,
      // A configured adapter sits behind its breaker (core/providers/resilience.ts); the sandbox's do not.
      circuit: (provider as { circuit?: CircuitName }).circuit ?? null,
    }));
  }

  /** How many liquidity providers each quote asks. */
  get providerCount(): number {
    return this.#active.length;
  }

  async quote(input: QuoteInput): Promise<Quote> {
    const { from, to } = await this.#assets(input.from, input.fromNetwork, input.to, input.toNetwork);
    const reverse = input.amountTo !== undefined;
    if (reverse === (input.amount !== undefined)) {
      throw new QuoteError('invalid_amount', 'Give either amount or amountTo', 'amount');
    }
    if (reverse) this.#checkAmount(input.amountTo ?? '', payoutDecimals(to), 'amountTo');
    else this.#checkAmount(input.amount ?? '', from.decimals, 'amount');
    const promo = input.promoCode ? await this.isValidPromoCode(input.promoCode) : false;
    const feeBps = promo ? 0 : this.#serviceFeeBps;
    const decimals = payoutDecimals(to);
    const fromRef = { coin: from.coin, network: from.network.id };
    const toRef = { coin: to.coin, network: to.network.id };

    let answers: Answer[];
    let request: QuoteRequest;
    if (reverse) {
      // What the provider must pay so that, our fee taken, the visitor gets amountTo.
      const gross = new Big(input.amountTo ?? '0')
        .times(10_000)
        .div(10_000 - feeBps)
        .round(decimals, Big.roundUp);
      const reverseRequest: ReverseQuoteRequest = {
        from: fromRef,
        to: toRef,
        amountTo: toAmount(gross, decimals),
        rateType: input.rateType,
      };
      answers = await this.#askReverse(reverseRequest);
      request = { from: fromRef, to: toRef, amountFrom: '0', rateType: input.rateType };
    } else {
      request = { from: fromRef, to: toRef, amountFrom: input.amount ?? '', rateType: input.rateType };
      answers = await this.#ask(request);
    }
    const quotes = quotesOf(answers, reverse);
    const span = spanOf(limitsOf(answers));
    const first = quotes[0];
    if (!first || !span) {
      await this.#explainNoQuote(input, request, answers);
      throw new QuoteError('pair_unavailable', 'No provider serves this pair right now');
    }
    // The visitor may take another offer than the best; the offers stay listed best first.
    const best = quotes.find((q) => q.provider === input.provider) ?? first;

    const keep = keptAfterFee(feeBps);
    const afterFee = (amountTo: string) => new Big(amountTo).times(keep).round(decimals, Big.roundDown);
    const fixedRate = (provider: string) =>
      input.rateType === 'fixed' || this.#active.some((p) => p.id === provider && p.supportsFixed === true);
    const offers = quotes.map((q): QuoteOffer => {
      const net = afterFee(q.amountTo);
      return {
        provider: q.provider,
        amountFrom: print(new Big(q.amountFrom)),
        amountTo: print(net),
        rate: print(net.div(q.amountFrom)),
        fixedRate: fixedRate(q.provider),
        eta: q.eta ?? null,
      };
    });
    const amountFrom = new Big(best.amountFrom);
    const net = afterFee(best.amountTo);
    const quote: Quote = {
      rateType: input.rateType,
      from: fromRef,
      to: toRef,
      amountFrom: print(amountFrom),
      amountTo: print(net),
      rate: print(net.div(amountFrom)),
      min: print(span.min),
      max: print(span.max),
      provider: best.provider,
      networkFee: best.networkFee,
      serviceFee: print(new Big(best.amountTo).minus(net)),
      reverse,
      offers,
      eta: null,
      usd: { from: null, to: null },
    };
    const [ours, usdFrom, usdTo] = await Promise.all([
      this.pairSwapSeconds(fromRef, toRef),
      this.#usdPrice(from.coin),
      this.#usdPrice(to.coin),
    ]);
    quote.usd = { from: usdFrom, to: usdTo };
    if (ours !== null) quote.eta = { seconds: ours, source: 'swaps' };
    else if (best.eta) quote.eta = { seconds: best.eta.max, source: 'provider' };
    if (input.rateType === 'fixed') await this.#storeFixed(quote, best);
    return quote;
  }

  async #usdPrice(coin: string): Promise<string | null> {
    if (!this.#prices) return null;
    const price = await this.#prices.usdPrice(coin).catch(() => null);
    return price && isDecimalString(price) ? print(new Big(price)) : null;
  }

  /** The median duration of the pair's recent finished swaps (core/exchange/eta.ts), cached for 5 minutes. */
  async pairSwapSeconds(from: Asset, to: Asset): Promise<number | null> {
    const key = `${from.coin}:${from.network}>${to.coin}:${to.network}`;
    const now = this.#now();
    const cached = this.#etaCache.get(key);
    if (cached && cached.until > now.getTime()) return cached.seconds;
    const seconds = await typicalSwapSeconds(this.#db, { from, to }, { now });
    if (this.#etaCache.size > 5_000) this.#etaCache.clear();
    this.#etaCache.set(key, { seconds, until: now.getTime() + ETA_CACHE_MS });
    return seconds;
  }

  /** A stored fixed quote that may still be accepted. */
  async findFixedQuote(quoteId: string): Promise<FixedQuoteRow> {
    const [row] = await this.#db.select().from(fixedQuotes).where(eq(fixedQuotes.id, quoteId));
    if (!row) throw new QuoteError('quote_not_found', 'No such quote', 'quoteId');
    if (row.expiresAt.getTime() <= this.#now().getTime()) {
      throw new QuoteError('quote_expired', 'The quote has expired', 'quoteId');
    }
    return row;
  }

  /** An active, unexpired promo code; codes match whatever their case. */
  async isValidPromoCode(code: string): Promise<boolean> {
    const wanted = code.trim().toUpperCase();
    if (!wanted) return false;
    const rows = await this.#db
      .select({ code: promoCodes.code })
      .from(promoCodes)
      .where(
        and(
          sql`upper(${promoCodes.code}) = ${wanted}`,
          eq(promoCodes.active, true),
          or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, this.#now())),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Whether anyone serves the pair, with fixed rates or not, and the limits: the providers are
   * asked for both rate types with the catalogue minimum as probe amount.
   */
  async pairInfo(
    fromCode: string,
    fromNetwork: string | undefined,
    toCode: string,
    toNetwork?: string,
  ): Promise<PairInfo> {
    const { from, to } = await this.#assets(fromCode, fromNetwork, toCode, toNetwork);
    const base = {
      from: { coin: from.coin, network: from.network.id },
      to: { coin: to.coin, network: to.network.id },
      amountFrom: from.min,
    };
    const [float, fixed] = await Promise.all([
      this.#ask({ ...base, rateType: 'float' }),
      this.#ask({ ...base, rateType: 'fixed' }),
    ]);
    const floatLimits = limitsOf(float);
    const fixedLimits = limitsOf(fixed);
    const span = spanOf(floatLimits.length > 0 ? floatLimits : fixedLimits);
    return {
      available: span !== null,
      fixedRate: fixedLimits.length > 0,
      min: span ? print(span.min) : null,
      max: span ? print(span.max) : null,
    };
  }

  async #assets(
    fromCode: string,
    fromNetwork: string | undefined,
    toCode: string,
    toNetwork: string | undefined,
  ): Promise<{ from: CatalogueAsset; to: CatalogueAsset }> {
    const from = await this.#asset(fromCode, fromNetwork, 'from', 'fromNetwork');
    const to = await this.#asset(toCode, toNetwork, 'to', 'toNetwork');
    if (from.coin === to.coin && from.network.id === to.network.id) {
      throw new QuoteError('same_asset', 'Cannot exchange an asset for itself', 'to');
    }
    return { from, to };
  }

  async #asset(
    code: string,
    network: string | undefined,
    coinField: string,
    networkField: string,
  ): Promise<CatalogueAsset> {
    const coin = await this.#catalogue.coin(code);
    if (!coin) throw new QuoteError('unknown_coin', `Unknown coin: ${code}`, coinField);
    const asset = await this.#catalogue.asset(code, network);
    if (!asset)
      throw new QuoteError('unknown_network', `${code} is not available on ${network}`, networkField);
    return asset;
  }

  #checkAmount(amount: string, decimals: number, field: 'amount' | 'amountTo'): void {
    const ok = isDecimalString(amount) && new Big(amount).gt(0) && fractionDigits(amount) <= decimals;
    if (!ok) {
      throw new QuoteError(
        'invalid_amount',
        `Amount must be a positive number with at most ${decimals} decimals`,
        field,
      );
    }
  }

  /** Every provider that quotes in reverse, as #ask; the others are left out. */
  async #askReverse(request: ReverseQuoteRequest): Promise<Answer[]> {
    const able = this.#active.filter((provider) => provider.reverseQuote);
    return this.#askEach(able, (provider, signal) =>
      (provider.reverseQuote as NonNullable<LiquidityProvider['reverseQuote']>).call(
        provider,
        request,
        signal,
      ),
    );
  }

  /** Every provider in parallel, each within the timeout; failures become answers too. */
  async #ask(request: QuoteRequest): Promise<Answer[]> {
    return this.#askEach(this.#active, (provider, signal) => provider.quote(request, signal));
  }

  async #askEach(
    providers: readonly LiquidityProvider[],
    ask: (provider: LiquidityProvider, signal: AbortSignal) => Promise<ProviderQuote>,
  ): Promise<Answer[]> {
    return Promise.all(
      providers.map((provider) => {
        const started = performance.now();
        const tell = (outcome: ProviderAnswerEvent['outcome']) =>
          this.#onProviderAnswer({
            provider: provider.id,
            seconds: (performance.now() - started) / 1000,
            outcome,
          });
        return withDeadline((signal) => ask(provider, signal), this.#timeoutMs).then(
          (quote): Answer => {
            tell('ok');
            return { provider: provider.id, quote };
          },
          (error: unknown): Answer => {
            tell(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error');
            return { provider: provider.id, error };
          },
        );
      }),
    );
  }

  /** Throws the most useful error when no provider quoted: limits first, then missing fixed rates. */
  async #explainNoQuote(input: QuoteInput, request: QuoteRequest, answers: readonly Answer[]): Promise<void> {
    const limits = limitsOf(answers);
    const span = spanOf(limits);
    if (span) {
      // A reverse quote compares the amount to send the providers worked out.
      const worked = answers.flatMap((answer) =>
        'error' in answer && answer.error instanceof ProviderError && answer.error.amountFrom
          ? [answer.error.amountFrom]
          : [],
      )[0];
      const amount = new Big(input.amount ?? worked ?? span.min.toString());
      if (input.amount === undefined && worked === undefined) {
        const details = { min: print(span.min), max: print(span.max) };
        throw new QuoteError('amount_below_min', `The minimum is ${details.min}`, 'amountTo', details);
      }
      const field = input.amount === undefined ? 'amountTo' : 'amount';
      const details = { min: print(span.min), max: print(span.max) };
      if (amount.gt(span.max)) {
        throw new QuoteError('amount_above_max', `The maximum is ${details.max}`, field, details);
      }
      // Below everyone, or in a gap between providers' ranges: the next minimum up is what helps.
      const nextMin = limits
        .map((l) => l.min)
        .filter((min) => min.gt(amount))
        .reduce<Big | null>((acc, min) => (acc === null || min.lt(acc) ? min : acc), null);
      const min = print(nextMin ?? span.min);
      throw new QuoteError('amount_below_min', `The minimum is ${min}`, field, { ...details, min });
    }
    if (input.rateType === 'fixed' && input.amount !== undefined) {
      const float = await this.#ask({ ...request, rateType: 'float' });
      if (limitsOf(float).length > 0) {
        throw new QuoteError(
          'fixed_rate_unavailable',
          'No fixed rate for this pair; a floating rate is available',
        );
      }
    }
  }

  async #storeFixed(quote: Quote, best: ProviderQuote): Promise<void> {
    const now = this.#now();
    const ours = now.getTime() + this.#fixedQuoteTtlMs;
    const expiresAt = new Date(Math.min(ours, best.expiresAt?.getTime() ?? ours));
    const id = randomBytes(16).toString('base64url');
    await this.#db.insert(fixedQuotes).values({
      id,
      provider: best.provider,
      fromCoin: quote.from.coin,
      fromNetwork: quote.from.network,
      toCoin: quote.to.coin,
      toNetwork: quote.to.network,
      amountFrom: quote.amountFrom,
      amountTo: quote.amountTo,
      rate: quote.rate,
      serviceFee: quote.serviceFee,
      networkFee: quote.networkFee,
      providerRateId: best.providerRateId ?? null,
      expiresAt,
      createdAt: now,
    });
    quote.quoteId = id;
    quote.expiresAt = expiresAt;
  }
}
