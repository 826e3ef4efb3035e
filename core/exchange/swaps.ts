import { createHash, randomBytes } from 'node:crypto';
import { base32nopad } from '@scure/base';
import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import { idempotencyKeys, partners, swapEvents, swaps } from '../../db/schema.ts';
import { networkTxHash } from '../address/tx-hash.ts';
import { validateAddress, validateMemo } from '../address/validate.ts';
import type { Catalogue, CatalogueAsset } from '../catalogue/catalogue.ts';
import type { SwapEndListener } from '../partners/ledger.ts';
import type { PublicSwapView } from './contract.ts';
import { Big, formatDecimal, toAmount } from './decimal.ts';
import type { QuoteService } from './quotes.ts';
import { newUnsubscribeToken, type SwapMailer } from './swap-mail.ts';
import { DEFAULT_DECISION, decisionDue, reconcileStatus } from './swap-states.ts';
import {
  FINAL_STATUSES,
  type LiquidityProvider,
  ProviderError,
  type ProviderSwap,
  type RateType,
  type SwapDecision,
} from './types.ts';

export interface CreateSwapInput {
  from: string;
  fromNetwork?: string;
  to: string;
  toNetwork?: string;
  amount: string;
  rateType: RateType;
  quoteId?: string;
  payoutAddress: string;
  payoutMemo?: string;
  refundAddress?: string;
  refundMemo?: string;
  promoCode?: string;
  partnerId?: string;
  /** How the partner came to the swap: its API key (`api`), or its link, code or widget (`affiliate`, the default). */
  partnerVia?: 'affiliate' | 'api';
  /** A float swap with this provider's offer rather than the best (a fixed quote names its own). */
  provider?: string;
  /** Optional: where the swap's mails go, and their language (core/exchange/swap-mail.ts). */
  notify?: { email: string; lang: string };
}

export type SwapErrorCode =
  | 'invalid_payout_address'
  | 'invalid_payout_memo'
  | 'payout_memo_required'
  | 'invalid_refund_address'
  | 'invalid_refund_memo'
  | 'quote_required'
  | 'quote_mismatch'
  | 'provider_unavailable'
  | 'idempotency_key_reused'
  | 'idempotency_request_in_flight'
  | 'swap_not_found'
  | 'deposit_rejected'
  | 'swap_not_actionable'
  | 'refund_address_required'
  | 'refund_memo_required';

/** A swap request that cannot be served, with the HTTP status that says why. */
export class SwapError extends Error {
  readonly code: SwapErrorCode;
  readonly status: 400 | 404 | 409 | 422 | 502;
  readonly field?: string;
  constructor(code: SwapErrorCode, status: SwapError['status'], message: string, field?: string) {
    super(message);
    this.name = 'SwapError';
    this.code = code;
    this.status = status;
    if (field) this.field = field;
  }
}

/**
 * Whether `error` is a SwapError, also one thrown by another copy of this module (the React Router
 * server bundle holds its own, so `instanceof` fails across the two).
 */
export function isSwapError(error: unknown): error is SwapError {
  return (
    error instanceof Error && error.name === 'SwapError' && typeof (error as SwapError).code === 'string'
  );
}

/** A swap as the service keeps it: the public view and the partner it earns for. */
export type SwapView = PublicSwapView & { partnerId: string | null };

export interface SwapServiceOptions {
  db: Database;
  catalogue: Catalogue;
  quotes: QuoteService;
  providers: readonly LiquidityProvider[];
  log: Logger;
  /** Our fee, kept back by the provider from the payout; 0 with a valid promo code. */
  serviceFeeBps?: number;
  /** How long a swap waits for its deposit before it expires. */
  unpaidTtlMs?: number;
  /** How long a provider call may take. */
  providerTimeoutMs?: number;
  /** Poll intervals of the status job. */
  pollWaitingMs?: number;
  pollActiveMs?: number;
  /**
   * How long a request holds its Idempotency-Key before the key counts as abandoned (its process
   * died): by default well past the longest a creation can take (the provider's timeout, twice, and
   * the database's writes).
   */
  idempotencyLeaseMs?: number;
  /** How long a run of the status job holds the swaps it claimed; a node killed mid-run leaves them this long. */
  checkLeaseMs?: number;
  now?: () => Date;
  /** Sends the optional receipt and status mails. */
  mailer?: SwapMailer;
  /** Queues partners' webhook events of their swaps' statuses (core/partners/webhooks.ts). */
  webhooks?: SwapStatusListener;
  /**
   * How long a swap in action_needed waits for the visitor's decision before the default
   * (DEFAULT_DECISION: continue at the market rate) applies.
   */
  actionWindowMs?: number;
  /** Told when a swap finishes or is refunded (the partners' earnings ledger, core/partners/ledger.ts). */
  onEnded?: SwapEndListener;
}

/**
 * Told of every status a partner's swap reaches (its creation's `waiting` included) inside the
 * transaction that stores it; `wake` after the commit when it queued something.
 */
export interface SwapStatusListener {
  swapStatus(tx: Database, swapId: string): Promise<boolean>;
  wake(): void;
}

/** A decision on a swap, as the visitor (page, mail link or API) gives it. */
export type DecisionInput =
  | { action: 'continue' }
  | { action: 'refund'; refundAddress?: string; refundMemo?: string };

/**
 * 128 random bits as 26 lowercase base32 characters: a swap id nobody can guess, safe in URLs
 * and unchanged by the site's lowercase path normalisation.
 */
export function newSwapId(): string {
  return base32nopad.encode(randomBytes(16)).toLowerCase();
}

function requestHash(input: CreateSwapInput): string {
  const canonical = Object.keys(input)
    .sort()
    .map((key) => [key, input[key as keyof CreateSwapInput] ?? null]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

type SwapRow = typeof swaps.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Rolls back the storing of a swap whose request no longer holds its Idempotency-Key. */
class KeyTakenOver extends Error {
  readonly provider: string;
  readonly providerSwapId: string;
  constructor(provider: string, providerSwapId: string) {
    super('The Idempotency-Key was taken over by another request');
    this.provider = provider;
    this.providerSwapId = providerSwapId;
  }
}

/** A provider that can be told a deposit arrived: the sandbox providers. */
export interface DepositSimulator {
  simulateDeposit(
    providerSwapId: string,
    amount: string,
    options?: { scenario?: 'hold' | 'provider_failure' },
  ): Promise<ProviderSwap>;
}

function isDepositSimulator(provider: LiquidityProvider): provider is LiquidityProvider & DepositSimulator {
  return typeof (provider as Partial<DepositSimulator>).simulateDeposit === 'function';
}

/**
 * Creates swaps at the chosen provider, keeps their status in step with the provider, and
 * expires unpaid ones. Every status change is stored with its time.
 */
export class SwapService {
  readonly #options: Required<Omit<SwapServiceOptions, 'now' | 'mailer' | 'onEnded' | 'webhooks'>> & {
    now: () => Date;
  };
  readonly #mailer: SwapMailer | null;
  readonly #onEnded: SwapEndListener | null;
  readonly #webhooks: SwapStatusListener | null;
  readonly #providers: Map<string, LiquidityProvider>;

  constructor(options: SwapServiceOptions) {
    this.#options = {
      serviceFeeBps: 40,
      unpaidTtlMs: 2 * 60 * 60_000,
      providerTimeoutMs: 10_000,
      pollWaitingMs: 30_000,
      pollActiveMs: 5_000,
      checkLeaseMs: 60_000,
      actionWindowMs: 24 * 60 * 60_000,
      now: () => new Date(),
      ...options,
      idempotencyLeaseMs: options.idempotencyLeaseMs ?? (options.providerTimeoutMs ?? 10_000) * 2 + 10_000,
    };
    this.#providers = new Map(options.providers.map((provider) => [provider.id, provider]));
    this.#mailer = options.mailer ?? null;
    this.#onEnded = options.onEnded ?? null;
    this.#webhooks = options.webhooks ?? null;
  }

  provider(id: string): LiquidityProvider | undefined {
    return this.#providers.get(id);
  }

  /**
   * Creates a swap. With an idempotency key, the same key and body give the same swap, another
   * body with that key is refused (422), and a request still being handled answers 409.
   */
  async create(
    input: CreateSwapInput,
    idempotency?: { scope: string; key: string },
  ): Promise<{ swap: SwapView; replayed: boolean }> {
    const { db } = this.#options;
    if (!idempotency) return { swap: await this.#create(input), replayed: false };

    const hash = requestHash(input);
    const id = newSwapId();
    const keyRow = and(
      eq(idempotencyKeys.scope, idempotency.scope),
      eq(idempotencyKeys.key, idempotency.key),
    );
    const leaseUntil = () => new Date(this.#options.now().getTime() + this.#options.idempotencyLeaseMs);
    const claimed = await db
      .insert(idempotencyKeys)
      .values({
        scope: idempotency.scope,
        key: idempotency.key,
        requestHash: hash,
        pendingSwapId: id,
        leaseUntil: leaseUntil(),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [existing] = await db.select().from(idempotencyKeys).where(keyRow);
      if (existing && existing.requestHash !== hash) {
        throw new SwapError(
          'idempotency_key_reused',
          422,
          'This Idempotency-Key was used with a different request',
        );
      }
      if (existing?.swapId) return { swap: (await this.get(existing.swapId)) as SwapView, replayed: true };
      // A swap stored under the key's pending id but not noted on it (left by versions that wrote the
      // two apart; now they are written together): the swap is the answer.
      const left = existing?.pendingSwapId ? await this.get(existing.pendingSwapId) : null;
      if (existing && left) {
        await db.update(idempotencyKeys).set({ swapId: left.id }).where(keyRow);
        return { swap: left, replayed: true };
      }
      if (!existing || existing.leaseUntil > this.#options.now()) {
        throw new SwapError(
          'idempotency_request_in_flight',
          409,
          'A request with this Idempotency-Key is still being processed',
        );
      }
      // The holder's lease ran out with no swap stored (its process died): this request takes the
      // key over, unless another one just did (the update re-reads the row, so one wins).
      const taken = await db
        .update(idempotencyKeys)
        .set({ pendingSwapId: id, leaseUntil: leaseUntil() })
        .where(
          and(keyRow, isNull(idempotencyKeys.swapId), lte(idempotencyKeys.leaseUntil, this.#options.now())),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length === 0) {
        throw new SwapError(
          'idempotency_request_in_flight',
          409,
          'A request with this Idempotency-Key is still being processed',
        );
      }
      this.#options.log.warn(
        { scope: idempotency.scope, abandonedSwapId: existing.pendingSwapId },
        'Took over an Idempotency-Key whose request stopped without an answer',
      );
    }
    // Only the request holding the key (its pending swap id) may settle or release it, and only
    // while no swap is noted on it.
    const mine = and(keyRow, eq(idempotencyKeys.pendingSwapId, id), isNull(idempotencyKeys.swapId));
    try {
      // The swap row and the key's note of it are written in one transaction: a swap row exists only
      // with the key pointing at it, whenever the process dies.
      const swap = await this.#create(input, id, async (tx) => {
        const settled = await tx
          .update(idempotencyKeys)
          .set({ swapId: id })
          .where(mine)
          .returning({ key: idempotencyKeys.key });
        return settled.length > 0;
      });
      return { swap, replayed: false };
    } catch (error) {
      if (error instanceof KeyTakenOver) {
        // This request outlived its lease and another one took the key over: its swap was not
        // stored (its booking at the provider is left to expire unpaid). The key's answer is the
        // other request's swap, or 409 while that one is still working.
        this.#options.log.warn(
          {
            scope: idempotency.scope,
            swapId: id,
            provider: error.provider,
            providerSwapId: error.providerSwapId,
          },
          'A request lost its Idempotency-Key to another after its lease ran out; its swap was not stored',
        );
        const [current] = await db.select().from(idempotencyKeys).where(keyRow);
        if (current?.swapId) return { swap: (await this.get(current.swapId)) as SwapView, replayed: true };
        throw new SwapError(
          'idempotency_request_in_flight',
          409,
          'A request with this Idempotency-Key is still being processed',
        );
      }
      // A failed attempt leaves no trace, so the client may retry with the same key.
      await db.delete(idempotencyKeys).where(mine);
      throw error;
    }
  }

  /**
   * Creates the swap at the provider and stores it. `settle`, run in the transaction that stores the
   * swap, notes it on its Idempotency-Key; when it finds the key taken over, nothing is stored.
   */
  async #create(
    input: CreateSwapInput,
    id: string = newSwapId(),
    settle?: (tx: Transaction) => Promise<boolean>,
  ): Promise<SwapView> {
    const { db, catalogue, quotes, now } = this.#options;
    const fromAsset = await catalogue.asset(input.from, input.fromNetwork);
    const toAsset = await catalogue.asset(input.to, input.toNetwork);
    if (fromAsset && toAsset) this.#checkAddresses(input, fromAsset, toAsset);

    let quote: {
      provider: string;
      amountFrom: string;
      amountTo: string;
      rate: string;
      networkFee: string;
      serviceFee: string;
      providerRateId?: string | null;
      expiresAt?: Date;
      quoteId?: string;
    };
    if (input.rateType === 'fixed') {
      if (!input.quoteId)
        throw new SwapError(
          'quote_required',
          422,
          'A fixed-rate swap needs the quoteId of a fixed quote',
          'quoteId',
        );
      const fixed = await quotes.findFixedQuote(input.quoteId);
      const sameRequest =
        fixed.fromCoin === input.from.toLowerCase() &&
        fixed.toCoin === input.to.toLowerCase() &&
        (!input.fromNetwork || fixed.fromNetwork === input.fromNetwork.toLowerCase()) &&
        (!input.toNetwork || fixed.toNetwork === input.toNetwork.toLowerCase()) &&
        new Big(fixed.amountFrom).eq(new Big(input.amount));
      if (!sameRequest)
        throw new SwapError(
          'quote_mismatch',
          422,
          'The quote was made for another pair or amount',
          'quoteId',
        );
      quote = {
        provider: fixed.provider,
        amountFrom: fixed.amountFrom,
        amountTo: fixed.amountTo,
        rate: fixed.rate,
        networkFee: fixed.networkFee,
        serviceFee: fixed.serviceFee,
        providerRateId: fixed.providerRateId,
        expiresAt: fixed.expiresAt,
        quoteId: fixed.id,
      };
    } else {
      const offer = await quotes.quote({
        from: input.from,
        fromNetwork: input.fromNetwork,
        to: input.to,
        toNetwork: input.toNetwork,
        amount: input.amount,
        rateType: 'float',
        promoCode: input.promoCode,
        provider: input.provider,
      });
      quote = offer;
    }

    // The quote service has already refused unknown coins and networks.
    const from = fromAsset as CatalogueAsset;
    const to = toAsset as CatalogueAsset;

    const provider = this.#providers.get(quote.provider);
    if (!provider)
      throw new SwapError('provider_unavailable', 502, `Provider ${quote.provider} is not available`);
    const promo = input.promoCode ? await quotes.isValidPromoCode(input.promoCode) : false;
    let created: ProviderSwap;
    try {
      created = await provider.createSwap(
        {
          reference: id,
          from: { coin: from.coin, network: from.network.id },
          to: { coin: to.coin, network: to.network.id },
          amountFrom: quote.amountFrom,
          rateType: input.rateType,
          partnerFeeBps: promo ? 0 : this.#options.serviceFeeBps,
          ...(quote.providerRateId ? { providerRateId: quote.providerRateId } : {}),
          payoutAddress: input.payoutAddress.trim(),
          ...(input.payoutMemo ? { payoutMemo: input.payoutMemo.trim() } : {}),
          ...(input.refundAddress ? { refundAddress: input.refundAddress.trim() } : {}),
          ...(input.refundMemo ? { refundMemo: input.refundMemo.trim() } : {}),
        },
        AbortSignal.timeout(this.#options.providerTimeoutMs),
      );
    } catch (error) {
      if (error instanceof ProviderError && error.code === 'rate_expired') {
        throw new SwapError(
          'quote_mismatch',
          422,
          'The fixed rate has expired; ask for a new quote',
          'quoteId',
        );
      }
      // Our own database failing (a sandbox provider keeps its swaps there) is an outage of ours,
      // answered 503 `unavailable` with Retry-After, not the partner's fault.
      if (isDatabaseUnavailable(error)) throw error;
      this.#options.log.error({ err: error, provider: provider.id }, 'Provider could not create the swap');
      throw new SwapError(
        'provider_unavailable',
        502,
        'The liquidity provider could not create the swap; please try again',
      );
    }

    let affiliateFee = '0';
    if (input.partnerId) {
      const [partner] = await db.select().from(partners).where(eq(partners.id, input.partnerId));
      if (partner)
        affiliateFee = toAmount(
          new Big(quote.amountFrom).times(partner.affiliateFeeBps).div(10_000),
          from.decimals,
        );
    }

    const createdAt = now();
    const hooked = await db.transaction(async (tx) => {
      await tx.insert(swaps).values({
        id,
        provider: provider.id,
        providerSwapId: created.providerSwapId,
        status: 'waiting',
        rateType: input.rateType,
        fromCoin: from.coin,
        fromNetwork: from.network.id,
        toCoin: to.coin,
        toNetwork: to.network.id,
        amountFrom: quote.amountFrom,
        amountTo: quote.amountTo,
        rate: quote.rate,
        serviceFee: quote.serviceFee,
        affiliateFee,
        networkFee: quote.networkFee,
        depositAddress: created.depositAddress,
        depositMemo: created.depositMemo ?? null,
        payoutAddress: input.payoutAddress.trim(),
        payoutMemo: input.payoutMemo?.trim() || null,
        refundAddress: input.refundAddress?.trim() || null,
        refundMemo: input.refundMemo?.trim() || null,
        minAmount: created.limits?.min ?? null,
        maxAmount: created.limits?.max ?? null,
        quoteId: quote.quoteId ?? null,
        promoCode: promo ? (input.promoCode ?? null) : null,
        partnerId: input.partnerId ?? null,
        partnerVia: input.partnerId ? (input.partnerVia ?? 'affiliate') : null,
        expiresAt: new Date(createdAt.getTime() + this.#options.unpaidTtlMs),
        rateExpiresAt: input.rateType === 'fixed' ? (quote.expiresAt ?? null) : null,
        nextCheckAt: new Date(createdAt.getTime() + this.#options.pollWaitingMs),
        createdAt,
        updatedAt: createdAt,
        ...(input.notify ? notifyColumns(input.notify) : {}),
      });
      await tx.insert(swapEvents).values({ swapId: id, status: 'waiting', at: createdAt });
      if (settle && !(await settle(tx))) throw new KeyTakenOver(provider.id, created.providerSwapId);
      if (input.notify) await this.#mailed(tx, id, 'created');
      return input.partnerId ? await this.#hooked(tx, id) : false;
    });
    if (input.notify) this.#mailer?.wake();
    if (hooked) this.#webhooks?.wake();
    return (await this.get(id)) as SwapView;
  }

  #checkAddresses(input: CreateSwapInput, from: CatalogueAsset, to: CatalogueAsset): void {
    if (!validateAddress(to.network.id, input.payoutAddress).valid) {
      throw new SwapError(
        'invalid_payout_address',
        422,
        `This is not a valid ${to.network.name} address`,
        'payoutAddress',
      );
    }
    if (input.payoutMemo) {
      if (!validateMemo(to.network.id, input.payoutMemo).valid) {
        throw new SwapError(
          'invalid_payout_memo',
          422,
          `This is not a valid ${to.network.memo?.name ?? 'memo'}`,
          'payoutMemo',
        );
      }
    } else if (to.network.memo?.required) {
      throw new SwapError(
        'payout_memo_required',
        422,
        `${to.network.name} payouts need a ${to.network.memo.name}`,
        'payoutMemo',
      );
    }
    if (input.refundAddress && !validateAddress(from.network.id, input.refundAddress).valid) {
      throw new SwapError(
        'invalid_refund_address',
        422,
        `This is not a valid ${from.network.name} address`,
        'refundAddress',
      );
    }
    if (input.refundMemo && !validateMemo(from.network.id, input.refundMemo).valid) {
      throw new SwapError(
        'invalid_refund_memo',
        422,
        `This is not a valid ${from.network.memo?.name ?? 'memo'}`,
        'refundMemo',
      );
    }
  }

  async get(id: string): Promise<SwapView | null> {
    const { db } = this.#options;
    const [row] = await db.select().from(swaps).where(eq(swaps.id, id));
    if (!row) return null;
    const events = await db
      .select()
      .from(swapEvents)
      .where(eq(swapEvents.swapId, id))
      .orderBy(asc(swapEvents.at), asc(swapEvents.id));
    const view = toView(row, events);
    if (row.refundHash) {
      const from = await this.#options.catalogue.asset(row.fromCoin, row.fromNetwork);
      const template = from?.network.explorerTx;
      if (from && template) {
        const hash = networkTxHash(from.network.addressFormat, row.refundHash);
        view.refundTxUrl = template.replaceAll('{hash}', encodeURIComponent(hash));
      }
    }
    if (row.status === 'action_needed') view.continueOffer = await this.#continueOffer(row);
    return view;
  }

  /** What continuing at the market rate pays now: a fresh float quote of this provider for the deposit. */
  async #continueOffer(row: SwapRow): Promise<SwapView['continueOffer']> {
    if (!row.amountDeposited) return null;
    try {
      const quote = await this.#options.quotes.quote({
        from: row.fromCoin,
        fromNetwork: row.fromNetwork,
        to: row.toCoin,
        toNetwork: row.toNetwork,
        amount: formatDecimal(row.amountDeposited),
        rateType: 'float',
        provider: row.provider,
        ...(row.promoCode ? { promoCode: row.promoCode } : {}),
      });
      return quote.provider === row.provider ? { amountTo: quote.amountTo, rate: quote.rate } : null;
    } catch (error) {
      this.#options.log.warn({ err: error, swap: row.id }, 'No market quote for an action-needed swap');
      return null;
    }
  }

  /**
   * The visitor's decision on a swap in action_needed (continue at the market rate, or refund), or
   * the refund address a refunding swap lacks. Idempotent: the decision already taken answers the
   * swap as it is; another decision, or a swap with nothing to decide, is refused (409).
   */
  async decide(id: string, input: DecisionInput, by: 'visitor' | 'default' = 'visitor'): Promise<SwapView> {
    const { db, catalogue } = this.#options;
    const [row] = await db.select().from(swaps).where(eq(swaps.id, id));
    if (!row) throw new SwapError('swap_not_found', 404, 'No swap with this id');
    const refundUnderWay = (row.status === 'refunding' || row.status === 'refunded') && !!row.refundAddress;
    if (row.decision === input.action || (input.action === 'refund' && refundUnderWay)) {
      return (await this.get(id)) as SwapView;
    }
    const waitingForAddress = row.status === 'refunding' && !row.refundAddress;
    const open =
      (row.status === 'action_needed' && !row.decision) || (input.action === 'refund' && waitingForAddress);
    if (!open) throw new SwapError('swap_not_actionable', 409, 'This swap has no decision to take now');
    const provider = this.#providers.get(row.provider);
    if (!provider?.resolveSwap) {
      throw new SwapError('provider_unavailable', 502, 'The provider takes no decisions on this swap');
    }
    let decision: SwapDecision;
    if (input.action === 'refund') {
      const refundAddress = input.refundAddress?.trim() || row.refundAddress;
      const refundMemo = input.refundMemo?.trim() || (input.refundAddress ? undefined : row.refundMemo);
      const from = await catalogue.asset(row.fromCoin, row.fromNetwork);
      if (!refundAddress) {
        throw new SwapError(
          'refund_address_required',
          422,
          'A refund needs a refund address',
          'refundAddress',
        );
      }
      if (from) this.#checkRefund(from, refundAddress, refundMemo ?? undefined);
      decision = { action: 'refund', refundAddress, ...(refundMemo ? { refundMemo } : {}) };
    } else {
      decision = { action: 'continue' };
    }
    try {
      await provider.resolveSwap(
        row.providerSwapId,
        decision,
        AbortSignal.timeout(this.#options.providerTimeoutMs),
      );
    } catch (error) {
      if (error instanceof ProviderError && error.code === 'invalid_address') {
        throw new SwapError(
          'invalid_refund_address',
          422,
          'The provider refused the refund address',
          'refundAddress',
        );
      }
      this.#options.log.error({ err: error, swap: id }, 'Provider could not carry out a decision');
      throw new SwapError(
        'provider_unavailable',
        502,
        'The liquidity provider could not take the decision; please try again',
      );
    }
    await db
      .update(swaps)
      .set({
        ...(row.status === 'action_needed' ? { decision: input.action, decidedBy: by } : {}),
        ...(decision.action === 'refund'
          ? { refundAddress: decision.refundAddress, refundMemo: decision.refundMemo ?? null }
          : {}),
        nextCheckAt: this.#options.now(),
      })
      .where(eq(swaps.id, id));
    return (await this.sync(id)) as SwapView;
  }

  #checkRefund(from: CatalogueAsset, address: string, memo: string | undefined): void {
    if (!validateAddress(from.network.id, address).valid) {
      throw new SwapError(
        'invalid_refund_address',
        422,
        `This is not a valid ${from.network.name} address`,
        'refundAddress',
      );
    }
    if (memo && !validateMemo(from.network.id, memo).valid) {
      throw new SwapError(
        'invalid_refund_memo',
        422,
        `This is not a valid ${from.network.memo?.name ?? 'memo'}`,
        'refundMemo',
      );
    }
    if (!memo && from.network.memo?.required) {
      throw new SwapError(
        'refund_memo_required',
        422,
        `${from.network.name} refunds need a ${from.network.memo.name}`,
        'refundMemo',
      );
    }
  }

  /** Asks the provider for the swap's status now (after a deposit, or from the job). */
  async sync(id: string): Promise<SwapView | null> {
    const [row] = await this.#options.db.select().from(swaps).where(eq(swaps.id, id));
    if (!row) return null;
    await this.#syncRow(row);
    return this.get(id);
  }

  async #syncRow(row: SwapRow): Promise<void> {
    const { db, now, log } = this.#options;
    const current = row.status;
    if (FINAL_STATUSES.has(current)) {
      await db.update(swaps).set({ nextCheckAt: null }).where(eq(swaps.id, row.id));
      return;
    }
    // Nobody decided by the deadline: the documented default applies (swap-states.ts).
    if (decisionDue(current, row.actionDeadline, now()) && !row.decision) {
      try {
        await this.decide(row.id, { action: DEFAULT_DECISION }, 'default');
        return;
      } catch (error) {
        log.error({ err: error, swap: row.id }, 'The default decision could not be applied; retrying');
      }
    }
    const at = now();
    let reported: ProviderSwap | null = null;
    const provider = this.#providers.get(row.provider);
    if (provider) {
      try {
        reported = await provider.getSwap(
          row.providerSwapId,
          AbortSignal.timeout(this.#options.providerTimeoutMs),
        );
      } catch (error) {
        log.warn({ err: error, swap: row.id, provider: row.provider }, 'Provider status check failed');
      }
    }
    const amountDeposited = reported?.amountDeposited ?? row.amountDeposited;
    const reconciled = reconcileStatus(current, reported?.status ?? null, {
      deposited: amountDeposited !== null,
      now: at,
      expiresAt: row.expiresAt,
    });
    const next = reconciled.status;
    if (reconciled.problem === 'provider_failed' || reconciled.problem === 'late') {
      log.error(
        { swap: row.id, provider: row.provider, reported: reported?.status },
        'The provider ended a swap that holds a deposit; it is owed a refund',
      );
    }
    const problem = reconciled.problem ?? reported?.problem ?? row.problem;
    // What the payout comes to for the deposit actually received, once the provider says.
    const amountExpected =
      amountDeposited !== null &&
      reported &&
      new Big(reported.amountTo).gt(0) &&
      !new Big(reported.amountTo).eq(row.amountTo)
        ? reported.amountTo
        : row.amountExpected;

    const final = FINAL_STATUSES.has(next);
    const amountPaidOut = reported?.amountPaidOut ?? row.amountPaidOut;
    // A swap's end is written to its partner's ledger with the status, in one transaction; what
    // the row needs (prices, the partner's tier) is read before it.
    const ledgerWrite =
      this.#onEnded && next !== current && (next === 'finished' || next === 'refunded')
        ? await this.#onEnded.swapEnded({ ...row, amountPaidOut, amountExpected }, next)
        : null;
    const interval = next === 'waiting' ? this.#options.pollWaitingMs : this.#options.pollActiveMs;
    let hooked = false;
    const mailed = await db.transaction(async (tx) => {
      const updated = await tx
        .update(swaps)
        .set({
          status: next,
          problem,
          amountDeposited,
          amountExpected,
          amountPaidOut,
          depositHash: reported?.depositHash ?? row.depositHash,
          payoutHash: reported?.payoutHash ?? row.payoutHash,
          refundHash: reported?.refundHash ?? row.refundHash,
          amountRefunded: reported?.amountRefunded ?? row.amountRefunded,
          refundAddress: row.refundAddress ?? reported?.refundAddress ?? null,
          minAmount: row.minAmount ?? reported?.limits?.min ?? null,
          maxAmount: row.maxAmount ?? reported?.limits?.max ?? null,
          actionDeadline:
            next === 'action_needed' && current !== 'action_needed'
              ? new Date(at.getTime() + this.#options.actionWindowMs)
              : row.actionDeadline,
          nextCheckAt: final ? null : new Date(at.getTime() + interval),
          updatedAt: next === current ? row.updatedAt : at,
        })
        // Only from the status this sync read: the status job and a deposit's own sync can sync one
        // swap at once, and the second must not record the same step again.
        .where(and(eq(swaps.id, row.id), eq(swaps.status, current)))
        .returning({ id: swaps.id });
      if (updated.length === 0 || next === current) return false;
      await tx.insert(swapEvents).values({ swapId: row.id, status: next, at });
      if (ledgerWrite) await ledgerWrite(tx);
      hooked = row.partnerId ? await this.#hooked(tx, row.id) : false;
      return row.notifyEmail ? this.#mailed(tx, row.id, 'statusChanged') : false;
    });
    if (mailed) this.#mailer?.wake();
    if (hooked) this.#webhooks?.wake();
  }

  /** Queues the partner's webhook event of the swap's stored status in the transaction `tx`. */
  async #hooked(tx: Database, id: string): Promise<boolean> {
    return this.#webhooks ? this.#webhooks.swapStatus(tx, id) : false;
  }

  /** Queues the swap's mail of a creation or a status change in the transaction `tx` (swap-mail.ts). */
  async #mailed(tx: Database, id: string, event: 'created' | 'statusChanged'): Promise<boolean> {
    if (!this.#mailer) return false;
    const [stored] = await tx.select().from(swaps).where(eq(swaps.id, id));
    return stored ? this.#mailer[event](stored, tx) : false;
  }

  /**
   * Sandbox only: tells the swap's simulated provider that the deposit arrived, then syncs.
   * Refused unless the swap still waits for its deposit.
   */
  async simulateDeposit(
    id: string,
    amount: string,
    scenario?: 'hold' | 'provider_failure',
  ): Promise<SwapView> {
    const [row] = await this.#options.db.select().from(swaps).where(eq(swaps.id, id));
    if (!row) throw new SwapError('swap_not_found', 404, 'No swap with this id');
    const provider = this.#providers.get(row.provider);
    if (!provider || !isDepositSimulator(provider) || row.status !== 'waiting') {
      throw new SwapError('deposit_rejected', 409, 'This swap cannot take a deposit now');
    }
    try {
      await provider.simulateDeposit(row.providerSwapId, amount, scenario ? { scenario } : {});
    } catch (error) {
      if (error instanceof ProviderError) throw new SwapError('deposit_rejected', 409, error.message);
      throw error;
    }
    return (await this.sync(id)) as SwapView;
  }

  /** Asks for the swap to be checked on the job's next run. */
  async checkSoon(id: string): Promise<void> {
    await this.#options.db
      .update(swaps)
      .set({ nextCheckAt: this.#options.now() })
      .where(and(eq(swaps.id, id), isNotNull(swaps.nextCheckAt)));
  }

  /**
   * One run of the status job: claims due swaps with FOR UPDATE SKIP LOCKED (so several nodes
   * never check the same swap at once), leases them briefly, and syncs each.
   */
  async syncDue(limit = 25): Promise<number> {
    const { db, now } = this.#options;
    const at = now();
    const lease = new Date(at.getTime() + this.#options.checkLeaseMs);
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: swaps.id })
        .from(swaps)
        .where(lte(swaps.nextCheckAt, at))
        .orderBy(asc(swaps.nextCheckAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const ids = due.map((row) => row.id);
      await tx.update(swaps).set({ nextCheckAt: lease }).where(inArray(swaps.id, ids));
      return tx.select().from(swaps).where(inArray(swaps.id, ids));
    });
    for (const row of claimed) await this.#syncRow(row);
    return claimed.length;
  }
}

function notifyColumns(notify: { email: string; lang: string }) {
  return { notifyEmail: notify.email, notifyLang: notify.lang, notifyToken: newUnsubscribeToken() };
}

function toView(row: SwapRow, events: (typeof swapEvents.$inferSelect)[]): SwapView {
  return {
    id: row.id,
    status: row.status,
    rateType: row.rateType,
    from: row.fromCoin,
    fromNetwork: row.fromNetwork,
    to: row.toCoin,
    toNetwork: row.toNetwork,
    provider: row.provider,
    depositAddress: row.depositAddress,
    depositMemo: row.depositMemo,
    amountFrom: formatDecimal(row.amountFrom),
    amountTo: formatDecimal(row.amountTo),
    rate: formatDecimal(row.rate),
    networkFee: formatDecimal(row.networkFee),
    serviceFee: formatDecimal(row.serviceFee),
    payoutAddress: row.payoutAddress,
    payoutMemo: row.payoutMemo,
    refundAddress: row.refundAddress,
    refundMemo: row.refundMemo,
    amountDeposited: row.amountDeposited === null ? null : formatDecimal(row.amountDeposited),
    amountPaidOut: row.amountPaidOut === null ? null : formatDecimal(row.amountPaidOut),
    depositHash: row.depositHash,
    payoutHash: row.payoutHash,
    problem: row.problem,
    min: row.minAmount === null ? null : formatDecimal(row.minAmount),
    max: row.maxAmount === null ? null : formatDecimal(row.maxAmount),
    amountExpected: row.amountExpected === null ? null : formatDecimal(row.amountExpected),
    actionDeadline: row.actionDeadline?.toISOString() ?? null,
    defaultDecision: row.status === 'action_needed' ? DEFAULT_DECISION : null,
    decision: row.decision,
    decidedBy: row.decidedBy,
    continueOffer: null,
    refundHash: row.refundHash,
    refundTxUrl: null,
    amountRefunded: row.amountRefunded === null ? null : formatDecimal(row.amountRefunded),
    refundAddressNeeded: (row.status === 'refunding' || row.status === 'action_needed') && !row.refundAddress,
    expiresAt: row.expiresAt.toISOString(),
    rateExpiresAt: row.rateExpiresAt?.toISOString() ?? null,
    partnerId: row.partnerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history: events.map((event) => ({ status: event.status, at: event.at.toISOString() })),
  };
}
