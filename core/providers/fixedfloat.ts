import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Catalogue, CatalogueAsset } from '../catalogue/catalogue.ts';
import { Big } from '../exchange/decimal.ts';
import type {
  Asset,
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
  networkCode,
  optionalAmountSchema,
  parseBody,
  printAmount,
  providerError,
  requestJson,
} from './kit.ts';

/**
 * Adapter to the FixedFloat API v2 (https://ff.io/api/v2), written from its public documentation
 * at https://ff.io/api (methods ccies, price, create, order, emergency; order statuses; emergency).
 *
 * - Auth: every request is a POST whose JSON body is signed with the API secret (HMAC-SHA256, hex,
 *   in `X-API-SIGN`), the key in `X-API-KEY`; answers are `{ code, msg, data }`, code 0 meaning OK.
 * - Currencies: `ccies` lists each currency's `coin` and `network`; the adapter takes the code whose
 *   coin and network are the catalogue's (kept for an hour), so a coin is never sent on another chain.
 * - Quotes: `price` with type float|fixed and direction `from`; limits and `errors` (LIMIT_MIN,
 *   LIMIT_MAX, OFFLINE_*) come with it. A fixed rate is locked when the order is created, so the
 *   quoted payout is the rate id and an order created for less is refused (rate_expired).
 * - Swaps: `create` (toAddress, tag); `order` (id and token) for the status, polled. FixedFloat takes
 *   no refund address at creation: a deposit that is late, short, over or outside the limits puts the
 *   order in EMERGENCY until the customer chooses EXCHANGE or REFUND (`emergency`, with the refund
 *   address), shown here as hold with the detail. The provider swap id is `{id}:{token}`.
 */

export const FIXEDFLOAT_BASE_URL = 'https://ff.io/api/v2';

/** Our network ids → FixedFloat `network` codes of `ccies`. */
export const FIXEDFLOAT_NETWORKS: NetworkCodes = {
  bitcoin: 'BTC',
  ethereum: 'ETH',
  bsc: 'BSC',
  polygon: 'MATIC',
  arbitrum: 'ARBITRUM',
  optimism: 'OP',
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

/** FixedFloat order statuses → ours; EMERGENCY is read with its `emergency.status` below. */
export const FIXEDFLOAT_STATUSES: Readonly<
  Record<string, { status: SwapStatus; detail?: ProviderSwapDetail }>
> = {
  NEW: { status: 'waiting' },
  PENDING: { status: 'confirming' },
  EXCHANGE: { status: 'exchanging' },
  WITHDRAW: { status: 'sending' },
  DONE: { status: 'finished' },
  EXPIRED: { status: 'expired' },
  EMERGENCY: { status: 'hold', detail: 'action_needed' },
};

/** Why an order is in EMERGENCY (`emergency.status`) → our detail. */
export const FIXEDFLOAT_EMERGENCIES: Readonly<Record<string, ProviderSwapDetail>> = {
  EXPIRED: 'overdue',
  LESS: 'underpaid',
  MORE: 'overpaid',
  LIMIT: 'action_needed',
};

const cciesSchema = z.array(
  z.object({
    code: z.string().min(1),
    coin: z.string().min(1),
    network: z.string().min(1),
    recv: z.union([z.boolean(), z.number()]).optional(),
    send: z.union([z.boolean(), z.number()]).optional(),
  }),
);

const sideSchema = z.object({
  code: z.string(),
  amount: amountSchema,
  min: optionalAmountSchema,
  max: optionalAmountSchema,
});

const priceSchema = z.object({
  from: sideSchema,
  to: sideSchema,
  errors: z.array(z.string()).default([]),
});

const txSchema = z
  .object({ id: z.string().nullable().optional(), amount: optionalAmountSchema })
  .nullable()
  .optional();

const orderSchema = z.object({
  id: z.string().min(1),
  token: z.string().min(1),
  status: z.string(),
  from: z.object({
    amount: amountSchema,
    address: z.string().min(1),
    tag: z.string().nullable().optional(),
    tx: txSchema,
  }),
  to: z.object({ amount: amountSchema, tx: txSchema }),
  back: z.object({ tx: txSchema }).nullable().optional(),
  emergency: z
    .object({ status: z.array(z.string()).default([]), choice: z.string().optional() })
    .nullable()
    .optional(),
});

const envelopeSchema = z.object({ code: z.number(), msg: z.string(), data: z.unknown().optional() });

const ERROR_RULES: ReadonlyArray<[RegExp, ProviderErrorCode]> = [
  [/amount|limit|min|max/i, 'amount_out_of_range'],
  [/address|tag/i, 'invalid_address'],
  [/not found/i, 'not_found'],
  [/currency|ccy|offline|maintenance|reserve|pair/i, 'pair_unavailable'],
];

const CCIES_TTL_MS = 60 * 60_000;

export interface FixedFloatOptions {
  apiKey: string;
  apiSecret: string;
  baseUrl?: string;
  /** Our affiliate code (`refcode`) and our share (`afftax`, percent), when set on the account. */
  refcode?: string;
  afftax?: number;
}

export interface FixedFloatDeps {
  catalogue: Pick<Catalogue, 'asset'>;
  fetch?: typeof fetch;
  now?: () => number;
}

export class FixedFloatProvider implements LiquidityProvider {
  readonly id = 'fixedfloat';
  readonly name = 'FixedFloat';
  readonly supportsFixed = true;
  readonly profile: ProviderProfile = { spreadBps: null };
  readonly #options: FixedFloatOptions;
  readonly #baseUrl: string;
  readonly #catalogue: Pick<Catalogue, 'asset'>;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  #ccies: { at: number; list: Promise<z.output<typeof cciesSchema>> } | null = null;

  constructor(options: FixedFloatOptions, deps: FixedFloatDeps) {
    this.#options = options;
    this.#baseUrl = (options.baseUrl ?? FIXEDFLOAT_BASE_URL).replace(/\/+$/, '');
    this.#catalogue = deps.catalogue;
    this.#fetch = deps.fetch ?? fetch;
    this.#now = deps.now ?? Date.now;
  }

  /** FixedFloat's currency code for one of our assets, or null where it lists none. */
  async code(asset: CatalogueAsset, signal: AbortSignal): Promise<string | null> {
    const network = networkCode(FIXEDFLOAT_NETWORKS, asset.network.id);
    if (!network) return null;
    const list = await this.#currencies(signal);
    return list.find((c) => c.network === network && c.coin.toLowerCase() === asset.coin)?.code ?? null;
  }

  async quote(request: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    const { from, to, fromCcy, toCcy } = await this.#pair(request.from, request.to, signal);
    const amount = assertAmount(this, request.amountFrom);
    const price = parseBody(
      this,
      priceSchema,
      await this.#call(
        'price',
        { type: request.rateType, fromCcy, toCcy, direction: 'from', amount: Number(request.amountFrom) },
        signal,
      ),
      'price',
    );
    const limits = limitsOf(price.from.min ?? new Big(0), price.from.max, from);
    assertInRange(this, amount, limits);
    if (price.errors.some((e) => e.startsWith('LIMIT_'))) {
      throw providerError(this, 'amount_out_of_range', `FixedFloat: ${price.errors.join(', ')}`, limits);
    }
    if (price.errors.length > 0) {
      throw providerError(this, 'pair_unavailable', `FixedFloat: ${price.errors.join(', ')}`);
    }
    const fixed = request.rateType === 'fixed';
    return buildQuote(this, {
      rateType: request.rateType,
      amountFrom: amount,
      amountTo: price.to.amount,
      networkFee: null,
      limits,
      to,
      // The order locks the rate for its lifetime; we hold the quote for as long as the sandbox would.
      ...(fixed
        ? {
            providerRateId: `payout:${price.to.amount.toFixed()}`,
            expiresAt: new Date(this.#now() + 2 * 60_000),
          }
        : {}),
    });
  }

  async createSwap(request: ProviderSwapRequest, signal: AbortSignal): Promise<ProviderSwap> {
    const { fromCcy, toCcy } = await this.#pair(request.from, request.to, signal);
    const fixed = request.rateType === 'fixed';
    const quoted = fixed ? request.providerRateId?.match(/^payout:(\d+(?:\.\d+)?)$/)?.[1] : undefined;
    if (fixed && !quoted)
      throw providerError(this, 'rate_expired', 'A FixedFloat fixed swap needs its quote');
    const order = parseBody(
      this,
      orderSchema,
      await this.#call(
        'create',
        {
          type: request.rateType,
          fromCcy,
          toCcy,
          direction: 'from',
          amount: Number(request.amountFrom),
          toAddress: request.payoutAddress,
          ...(request.payoutMemo ? { tag: request.payoutMemo } : {}),
          ...(this.#options.refcode ? { refcode: this.#options.refcode } : {}),
          ...(this.#options.afftax !== undefined ? { afftax: this.#options.afftax } : {}),
        },
        signal,
      ),
      'create',
    );
    if (quoted && order.to.amount.lt(quoted)) {
      throw providerError(
        this,
        'rate_expired',
        `FixedFloat now pays ${order.to.amount.toFixed()}, less than quoted`,
      );
    }
    return this.#swapOf(order);
  }

  async getSwap(providerSwapId: string, signal: AbortSignal): Promise<ProviderSwap> {
    const [id = '', token = ''] = providerSwapId.split(':');
    if (!id || !token)
      throw providerError(this, 'not_found', `Not a FixedFloat order reference: ${providerSwapId}`);
    return this.#swapOf(
      parseBody(this, orderSchema, await this.#call('order', { id, token }, signal), 'order'),
    );
  }

  /**
   * The customer's choice for an order in EMERGENCY: go on at the current rate, or refund to
   * `refund` (FixedFloat's `emergency` method), for the action-needed flow.
   */
  async resolveEmergency(
    providerSwapId: string,
    choice: 'EXCHANGE' | 'REFUND',
    refund: { address: string; memo?: string } | null,
    signal: AbortSignal,
  ): Promise<void> {
    const [id = '', token = ''] = providerSwapId.split(':');
    if (choice === 'REFUND' && !refund)
      throw providerError(this, 'invalid_address', 'A refund needs an address');
    await this.#call(
      'emergency',
      {
        id,
        token,
        choice,
        ...(refund ? { address: refund.address, ...(refund.memo ? { tag: refund.memo } : {}) } : {}),
      },
      signal,
    );
  }

  #swapOf(order: z.output<typeof orderSchema>): ProviderSwap {
    const mapped = FIXEDFLOAT_STATUSES[order.status];
    if (!mapped)
      throw providerError(this, 'upstream_error', `FixedFloat status "${order.status}" is unknown`);
    const swap: ProviderSwap = {
      providerSwapId: `${order.id}:${order.token}`,
      status: mapped.status,
      depositAddress: order.from.address,
      amountFrom: printAmount(order.from.amount),
      amountTo: printAmount(order.to.amount, 8),
    };
    let detail = mapped.detail;
    if (order.status === 'EMERGENCY') {
      const reason = order.emergency?.status.find((s) => FIXEDFLOAT_EMERGENCIES[s]);
      if (reason) detail = FIXEDFLOAT_EMERGENCIES[reason];
      if (order.emergency?.choice === 'REFUND') detail = 'refunding';
    }
    const refundTx = order.back?.tx?.id;
    if (order.status === 'DONE' && refundTx && !order.to.tx?.id) {
      swap.status = 'refunded';
      detail = undefined;
    }
    if (detail) swap.detail = detail;
    if (order.from.tag) swap.depositMemo = order.from.tag;
    if (order.from.tx?.id) {
      swap.depositHash = order.from.tx.id;
      swap.amountDeposited = printAmount(order.from.tx.amount ?? order.from.amount);
    }
    if (order.to.tx?.id) swap.payoutHash = order.to.tx.id;
    if (swap.status === 'finished')
      swap.amountPaidOut = printAmount(order.to.tx?.amount ?? order.to.amount, 8);
    return swap;
  }

  async #pair(fromRef: Asset, toRef: Asset, signal: AbortSignal) {
    const [from, to] = await Promise.all([
      this.#catalogue.asset(fromRef.coin, fromRef.network),
      this.#catalogue.asset(toRef.coin, toRef.network),
    ]);
    if (
      !from ||
      !to ||
      !networkCode(FIXEDFLOAT_NETWORKS, from.network.id) ||
      !networkCode(FIXEDFLOAT_NETWORKS, to.network.id)
    ) {
      throw providerError(this, 'pair_unavailable', 'FixedFloat does not serve this pair');
    }
    const [fromCcy, toCcy] = await Promise.all([this.code(from, signal), this.code(to, signal)]);
    if (!fromCcy || !toCcy)
      throw providerError(this, 'pair_unavailable', 'FixedFloat does not list this coin');
    return { from, to, fromCcy, toCcy };
  }

  #currencies(signal: AbortSignal): Promise<z.output<typeof cciesSchema>> {
    const now = this.#now();
    if (this.#ccies && now - this.#ccies.at < CCIES_TTL_MS) return this.#ccies.list;
    const list = this.#call('ccies', {}, signal).then((data) => parseBody(this, cciesSchema, data, 'ccies'));
    this.#ccies = { at: now, list };
    list.catch(() => {
      if (this.#ccies?.list === list) this.#ccies = null;
    });
    return list;
  }

  async #call(method: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const body = JSON.stringify(params);
    const answer = await requestJson(
      this,
      this.#fetch,
      new URL(`${this.#baseUrl}/${method}`),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=UTF-8',
          'x-api-key': this.#options.apiKey,
          'x-api-sign': createHmac('sha256', this.#options.apiSecret).update(body).digest('hex'),
        },
        body,
      },
      signal,
    );
    const envelope = envelopeSchema.safeParse(answer.body);
    if (answer.status !== 200 || !envelope.success) {
      throw providerError(this, 'upstream_error', `FixedFloat ${method} answered ${answer.status}`);
    }
    if (envelope.data.code === 0) return envelope.data.data;
    const code = ERROR_RULES.find(([pattern]) => pattern.test(envelope.data.msg))?.[1] ?? 'upstream_error';
    throw providerError(this, code, `FixedFloat ${method}: ${envelope.data.msg} (${envelope.data.code})`);
  }
}
