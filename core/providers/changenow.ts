import { z } from 'zod';
import type { NetworkId } from '../address/networks.ts';
import { type Catalogue, type CatalogueAsset, payoutDecimals } from '../catalogue/catalogue.ts';
import { Big, isDecimalString, toAmount } from '../exchange/decimal.ts';
import {
  type Asset,
  DECIMAL_NUMBER_PATTERN,
  type LiquidityProvider,
  ProviderError,
  type ProviderErrorCode,
  type ProviderProfile,
  type ProviderQuote,
  type ProviderSwap,
  type ProviderSwapRequest,
  type QuoteRequest,
  type ReverseQuoteRequest,
  type SwapStatus,
} from '../exchange/types.ts';

/**
 * Adapter to the ChangeNOW API v2 (https://api.changenow.io/v2, key in `x-changenow-api-key`).
 * Quotes use GET /exchange/range and GET /exchange/estimated-amount, swaps POST /exchange and
 * GET /exchange/by-id. Every response is validated; anything unexpected is an 'upstream_error'.
 */

export const CHANGENOW_BASE_URL = 'https://api.changenow.io/v2';

/** Our network ids → ChangeNOW's `network` codes. */
export const CHANGENOW_NETWORKS: Readonly<Record<NetworkId, string>> = {
  bitcoin: 'btc',
  ethereum: 'eth',
  bsc: 'bsc',
  polygon: 'matic',
  arbitrum: 'arbitrum',
  optimism: 'op',
  base: 'base',
  'avalanche-c': 'avaxc',
  'ethereum-classic': 'etc',
  tron: 'trx',
  solana: 'sol',
  xrp: 'xrp',
  stellar: 'xlm',
  eos: 'eos',
  ton: 'ton',
  cosmos: 'atom',
  litecoin: 'ltc',
  dogecoin: 'doge',
  'bitcoin-cash': 'bch',
  dash: 'dash',
  zcash: 'zec',
  cardano: 'ada',
  polkadot: 'dot',
  monero: 'xmr',
  algorand: 'algo',
  near: 'near',
  tezos: 'xtz',
  hedera: 'hbar',
  aptos: 'apt',
  sui: 'sui',
  kaspa: 'kas',
  cronos: 'cro',
  zksync: 'zksync',
  linea: 'linea',
  fantom: 'ftm',
};

const NETWORK_BY_CHANGENOW = new Map<string, string>(
  Object.entries(CHANGENOW_NETWORKS).map(([ours, theirs]) => [theirs, ours]),
);

/** Our network id for a ChangeNOW network code, or null. */
export function networkFromChangeNow(code: string): string | null {
  return NETWORK_BY_CHANGENOW.get(code) ?? null;
}

export function changeNowNetwork(networkId: string): string | null {
  return Object.hasOwn(CHANGENOW_NETWORKS, networkId) ? CHANGENOW_NETWORKS[networkId as NetworkId] : null;
}

/** ChangeNOW statuses → ours. 'verifying' means their compliance team holds the swap. */
const STATUS_MAP = {
  new: 'waiting',
  waiting: 'waiting',
  confirming: 'confirming',
  exchanging: 'exchanging',
  sending: 'sending',
  finished: 'finished',
  failed: 'failed',
  refunded: 'refunded',
  verifying: 'hold',
  expired: 'expired',
} as const satisfies Record<string, SwapStatus>;

type ChangeNowStatus = keyof typeof STATUS_MAP;

/** ChangeNOW `error` codes of 4xx answers → ours; unknown codes are upstream errors. */
const ERROR_CODES: Readonly<Record<string, ProviderErrorCode>> = {
  out_of_range: 'amount_out_of_range',
  deposit_too_small: 'amount_out_of_range',
  max_amount_exceeded: 'amount_out_of_range',
  pair_is_inactive: 'pair_unavailable',
  fixed_rate_not_enabled: 'pair_unavailable',
  not_valid_address: 'invalid_address',
  not_valid_refund_address: 'invalid_address',
  not_valid_extra_id: 'invalid_address',
  not_valid_refund_extra_id: 'invalid_address',
  rate_id_not_found_or_expired: 'rate_expired',
  not_found: 'not_found',
};

// Amounts arrive as JSON numbers (sometimes strings); big.js takes both without float maths on our side.
const amountSchema = z
  .union([z.number().nonnegative(), z.string().regex(DECIMAL_NUMBER_PATTERN)])
  .transform((value) => new Big(value));

const rangeSchema = z.object({
  minAmount: amountSchema,
  maxAmount: amountSchema.nullable().optional(),
});

const estimateSchema = z.object({
  toAmount: amountSchema,
  rateId: z.string().min(1).nullable().optional(),
  validUntil: z.iso.datetime({ offset: true }).nullable().optional(),
  withdrawalFee: amountSchema.nullable().optional(),
  /** Minutes, e.g. "10-60"; anything else is ignored. */
  transactionSpeedForecast: z.string().nullable().optional(),
});

const reverseEstimateSchema = z.object({ fromAmount: amountSchema });

/** ChangeNOW's "10-60" (minutes) as seconds; null when absent or not of that shape. */
export function speedForecastEta(forecast: string | null | undefined): { min: number; max: number } | null {
  const match = forecast?.trim().match(/^(\d+)(?:\s*-\s*(\d+))?$/);
  if (!match) return null;
  const min = Number(match[1]) * 60;
  const max = Number(match[2] ?? match[1]) * 60;
  return max >= min ? { min, max } : null;
}

const createdSchema = z.object({
  id: z.string().min(1),
  fromAmount: amountSchema,
  toAmount: amountSchema,
  payinAddress: z.string().min(1),
  payinExtraId: z.string().nullable().optional(),
});

const exchangeSchema = z.object({
  id: z.string().min(1),
  status: z.enum(Object.keys(STATUS_MAP) as [ChangeNowStatus, ...ChangeNowStatus[]]),
  toCurrency: z.string(),
  toNetwork: z.string(),
  payinAddress: z.string().min(1),
  payinExtraId: z.string().nullable().optional(),
  expectedAmountFrom: amountSchema.nullable().optional(),
  expectedAmountTo: amountSchema.nullable().optional(),
  amountFrom: amountSchema.nullable().optional(),
  amountTo: amountSchema.nullable().optional(),
  payinHash: z.string().nullable().optional(),
  payoutHash: z.string().nullable().optional(),
});

const errorSchema = z.object({ error: z.string(), message: z.string().optional() });

export interface ChangeNowOptions {
  apiKey: string;
  baseUrl?: string;
  id?: string;
  name?: string;
  /** Our coin code → ChangeNOW ticker, where they differ. */
  tickers?: Readonly<Record<string, string>>;
}

export interface ChangeNowDeps {
  /** Decimals for rounding payouts and the catalogue max when ChangeNOW sets none. */
  catalogue: Pick<Catalogue, 'asset'>;
  fetch?: typeof fetch;
}

interface Pair {
  from: CatalogueAsset;
  to: CatalogueAsset;
  params: { fromCurrency: string; toCurrency: string; fromNetwork: string; toNetwork: string };
}

const AMOUNT_DECIMALS = 18;

export class ChangeNowProvider implements LiquidityProvider {
  readonly id: string;
  readonly name: string;
  /** ChangeNOW publishes no fixed spread; it offers fixed rates (its fixed-rate flow). */
  readonly profile: ProviderProfile = { spreadBps: null };
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #tickers: Readonly<Record<string, string>>;
  readonly #catalogue: Pick<Catalogue, 'asset'>;
  readonly #fetch: typeof fetch;
  /** ChangeNOW offers fixed rates; a pair without them answers fixed_rate_not_enabled. */
  readonly supportsFixed = true;

  constructor(options: ChangeNowOptions, deps: ChangeNowDeps) {
    this.id = options.id ?? 'changenow';
    this.name = options.name ?? 'ChangeNOW';
    this.#apiKey = options.apiKey;
    this.#baseUrl = (options.baseUrl ?? CHANGENOW_BASE_URL).replace(/\/+$/, '');
    this.#tickers = options.tickers ?? {};
    this.#catalogue = deps.catalogue;
    this.#fetch = deps.fetch ?? fetch;
  }

  async quote(request: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    const { from, to, params } = await this.#pair(request.from, request.to);
    if (!isDecimalString(request.amountFrom)) {
      throw this.#error('amount_out_of_range', `Not a valid amount: "${request.amountFrom}"`);
    }
    const fixed = request.rateType === 'fixed';
    const flow = fixed ? 'fixed-rate' : 'standard';
    // Both calls at once: the estimate fails for out-of-range amounts, and then the range says why.
    const [range, estimate] = await Promise.allSettled([
      this.#call('GET', '/exchange/range', { ...params, flow }, rangeSchema, signal),
      this.#call(
        'GET',
        '/exchange/estimated-amount',
        {
          ...params,
          fromAmount: request.amountFrom,
          flow,
          type: 'direct',
          ...(fixed ? { useRateId: 'true' } : {}),
        },
        estimateSchema,
        signal,
      ),
    ]);
    if (range.status === 'rejected') throw range.reason;
    const fromDecimals = Math.min(from.decimals, AMOUNT_DECIMALS);
    const limits = {
      min: toAmount(range.value.minAmount.round(fromDecimals, Big.roundUp), fromDecimals),
      max: range.value.maxAmount ? toAmount(range.value.maxAmount, fromDecimals) : from.max,
    };
    const amountFrom = new Big(request.amountFrom);
    if (amountFrom.lt(limits.min) || amountFrom.gt(limits.max)) {
      throw this.#error(
        'amount_out_of_range',
        `Amount must be between ${limits.min} and ${limits.max}`,
        limits,
      );
    }
    if (estimate.status === 'rejected') {
      const reason: unknown = estimate.reason;
      if (reason instanceof ProviderError && reason.code === 'amount_out_of_range') {
        throw this.#error('amount_out_of_range', reason.message, limits);
      }
      throw reason;
    }
    const {
      toAmount: estimated,
      rateId,
      validUntil,
      withdrawalFee,
      transactionSpeedForecast,
    } = estimate.value;
    const amountTo = toAmount(estimated, payoutDecimals(to));
    if (new Big(amountTo).lte(0)) {
      throw this.#error('amount_out_of_range', 'Amount does not cover the fees', limits);
    }
    const quote: ProviderQuote = {
      provider: this.id,
      rateType: request.rateType,
      amountFrom: toAmount(amountFrom, AMOUNT_DECIMALS),
      amountTo,
      rate: toAmount(new Big(amountTo).div(amountFrom), AMOUNT_DECIMALS),
      networkFee: toAmount(withdrawalFee ?? new Big(0), payoutDecimals(to)),
      min: limits.min,
      max: limits.max,
    };
    const eta = speedForecastEta(transactionSpeedForecast);
    if (eta) quote.eta = eta;
    if (fixed) {
      if (!rateId || !validUntil) throw this.#error('upstream_error', 'Fixed-rate estimate without rateId');
      quote.providerRateId = rateId;
      quote.expiresAt = new Date(validUntil);
    }
    return quote;
  }

  /**
   * ChangeNOW's reverse estimate (GET /exchange/estimated-amount with `type=reverse`), which it
   * offers for the fixed-rate flow only, gives the amount to send; that amount is then quoted
   * directly (rounded up to the coin's decimals), so the rate id is one a direct swap can use.
   */
  async reverseQuote(request: ReverseQuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    if (request.rateType !== 'fixed') {
      throw this.#error('pair_unavailable', 'ChangeNOW gives reverse estimates for fixed rates only');
    }
    const { from, params } = await this.#pair(request.from, request.to);
    if (!isDecimalString(request.amountTo)) {
      throw this.#error('amount_out_of_range', `Not a valid amount: "${request.amountTo}"`);
    }
    const flow = 'fixed-rate';
    const [range, estimate] = await Promise.allSettled([
      this.#call('GET', '/exchange/range', { ...params, flow }, rangeSchema, signal),
      this.#call(
        'GET',
        '/exchange/estimated-amount',
        { ...params, toAmount: request.amountTo, flow, type: 'reverse' },
        reverseEstimateSchema,
        signal,
      ),
    ]);
    if (range.status === 'rejected') throw range.reason;
    const fromDecimals = Math.min(from.decimals, AMOUNT_DECIMALS);
    const limits = {
      min: toAmount(range.value.minAmount.round(fromDecimals, Big.roundUp), fromDecimals),
      max: range.value.maxAmount ? toAmount(range.value.maxAmount, fromDecimals) : from.max,
    };
    if (estimate.status === 'rejected') {
      const reason: unknown = estimate.reason;
      if (reason instanceof ProviderError && reason.code === 'amount_out_of_range') {
        throw this.#error('amount_out_of_range', reason.message, limits);
      }
      throw reason;
    }
    const amountFrom = estimate.value.fromAmount.round(fromDecimals, Big.roundUp);
    if (amountFrom.lte(0)) throw this.#error('amount_out_of_range', 'No amount to send', limits);
    const printed = toAmount(amountFrom, fromDecimals);
    if (amountFrom.lt(limits.min) || amountFrom.gt(limits.max)) {
      throw new ProviderError(
        this.id,
        'amount_out_of_range',
        `Amount to send must be between ${limits.min} and ${limits.max}`,
        limits,
        printed,
      );
    }
    return this.quote({ from: request.from, to: request.to, amountFrom: printed, rateType: 'fixed' }, signal);
  }

  async createSwap(request: ProviderSwapRequest, signal: AbortSignal): Promise<ProviderSwap> {
    const { to, params } = await this.#pair(request.from, request.to);
    const fixed = request.rateType === 'fixed';
    if (fixed && !request.providerRateId)
      throw this.#error('rate_expired', 'A fixed-rate swap needs a rateId');
    // Optional fields go as empty strings, as in ChangeNOW's own examples.
    const body = {
      ...params,
      fromAmount: request.amountFrom,
      address: request.payoutAddress,
      extraId: request.payoutMemo ?? '',
      refundAddress: request.refundAddress ?? '',
      refundExtraId: request.refundMemo ?? '',
      flow: fixed ? 'fixed-rate' : 'standard',
      type: 'direct',
      rateId: request.providerRateId ?? '',
    };
    const created = await this.#call('POST', '/exchange', body, createdSchema, signal);
    const swap: ProviderSwap = {
      providerSwapId: created.id,
      status: 'waiting',
      depositAddress: created.payinAddress,
      amountFrom: toAmount(created.fromAmount, AMOUNT_DECIMALS),
      amountTo: toAmount(created.toAmount, payoutDecimals(to)),
    };
    if (created.payinExtraId) swap.depositMemo = created.payinExtraId;
    return swap;
  }

  async getSwap(providerSwapId: string, signal: AbortSignal): Promise<ProviderSwap> {
    const exchange = await this.#call(
      'GET',
      '/exchange/by-id',
      { id: providerSwapId },
      exchangeSchema,
      signal,
    );
    const decimals = await this.#payoutDecimalsOf(exchange.toCurrency, exchange.toNetwork);
    const status = STATUS_MAP[exchange.status];
    const amountFrom = exchange.expectedAmountFrom ?? exchange.amountFrom ?? new Big(0);
    const amountTo = exchange.expectedAmountTo ?? exchange.amountTo ?? new Big(0);
    const swap: ProviderSwap = {
      providerSwapId: exchange.id,
      status,
      depositAddress: exchange.payinAddress,
      amountFrom: toAmount(amountFrom, AMOUNT_DECIMALS),
      amountTo: toAmount(amountTo, decimals),
    };
    if (exchange.payinExtraId) swap.depositMemo = exchange.payinExtraId;
    // Before the deposit arrives, amountFrom is the expected amount, not a received one.
    if (exchange.amountFrom && status !== 'waiting') {
      swap.amountDeposited = toAmount(exchange.amountFrom, AMOUNT_DECIMALS);
    }
    if (exchange.amountTo && status === 'finished')
      swap.amountPaidOut = toAmount(exchange.amountTo, decimals);
    if (exchange.payinHash) swap.depositHash = exchange.payinHash;
    if (exchange.payoutHash) swap.payoutHash = exchange.payoutHash;
    return swap;
  }

  #error(code: ProviderErrorCode, message: string, limits?: { min: string; max: string }): ProviderError {
    return new ProviderError(this.id, code, message, limits);
  }

  #ticker(coin: string): string {
    return Object.hasOwn(this.#tickers, coin) ? (this.#tickers[coin] as string) : coin;
  }

  async #pair(fromRef: Asset, toRef: Asset): Promise<Pair> {
    const [from, to] = await Promise.all([
      this.#catalogue.asset(fromRef.coin, fromRef.network),
      this.#catalogue.asset(toRef.coin, toRef.network),
    ]);
    const fromNetwork = from && changeNowNetwork(from.network.id);
    const toNetwork = to && changeNowNetwork(to.network.id);
    if (!from || !to || !fromNetwork || !toNetwork) throw this.#error('pair_unavailable', 'Unknown asset');
    return {
      from,
      to,
      params: {
        fromCurrency: this.#ticker(from.coin),
        toCurrency: this.#ticker(to.coin),
        fromNetwork,
        toNetwork,
      },
    };
  }

  async #payoutDecimalsOf(ticker: string, network: string): Promise<number> {
    const ours = networkFromChangeNow(network);
    const coin = Object.entries(this.#tickers).find(([, theirs]) => theirs === ticker)?.[0] ?? ticker;
    const asset = ours ? await this.#catalogue.asset(coin, ours) : null;
    return asset ? payoutDecimals(asset) : 8;
  }

  async #call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string>,
    schema: T,
    signal: AbortSignal,
  ): Promise<z.output<T>> {
    const url = new URL(`${this.#baseUrl}${path}`);
    const init: RequestInit = {
      method,
      headers: {
        'x-changenow-api-key': this.#apiKey,
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      signal,
    };
    if (method === 'GET') {
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    } else {
      init.body = JSON.stringify(params);
    }
    let status: number;
    let text: string;
    try {
      const response = await this.#fetch(url, init);
      status = response.status;
      text = await response.text();
    } catch (error) {
      const why = signal.aborted ? 'timed out or was cancelled' : `failed: ${(error as Error).message}`;
      throw this.#error('upstream_error', `ChangeNOW ${method} ${path} ${why}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw this.#error('upstream_error', `ChangeNOW ${method} ${path} answered ${status} without JSON`);
    }
    if (status >= 200 && status < 300) {
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        throw this.#error('upstream_error', `ChangeNOW ${method} ${path}: unexpected response shape`);
      }
      return parsed.data;
    }
    const apiError = errorSchema.safeParse(body);
    const code = apiError.success ? ERROR_CODES[apiError.data.error] : undefined;
    const detail = apiError.success
      ? `${apiError.data.error}: ${apiError.data.message ?? ''}`
      : `HTTP ${status}`;
    if (status >= 400 && status < 500 && code) throw this.#error(code, `ChangeNOW: ${detail}`);
    if (status === 404) throw this.#error('not_found', `ChangeNOW: ${detail}`);
    throw this.#error('upstream_error', `ChangeNOW ${method} ${path} answered ${status} (${detail})`);
  }
}
