import { createHash, randomBytes } from 'node:crypto';
import { base32nopad } from '@scure/base';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { fiatOrderEvents, fiatOrders, fiatSandboxPayments, fiatWebhookEvents } from '../../db/schema.ts';
import { networkTxHash } from '../address/tx-hash.ts';
import { validateAddress, validateMemo } from '../address/validate.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { formatDecimal } from '../exchange/decimal.ts';
import {
  checkPayout,
  type PayoutKind,
  type PayoutStatus,
  payoutKindFor,
  payoutStatus,
  SANDBOX_DEPOSIT_CONFIRMATIONS,
  type SellStage,
  sellStage,
} from './payout.ts';
import { FiatError, type FiatMarket, type FiatQuoteInput } from './quotes.ts';
import type { SaleMailer } from './sale-mail.ts';
import { luhnValid, SandboxFiatProvider, TEST_CARDS } from './sandbox.ts';
import {
  canMove,
  FINAL_FIAT_STATUSES,
  type FiatOrderStatus,
  FiatProviderError,
  type FiatSide,
  type PaymentMethod,
} from './types.ts';

export interface CreateFiatOrderInput extends FiatQuoteInput {
  paymentMethod: PaymentMethod;
  /** Take this provider's offer; the best when absent. */
  provider?: string | undefined;
  walletAddress: string;
  walletMemo?: string | undefined;
  lang: string;
}

export interface FiatOrderView {
  id: string;
  side: FiatSide;
  status: FiatOrderStatus;
  provider: string;
  providerName: string;
  fiat: string;
  fiatAmount: string;
  coin: string;
  network: string;
  cryptoAmount: string;
  rate: string;
  fee: string;
  networkFee: string;
  paymentMethod: PaymentMethod;
  country: string;
  region: string | null;
  walletAddress: string;
  walletMemo: string | null;
  checkoutUrl: string;
  /** sell: the coins in: where to send them and what the ramp has seen; null on buy. */
  deposit: SaleDepositView | null;
  /** sell: the money out: how, where (masked) and how far; null on buy. */
  payout: SalePayoutView | null;
  txHash: string | null;
  failureReason: string | null;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  history: { status: FiatOrderStatus; at: string }[];
}

export interface SaleDepositView {
  /** null when the ramp names its deposit address only on its own checkout. */
  address: string | null;
  memo: string | null;
  amount: string;
  coin: string;
  network: string;
  /** Send by then, or the sale expires. */
  deadline: string;
  received: string | null;
  txHash: string | null;
  confirmations: number | null;
  confirmationsRequired: number | null;
}

export interface SalePayoutView {
  /** The form the ramp takes the destination in, by the payment method. */
  kind: PayoutKind;
  method: PaymentMethod;
  /** The IBAN or card, masked; null until the seller gives it. */
  destination: string | null;
  amount: string;
  fiat: string;
  status: PayoutStatus;
  stage: SellStage;
}

type OrderRow = typeof fiatOrders.$inferSelect;

export interface FiatOrderServiceOptions {
  db: Database;
  catalogue: Catalogue;
  market: FiatMarket;
  log: Logger;
  /** Our site's address: where the provider's checkout sends the visitor back to. */
  baseUrl: string;
  /** How long an order waits for its payment before it expires. */
  unpaidTtlMs?: number;
  /** How often the job asks the provider about an open order. */
  pollMs?: number;
  /** How long a job run holds the orders it claimed. */
  checkLeaseMs?: number;
  providerTimeoutMs?: number;
  now?: () => Date;
  /** A sale's mails (core/fiat/sale-mail.ts); none without it. */
  mailer?: SaleMailer | null;
}

/** 128 random bits as 26 lowercase base32 characters. */
export function newFiatOrderId(): string {
  return base32nopad.encode(randomBytes(16)).toLowerCase();
}

function requestHash(input: CreateFiatOrderInput): string {
  const { lang: _lang, ...rest } = input;
  const canonical = Object.keys(rest)
    .sort()
    .map((key) => [key, rest[key as keyof typeof rest] ?? null]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Fiat orders: created from a provider's offer (the payout address checked as for swaps), paid on
 * the provider's hosted checkout, moved by the provider's signed webhooks (each event once) and by
 * the order job, which asks the providers about open orders and expires unpaid ones.
 */
export class FiatOrderService {
  readonly #o: Required<Omit<FiatOrderServiceOptions, 'now' | 'mailer'>> & {
    now: () => Date;
    mailer: SaleMailer | null;
  };

  constructor(options: FiatOrderServiceOptions) {
    this.#o = {
      unpaidTtlMs: 30 * 60_000,
      pollMs: 3_000,
      checkLeaseMs: 60_000,
      providerTimeoutMs: 10_000,
      now: () => new Date(),
      ...options,
      mailer: options.mailer ?? null,
    };
  }

  async create(
    input: CreateFiatOrderInput,
    idempotency?: { scope: string; key: string },
  ): Promise<{ order: FiatOrderView; replayed: boolean }> {
    const { db, market } = this.#o;
    const hash = requestHash(input);
    if (idempotency) {
      const existing = await this.#byKey(idempotency);
      if (existing) return this.#replay(existing, hash);
    }
    const quote = await market.quote(input);
    const offer = input.provider ? quote.offers.find((o) => o.provider === input.provider) : quote.offers[0];
    if (!offer)
      throw new FiatError('provider_unavailable', 'This provider has no offer for this request', 'provider');
    const address = validateAddress(quote.network, input.walletAddress);
    if (!address.valid)
      throw new FiatError('invalid_address', 'Not an address of this network', 'walletAddress');
    if (input.walletMemo && !validateMemo(quote.network, input.walletMemo).valid) {
      throw new FiatError('invalid_memo', 'Not a valid memo', 'walletMemo');
    }
    const provider = market.provider(offer.provider);
    if (!provider) throw new FiatError('provider_unavailable', 'Provider not running', 'provider');
    const id = newFiatOrderId();
    const returnUrl = `${this.#o.baseUrl}${input.lang === 'en' ? '' : `/${input.lang}`}/fiat/order/${id}`;
    let created: Awaited<ReturnType<typeof provider.createOrder>>;
    try {
      created = await provider.createOrder(
        {
          reference: id,
          side: input.side,
          fiat: input.fiat,
          coin: input.coin,
          network: quote.network,
          fiatAmount: offer.fiatAmount,
          cryptoAmount: offer.cryptoAmount,
          paymentMethod: offer.paymentMethod,
          country: input.country,
          region: input.region,
          walletAddress: input.walletAddress,
          walletMemo: input.walletMemo,
          returnUrl,
          lang: input.lang,
        },
        AbortSignal.timeout(this.#o.providerTimeoutMs),
      );
    } catch (error) {
      if (error instanceof FiatProviderError) {
        throw new FiatError('provider_unavailable', error.message, 'provider');
      }
      throw error;
    }
    const at = this.#o.now();
    const stored = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(fiatOrders)
        .values({
          id,
          side: input.side,
          provider: provider.id,
          providerOrderId: created.providerOrderId,
          status: 'pending_payment',
          fiat: input.fiat,
          fiatAmount: offer.fiatAmount,
          coin: input.coin,
          network: quote.network,
          cryptoAmount: offer.cryptoAmount,
          rate: offer.rate,
          fee: offer.fee,
          networkFee: offer.networkFee,
          paymentMethod: offer.paymentMethod,
          country: input.country,
          region: input.region ?? null,
          walletAddress: input.walletAddress,
          walletMemo: input.walletMemo ?? null,
          checkoutUrl: created.checkoutUrl,
          depositAddress: input.side === 'sell' ? (created.deposit?.address ?? null) : null,
          depositMemo: input.side === 'sell' ? (created.deposit?.memo ?? null) : null,
          lang: input.lang,
          idempotencyScope: idempotency?.scope ?? null,
          idempotencyKey: idempotency?.key ?? null,
          requestHash: idempotency ? hash : null,
          expiresAt: new Date(at.getTime() + this.#o.unpaidTtlMs),
          nextCheckAt: new Date(at.getTime() + this.#o.pollMs),
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: fiatOrders.id });
      if (inserted.length === 0) return false;
      await tx.insert(fiatOrderEvents).values([
        { orderId: id, status: 'created', source: 'api', at },
        { orderId: id, status: 'pending_payment', source: 'api', at },
      ]);
      return true;
    });
    if (!stored && idempotency) {
      // Another request with the key stored its order first.
      const existing = await this.#byKey(idempotency);
      if (existing) return this.#replay(existing, hash);
    }
    return { order: (await this.get(id)) as FiatOrderView, replayed: false };
  }

  async #byKey(idempotency: { scope: string; key: string }): Promise<OrderRow | undefined> {
    const [row] = await this.#o.db
      .select()
      .from(fiatOrders)
      .where(
        and(
          eq(fiatOrders.idempotencyScope, idempotency.scope),
          eq(fiatOrders.idempotencyKey, idempotency.key),
        ),
      );
    return row;
  }

  async #replay(row: OrderRow, hash: string): Promise<{ order: FiatOrderView; replayed: boolean }> {
    if (row.requestHash !== hash) {
      throw new FiatError('idempotency_key_reused', 'This Idempotency-Key was used with a different request');
    }
    return { order: (await this.get(row.id)) as FiatOrderView, replayed: true };
  }

  async get(id: string): Promise<FiatOrderView | null> {
    const { db } = this.#o;
    const [row] = await db.select().from(fiatOrders).where(eq(fiatOrders.id, id));
    if (!row) return null;
    const events = await db
      .select()
      .from(fiatOrderEvents)
      .where(eq(fiatOrderEvents.orderId, id))
      .orderBy(asc(fiatOrderEvents.at), asc(fiatOrderEvents.id));
    return this.#view(row, events);
  }

  /** The order's language (for the checkout page). */
  async lang(id: string): Promise<string | null> {
    const [row] = await this.#o.db
      .select({ lang: fiatOrders.lang })
      .from(fiatOrders)
      .where(eq(fiatOrders.id, id));
    return row?.lang ?? null;
  }

  /**
   * Moves an order to `next` if that is forward from where it stands (in `tx`, the row locked);
   * answers whether it moved.
   */
  async #move(
    tx: Database,
    row: OrderRow,
    next: FiatOrderStatus,
    source: string,
    extra: {
      txHash?: string | null | undefined;
      failureReason?: string | null | undefined;
      providerOrderId?: string | null;
      deposit?: { received: string } | null | undefined;
    },
  ): Promise<boolean> {
    const at = this.#o.now();
    if (!canMove(row.status, next)) return false;
    const asset = await this.#o.catalogue.asset(row.coin, row.network);
    const txHash = extra.txHash
      ? networkTxHash(asset?.network.addressFormat ?? '', extra.txHash)
      : row.txHash;
    await tx
      .update(fiatOrders)
      .set({
        status: next,
        txHash,
        failureReason: extra.failureReason ?? row.failureReason,
        providerOrderId: extra.providerOrderId ?? row.providerOrderId,
        nextCheckAt: FINAL_FIAT_STATUSES.has(next) ? null : new Date(at.getTime() + this.#o.pollMs),
        updatedAt: at,
      })
      .where(eq(fiatOrders.id, row.id));
    await tx.insert(fiatOrderEvents).values({ orderId: row.id, status: next, source, at });
    if (row.side === 'sell' && this.#o.mailer) {
      await this.#o.mailer.statusChanged(
        { ...row, status: next, depositReceived: extra.deposit?.received ?? row.depositReceived },
        tx,
      );
    }
    return true;
  }

  /**
   * A provider's webhook: its signature checked over the raw body (401 otherwise, nothing
   * changed), each event taken once by its id (a replay is answered and ignored), the order moved
   * forward only.
   */
  async handleWebhook(
    providerId: string,
    headers: Headers,
    rawBody: string,
  ): Promise<{ replayed: boolean; moved: boolean; orderId: string }> {
    const provider = this.#o.market.provider(providerId);
    if (!provider) throw new FiatError('unknown_provider', 'No such provider');
    let event: Awaited<ReturnType<typeof provider.verifyWebhook>>;
    try {
      event = await provider.verifyWebhook(headers, rawBody);
    } catch (error) {
      if (error instanceof FiatProviderError && error.code === 'bad_signature') {
        throw new FiatError('invalid_signature', error.message);
      }
      throw error;
    }
    const result = await this.#o.db.transaction(async (tx) => {
      // A provider that echoes no reference of ours names the order by its own id (Banxa).
      const which = event.orderId
        ? eq(fiatOrders.id, event.orderId)
        : and(
            eq(fiatOrders.provider, providerId),
            eq(fiatOrders.providerOrderId, event.providerOrderId ?? ''),
          );
      const [row] = await tx.select().from(fiatOrders).where(which).for('update');
      if (!row || row.provider !== providerId) throw new FiatError('order_not_found', 'No such order');
      const fresh = await tx
        .insert(fiatWebhookEvents)
        .values({ provider: providerId, eventId: event.eventId, orderId: row.id, status: event.status })
        .onConflictDoNothing()
        .returning({ eventId: fiatWebhookEvents.eventId });
      if (fresh.length === 0) return { replayed: true, moved: false, orderId: row.id };
      const moved = await this.#move(tx, row, event.status, 'webhook', event);
      return { replayed: false, moved, orderId: row.id };
    });
    if (result.moved) this.#o.mailer?.wake();
    return result;
  }

  /** Asks the provider about one open order and expires it when unpaid past its time. */
  async #sync(row: OrderRow): Promise<void> {
    const { db, log } = this.#o;
    if (FINAL_FIAT_STATUSES.has(row.status)) {
      await db.update(fiatOrders).set({ nextCheckAt: null }).where(eq(fiatOrders.id, row.id));
      return;
    }
    const provider = this.#o.market.provider(row.provider);
    let reported: Awaited<ReturnType<NonNullable<typeof provider>['getOrder']>> = null;
    if (provider) {
      try {
        reported = await provider.getOrder(
          row.id,
          AbortSignal.timeout(this.#o.providerTimeoutMs),
          row.providerOrderId,
        );
      } catch (error) {
        log.warn({ err: error, order: row.id, provider: row.provider }, 'Fiat provider status check failed');
      }
    }
    const at = this.#o.now();
    const moved = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(fiatOrders).where(eq(fiatOrders.id, row.id)).for('update');
      if (!current) return false;
      let next = reported?.status ?? current.status;
      const unpaid = next === 'created' || next === 'pending_payment';
      // A sale whose coins are on their way is not expired: its deposit is being confirmed.
      if (unpaid && at >= current.expiresAt && !reported?.deposit) next = 'expired';
      if (reported?.deposit) {
        const asset = await this.#o.catalogue.asset(current.coin, current.network);
        await tx
          .update(fiatOrders)
          .set({
            depositReceived: reported.deposit.received,
            depositTxHash: networkTxHash(asset?.network.addressFormat ?? '', reported.deposit.txHash),
            depositConfirmations: reported.deposit.confirmations,
          })
          .where(eq(fiatOrders.id, row.id));
      }
      const moved = await this.#move(tx, current, next, 'job', reported ?? {});
      if (!moved && !FINAL_FIAT_STATUSES.has(current.status)) {
        await tx
          .update(fiatOrders)
          .set({ nextCheckAt: new Date(at.getTime() + this.#o.pollMs) })
          .where(eq(fiatOrders.id, row.id));
      }
      return moved;
    });
    if (moved) this.#o.mailer?.wake();
  }

  /** Checks one order now (the order page's refresh after a checkout). */
  async sync(id: string): Promise<FiatOrderView | null> {
    const [row] = await this.#o.db.select().from(fiatOrders).where(eq(fiatOrders.id, id));
    if (!row) return null;
    await this.#sync(row);
    return this.get(id);
  }

  /** One run of the order job: due orders claimed with FOR UPDATE SKIP LOCKED and leased, then synced. */
  async syncDue(limit = 25): Promise<number> {
    const { db } = this.#o;
    const at = this.#o.now();
    const lease = new Date(at.getTime() + this.#o.checkLeaseMs);
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: fiatOrders.id })
        .from(fiatOrders)
        .where(lte(fiatOrders.nextCheckAt, at))
        .orderBy(asc(fiatOrders.nextCheckAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const ids = due.map((row) => row.id);
      await tx.update(fiatOrders).set({ nextCheckAt: lease }).where(inArray(fiatOrders.id, ids));
      return tx.select().from(fiatOrders).where(inArray(fiatOrders.id, ids));
    });
    for (const row of claimed) await this.#sync(row);
    return claimed.length;
  }

  // ---- Sales: where the money goes, and the seller's deposit -------------------------------

  /**
   * A sale's payout destination, given the way its ramp takes it: an IBAN for a bank transfer, a
   * card number otherwise, each checked (country format and mod-97; Luhn) before it is kept. Only
   * the masked form is stored; it may change until the deposit is seen.
   */
  async setPayout(id: string, destination: string, email?: string | null): Promise<FiatOrderView> {
    const { db } = this.#o;
    const mailed = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(fiatOrders).where(eq(fiatOrders.id, id)).for('update');
      if (row?.side !== 'sell') throw new FiatError('order_not_found', 'No sale with this id');
      const kind = payoutKindFor(row.paymentMethod);
      const checked = checkPayout(kind, destination);
      if (!checked.valid) {
        throw new FiatError(
          kind === 'iban' ? 'invalid_iban' : 'invalid_payout_card',
          `Not a valid ${kind}`,
          'destination',
        );
      }
      if (!this.#o.market.provider(row.provider)?.takesPayoutDetails) {
        throw new FiatError('sale_not_open', 'This ramp takes the payout details on its own page');
      }
      if (row.status !== 'pending_payment' || row.depositTxHash) {
        throw new FiatError('sale_not_open', 'This sale takes no changes now');
      }
      const notifyEmail = email || row.notifyEmail;
      await tx
        .update(fiatOrders)
        .set({ payoutKind: kind, payoutDestination: checked.masked, notifyEmail, updatedAt: this.#o.now() })
        .where(eq(fiatOrders.id, id));
      // "Send your coins", once the deposit step opens, or again to a newly given address.
      const ask = row.payoutDestination === null || (!!email && email !== row.notifyEmail);
      if (!ask || !notifyEmail || !this.#o.mailer) return false;
      return this.#o.mailer.depositAsked({ ...row, payoutDestination: checked.masked, notifyEmail }, tx);
    });
    if (mailed) this.#o.mailer?.wake();
    return (await this.get(id)) as FiatOrderView;
  }

  /**
   * The sandbox's "I have sent it": the seller's coins, the full amount, reach the ramp's deposit
   * address; the ramp then confirms them and pays out, as the order job follows.
   */
  async sandboxDeposit(id: string): Promise<FiatOrderView> {
    const { row, provider } = await this.#sandboxOrder(id);
    if (row.side !== 'sell') throw new FiatError('order_not_found', 'No sale with this id');
    if (row.status !== 'pending_payment')
      throw new FiatError('sale_not_open', 'This sale takes no deposit now');
    if (!row.payoutDestination) throw new FiatError('payout_missing', 'Say where the money goes first');
    const booked = await this.#o.db
      .insert(fiatSandboxPayments)
      .values({
        orderId: id,
        provider: provider.id,
        outcome: 'deposited',
        cardLast4: row.payoutDestination.slice(-4),
        amount: row.cryptoAmount,
        paidAt: this.#o.now(),
      })
      .onConflictDoNothing()
      .returning({ orderId: fiatSandboxPayments.orderId });
    if (booked.length === 0) throw new FiatError('sale_not_open', 'The deposit was already sent');
    return (await this.sync(id)) as FiatOrderView;
  }

  // ---- The sandbox providers' hosted checkout ----------------------------------------------

  async #sandboxOrder(id: string): Promise<{ row: OrderRow; provider: SandboxFiatProvider }> {
    const [row] = await this.#o.db.select().from(fiatOrders).where(eq(fiatOrders.id, id));
    const provider = row ? this.#o.market.provider(row.provider) : undefined;
    if (!row || !(provider instanceof SandboxFiatProvider)) {
      throw new FiatError('order_not_found', 'No sandbox order with this id');
    }
    return { row, provider };
  }

  /**
   * A card payment on the sandbox checkout: the test card 4242… pays, 4000…0002 is declined,
   * 4000…3220 asks for a 3-D Secure step first; any other number is refused as not a test card.
   * The provider books it and tells us by signed webhook, through the same door as a real one.
   */
  async sandboxPay(
    id: string,
    card: { number: string; expiry: string; cvc: string },
  ): Promise<{ outcome: 'succeeded' | 'declined' | 'challenge'; order: FiatOrderView }> {
    const { row, provider } = await this.#sandboxOrder(id);
    const number = card.number.replace(/[\s-]/g, '');
    if (!luhnValid(number)) throw new FiatError('invalid_card', 'Not a card number', 'number');
    const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
    const now = this.#o.now();
    const expired =
      !expiry ||
      Number(`20${expiry[2]}`) * 12 + Number(expiry[1]) < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
    if (expired) throw new FiatError('invalid_card', 'Expiry date', 'expiry');
    if (!/^\d{3,4}$/.test(card.cvc.trim())) throw new FiatError('invalid_card', 'Security code', 'cvc');
    if (row.status !== 'pending_payment' || row.side !== 'buy')
      throw new FiatError('order_not_payable', 'This order takes no payment now');
    const [booked] = await this.#o.db
      .select()
      .from(fiatSandboxPayments)
      .where(eq(fiatSandboxPayments.orderId, id));
    if (booked && booked.outcome !== 'challenge') {
      throw new FiatError('order_not_payable', 'This order takes no payment now');
    }
    const outcome =
      number === TEST_CARDS.success
        ? 'succeeded'
        : number === TEST_CARDS.challenge
          ? 'challenge'
          : 'declined';
    await this.#book(id, provider.id, outcome, number.slice(-4));
    if (outcome !== 'challenge') await this.#notify(provider, id, outcome);
    return { outcome, order: (await this.get(id)) as FiatOrderView };
  }

  /** The 3-D Secure step of the sandbox checkout: passed pays, failed declines. */
  async sandboxChallenge(id: string, passed: boolean): Promise<FiatOrderView> {
    const { provider } = await this.#sandboxOrder(id);
    const [booked] = await this.#o.db
      .select()
      .from(fiatSandboxPayments)
      .where(eq(fiatSandboxPayments.orderId, id));
    if (booked?.outcome !== 'challenge') throw new FiatError('order_not_payable', 'No 3-D Secure step waits');
    const outcome = passed ? 'succeeded' : 'declined';
    await this.#book(id, provider.id, outcome, booked.cardLast4);
    await this.#notify(provider, id, outcome);
    return (await this.get(id)) as FiatOrderView;
  }

  async #book(id: string, provider: string, outcome: string, last4: string): Promise<void> {
    const paidAt = outcome === 'succeeded' ? this.#o.now() : null;
    await this.#o.db
      .insert(fiatSandboxPayments)
      .values({ orderId: id, provider, outcome, cardLast4: last4, paidAt })
      .onConflictDoUpdate({ target: fiatSandboxPayments.orderId, set: { outcome, paidAt } });
  }

  async #notify(provider: SandboxFiatProvider, id: string, outcome: 'succeeded' | 'declined'): Promise<void> {
    const { headers, body } =
      outcome === 'succeeded'
        ? provider.signedWebhook(id, 'paid')
        : provider.signedWebhook(id, 'failed', { failureReason: 'card_declined' });
    await this.handleWebhook(provider.id, headers, body);
  }

  #depositView(row: OrderRow): SaleDepositView {
    const sandbox = this.#o.market.provider(row.provider)?.sandbox === true;
    return {
      address: row.depositAddress,
      memo: row.depositMemo,
      amount: formatDecimal(row.cryptoAmount),
      coin: row.coin,
      network: row.network,
      deadline: row.expiresAt.toISOString(),
      received: row.depositReceived === null ? null : formatDecimal(row.depositReceived),
      txHash: row.depositTxHash,
      confirmations: row.depositConfirmations,
      confirmationsRequired: sandbox ? SANDBOX_DEPOSIT_CONFIRMATIONS : null,
    };
  }

  #payoutView(row: OrderRow): SalePayoutView {
    return {
      kind: row.payoutKind ?? payoutKindFor(row.paymentMethod),
      method: row.paymentMethod,
      destination: row.payoutDestination,
      amount: formatDecimal(row.fiatAmount),
      fiat: row.fiat,
      status: payoutStatus(row.status),
      stage: sellStage({
        status: row.status,
        payoutGiven: row.payoutDestination !== null,
        depositSeen: row.depositTxHash !== null,
      }),
    };
  }

  #view(row: OrderRow, events: (typeof fiatOrderEvents.$inferSelect)[]): FiatOrderView {
    return {
      id: row.id,
      side: row.side,
      status: row.status,
      provider: row.provider,
      providerName: this.#o.market.provider(row.provider)?.name ?? row.provider,
      fiat: row.fiat,
      fiatAmount: formatDecimal(row.fiatAmount),
      coin: row.coin,
      network: row.network,
      cryptoAmount: formatDecimal(row.cryptoAmount),
      rate: formatDecimal(row.rate),
      fee: formatDecimal(row.fee),
      networkFee: formatDecimal(row.networkFee),
      paymentMethod: row.paymentMethod,
      country: row.country,
      region: row.region,
      walletAddress: row.walletAddress,
      walletMemo: row.walletMemo,
      checkoutUrl: row.checkoutUrl,
      deposit: row.side === 'sell' ? this.#depositView(row) : null,
      payout: row.side === 'sell' ? this.#payoutView(row) : null,
      txHash: row.txHash,
      failureReason: row.failureReason,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      history: events.map((e) => ({ status: e.status, at: e.at.toISOString() })),
    };
  }
}
