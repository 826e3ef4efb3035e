import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { depositAddressFor, depositMemoFor } from '../../core/address/generate.ts';
import { validateAddress } from '../../core/address/validate.ts';
import { Big, isDecimalString } from '../../core/exchange/decimal.ts';
import { networkFromChangeNow } from '../../core/providers/changenow.ts';
import {
  addressSeed,
  FAKE_PRICES,
  FakeHttpError,
  type FakeSwitches,
  fakeTxHash,
  type RecordedRequest,
  startFakeServer,
} from './fake-server.ts';

/**
 * A local stand-in for the ChangeNOW API v2, for tests and offline development: the four
 * endpoints the adapter uses, with the documented shapes, a price table, issued rate ids and
 * exchanges whose status the test sets. Amounts go out as JSON numbers, as ChangeNOW sends them.
 * The server, its request log and switches are the shared ones of ./fake-server.ts.
 */

export type FakeChangeNowStatus =
  | 'new'
  | 'waiting'
  | 'confirming'
  | 'exchanging'
  | 'sending'
  | 'finished'
  | 'failed'
  | 'refunded'
  | 'verifying'
  | 'expired';

export interface FakeChangeNowOptions {
  apiKey?: string;
  /** USD prices by ChangeNOW ticker. */
  prices?: Record<string, number>;
  /** Served assets as 'ticker:network' (ChangeNOW codes). */
  assets?: string[];
  spreadBps?: number;
  fixedMarginBps?: number;
  /** Payout fee in USD, returned as withdrawalFee and taken from toAmount. */
  withdrawalFeeUsd?: number;
  /** Limits in USD worth of the `from` asset; the standard flow has no max unless set. */
  minUsd?: number;
  maxUsd?: number;
  standardMaxUsd?: number | null;
  fixedRate?: boolean;
  fixedRateTtlMs?: number;
  latencyMs?: number;
}

interface FakeRate {
  key: string;
  fromAmount: string;
  toAmount: number;
  validUntil: Date;
}

interface FakeExchange {
  id: string;
  status: FakeChangeNowStatus;
  flow: string;
  fromCurrency: string;
  fromNetwork: string;
  toCurrency: string;
  toNetwork: string;
  expectedAmountFrom: number;
  expectedAmountTo: number;
  amountFrom: number | null;
  amountTo: number | null;
  payinAddress: string;
  payinExtraId: string | null;
  payoutAddress: string;
  payoutExtraId: string | null;
  refundAddress: string | null;
  refundExtraId: string | null;
  payinHash: string | null;
  payoutHash: string | null;
  validUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FakeChangeNow {
  /** Base URL including '/v2', to pass as the adapter's baseUrl. */
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  setStatus(id: string, status: FakeChangeNowStatus): void;
  set(switches: Partial<FakeSwitches>): void;
  exchange(id: string): Readonly<FakeExchange> | undefined;
  close(): Promise<void>;
}

const DEFAULT_ASSETS = [
  'btc:btc',
  'eth:eth',
  'eth:arbitrum',
  'usdt:eth',
  'usdt:trx',
  'usdc:eth',
  'sol:sol',
  'trx:trx',
  'xrp:xrp',
  'ltc:ltc',
  'doge:doge',
];

const pairQuery = z.object({
  fromCurrency: z.string().min(1),
  toCurrency: z.string().min(1),
  fromNetwork: z.string().min(1),
  toNetwork: z.string().min(1),
  flow: z.enum(['standard', 'fixed-rate']).default('standard'),
});

const estimateQuery = pairQuery.extend({
  fromAmount: z.string().refine(isDecimalString).optional(),
  toAmount: z.string().refine(isDecimalString).optional(),
  type: z.enum(['direct', 'reverse']).default('direct'),
  useRateId: z.enum(['true', 'false']).optional(),
});

const createBody = z.object({
  fromCurrency: z.string().min(1),
  toCurrency: z.string().min(1),
  fromNetwork: z.string().min(1),
  toNetwork: z.string().min(1),
  fromAmount: z.string().refine(isDecimalString),
  address: z.string(),
  extraId: z.string().optional(),
  refundAddress: z.string().optional(),
  refundExtraId: z.string().optional(),
  flow: z.enum(['standard', 'fixed-rate']).default('standard'),
  type: z.literal('direct').default('direct'),
  rateId: z.string().optional(),
});

/** ChangeNOW's error answer: `{ error, message }` with the HTTP status. */
function fail(status: number, error: string, message: string): never {
  throw new FakeHttpError(status, { error, message });
}

const round8 = (value: Big): number => Number(value.round(8, Big.roundDown).toFixed());

export async function startFakeChangeNow(options: FakeChangeNowOptions = {}): Promise<FakeChangeNow> {
  const apiKey = options.apiKey ?? 'test-key';
  const prices: Record<string, number> = { ...FAKE_PRICES, ...options.prices };
  const assets = new Set(options.assets ?? DEFAULT_ASSETS);
  const spreadBps = options.spreadBps ?? 50;
  const fixedMarginBps = options.fixedMarginBps ?? 100;
  const withdrawalFeeUsd = options.withdrawalFeeUsd ?? 1;
  const minUsd = options.minUsd ?? 10;
  const maxUsd = options.maxUsd ?? 100_000;
  const standardMaxUsd = options.standardMaxUsd ?? null;
  const fixedRateEnabled = options.fixedRate ?? true;
  const fixedRateTtlMs = options.fixedRateTtlMs ?? 10 * 60_000;
  const rates = new Map<string, FakeRate>();
  const exchanges = new Map<string, FakeExchange>();

  function price(ticker: string): Big {
    const usd = prices[ticker];
    if (usd === undefined) fail(400, 'pair_is_inactive', `No market for ${ticker}`);
    return new Big(usd);
  }

  function checkPair(pair: z.infer<typeof pairQuery>): { priceFrom: Big; priceTo: Big } {
    const from = `${pair.fromCurrency}:${pair.fromNetwork}`;
    const to = `${pair.toCurrency}:${pair.toNetwork}`;
    if (!assets.has(from) || !assets.has(to) || from === to) {
      fail(400, 'pair_is_inactive', 'Pair is inactive');
    }
    if (pair.flow === 'fixed-rate' && !fixedRateEnabled) {
      fail(400, 'fixed_rate_not_enabled', 'Fixed rate is not enabled for this pair');
    }
    return { priceFrom: price(pair.fromCurrency), priceTo: price(pair.toCurrency) };
  }

  function range(pair: z.infer<typeof pairQuery>, priceFrom: Big): { min: Big; max: Big | null } {
    const maxInUsd = pair.flow === 'fixed-rate' ? maxUsd : standardMaxUsd;
    return {
      min: new Big(minUsd).div(priceFrom).round(8, Big.roundUp),
      max: maxInUsd === null ? null : new Big(maxInUsd).div(priceFrom).round(8, Big.roundDown),
    };
  }

  function estimate(pair: z.infer<typeof pairQuery>, fromAmount: string): { toAmount: number; fee: number } {
    const { priceFrom, priceTo } = checkPair(pair);
    const limits = range(pair, priceFrom);
    const amount = new Big(fromAmount);
    if (amount.lt(limits.min)) {
      fail(400, 'out_of_range', `Amount is less than minimal: ${limits.min.toFixed()}`);
    }
    if (limits.max && amount.gt(limits.max)) {
      fail(400, 'out_of_range', `Amount is more than maximal: ${limits.max.toFixed()}`);
    }
    const marginBps = spreadBps + (pair.flow === 'fixed-rate' ? fixedMarginBps : 0);
    const fee = new Big(withdrawalFeeUsd).div(priceTo);
    const gross = amount.times(priceFrom).div(priceTo).times(new Big(10_000).minus(marginBps).div(10_000));
    return { toAmount: Math.max(0, round8(gross.minus(fee))), fee: round8(fee) };
  }

  function pairKey(pair: z.infer<typeof pairQuery>): string {
    return [pair.fromCurrency, pair.fromNetwork, pair.toCurrency, pair.toNetwork].join(':');
  }

  function handleRange(query: Record<string, string>): unknown {
    const pair = parse(pairQuery, query);
    const { priceFrom } = checkPair(pair);
    const limits = range(pair, priceFrom);
    return {
      ...pair,
      minAmount: Number(limits.min.toFixed()),
      maxAmount: limits.max === null ? null : Number(limits.max.toFixed()),
    };
  }

  /** The amount to send for `toAmount`: the estimate inverted, rounded up to 8 decimals. */
  function reverse(pair: z.infer<typeof pairQuery>, toAmount: string): string {
    const { priceFrom, priceTo } = checkPair(pair);
    const marginBps = spreadBps + fixedMarginBps;
    const fee = new Big(withdrawalFeeUsd).div(priceTo);
    return new Big(toAmount)
      .plus(fee)
      .times(priceTo)
      .div(priceFrom)
      .times(10_000)
      .div(new Big(10_000).minus(marginBps))
      .round(8, Big.roundUp)
      .toFixed();
  }

  function handleEstimate(query: Record<string, string>): unknown {
    const q = parse(estimateQuery, query);
    const answer = (amounts: {
      fromAmount: number;
      toAmount: number;
      withdrawalFee: number;
      rateId: string | null;
      validUntil: string | null;
    }) => ({
      fromCurrency: q.fromCurrency,
      fromNetwork: q.fromNetwork,
      toCurrency: q.toCurrency,
      toNetwork: q.toNetwork,
      flow: q.flow,
      type: q.type,
      rateId: amounts.rateId,
      validUntil: amounts.validUntil,
      transactionSpeedForecast: '10-60',
      warningMessage: null,
      fromAmount: amounts.fromAmount,
      toAmount: amounts.toAmount,
      depositFee: 0,
      withdrawalFee: amounts.withdrawalFee,
      userId: null,
    });
    // As ChangeNOW documents it: reverse estimates exist for the fixed-rate flow only.
    if (q.type === 'reverse') {
      if (q.flow !== 'fixed-rate' || !q.toAmount) {
        fail(400, 'bad_params', 'Reverse estimates need flow=fixed-rate and toAmount');
      }
      const fromAmount = reverse(q, q.toAmount);
      const { fee } = estimate(q, fromAmount);
      return answer({
        fromAmount: Number(fromAmount),
        toAmount: Number(q.toAmount),
        withdrawalFee: fee,
        rateId: null,
        validUntil: new Date(Date.now() + fixedRateTtlMs).toISOString(),
      });
    }
    if (!q.fromAmount) fail(400, 'bad_params', 'fromAmount is required');
    const { toAmount, fee } = estimate(q, q.fromAmount);
    let rateId: string | null = null;
    let validUntil: string | null = null;
    if (q.flow === 'fixed-rate') {
      const until = new Date(Date.now() + fixedRateTtlMs);
      validUntil = until.toISOString();
      if (q.useRateId === 'true') {
        rateId = randomBytes(16).toString('hex');
        rates.set(rateId, { key: pairKey(q), fromAmount: q.fromAmount, toAmount, validUntil: until });
      }
    }
    return answer({ fromAmount: Number(q.fromAmount), toAmount, withdrawalFee: fee, rateId, validUntil });
  }

  function handleCreate(raw: unknown): unknown {
    const body = parse(createBody, raw);
    checkPair(body);
    const toNetwork = networkFromChangeNow(body.toNetwork);
    const fromNetwork = networkFromChangeNow(body.fromNetwork);
    if (!toNetwork || !fromNetwork) fail(400, 'pair_is_inactive', 'Unknown network');
    if (!validateAddress(toNetwork, body.address).valid) {
      fail(400, 'not_valid_address', 'Address is not valid');
    }
    if (body.refundAddress && !validateAddress(fromNetwork, body.refundAddress).valid) {
      fail(400, 'not_valid_refund_address', 'Refund address is not valid');
    }
    let toAmount: number;
    let validUntil: string | null = null;
    if (body.flow === 'fixed-rate') {
      const rate = body.rateId ? rates.get(body.rateId) : undefined;
      const usable =
        rate &&
        rate.validUntil.getTime() > Date.now() &&
        rate.key === pairKey(body) &&
        new Big(rate.fromAmount).eq(body.fromAmount);
      if (!rate || !usable) {
        fail(400, 'rate_id_not_found_or_expired', 'Rate id is not found or expired');
      }
      rates.delete(body.rateId ?? '');
      toAmount = rate.toAmount;
      validUntil = rate.validUntil.toISOString();
    } else {
      toAmount = estimate(body, body.fromAmount).toAmount;
    }
    const id = randomBytes(7).toString('hex');
    const seed = addressSeed(id);
    const now = new Date().toISOString();
    const exchange: FakeExchange = {
      id,
      status: 'new',
      flow: body.flow,
      fromCurrency: body.fromCurrency,
      fromNetwork: body.fromNetwork,
      toCurrency: body.toCurrency,
      toNetwork: body.toNetwork,
      expectedAmountFrom: Number(body.fromAmount),
      expectedAmountTo: toAmount,
      amountFrom: null,
      amountTo: null,
      payinAddress: depositAddressFor(fromNetwork, seed),
      payinExtraId: depositMemoFor(fromNetwork, seed) ?? null,
      payoutAddress: body.address,
      payoutExtraId: body.extraId || null,
      refundAddress: body.refundAddress || null,
      refundExtraId: body.refundExtraId || null,
      payinHash: null,
      payoutHash: null,
      validUntil,
      createdAt: now,
      updatedAt: now,
    };
    exchanges.set(id, exchange);
    return {
      id,
      fromAmount: exchange.expectedAmountFrom,
      toAmount,
      flow: body.flow,
      type: body.type,
      payinAddress: exchange.payinAddress,
      payoutAddress: exchange.payoutAddress,
      payinExtraId: exchange.payinExtraId,
      payoutExtraId: exchange.payoutExtraId,
      fromCurrency: body.fromCurrency,
      fromNetwork: body.fromNetwork,
      toCurrency: body.toCurrency,
      toNetwork: body.toNetwork,
      refundAddress: exchange.refundAddress,
      refundExtraId: exchange.refundExtraId,
      rateId: body.rateId || null,
    };
  }

  function handleById(query: Record<string, string>): unknown {
    const exchange = exchanges.get(query.id ?? '');
    if (!exchange) fail(404, 'not_found', 'Exchange not found');
    return {
      ...exchange,
      actionsAvailable: false,
      depositReceivedAt: exchange.payinHash ? exchange.updatedAt : null,
      fromLegacyTicker: exchange.fromCurrency,
      toLegacyTicker: exchange.toCurrency,
      refundHash: null,
      refundAmount: null,
      userId: null,
      relatedExchangesInfo: [],
    };
  }

  function route({ method, path, query, body }: RecordedRequest): unknown {
    if (method === 'GET' && path === '/v2/exchange/range') return handleRange(query);
    if (method === 'GET' && path === '/v2/exchange/estimated-amount') return handleEstimate(query);
    if (method === 'POST' && path === '/v2/exchange') return handleCreate(body);
    if (method === 'GET' && path === '/v2/exchange/by-id') return handleById(query);
    return fail(404, 'not_found', `No route ${method} ${path}`);
  }

  const server = await startFakeServer(
    (request) => {
      if (request.headers['x-changenow-api-key'] !== apiKey) fail(401, 'unauthorized', 'Invalid api key');
      return route(request);
    },
    { failBody: { error: 'internal_error', message: 'Internal server error' } },
  );
  if (options.latencyMs) server.set({ latencyMs: options.latencyMs });
  return {
    url: `${server.origin}/v2`,
    apiKey,
    requests: server.requests,
    setStatus(id, status) {
      const exchange = exchanges.get(id);
      if (!exchange) throw new Error(`Fake ChangeNOW has no exchange ${id}`);
      exchange.status = status;
      exchange.updatedAt = new Date().toISOString();
      const deposited = !['new', 'waiting', 'expired'].includes(status);
      if (deposited) {
        exchange.amountFrom = exchange.expectedAmountFrom;
        exchange.payinHash = fakeTxHash('changenow', 'payin', id);
      }
      if (status === 'sending' || status === 'finished')
        exchange.payoutHash = fakeTxHash('changenow', 'payout', id);
      if (status === 'finished') exchange.amountTo = exchange.expectedAmountTo;
    },
    set: server.set,
    exchange(id) {
      return exchanges.get(id);
    },
    close: server.close,
  };
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) fail(400, 'not_valid_params', z.prettifyError(result.error));
  return result.data;
}
