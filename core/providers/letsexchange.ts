import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type {
  LiquidityProvider,
  ProviderErrorCode,
  ProviderProfile,
  ProviderQuote,
  ProviderSwap,
  ProviderSwapDetail,
  ProviderSwapRequest,
  QuoteRequest,
  SwapStatus,
} from '../exchange/types.ts';
import {
  amountSchema,
  assertAmount,
  assertInRange,
  buildQuote,
  limitsOf,
  type NetworkCodes,
  optionalAmountSchema,
  parseBody,
  printAmount,
  providerError,
  requestJson,
  resolvePair,
} from './kit.ts';

/**
 * Adapter to the LetsExchange API (https://api.letsexchange.io/api), written from its public
 * documentation at https://api-doc.letsexchange.io (api-reference: introduction, v1/info,
 * v1/transaction create and get; documentation: statuses, transaction-errors, faq).
 *
 * - Auth: `Authorization: Bearer {token}`; `affiliate_id` in every quote and swap credits us.
 * - Quotes: POST /v1/info with coin and network of each side, the amount and `float`; it answers
 *   the payout (`amount`), limits, the withdrawal fee and, for a fixed rate, `rate_id` with its expiry.
 * - Swaps: POST /v1/transaction with `withdrawal` (+ extra id) and `return` (+ extra id, the refund
 *   address), `rate_id` for a fixed rate; GET /v1/transaction/{id} for the status (polling).
 * - An `overdue` swap still takes a deposit for a while (faq), so it stays waiting with that detail.
 */

export const LETSEXCHANGE_BASE_URL = 'https://api.letsexchange.io/api';

/** Our network ids → LetsExchange network codes (GET /v2/coins `networks[].code`). */
export const LETSEXCHANGE_NETWORKS: NetworkCodes = {
  bitcoin: 'BTC',
  ethereum: 'ERC20',
  bsc: 'BEP20',
  polygon: 'MATIC',
  arbitrum: 'ARBITRUM',
  optimism: 'OPTIMISM',
  base: 'BASE',
  'avalanche-c': 'AVAXC',
  'ethereum-classic': 'ETC',
  tron: 'TRC20',
  solana: 'SOL',
  xrp: 'XRP',
  stellar: 'XLM',
  eos: 'EOS',
  ton: 'TON',
  cosmos: 'ATOM',
  litecoin: 'LTC',
  dogecoin: 'DOGE',
  'bitcoin-cash': 'BCH',
  dash: 'DASH',
  zcash: 'ZEC',
  cardano: 'ADA',
  polkadot: 'DOT',
  monero: 'XMR',
  algorand: 'ALGO',
  near: 'NEAR',
  tezos: 'XTZ',
  hedera: 'HBAR',
  aptos: 'APT',
  sui: 'SUI',
  kaspa: 'KAS',
  cronos: 'CRO',
  zksync: 'ZKSYNC',
  linea: 'LINEA',
  fantom: 'FTM',
};

/** LetsExchange statuses (documentation/statuses) → ours. */
export const LETSEXCHANGE_STATUSES: Readonly<
  Record<string, { status: SwapStatus; detail?: ProviderSwapDetail }>
> = {
  wait: { status: 'waiting' },
  confirmation: { status: 'confirming' },
  confirmed: { status: 'exchanging' },
  exchanging: { status: 'exchanging' },
  sending: { status: 'sending' },
  sending_confirmation: { status: 'sending' },
  success: { status: 'finished' },
  overdue: { status: 'waiting', detail: 'overdue' },
  refund: { status: 'hold', detail: 'refunding' },
  refunded: { status: 'refunded' },
  // Transaction errors 50001–50005 (missed memo, late deposit, wrong network…) wait for support.
  error: { status: 'hold', detail: 'action_needed' },
  aml_check_failed: { status: 'hold', detail: 'review' },
};

const infoSchema = z.object({
  min_amount: amountSchema,
  max_amount: optionalAmountSchema,
  amount: amountSchema,
  withdrawal_fee: optionalAmountSchema,
  rate_id: z.string().nullable().optional(),
  /** Unix seconds or an ISO date, as the examples show either. */
  rate_id_expired_at: z.union([z.number(), z.string()]).nullable().optional(),
});

const transactionSchema = z.object({
  transaction_id: z.union([z.string().min(1), z.number()]).transform(String),
  status: z.string(),
  deposit: z.string().min(1),
  deposit_extra_id: z.string().nullable().optional(),
  deposit_amount: amountSchema,
  withdrawal_amount: amountSchema,
  real_deposit_amount: optionalAmountSchema,
  real_withdrawal_amount: optionalAmountSchema,
  hash_in: z.string().nullable().optional(),
  hash_out: z.string().nullable().optional(),
});

const errorSchema = z.object({
  error: z.string().optional(),
  message: z.string().optional(),
  errors: z.record(z.string(), z.unknown()).optional(),
});

const ERROR_RULES: ReadonlyArray<[RegExp, ProviderErrorCode]> = [
  [/amount|minimum|maximum|limit/i, 'amount_out_of_range'],
  [/withdrawal|return|address|extra/i, 'invalid_address'],
  [/rate.?id|rate.*expired/i, 'rate_expired'],
  [/not found/i, 'not_found'],
  [/coin|network|pair|not active|unavailable/i, 'pair_unavailable'],
];

export interface LetsExchangeOptions {
  apiKey: string;
  affiliateId: string;
  baseUrl?: string;
  tickers?: Readonly<Record<string, string>>;
}

export interface LetsExchangeDeps {
  catalogue: Pick<Catalogue, 'asset'>;
  fetch?: typeof fetch;
}

export class LetsExchangeProvider implements LiquidityProvider {
  readonly id = 'letsexchange';
  readonly name = 'LetsExchange';
  readonly supportsFixed = true;
  readonly profile: ProviderProfile = { spreadBps: null };
  readonly #apiKey: string;
  readonly #affiliateId: string;
  readonly #baseUrl: string;
  readonly #tickers: Readonly<Record<string, string>>;
  readonly #catalogue: Pick<Catalogue, 'asset'>;
  readonly #fetch: typeof fetch;

  constructor(options: LetsExchangeOptions, deps: LetsExchangeDeps) {
    this.#apiKey = options.apiKey;
    this.#affiliateId = options.affiliateId;
    this.#baseUrl = (options.baseUrl ?? LETSEXCHANGE_BASE_URL).replace(/\/+$/, '');
    this.#tickers = options.tickers ?? {};
    this.#catalogue = deps.catalogue;
    this.#fetch = deps.fetch ?? fetch;
  }

  async quote(request: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    const pair = await resolvePair(this, this.#catalogue, LETSEXCHANGE_NETWORKS, request.from, request.to);
    const amount = assertAmount(this, request.amountFrom);
    const fixed = request.rateType === 'fixed';
    const info = parseBody(
      this,
      infoSchema,
      await this.#call(
        'POST',
        '/v1/info',
        {
          from: this.#ticker(pair.from.coin),
          to: this.#ticker(pair.to.coin),
          network_from: pair.fromNetwork,
          network_to: pair.toNetwork,
          amount: request.amountFrom,
          float: !fixed,
          affiliate_id: this.#affiliateId,
        },
        signal,
      ),
      'info',
    );
    const limits = limitsOf(info.min_amount, info.max_amount, pair.from);
    assertInRange(this, amount, limits);
    const expires = info.rate_id_expired_at;
    return buildQuote(this, {
      rateType: request.rateType,
      amountFrom: amount,
      amountTo: info.amount,
      networkFee: info.withdrawal_fee,
      limits,
      to: pair.to,
      ...(fixed
        ? {
            providerRateId: info.rate_id ?? null,
            expiresAt:
              expires === null || expires === undefined
                ? null
                : new Date(typeof expires === 'number' ? expires * 1000 : expires),
          }
        : {}),
    });
  }

  async createSwap(request: ProviderSwapRequest, signal: AbortSignal): Promise<ProviderSwap> {
    const pair = await resolvePair(this, this.#catalogue, LETSEXCHANGE_NETWORKS, request.from, request.to);
    const fixed = request.rateType === 'fixed';
    if (fixed && !request.providerRateId)
      throw providerError(this, 'rate_expired', 'A fixed swap needs a rate_id');
    const body = {
      float: !fixed,
      coin_from: this.#ticker(pair.from.coin),
      coin_to: this.#ticker(pair.to.coin),
      network_from: pair.fromNetwork,
      network_to: pair.toNetwork,
      deposit_amount: request.amountFrom,
      withdrawal: request.payoutAddress,
      withdrawal_extra_id: request.payoutMemo ?? '',
      return: request.refundAddress ?? '',
      return_extra_id: request.refundMemo ?? '',
      affiliate_id: this.#affiliateId,
      ...(fixed ? { rate_id: request.providerRateId } : {}),
    };
    const created = parseBody(
      this,
      transactionSchema,
      await this.#call('POST', '/v1/transaction', body, signal),
      'transaction',
    );
    return this.#swapOf(created);
  }

  async getSwap(providerSwapId: string, signal: AbortSignal): Promise<ProviderSwap> {
    const answer = await this.#call(
      'GET',
      `/v1/transaction/${encodeURIComponent(providerSwapId)}`,
      null,
      signal,
    );
    return this.#swapOf(parseBody(this, transactionSchema, answer, 'transaction/{id}'));
  }

  #swapOf(transaction: z.output<typeof transactionSchema>): ProviderSwap {
    const mapped = LETSEXCHANGE_STATUSES[transaction.status];
    if (!mapped)
      throw providerError(this, 'upstream_error', `LetsExchange status "${transaction.status}" is unknown`);
    const swap: ProviderSwap = {
      providerSwapId: transaction.transaction_id,
      status: mapped.status,
      depositAddress: transaction.deposit,
      amountFrom: printAmount(transaction.deposit_amount),
      amountTo: printAmount(transaction.withdrawal_amount, 8),
    };
    if (mapped.detail) swap.detail = mapped.detail;
    if (transaction.deposit_extra_id) swap.depositMemo = transaction.deposit_extra_id;
    if (transaction.hash_in) {
      swap.depositHash = transaction.hash_in;
      swap.amountDeposited = printAmount(transaction.real_deposit_amount ?? transaction.deposit_amount);
    }
    if (transaction.hash_out) swap.payoutHash = transaction.hash_out;
    if (mapped.status === 'finished') {
      swap.amountPaidOut = printAmount(
        transaction.real_withdrawal_amount ?? transaction.withdrawal_amount,
        8,
      );
    }
    return swap;
  }

  #ticker(coin: string): string {
    return (Object.hasOwn(this.#tickers, coin) ? (this.#tickers[coin] as string) : coin).toUpperCase();
  }

  async #call(
    method: 'GET' | 'POST',
    path: string,
    body: Record<string, unknown> | null,
    signal: AbortSignal,
  ) {
    const answer = await requestJson(
      this,
      this.#fetch,
      new URL(`${this.#baseUrl}${path}`),
      {
        method,
        headers: {
          authorization: `Bearer ${this.#apiKey}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      },
      signal,
    );
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    const error = errorSchema.safeParse(answer.body);
    const message =
      (error.success &&
        [error.data.error, error.data.message, ...Object.keys(error.data.errors ?? {})]
          .filter(Boolean)
          .join(' ')) ||
      `HTTP ${answer.status}`;
    if (answer.status === 404) throw providerError(this, 'not_found', `LetsExchange: ${message}`);
    if (answer.status >= 400 && answer.status < 500) {
      const code = ERROR_RULES.find(([pattern]) => pattern.test(message))?.[1];
      if (code) throw providerError(this, code, `LetsExchange: ${message}`);
    }
    throw providerError(
      this,
      'upstream_error',
      `LetsExchange ${method} ${path} answered ${answer.status} (${message})`,
    );
  }
}
