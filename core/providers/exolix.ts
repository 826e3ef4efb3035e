import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { Big } from '../exchange/decimal.ts';
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
 * Adapter to the Exolix API v2 (https://exolix.com/api/v2), written from its public documentation
 * at https://exolix.com/developers (currencies, rate, transactions, transaction statuses).
 *
 * - Auth: the API key in `Authorization` (it also credits the affiliate program).
 * - Quotes: GET /rate with coin and network of each side, the amount and rateType float|fixed; an
 *   amount outside the limits answers 422 with minAmount and maxAmount.
 * - Fixed rates: Exolix locks the rate when the transaction is created, not when it quotes. The
 *   adapter keeps the quoted payout as the rate id and refuses (rate_expired) a fixed transaction
 *   Exolix creates for less; an unpaid transaction just lapses, so no money moves.
 * - Swaps: POST /transactions with withdrawal and refund address and extra id; GET /transactions/{id}
 *   for the status (Exolix offers no webhooks: polling).
 */

export const EXOLIX_BASE_URL = 'https://exolix.com/api/v2';

/** Our network ids → Exolix network codes (GET /currencies?withNetworks=true `network`). */
export const EXOLIX_NETWORKS: NetworkCodes = {
  bitcoin: 'BTC',
  ethereum: 'ETH',
  bsc: 'BSC',
  polygon: 'MATIC',
  arbitrum: 'ARBITRUM',
  optimism: 'OPTIMISM',
  base: 'BASE',
  'avalanche-c': 'AVAXC',
  'ethereum-classic': 'ETC',
  tron: 'TRX',
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

/** Exolix transaction statuses → ours. */
export const EXOLIX_STATUSES: Readonly<Record<string, { status: SwapStatus; detail?: ProviderSwapDetail }>> =
  {
    wait: { status: 'waiting' },
    confirmation: { status: 'confirming' },
    confirmed: { status: 'exchanging' },
    exchanging: { status: 'exchanging' },
    sending: { status: 'sending' },
    success: { status: 'finished' },
    // No deposit in Exolix's time; our own unpaid deadline expires the swap.
    overdue: { status: 'waiting', detail: 'overdue' },
    refunded: { status: 'refunded' },
  };

const rateSchema = z.object({
  fromAmount: amountSchema,
  toAmount: amountSchema,
  minAmount: optionalAmountSchema,
  maxAmount: optionalAmountSchema,
  message: z.string().nullable().optional(),
});

const hashSchema = z.object({ hash: z.string().nullable().optional() }).nullable().optional();

const transactionSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: amountSchema,
  amountTo: amountSchema,
  depositAddress: z.string().min(1),
  depositExtraId: z.string().nullable().optional(),
  hashIn: hashSchema,
  hashOut: hashSchema,
});

const errorSchema = z.object({ message: z.string().optional(), error: z.string().optional() });

const ERROR_RULES: ReadonlyArray<[RegExp, ProviderErrorCode]> = [
  [/amount|min|max/i, 'amount_out_of_range'],
  [/address|extra ?id|memo/i, 'invalid_address'],
  [/not found/i, 'not_found'],
  [/pair|coin|network|currency|not available|disabled/i, 'pair_unavailable'],
];

/** How long we hold an Exolix fixed quote: Exolix locks the rate only when the swap is created. */
export const EXOLIX_FIXED_HOLD_MS = 2 * 60_000;

export interface ExolixOptions {
  apiKey: string;
  baseUrl?: string;
  tickers?: Readonly<Record<string, string>>;
}

export interface ExolixDeps {
  catalogue: Pick<Catalogue, 'asset'>;
  fetch?: typeof fetch;
}

export class ExolixProvider implements LiquidityProvider {
  readonly id = 'exolix';
  readonly name = 'Exolix';
  readonly supportsFixed = true;
  readonly profile: ProviderProfile = { spreadBps: null };
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #tickers: Readonly<Record<string, string>>;
  readonly #catalogue: Pick<Catalogue, 'asset'>;
  readonly #fetch: typeof fetch;

  constructor(options: ExolixOptions, deps: ExolixDeps) {
    this.#apiKey = options.apiKey;
    this.#baseUrl = (options.baseUrl ?? EXOLIX_BASE_URL).replace(/\/+$/, '');
    this.#tickers = options.tickers ?? {};
    this.#catalogue = deps.catalogue;
    this.#fetch = deps.fetch ?? fetch;
  }

  async quote(request: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    const pair = await resolvePair(this, this.#catalogue, EXOLIX_NETWORKS, request.from, request.to);
    const amount = assertAmount(this, request.amountFrom);
    const answer = await this.#call(
      'GET',
      '/rate',
      {
        coinFrom: this.#ticker(pair.from.coin),
        networkFrom: pair.fromNetwork,
        coinTo: this.#ticker(pair.to.coin),
        networkTo: pair.toNetwork,
        amount: request.amountFrom,
        rateType: request.rateType,
      },
      signal,
      // 422 is the documented answer for an amount out of range; it carries the limits.
      [422],
    );
    const rate = parseBody(this, rateSchema, answer.body, 'rate');
    const limits = limitsOf(rate.minAmount ?? new Big(0), rate.maxAmount, pair.from);
    assertInRange(this, amount, limits);
    if (answer.status === 422) {
      throw providerError(
        this,
        'amount_out_of_range',
        `Exolix: ${rate.message ?? 'amount out of range'}`,
        limits,
      );
    }
    const fixed = request.rateType === 'fixed';
    return buildQuote(this, {
      rateType: request.rateType,
      amountFrom: amount,
      amountTo: rate.toAmount,
      networkFee: null,
      limits,
      to: pair.to,
      ...(fixed
        ? {
            providerRateId: `payout:${rate.toAmount.toFixed()}`,
            expiresAt: new Date(Date.now() + EXOLIX_FIXED_HOLD_MS),
          }
        : {}),
    });
  }

  async createSwap(request: ProviderSwapRequest, signal: AbortSignal): Promise<ProviderSwap> {
    const pair = await resolvePair(this, this.#catalogue, EXOLIX_NETWORKS, request.from, request.to);
    const fixed = request.rateType === 'fixed';
    const quoted = fixed ? request.providerRateId?.match(/^payout:(\d+(?:\.\d+)?)$/)?.[1] : undefined;
    if (fixed && !quoted) throw providerError(this, 'rate_expired', 'An Exolix fixed swap needs its quote');
    const body = {
      coinFrom: this.#ticker(pair.from.coin),
      networkFrom: pair.fromNetwork,
      coinTo: this.#ticker(pair.to.coin),
      networkTo: pair.toNetwork,
      amount: request.amountFrom,
      withdrawalAddress: request.payoutAddress,
      withdrawalExtraId: request.payoutMemo ?? '',
      refundAddress: request.refundAddress ?? '',
      refundExtraId: request.refundMemo ?? '',
      rateType: request.rateType,
    };
    const created = parseBody(
      this,
      transactionSchema,
      (await this.#call('POST', '/transactions', body, signal)).body,
      'transactions',
    );
    if (quoted && created.amountTo.lt(quoted)) {
      throw providerError(
        this,
        'rate_expired',
        `Exolix now pays ${created.amountTo.toFixed()}, less than quoted`,
      );
    }
    return this.#swapOf(created);
  }

  async getSwap(providerSwapId: string, signal: AbortSignal): Promise<ProviderSwap> {
    const answer = await this.#call('GET', `/transactions/${encodeURIComponent(providerSwapId)}`, {}, signal);
    return this.#swapOf(parseBody(this, transactionSchema, answer.body, 'transactions/{id}'));
  }

  #swapOf(transaction: z.output<typeof transactionSchema>): ProviderSwap {
    const mapped = EXOLIX_STATUSES[transaction.status];
    if (!mapped)
      throw providerError(this, 'upstream_error', `Exolix status "${transaction.status}" is unknown`);
    const swap: ProviderSwap = {
      providerSwapId: transaction.id,
      status: mapped.status,
      depositAddress: transaction.depositAddress,
      amountFrom: printAmount(transaction.amount),
      amountTo: printAmount(transaction.amountTo, 8),
    };
    if (mapped.detail) swap.detail = mapped.detail;
    if (transaction.depositExtraId) swap.depositMemo = transaction.depositExtraId;
    const hashIn = transaction.hashIn?.hash;
    const hashOut = transaction.hashOut?.hash;
    if (hashIn) {
      swap.depositHash = hashIn;
      swap.amountDeposited = swap.amountFrom;
    }
    if (hashOut) swap.payoutHash = hashOut;
    if (mapped.status === 'finished') swap.amountPaidOut = swap.amountTo;
    return swap;
  }

  #ticker(coin: string): string {
    return (Object.hasOwn(this.#tickers, coin) ? (this.#tickers[coin] as string) : coin).toUpperCase();
  }

  async #call(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string>,
    signal: AbortSignal,
    passStatuses: readonly number[] = [],
  ) {
    const url = new URL(`${this.#baseUrl}${path}`);
    if (method === 'GET') for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const answer = await requestJson(
      this,
      this.#fetch,
      url,
      {
        method,
        headers: {
          authorization: this.#apiKey,
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(params) } : {}),
      },
      signal,
    );
    if ((answer.status >= 200 && answer.status < 300) || passStatuses.includes(answer.status)) return answer;
    const error = errorSchema.safeParse(answer.body);
    const message = (error.success && (error.data.message ?? error.data.error)) || `HTTP ${answer.status}`;
    if (answer.status === 404) throw providerError(this, 'not_found', `Exolix: ${message}`);
    if (answer.status >= 400 && answer.status < 500) {
      const code = ERROR_RULES.find(([pattern]) => pattern.test(message))?.[1];
      if (code) throw providerError(this, code, `Exolix: ${message}`);
    }
    throw providerError(
      this,
      'upstream_error',
      `Exolix ${method} ${path} answered ${answer.status} (${message})`,
    );
  }
}
