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
  networkFromCode,
  optionalAmountSchema,
  parseBody,
  printAmount,
  providerError,
  requestJson,
  resolvePair,
} from './kit.ts';

/**
 * Adapter to the SideShift.ai API v2 (https://sideshift.ai/api/v2), written from its public
 * documentation at https://docs.sideshift.ai (endpoints/v2: pair, requestquote, createfixedshift,
 * createvariableshift, shift; api-intro: shift, deposits, refunds; troubleshoot-errors).
 *
 * - Auth: the account's private key in `x-sideshift-secret`, the account id as `affiliateId`.
 * - Quotes: GET /pair/{coin-network}/{coin-network}?amount= gives min, max and the rate with network
 *   fees included (float); POST /quotes locks a fixed rate for 15 minutes (its id is our rate id).
 * - Swaps: POST /shifts/fixed (quoteId) or /shifts/variable, with settle and refund address and memo,
 *   our swap id as externalId; GET /shifts/{id} for the status (polling: SideShift signs no webhooks).
 * - Errors: `{ error: { message, code? } }`, mapped by code and message below.
 */

export const SIDESHIFT_BASE_URL = 'https://sideshift.ai/api/v2';

/** Our network ids → SideShift network ids (GET /v2/coins `networks`). */
export const SIDESHIFT_NETWORKS: NetworkCodes = {
  bitcoin: 'bitcoin',
  ethereum: 'ethereum',
  bsc: 'bsc',
  polygon: 'polygon',
  arbitrum: 'arbitrum',
  optimism: 'optimism',
  base: 'base',
  'avalanche-c': 'avax',
  'ethereum-classic': 'etc',
  tron: 'tron',
  solana: 'solana',
  xrp: 'ripple',
  stellar: 'stellar',
  ton: 'ton',
  cosmos: 'cosmos',
  litecoin: 'litecoin',
  dogecoin: 'doge',
  'bitcoin-cash': 'bitcoincash',
  dash: 'dash',
  zcash: 'zcash',
  cardano: 'cardano',
  polkadot: 'polkadot',
  monero: 'monero',
  algorand: 'algorand',
  near: 'near',
  tezos: 'tezos',
  hedera: 'hedera',
  aptos: 'aptos',
  sui: 'sui',
  kaspa: 'kaspa',
  zksync: 'zksyncera',
  linea: 'linea',
  fantom: 'fantom',
};

/** SideShift shift statuses (api-intro/deposits "Deposit status") → ours, with what ours cannot say. */
export const SIDESHIFT_STATUSES: Readonly<
  Record<string, { status: SwapStatus; detail?: ProviderSwapDetail }>
> = {
  waiting: { status: 'waiting' },
  pending: { status: 'confirming' },
  processing: { status: 'exchanging' },
  review: { status: 'hold', detail: 'review' },
  settling: { status: 'sending' },
  settled: { status: 'finished' },
  refund: { status: 'hold', detail: 'refund_pending' },
  refunding: { status: 'hold', detail: 'refunding' },
  refunded: { status: 'refunded' },
  expired: { status: 'expired' },
  // Several deposits to one shift: each has its own status; support decides.
  multiple: { status: 'hold', detail: 'action_needed' },
};

const pairSchema = z.object({
  min: amountSchema,
  max: amountSchema,
  rate: amountSchema,
});

const quoteSchema = z.object({
  id: z.string().min(1),
  expiresAt: z.iso.datetime({ offset: true }),
  depositAmount: amountSchema,
  settleAmount: amountSchema,
});

const shiftSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  depositAddress: z.string().min(1).nullable().optional(),
  depositMemo: z.string().nullable().optional(),
  depositAmount: optionalAmountSchema,
  settleAmount: optionalAmountSchema,
  depositHash: z.string().nullable().optional(),
  settleHash: z.string().nullable().optional(),
});

const errorSchema = z.object({
  error: z.object({ message: z.string(), code: z.string().optional() }),
});

/** Error messages and codes (troubleshoot-errors) → ours; the first match wins. */
const ERROR_RULES: ReadonlyArray<[RegExp, ProviderErrorCode]> = [
  [/amount too (low|high)|below the minimum|above the maximum|deposit range/i, 'amount_out_of_range'],
  [/invalid (receiving address|refund|settle)|address belongs to|invalid address|memo/i, 'invalid_address'],
  [/quote (has )?expired|quote not found|quote.*already used/i, 'rate_expired'],
  [
    /pair|invalid coin|invalid network|rate unavailable|offline|not (available|supported)/i,
    'pair_unavailable',
  ],
  [/shift not found|not found/i, 'not_found'],
];

export interface SideShiftOptions {
  secret: string;
  affiliateId: string;
  baseUrl?: string;
  /** Our coin code → SideShift coin ticker, where they differ. */
  tickers?: Readonly<Record<string, string>>;
}

export interface SideShiftDeps {
  catalogue: Pick<Catalogue, 'asset'>;
  fetch?: typeof fetch;
}

export class SideShiftProvider implements LiquidityProvider {
  readonly id = 'sideshift';
  readonly name = 'SideShift.ai';
  readonly supportsFixed = true;
  readonly profile: ProviderProfile = { spreadBps: null };
  readonly #secret: string;
  readonly #affiliateId: string;
  readonly #baseUrl: string;
  readonly #tickers: Readonly<Record<string, string>>;
  readonly #catalogue: Pick<Catalogue, 'asset'>;
  readonly #fetch: typeof fetch;

  constructor(options: SideShiftOptions, deps: SideShiftDeps) {
    this.#secret = options.secret;
    this.#affiliateId = options.affiliateId;
    this.#baseUrl = (options.baseUrl ?? SIDESHIFT_BASE_URL).replace(/\/+$/, '');
    this.#tickers = options.tickers ?? {};
    this.#catalogue = deps.catalogue;
    this.#fetch = deps.fetch ?? fetch;
  }

  async quote(request: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    const pair = await resolvePair(this, this.#catalogue, SIDESHIFT_NETWORKS, request.from, request.to);
    const amount = assertAmount(this, request.amountFrom);
    const from = `${this.#ticker(pair.from.coin)}-${pair.fromNetwork}`;
    const to = `${this.#ticker(pair.to.coin)}-${pair.toNetwork}`;
    const info = parseBody(
      this,
      pairSchema,
      await this.#call(
        'GET',
        `/pair/${from}/${to}`,
        { amount: request.amountFrom, affiliateId: this.#affiliateId },
        signal,
      ),
      'pair',
    );
    const limits = limitsOf(info.min, info.max, pair.from);
    assertInRange(this, amount, limits);
    if (request.rateType === 'float') {
      return buildQuote(this, {
        rateType: 'float',
        amountFrom: amount,
        amountTo: amount.times(info.rate),
        networkFee: null,
        limits,
        to: pair.to,
      });
    }
    const quote = parseBody(
      this,
      quoteSchema,
      await this.#call(
        'POST',
        '/quotes',
        {
          depositCoin: this.#ticker(pair.from.coin),
          depositNetwork: pair.fromNetwork,
          settleCoin: this.#ticker(pair.to.coin),
          settleNetwork: pair.toNetwork,
          depositAmount: request.amountFrom,
          settleAmount: null,
          affiliateId: this.#affiliateId,
        },
        signal,
      ),
      'quotes',
    );
    return buildQuote(this, {
      rateType: 'fixed',
      amountFrom: quote.depositAmount,
      amountTo: quote.settleAmount,
      networkFee: null,
      limits,
      to: pair.to,
      providerRateId: quote.id,
      expiresAt: new Date(quote.expiresAt),
    });
  }

  async createSwap(request: ProviderSwapRequest, signal: AbortSignal): Promise<ProviderSwap> {
    const pair = await resolvePair(this, this.#catalogue, SIDESHIFT_NETWORKS, request.from, request.to);
    const addresses = {
      settleAddress: request.payoutAddress,
      ...(request.payoutMemo ? { settleMemo: request.payoutMemo } : {}),
      ...(request.refundAddress ? { refundAddress: request.refundAddress } : {}),
      ...(request.refundMemo ? { refundMemo: request.refundMemo } : {}),
      affiliateId: this.#affiliateId,
      externalId: request.reference,
    };
    let body: Record<string, unknown>;
    let expectedTo: Big | null = null;
    if (request.rateType === 'fixed') {
      if (!request.providerRateId)
        throw providerError(this, 'rate_expired', 'A fixed shift needs a quote id');
      body = { ...addresses, quoteId: request.providerRateId };
    } else {
      // A variable shift takes no amount: what it pays is the pair's rate when the deposit lands.
      const quote = await this.quote({ ...request, rateType: 'float' }, signal);
      expectedTo = new Big(quote.amountTo);
      body = {
        ...addresses,
        depositCoin: this.#ticker(pair.from.coin),
        depositNetwork: pair.fromNetwork,
        settleCoin: this.#ticker(pair.to.coin),
        settleNetwork: pair.toNetwork,
      };
    }
    const path = request.rateType === 'fixed' ? '/shifts/fixed' : '/shifts/variable';
    const shift = parseBody(this, shiftSchema, await this.#call('POST', path, body, signal), 'shifts');
    if (!shift.depositAddress) throw providerError(this, 'upstream_error', 'SideShift shift without address');
    const swap: ProviderSwap = {
      providerSwapId: shift.id,
      status: 'waiting',
      depositAddress: shift.depositAddress,
      amountFrom: printAmount(shift.depositAmount ?? new Big(request.amountFrom)),
      amountTo: printAmount(shift.settleAmount ?? expectedTo ?? new Big(0), 8),
    };
    if (shift.depositMemo) swap.depositMemo = shift.depositMemo;
    return swap;
  }

  async getSwap(providerSwapId: string, signal: AbortSignal): Promise<ProviderSwap> {
    const shift = parseBody(
      this,
      shiftSchema,
      await this.#call('GET', `/shifts/${encodeURIComponent(providerSwapId)}`, {}, signal),
      'shifts/{id}',
    );
    const mapped = SIDESHIFT_STATUSES[shift.status];
    if (!mapped) throw providerError(this, 'upstream_error', `SideShift status "${shift.status}" is unknown`);
    const swap: ProviderSwap = {
      providerSwapId: shift.id,
      status: mapped.status,
      depositAddress: shift.depositAddress ?? '',
      amountFrom: printAmount(shift.depositAmount ?? new Big(0)),
      amountTo: printAmount(shift.settleAmount ?? new Big(0), 8),
    };
    if (mapped.detail) swap.detail = mapped.detail;
    if (shift.depositMemo) swap.depositMemo = shift.depositMemo;
    if (shift.depositAmount && shift.status !== 'waiting') swap.amountDeposited = swap.amountFrom;
    if (shift.settleAmount && shift.status === 'settled') swap.amountPaidOut = swap.amountTo;
    if (shift.depositHash) swap.depositHash = shift.depositHash;
    if (shift.settleHash) swap.payoutHash = shift.settleHash;
    return swap;
  }

  #ticker(coin: string): string {
    return Object.hasOwn(this.#tickers, coin) ? (this.#tickers[coin] as string) : coin;
  }

  async #call(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<unknown> {
    const url = new URL(`${this.#baseUrl}${path}`);
    if (method === 'GET') {
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
    }
    const answer = await requestJson(
      this,
      this.#fetch,
      url,
      {
        method,
        headers: {
          'x-sideshift-secret': this.#secret,
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(params) } : {}),
      },
      signal,
    );
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    const error = errorSchema.safeParse(answer.body);
    const message = error.success ? error.data.error.message : `HTTP ${answer.status}`;
    if (answer.status >= 400 && answer.status < 500) {
      const text = `${error.success ? (error.data.error.code ?? '') : ''} ${message}`;
      const rule = ERROR_RULES.find(([pattern]) => pattern.test(text));
      if (rule) throw providerError(this, rule[1], `SideShift: ${message}`);
      if (answer.status === 404) throw providerError(this, 'not_found', `SideShift: ${message}`);
    }
    throw providerError(
      this,
      'upstream_error',
      `SideShift ${method} ${path} answered ${answer.status} (${message})`,
    );
  }
}

/** Our network id for a SideShift network id, or null (for the fakes and the coverage report). */
export function networkFromSideShift(code: string): string | null {
  return networkFromCode(SIDESHIFT_NETWORKS, code);
}
