import { createHash, createPrivateKey, createPublicKey, type KeyObject, randomUUID, sign } from 'node:crypto';
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
 * Adapter to the Changelly Exchange API v2 (JSON-RPC 2.0 at https://api.changelly.com/v2), written
 * from its public documentation at https://docs.changelly.com (development/protocol,
 * development/authentication, currencies, float/get-exchange-amount, float/create-transaction,
 * fix/get-fix-rate-for-amount, fix/create-fix-transaction, info/get-transactions,
 * transaction-statuses, migration-guide).
 *
 * - Auth: every body is signed with the partner's RSA private key (RSA-SHA256, base64, in
 *   `X-Api-Signature`); `X-Api-Key` is the base64 SHA-256 of the public key (PKCS#1 DER).
 * - Currencies: Changelly names a coin on a network by one ticker (`usdt20`, `usdtrx`); the adapter
 *   reads getCurrenciesFull (kept for an hour) and takes the ticker whose `blockchain` is the
 *   network's and whose `contractAddress` is the catalogue's, so a coin is never sent on another chain.
 * - Quotes: getExchangeAmount (float) and getFixRateForAmount (fixed, with a rate id); the payout is
 *   amountTo less networkFee, as the migration guide says.
 * - Swaps: createTransaction / createFixTransaction with address, extraId, refundAddress,
 *   refundExtraId; getTransactions by id for the status (Changelly offers no webhooks: polling).
 * - Errors: JSON-RPC `error { code, message, data? }`, mapped by message; out-of-range answers
 *   carry `data.limits`.
 */

export const CHANGELLY_BASE_URL = 'https://api.changelly.com/v2';

/** Our network ids → Changelly `blockchain` values of getCurrenciesFull. */
export const CHANGELLY_BLOCKCHAINS: NetworkCodes = {
  bitcoin: 'bitcoin',
  ethereum: 'ethereum',
  bsc: 'binance_smart_chain',
  polygon: 'polygon',
  arbitrum: 'arbitrum',
  optimism: 'optimism',
  base: 'base',
  'avalanche-c': 'avaxc',
  'ethereum-classic': 'ethereum_classic',
  tron: 'tron',
  solana: 'solana',
  xrp: 'ripple',
  stellar: 'stellar',
  eos: 'eos',
  ton: 'ton',
  cosmos: 'cosmos',
  litecoin: 'litecoin',
  dogecoin: 'doge',
  'bitcoin-cash': 'bitcoin_cash',
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
  cronos: 'cronos',
  zksync: 'zksync',
  linea: 'linea',
  fantom: 'fantom',
};

/** Changelly's statuses (transaction-statuses) → ours. */
export const CHANGELLY_STATUSES: Readonly<
  Record<string, { status: SwapStatus; detail?: ProviderSwapDetail }>
> = {
  new: { status: 'waiting' },
  waiting: { status: 'waiting' },
  confirming: { status: 'confirming' },
  exchanging: { status: 'exchanging' },
  sending: { status: 'sending' },
  finished: { status: 'finished' },
  failed: { status: 'failed' },
  refunded: { status: 'refunded' },
  hold: { status: 'hold', detail: 'review' },
  // A float swap's deposit is late; our own unpaid deadline expires the swap.
  overdue: { status: 'waiting', detail: 'overdue' },
  expired: { status: 'expired' },
};

const currencySchema = z.object({
  ticker: z.string().min(1),
  enabled: z.boolean().optional(),
  fixRateEnabled: z.boolean().optional(),
  blockchain: z.string().optional(),
  contractAddress: z.string().nullable().optional(),
});
const currenciesSchema = z.array(currencySchema);

const estimateSchema = z.array(
  z.object({
    amountFrom: amountSchema,
    amountTo: amountSchema,
    networkFee: amountSchema,
    min: optionalAmountSchema,
    max: optionalAmountSchema,
    minFrom: optionalAmountSchema,
    maxFrom: optionalAmountSchema,
  }),
);

const fixRateSchema = z.array(
  z.object({
    id: z.string().min(1),
    amountFrom: amountSchema,
    amountTo: amountSchema,
    networkFee: amountSchema,
    minFrom: optionalAmountSchema,
    maxFrom: optionalAmountSchema,
    /** Unix seconds. */
    expiredAt: z.number().int().positive(),
  }),
);

const transactionSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  payinAddress: z.string().min(1),
  payinExtraId: z.string().nullable().optional(),
  amountExpectedFrom: optionalAmountSchema,
  amountExpectedTo: optionalAmountSchema,
  amountFrom: optionalAmountSchema,
  amountTo: optionalAmountSchema,
  networkFee: optionalAmountSchema,
  payinHash: z.string().nullable().optional(),
  payoutHash: z.string().nullable().optional(),
});

const rpcSchema = z.object({
  result: z.unknown().optional(),
  error: z
    .object({
      code: z.number(),
      message: z.string(),
      data: z
        .object({
          limits: z
            .object({
              min: z.object({ from: optionalAmountSchema }).optional(),
              max: z.object({ from: optionalAmountSchema }).optional(),
            })
            .optional(),
        })
        .nullable()
        .optional(),
    })
    .optional(),
});

const ERROR_RULES: ReadonlyArray<[RegExp, ProviderErrorCode]> = [
  [/amount|minimum|maximum|limit/i, 'amount_out_of_range'],
  [/address|extra ?id/i, 'invalid_address'],
  [/rate ?id|rate.*expired|expired rate/i, 'rate_expired'],
  [/not found/i, 'not_found'],
  [/pair|currency|disabled|not available|unavailable/i, 'pair_unavailable'],
];

export interface ChangellyOptions {
  /** The partner's RSA private key: PEM, or PKCS#8 DER in hex as Changelly's samples keep it. */
  privateKey: string;
  baseUrl?: string;
}

export interface ChangellyDeps {
  catalogue: Pick<Catalogue, 'asset'>;
  fetch?: typeof fetch;
  now?: () => number;
}

/** The private key object from PEM or hex PKCS#8 DER. */
export function changellyKey(text: string): KeyObject {
  const trimmed = text.trim();
  return trimmed.startsWith('-----')
    ? createPrivateKey(trimmed)
    : createPrivateKey({ key: Buffer.from(trimmed, 'hex'), format: 'der', type: 'pkcs8' });
}

/** X-Api-Key: base64 SHA-256 of the public key in PKCS#1 DER (docs: development/authentication). */
export function changellyApiKey(privateKey: KeyObject): string {
  const publicKey = createPublicKey(privateKey).export({ type: 'pkcs1', format: 'der' });
  return createHash('sha256').update(publicKey).digest('base64');
}

const CURRENCIES_TTL_MS = 60 * 60_000;

export class ChangellyProvider implements LiquidityProvider {
  readonly id = 'changelly';
  readonly name = 'Changelly';
  readonly supportsFixed = true;
  readonly profile: ProviderProfile = { spreadBps: null };
  readonly #key: KeyObject;
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #catalogue: Pick<Catalogue, 'asset'>;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  #currencies: { at: number; list: Promise<z.output<typeof currenciesSchema>> } | null = null;

  constructor(options: ChangellyOptions, deps: ChangellyDeps) {
    this.#key = changellyKey(options.privateKey);
    this.#apiKey = changellyApiKey(this.#key);
    this.#baseUrl = options.baseUrl ?? CHANGELLY_BASE_URL;
    this.#catalogue = deps.catalogue;
    this.#fetch = deps.fetch ?? fetch;
    this.#now = deps.now ?? Date.now;
  }

  /** Changelly's ticker for one of our assets, or null where it lists none on that network. */
  async ticker(asset: CatalogueAsset, signal: AbortSignal): Promise<string | null> {
    const blockchain = networkCode(CHANGELLY_BLOCKCHAINS, asset.network.id);
    if (!blockchain) return null;
    const list = await this.#currencyList(signal);
    return matchChangellyTicker(list, asset, blockchain);
  }

  async quote(request: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    const { from, to, params } = await this.#pair(request.from, request.to, signal);
    const amount = assertAmount(this, request.amountFrom);
    const rpc = [{ ...params, amountFrom: request.amountFrom }];
    if (request.rateType === 'float') {
      const [estimate] = parseBody(
        this,
        estimateSchema.min(1),
        await this.#rpc('getExchangeAmount', rpc, signal, from),
        'getExchangeAmount',
      );
      if (!estimate) throw providerError(this, 'upstream_error', 'Changelly: empty estimate');
      const limits = limitsOf(
        estimate.minFrom ?? estimate.min ?? new Big(0),
        estimate.maxFrom ?? estimate.max,
        from,
      );
      assertInRange(this, amount, limits);
      return buildQuote(this, {
        rateType: 'float',
        amountFrom: amount,
        amountTo: estimate.amountTo.minus(estimate.networkFee),
        networkFee: estimate.networkFee,
        limits,
        to,
      });
    }
    const [rate] = parseBody(
      this,
      fixRateSchema.min(1),
      await this.#rpc('getFixRateForAmount', rpc, signal, from),
      'getFixRateForAmount',
    );
    if (!rate) throw providerError(this, 'upstream_error', 'Changelly: empty fixed rate');
    const limits = limitsOf(rate.minFrom ?? new Big(0), rate.maxFrom, from);
    assertInRange(this, amount, limits);
    return buildQuote(this, {
      rateType: 'fixed',
      amountFrom: amount,
      amountTo: rate.amountTo.minus(rate.networkFee),
      networkFee: rate.networkFee,
      limits,
      to,
      providerRateId: rate.id,
      expiresAt: new Date(rate.expiredAt * 1000),
    });
  }

  async createSwap(request: ProviderSwapRequest, signal: AbortSignal): Promise<ProviderSwap> {
    const { from, params } = await this.#pair(request.from, request.to, signal);
    const fixed = request.rateType === 'fixed';
    if (fixed && !request.providerRateId)
      throw providerError(this, 'rate_expired', 'A fixed swap needs a rateId');
    if (fixed && !request.refundAddress) {
      // createFixTransaction requires a refund address (fix/create-fix-transaction).
      throw providerError(this, 'invalid_address', 'Changelly needs a refund address for a fixed rate');
    }
    const body = {
      ...params,
      amountFrom: request.amountFrom,
      address: request.payoutAddress,
      ...(request.payoutMemo ? { extraId: request.payoutMemo } : {}),
      ...(request.refundAddress ? { refundAddress: request.refundAddress } : {}),
      ...(request.refundMemo ? { refundExtraId: request.refundMemo } : {}),
      ...(fixed ? { rateId: request.providerRateId } : {}),
    };
    const created = parseBody(
      this,
      transactionSchema,
      await this.#rpc(fixed ? 'createFixTransaction' : 'createTransaction', body, signal, from),
      'createTransaction',
    );
    return this.#swapOf(created);
  }

  async getSwap(providerSwapId: string, signal: AbortSignal): Promise<ProviderSwap> {
    const list = parseBody(
      this,
      z.array(transactionSchema),
      await this.#rpc('getTransactions', { id: providerSwapId, limit: 1 }, signal),
      'getTransactions',
    );
    const transaction = list.find((t) => t.id === providerSwapId);
    if (!transaction)
      throw providerError(this, 'not_found', `Changelly has no transaction ${providerSwapId}`);
    return this.#swapOf(transaction);
  }

  #swapOf(transaction: z.output<typeof transactionSchema>): ProviderSwap {
    const mapped = CHANGELLY_STATUSES[transaction.status];
    if (!mapped)
      throw providerError(this, 'upstream_error', `Changelly status "${transaction.status}" is unknown`);
    const fee = transaction.networkFee ?? new Big(0);
    const expectedTo = transaction.amountExpectedTo ? transaction.amountExpectedTo.minus(fee) : new Big(0);
    const swap: ProviderSwap = {
      providerSwapId: transaction.id,
      status: mapped.status,
      depositAddress: transaction.payinAddress,
      amountFrom: printAmount(transaction.amountExpectedFrom ?? transaction.amountFrom ?? new Big(0)),
      amountTo: printAmount(expectedTo.gt(0) ? expectedTo : new Big(0), 8),
    };
    if (mapped.detail) swap.detail = mapped.detail;
    if (transaction.payinExtraId) swap.depositMemo = transaction.payinExtraId;
    const received = transaction.amountFrom;
    if (received?.gt(0) && mapped.status !== 'waiting') swap.amountDeposited = printAmount(received);
    if (transaction.amountTo?.gt(0) && mapped.status === 'finished') {
      swap.amountPaidOut = printAmount(transaction.amountTo, 8);
    }
    if (transaction.payinHash) swap.depositHash = transaction.payinHash;
    if (transaction.payoutHash) swap.payoutHash = transaction.payoutHash;
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
      !networkCode(CHANGELLY_BLOCKCHAINS, from.network.id) ||
      !networkCode(CHANGELLY_BLOCKCHAINS, to.network.id)
    ) {
      throw providerError(this, 'pair_unavailable', 'Changelly does not serve this pair');
    }
    const [fromTicker, toTicker] = await Promise.all([this.ticker(from, signal), this.ticker(to, signal)]);
    if (!fromTicker || !toTicker)
      throw providerError(this, 'pair_unavailable', 'Changelly does not list this coin');
    return { from, to, params: { from: fromTicker, to: toTicker } };
  }

  #currencyList(signal: AbortSignal): Promise<z.output<typeof currenciesSchema>> {
    const now = this.#now();
    if (this.#currencies && now - this.#currencies.at < CURRENCIES_TTL_MS) return this.#currencies.list;
    const list = this.#rpc('getCurrenciesFull', {}, signal).then((result) =>
      parseBody(this, currenciesSchema, result, 'getCurrenciesFull'),
    );
    this.#currencies = { at: now, list };
    // A failed read is not kept: the next quote asks again.
    list.catch(() => {
      if (this.#currencies?.list === list) this.#currencies = null;
    });
    return list;
  }

  async #rpc(method: string, params: unknown, signal: AbortSignal, from?: CatalogueAsset): Promise<unknown> {
    const body = JSON.stringify({ jsonrpc: '2.0', id: randomUUID(), method, params });
    const signature = sign('sha256', Buffer.from(body), this.#key).toString('base64');
    const answer = await requestJson(
      this,
      this.#fetch,
      new URL(this.#baseUrl),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': this.#apiKey,
          'x-api-signature': signature,
        },
        body,
      },
      signal,
    );
    const rpc = rpcSchema.safeParse(answer.body);
    if (answer.status >= 500 || !rpc.success) {
      throw providerError(this, 'upstream_error', `Changelly ${method} answered ${answer.status}`);
    }
    const error = rpc.data.error;
    if (!error) {
      if (answer.status >= 200 && answer.status < 300 && rpc.data.result !== undefined)
        return rpc.data.result;
      throw providerError(
        this,
        'upstream_error',
        `Changelly ${method} answered ${answer.status} without a result`,
      );
    }
    const code = ERROR_RULES.find(([pattern]) => pattern.test(error.message))?.[1] ?? 'upstream_error';
    const limits = error.data?.limits;
    if (code === 'amount_out_of_range' && from && (limits?.min?.from || limits?.max?.from)) {
      throw providerError(
        this,
        code,
        `Changelly: ${error.message}`,
        limitsOf(limits?.min?.from ?? new Big(0), limits?.max?.from ?? null, from),
      );
    }
    throw providerError(this, code, `Changelly ${method}: ${error.message} (${error.code})`);
  }
}

/**
 * The ticker of getCurrenciesFull for one asset: on the network's blockchain, with the catalogue's
 * contract for a token, or without one (and named like the coin) for a native coin.
 */
export function matchChangellyTicker(
  list: ReadonlyArray<z.output<typeof currencySchema>>,
  asset: Pick<CatalogueAsset, 'coin' | 'contract'>,
  blockchain: string,
): string | null {
  const onChain = list.filter((c) => c.blockchain === blockchain && c.enabled !== false);
  if (asset.contract) {
    const wanted = asset.contract.toLowerCase();
    return onChain.find((c) => c.contractAddress?.toLowerCase() === wanted)?.ticker ?? null;
  }
  const native = onChain.filter((c) => !c.contractAddress);
  return (
    native.find((c) => c.ticker === asset.coin)?.ticker ??
    native.find((c) => c.ticker.startsWith(asset.coin))?.ticker ??
    null
  );
}
