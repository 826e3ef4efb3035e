import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accountUsers,
  apiKeys,
  coinPrices,
  consoleNotes,
  fiatOrderEvents,
  fiatOrders,
  mailOutbox,
  partners,
  pathRules,
  type ReviewStatus,
  reviews,
  supportRequests,
  swapEvents,
  swaps,
} from '../../db/schema.ts';
import type { SwapService } from '../exchange/swaps.ts';
import { FINAL_STATUSES, type SwapStatus } from '../exchange/types.ts';
import { FINAL_FIAT_STATUSES } from '../fiat/types.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { createApiKey, revokeApiKey } from '../partners/api-keys.ts';
import type { PartnerLedger } from '../partners/ledger.ts';
import type { PartnerWithdrawals } from '../partners/withdrawals.ts';
import type { ProviderHealth, ProviderHealthFigures, ProviderSwitchboard } from '../providers/switchboard.ts';
import type { CircuitName } from '../resilience.ts';
import type { ReviewService } from '../reviews/reviews.ts';
import { type PathRule, type PathRuleInput, upsertPathRule } from '../routing/path-rules.ts';
import type { WidgetTheme } from '../widget/config.ts';
import { type Actor, AuditLog } from './audit.ts';

/** A console action the signed-in role may not take, or one the record's state does not allow. */
export class ConsoleRefused extends Error {
  readonly code: 'forbidden' | 'not_found' | 'not_allowed' | 'invalid';
  constructor(code: ConsoleRefused['code'], message: string) {
    super(message);
    this.name = 'ConsoleRefused';
    this.code = code;
  }
}

/** Actions that move money or switch the business: operators only (support reads and replies). */
function requireOperator(actor: Actor): void {
  if (actor.role !== 'operator') throw new ConsoleRefused('forbidden', 'Only an operator may do this');
}

/** A swap counts as stuck when it has not moved for this long (longer than any provider's usual time). */
export const STUCK_AFTER_MS = 2 * 60 * 60_000;
/** The longest note or reply the console keeps. */
export const MAX_NOTE_LENGTH = 5_000;
/** A transaction hash as explorers write them (hex, base58, base64url…), without spaces. */
const TX_HASH = /^[A-Za-z0-9:_-]{8,200}$/;

export interface StatusCount {
  status: string;
  count: number;
}

export interface Overview {
  swapsToday: StatusCount[];
  swapsWeek: StatusCount[];
  ordersToday: StatusCount[];
  ordersWeek: StatusCount[];
  /** Finished swaps' deposits valued at today's prices, in USD. */
  volumeUsdToday: number;
  volumeUsdWeek: number;
  failuresWeek: number;
  stuck: { id: string; status: string; provider: string; updatedAt: Date }[];
  providers: ProviderRow[];
  openSupport: number;
  heldReviews: number;
  pendingMail: number;
}

export interface ProviderRow extends ProviderHealthFigures {
  name: string;
  /** An instant-exchange provider, or a fiat on-/off-ramp. */
  kind: 'exchange' | 'ramp';
  enabled: boolean;
  /** The provider's circuit breaker now (`open`: skipped after repeated failures); null without one. */
  circuit: CircuitName | null;
}

/** A provider or ramp the console lists and switches. */
export interface SwitchableProvider {
  id: string;
  name: string;
  circuit?: CircuitName | null;
}

export interface SearchHit {
  kind: 'swap' | 'fiat';
  id: string;
  status: string;
  summary: string;
  createdAt: Date;
}

/** The affiliate share an operator may set, in basis points (0.2 % is the programme's default). */
export const MAX_AFFILIATE_BPS = 100;

export interface ConsoleOptions {
  db: Database;
  /** The partners' ledger, withdrawals and widget themes (core/partners, core/widget). */
  partners: {
    ledger: PartnerLedger;
    withdrawals: PartnerWithdrawals;
    themes?: { get(id: string): Promise<WidgetTheme | null | undefined> };
  };
  swaps: SwapService;
  reviews: ReviewService;
  mail: MailOutbox;
  switchboard: ProviderSwitchboard;
  health: ProviderHealth;
  /** The instant-exchange providers the quotes ask (switched on or off). */
  providers: () => readonly SwitchableProvider[];
  /** The fiat ramps (MoonPay, Banxa, the sandbox ramps) the fiat quotes ask, switched like the providers. */
  ramps?: () => readonly SwitchableProvider[];
  /** Tells every node a path rule changed (the server wires LISTEN/NOTIFY here). */
  onPathRulesChanged: () => Promise<void> | void;
  /** The address replies come from and go back to. */
  operatorEmail: string;
  now?: () => Date;
}

function counts(rows: { status: string; n: number | string }[]): StatusCount[] {
  return rows.map((row) => ({ status: row.status, count: Number(row.n) })).sort((a, b) => b.count - a.count);
}

/**
 * What the operator console does, each write checked against the actor's role and the record's
 * state and written to the audit log with the record before and after (core/console/audit.ts).
 */
export class ConsoleService {
  readonly audit: AuditLog;
  readonly #o: ConsoleOptions;
  readonly #now: () => Date;

  constructor(options: ConsoleOptions) {
    this.#o = options;
    this.audit = new AuditLog(options.db);
    this.#now = options.now ?? (() => new Date());
  }

  // ------------------------------------------------------------------------------ overview

  async overview(): Promise<Overview> {
    const { db } = this.#o;
    const now = this.#now();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const week = new Date(now.getTime() - 7 * 24 * 60 * 60_000);
    const swapCounts = (since: Date) =>
      db
        .select({ status: swaps.status, n: count() })
        .from(swaps)
        .where(gte(swaps.createdAt, since))
        .groupBy(swaps.status);
    const orderCounts = (since: Date) =>
      db
        .select({ status: fiatOrders.status, n: count() })
        .from(fiatOrders)
        .where(gte(fiatOrders.createdAt, since))
        .groupBy(fiatOrders.status);
    const volume = async (since: Date) => {
      const [row] = await db
        .select({
          usd: sql<
            string | null
          >`sum(coalesce(${swaps.amountDeposited}, ${swaps.amountFrom}) * ${coinPrices.usd})`,
        })
        .from(swaps)
        .innerJoin(coinPrices, eq(coinPrices.coin, swaps.fromCoin))
        .where(and(eq(swaps.status, 'finished'), gte(swaps.createdAt, since)));
      return Math.round(Number(row?.usd ?? 0) * 100) / 100;
    };
    const [swapsToday, swapsWeek, ordersToday, ordersWeek, volumeUsdToday, volumeUsdWeek] = await Promise.all(
      [
        swapCounts(today),
        swapCounts(week),
        orderCounts(today),
        orderCounts(week),
        volume(today),
        volume(week),
      ],
    );
    const stuck = await db
      .select({ id: swaps.id, status: swaps.status, provider: swaps.provider, updatedAt: swaps.updatedAt })
      .from(swaps)
      .where(
        and(
          notInArray(swaps.status, [...FINAL_STATUSES, 'waiting'] as SwapStatus[]),
          lt(swaps.updatedAt, new Date(now.getTime() - STUCK_AFTER_MS)),
        ),
      )
      .orderBy(asc(swaps.updatedAt))
      .limit(20);
    const [support] = await db
      .select({ n: count() })
      .from(supportRequests)
      .where(isNull(supportRequests.closedAt));
    const [held] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'held'));
    const weekCounts = counts(swapsWeek);
    return {
      swapsToday: counts(swapsToday),
      swapsWeek: weekCounts,
      ordersToday: counts(ordersToday),
      ordersWeek: counts(ordersWeek),
      volumeUsdToday,
      volumeUsdWeek,
      failuresWeek: weekCounts
        .filter((row) => row.status === 'failed')
        .reduce((sum, row) => sum + row.count, 0),
      stuck,
      providers: this.providers(),
      openSupport: Number(support?.n ?? 0),
      heldReviews: Number(held?.n ?? 0),
      pendingMail: await this.#o.mail.pendingCount(),
    };
  }

  // ------------------------------------------------------------------------------ swaps and orders

  /** Swaps and fiat orders by id, address, transaction hash, provider id or notification e-mail. */
  async search(query: string): Promise<SearchHit[]> {
    const q = query.trim().slice(0, 200);
    if (q.length < 3) return [];
    const { db } = this.#o;
    const email = q.toLowerCase();
    const swapRows = await db
      .select()
      .from(swaps)
      .where(
        or(
          eq(swaps.id, q.toLowerCase()),
          eq(swaps.providerSwapId, q),
          eq(swaps.depositAddress, q),
          eq(swaps.payoutAddress, q),
          eq(swaps.refundAddress, q),
          eq(swaps.depositHash, q),
          eq(swaps.payoutHash, q),
          eq(swaps.refundHash, q),
          eq(swaps.notifyEmail, email),
        ),
      )
      .orderBy(desc(swaps.createdAt))
      .limit(50);
    const orderRows = await db
      .select()
      .from(fiatOrders)
      .where(
        or(
          eq(fiatOrders.id, q.toLowerCase()),
          eq(fiatOrders.providerOrderId, q),
          eq(fiatOrders.walletAddress, q),
          eq(fiatOrders.depositAddress, q),
          eq(fiatOrders.depositTxHash, q),
          eq(fiatOrders.txHash, q),
        ),
      )
      .orderBy(desc(fiatOrders.createdAt))
      .limit(50);
    return [
      ...swapRows.map((row) => ({
        kind: 'swap' as const,
        id: row.id,
        status: row.status,
        summary: `${row.amountFrom} ${row.fromCoin.toUpperCase()} → ${row.amountTo} ${row.toCoin.toUpperCase()} (${row.provider}, ${row.rateType})`,
        createdAt: row.createdAt,
      })),
      ...orderRows.map((row) => ({
        kind: 'fiat' as const,
        id: row.id,
        status: row.status,
        summary: `${row.side} ${row.cryptoAmount} ${row.coin.toUpperCase()} for ${row.fiatAmount} ${row.fiat.toUpperCase()} (${row.provider})`,
        createdAt: row.createdAt,
      })),
    ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  async swap(id: string) {
    const { db } = this.#o;
    const [row] = await db.select().from(swaps).where(eq(swaps.id, id));
    if (!row) return null;
    const [events, notes, audit] = await Promise.all([
      db
        .select()
        .from(swapEvents)
        .where(eq(swapEvents.swapId, id))
        .orderBy(asc(swapEvents.at), asc(swapEvents.id)),
      this.#notes('swap', id),
      this.audit.list({ target: { type: 'swap', id }, limit: 200 }),
    ]);
    return { swap: row, events, notes, audit };
  }

  async order(id: string) {
    const { db } = this.#o;
    const [row] = await db.select().from(fiatOrders).where(eq(fiatOrders.id, id));
    if (!row) return null;
    const [events, notes, audit] = await Promise.all([
      db
        .select()
        .from(fiatOrderEvents)
        .where(eq(fiatOrderEvents.orderId, id))
        .orderBy(asc(fiatOrderEvents.id)),
      this.#notes('fiat', id),
      this.audit.list({ target: { type: 'fiat', id }, limit: 200 }),
    ]);
    return { order: row, events, notes, audit, final: FINAL_FIAT_STATUSES.has(row.status) };
  }

  #notes(targetType: string, targetId: string) {
    return this.#o.db
      .select()
      .from(consoleNotes)
      .where(and(eq(consoleNotes.targetType, targetType), eq(consoleNotes.targetId, targetId)))
      .orderBy(asc(consoleNotes.createdAt), asc(consoleNotes.id));
  }

  /** A note on a swap or fiat order, for the next person who looks at it. */
  async addNote(actor: Actor, target: { type: 'swap' | 'fiat'; id: string }, text: string): Promise<void> {
    const note = text.trim();
    if (!note || note.length > MAX_NOTE_LENGTH)
      throw new ConsoleRefused('invalid', 'A note is 1 to 5,000 characters');
    const table = target.type === 'swap' ? swaps : fiatOrders;
    const [exists] = await this.#o.db.select({ id: table.id }).from(table).where(eq(table.id, target.id));
    if (!exists) throw new ConsoleRefused('not_found', 'No such record');
    await this.#o.db.transaction(async (tx) => {
      await tx.insert(consoleNotes).values({
        targetType: target.type,
        targetId: target.id,
        kind: 'note',
        authorEmail: actor.email,
        text: note,
      });
      await this.audit.record(
        actor,
        { action: 'note.add', targetType: target.type, targetId: target.id, after: { text: note } },
        tx,
      );
    });
  }

  /** Asks the swap's provider for its status now (the status job's step, run at once). */
  async recheckSwap(actor: Actor, id: string): Promise<SwapStatus> {
    const [before] = await this.#o.db.select({ status: swaps.status }).from(swaps).where(eq(swaps.id, id));
    if (!before) throw new ConsoleRefused('not_found', 'No such swap');
    const after = await this.#o.swaps.sync(id);
    await this.audit.record(actor, {
      action: 'swap.recheck',
      targetType: 'swap',
      targetId: id,
      before: { status: before.status },
      after: { status: after?.status ?? before.status },
    });
    return after?.status ?? before.status;
  }

  /**
   * Records the transaction of a refund the provider made by hand: a refunding swap becomes
   * refunded with its hash (or a refunded one without a hash gets it). Operators only.
   */
  async recordRefundHash(actor: Actor, id: string, hash: string): Promise<void> {
    requireOperator(actor);
    const value = hash.trim();
    if (!TX_HASH.test(value)) throw new ConsoleRefused('invalid', 'Not a transaction hash');
    await this.#o.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: swaps.status, refundHash: swaps.refundHash })
        .from(swaps)
        .where(eq(swaps.id, id))
        .for('update');
      if (!row) throw new ConsoleRefused('not_found', 'No such swap');
      const allowed = row.status === 'refunding' || (row.status === 'refunded' && !row.refundHash);
      if (!allowed) {
        throw new ConsoleRefused(
          'not_allowed',
          `A refund hash is recorded on a refunding swap, not a ${row.status} one`,
        );
      }
      const at = this.#now();
      await tx
        .update(swaps)
        .set({ status: 'refunded', refundHash: value, nextCheckAt: null, updatedAt: at })
        .where(eq(swaps.id, id));
      if (row.status !== 'refunded')
        await tx.insert(swapEvents).values({ swapId: id, status: 'refunded', at });
      await this.audit.record(
        actor,
        {
          action: 'swap.refund_hash',
          targetType: 'swap',
          targetId: id,
          before: row,
          after: { status: 'refunded', refundHash: value },
        },
        tx,
      );
    });
  }

  // ------------------------------------------------------------------------------ support inbox

  async supportRequests(state: 'open' | 'closed', limit = 100) {
    return this.#o.db
      .select()
      .from(supportRequests)
      .where(state === 'open' ? isNull(supportRequests.closedAt) : isNotNull(supportRequests.closedAt))
      .orderBy(state === 'open' ? asc(supportRequests.createdAt) : desc(supportRequests.closedAt))
      .limit(limit);
  }

  async supportRequest(id: number) {
    const [request] = await this.#o.db.select().from(supportRequests).where(eq(supportRequests.id, id));
    if (!request) return null;
    return { request, replies: await this.#notes('support', String(id)) };
  }

  /**
   * Answers a support request by mail (through the outbox, in the request's thread: `Re:` and
   * In-Reply-To/References on the request's own message id). The text is the operator's.
   */
  async reply(actor: Actor, id: number, text: string, host: string): Promise<number> {
    const body = text.trim();
    if (!body || body.length > MAX_NOTE_LENGTH)
      throw new ConsoleRefused('invalid', 'A reply is 1 to 5,000 characters');
    const found = await this.supportRequest(id);
    if (!found) throw new ConsoleRefused('not_found', 'No such request');
    const { request } = found;
    const thread = `<support-${request.id}@${host}>`;
    const subjects = {
      contact: 'Your message',
      add_coin: 'Your coin listing request',
      partner_demo: 'Your demo request',
    };
    const mailId = await this.#o.db.transaction(async (tx) => {
      const mailId = await this.#o.mail.enqueue(
        {
          to: request.email,
          subject: `Re: ${subjects[request.kind]} (#${request.id})`,
          text: `${body}\n\n-- \nSwapGate support\n`,
          replyTo: this.#o.operatorEmail,
          headers: { 'In-Reply-To': thread, References: thread },
        },
        tx,
      );
      await tx.insert(consoleNotes).values({
        targetType: 'support',
        targetId: String(id),
        kind: 'reply',
        authorEmail: actor.email,
        text: body,
        mailId,
      });
      await this.audit.record(
        actor,
        {
          action: 'support.reply',
          targetType: 'support',
          targetId: String(id),
          after: { mailId, text: body },
        },
        tx,
      );
      return mailId;
    });
    this.#o.mail.wake();
    return mailId;
  }

  async closeSupport(actor: Actor, id: number): Promise<void> {
    const rows = await this.#o.db
      .update(supportRequests)
      .set({ closedAt: this.#now() })
      .where(and(eq(supportRequests.id, id), isNull(supportRequests.closedAt)))
      .returning({ id: supportRequests.id });
    if (rows.length === 0) throw new ConsoleRefused('not_found', 'No open request with this number');
    await this.audit.record(actor, {
      action: 'support.close',
      targetType: 'support',
      targetId: String(id),
      before: { closed: false },
      after: { closed: true },
    });
  }

  // ------------------------------------------------------------------------------ reviews

  reviews(status: ReviewStatus) {
    return this.#o.reviews.moderation(status);
  }

  async publishReview(actor: Actor, id: number): Promise<void> {
    if (!(await this.#o.reviews.publish(id)))
      throw new ConsoleRefused('not_found', 'No held review with this number');
    await this.audit.record(actor, {
      action: 'review.publish',
      targetType: 'review',
      targetId: String(id),
      before: { status: 'held' },
      after: { status: 'published' },
    });
  }

  async hideReview(actor: Actor, id: number, reason: string): Promise<void> {
    const why = reason.trim();
    if (!why || why.length > 500) throw new ConsoleRefused('invalid', 'Give a reason (up to 500 characters)');
    const before = await this.#o.reviews.hide(id);
    if (!before) throw new ConsoleRefused('not_found', 'No such review');
    await this.audit.record(actor, {
      action: 'review.hide',
      targetType: 'review',
      targetId: String(id),
      before: { status: before },
      after: { status: 'rejected', reason: why },
    });
  }

  // ------------------------------------------------------------------------------ mail outbox

  outbox(limit = 100) {
    return this.#o.db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        nextAttemptAt: mailOutbox.nextAttemptAt,
        sentAt: mailOutbox.sentAt,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(limit);
  }

  /** A pending mail is tried now; a sent one is queued again as a copy. */
  async resendMail(actor: Actor, id: number): Promise<number> {
    const [mail] = await this.#o.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!mail) throw new ConsoleRefused('not_found', 'No such mail');
    let queued = id;
    if (mail.status === 'pending') {
      await this.#o.db.update(mailOutbox).set({ nextAttemptAt: this.#now() }).where(eq(mailOutbox.id, id));
      this.#o.mail.wake();
    } else {
      queued = await this.#o.mail.enqueue({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        replyTo: mail.replyTo,
        headers: mail.headers,
      });
    }
    await this.audit.record(actor, {
      action: 'mail.resend',
      targetType: 'mail',
      targetId: String(id),
      before: { status: mail.status, attempts: mail.attempts },
      after: { queued },
    });
    return queued;
  }

  // ------------------------------------------------------------------------------ path rules

  pathRules() {
    return this.#o.db.select().from(pathRules).orderBy(asc(pathRules.path));
  }

  async savePathRule(actor: Actor, input: PathRuleInput): Promise<PathRule> {
    requireOperator(actor);
    const rule = await savePathRule(this.#o.db, this.audit, actor, input);
    await this.#o.onPathRulesChanged();
    return rule;
  }

  async deletePathRule(actor: Actor, path: string): Promise<void> {
    requireOperator(actor);
    if (!(await deletePathRule(this.#o.db, this.audit, actor, path))) {
      throw new ConsoleRefused('not_found', 'No rule for this path');
    }
    await this.#o.onPathRulesChanged();
  }

  // ------------------------------------------------------------------------------ providers

  /** The instant-exchange providers, then the fiat ramps: health, switch and breaker of each. */
  providers(): ProviderRow[] {
    const row = (kind: ProviderRow['kind']) => (provider: SwitchableProvider) => ({
      ...this.#o.health.figures(provider.id),
      name: provider.name,
      kind,
      enabled: this.#o.switchboard.enabled(provider.id),
      circuit: provider.circuit ?? null,
    });
    return [...this.#o.providers().map(row('exchange')), ...(this.#o.ramps?.() ?? []).map(row('ramp'))];
  }

  /**
   * Switches a provider or ramp off (quotes stop asking it at once; orders and swaps under way
   * carry on) or back on. Operators only.
   */
  async switchProvider(actor: Actor, id: string, enabled: boolean): Promise<void> {
    requireOperator(actor);
    const found = this.providers().find((provider) => provider.provider === id);
    if (!found) throw new ConsoleRefused('not_found', 'No such provider');
    const kind = found.kind === 'ramp' ? 'ramp' : 'provider';
    await this.#o.db.transaction(async (tx) => {
      const { before } = await this.#o.switchboard.set(id, enabled, tx);
      await this.audit.record(
        actor,
        {
          action: `${kind}.${enabled ? 'on' : 'off'}`,
          targetType: kind,
          targetId: id,
          before: { enabled: before },
          after: { enabled },
        },
        tx,
      );
    });
  }

  // ------------------------------------------------------------------------------ partners

  /** Every partner with who runs it, its share, balance and active keys. */
  async partners() {
    const { db } = this.#o;
    const rows = await db
      .select({
        id: partners.id,
        name: partners.name,
        affiliateFeeBps: partners.affiliateFeeBps,
        email: accountUsers.email,
        createdAt: partners.createdAt,
      })
      .from(partners)
      .leftJoin(accountUsers, eq(accountUsers.id, partners.userId))
      .orderBy(asc(partners.createdAt))
      .limit(500);
    const keys = await db
      .select({
        id: apiKeys.id,
        partnerId: apiKeys.partnerId,
        prefix: apiKeys.prefix,
        name: apiKeys.name,
        createdAt: apiKeys.createdAt,
      })
      .from(apiKeys)
      .where(isNull(apiKeys.revokedAt))
      .orderBy(asc(apiKeys.createdAt));
    return Promise.all(
      rows.map(async (row) => ({
        ...row,
        balanceUsd: (await this.#o.partners.ledger.balanceUsd(row.id)).toFixed(2),
        keys: keys.filter((key) => key.partnerId === row.id),
      })),
    );
  }

  queuedWithdrawals() {
    return this.#o.partners.withdrawals.queued();
  }

  /** A queued withdrawal sent by the operator, with its transaction. Operators only. */
  async markWithdrawalPaid(actor: Actor, id: string, hash: string): Promise<void> {
    requireOperator(actor);
    const value = hash.trim();
    if (!TX_HASH.test(value)) throw new ConsoleRefused('invalid', 'Not a transaction hash');
    if (!(await this.#o.partners.withdrawals.markPaid(id, value))) {
      throw new ConsoleRefused('not_found', 'No queued withdrawal with this id');
    }
    await this.audit.record(actor, {
      action: 'withdrawal.paid',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: 'queued' },
      after: { status: 'paid', txHash: value },
    });
  }

  /**
   * Refuses a queued withdrawal with the reason the partner will read on its processing page: the
   * amount goes back to the partner's balance (core/partners/withdrawals.ts). Operators only.
   */
  async refuseWithdrawal(actor: Actor, id: string, reason: string): Promise<void> {
    requireOperator(actor);
    const why = reason.trim();
    if (!why || why.length > 500) throw new ConsoleRefused('invalid', 'Give a reason (up to 500 characters)');
    const before = await this.#o.partners.withdrawals.refuse(id, why);
    if (!before) throw new ConsoleRefused('not_found', 'No queued withdrawal with this id');
    await this.audit.record(actor, {
      action: 'withdrawal.refuse',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: before.status, amountUsd: before.amountUsd },
      after: { status: 'refused', reason: why, creditedUsd: before.amountUsd },
    });
  }

  /**
   * One partner in full, read-only: who runs it, its widget theme, its earnings (totals, by month,
   * the latest ledger rows) and its withdrawals. Null for an unknown partner.
   */
  async partner(id: string) {
    const { db } = this.#o;
    const [row] = await db
      .select({
        id: partners.id,
        name: partners.name,
        affiliateFeeBps: partners.affiliateFeeBps,
        email: accountUsers.email,
        createdAt: partners.createdAt,
      })
      .from(partners)
      .leftJoin(accountUsers, eq(accountUsers.id, partners.userId))
      .where(eq(partners.id, id));
    if (!row) return null;
    const { ledger, withdrawals, themes } = this.#o.partners;
    // One query at a time (PGlite).
    const theme = (await themes?.get(id)) ?? null;
    const totals = await ledger.totals(id);
    const { months } = await ledger.series(id, 1, 12);
    const rows = await ledger.rows(id, 50);
    const list = await withdrawals.list(id, 50);
    return { partner: row, theme, totals, months, rows, withdrawals: list };
  }

  /** Revokes a partner's API key (a leaked or abused one). Operators only. */
  async revokeKey(actor: Actor, keyId: string): Promise<void> {
    requireOperator(actor);
    if (!(await revokeKey(this.#o.db, this.audit, actor, keyId))) {
      throw new ConsoleRefused('not_found', 'No active key with this id');
    }
  }

  /** Makes an API key for a partner (the partner too when missing). Operators only. */
  async createKey(actor: Actor, input: NewKey): Promise<{ id: string; key: string }> {
    requireOperator(actor);
    return createKey(this.#o.db, this.audit, actor, input);
  }

  /** Sets a partner's affiliate share of each swap, in basis points. Operators only. */
  async setAffiliateShare(actor: Actor, partnerId: string, bps: number): Promise<void> {
    requireOperator(actor);
    if (!Number.isInteger(bps) || bps < 0 || bps > MAX_AFFILIATE_BPS) {
      throw new ConsoleRefused('invalid', `A share is 0 to ${MAX_AFFILIATE_BPS} basis points`);
    }
    const [before] = await this.#o.db
      .select({ bps: partners.affiliateFeeBps })
      .from(partners)
      .where(eq(partners.id, partnerId));
    if (!before) throw new ConsoleRefused('not_found', 'No such partner');
    await this.#o.db.update(partners).set({ affiliateFeeBps: bps }).where(eq(partners.id, partnerId));
    await this.audit.record(actor, {
      action: 'partner.share',
      targetType: 'partner',
      targetId: partnerId,
      before: { affiliateFeeBps: before.bps },
      after: { affiliateFeeBps: bps },
    });
  }

  /** The audit log with its target's id, newest first (the console's page and CSV). */
  auditLog(options: { limit?: number; beforeId?: number } = {}) {
    return this.audit.list(options);
  }
}

// ---------------------------------------------------------------------------------------------
// Path rules and API keys without a running server: the console's methods above and the command
// line (`npm run path-rule`, `npm run api-key`, scripts/) write and audit them here. Who may act is
// the caller's check (the console's role check; the command line is the server's own user).
// ---------------------------------------------------------------------------------------------

/** Who acts from the server's command line (`npm run api-key`, `npm run path-rule`). */
export const CLI_ACTOR: Actor = { id: null, email: 'cli', role: 'operator' };

/** Saves a path rule and audits it with the rule before and after. */
export async function savePathRule(
  db: Database,
  audit: AuditLog,
  actor: Actor,
  input: PathRuleInput,
): Promise<PathRule> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(pathRules).where(eq(pathRules.path, input.path));
    let rule: PathRule;
    try {
      rule = await upsertPathRule(tx, input);
    } catch (error) {
      throw new ConsoleRefused('invalid', (error as Error).message);
    }
    await audit.record(
      actor,
      {
        action: 'path_rule.save',
        targetType: 'path_rule',
        targetId: rule.path,
        before: before ?? null,
        after: rule,
      },
      tx,
    );
    return rule;
  });
}

/** Deletes a path rule and audits it; false when no rule has this path. */
export async function deletePathRule(
  db: Database,
  audit: AuditLog,
  actor: Actor,
  path: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(pathRules).where(eq(pathRules.path, path)).returning();
    if (deleted.length === 0) return false;
    await audit.record(
      actor,
      {
        action: 'path_rule.delete',
        targetType: 'path_rule',
        targetId: path,
        before: deleted[0],
        after: null,
      },
      tx,
    );
    return true;
  });
}

export interface NewKey {
  partnerId: string;
  /** The partner's name when the partner is created with its key (its id otherwise). */
  partnerName?: string;
}

/** Makes a partner's API key and audits it (its id and prefix, never the key). */
export async function createKey(
  db: Database,
  audit: AuditLog,
  actor: Actor,
  input: NewKey,
): Promise<{ id: string; key: string }> {
  const partnerId = input.partnerId.trim();
  if (!partnerId) throw new ConsoleRefused('invalid', 'Name the partner');
  return db.transaction(async (tx) => {
    const created = await createApiKey(tx, {
      id: partnerId,
      ...(input.partnerName ? { name: input.partnerName } : {}),
    });
    await audit.record(
      actor,
      {
        action: 'api_key.create',
        targetType: 'api_key',
        targetId: created.id,
        before: null,
        after: { partnerId, prefix: created.key.slice(0, 10) },
      },
      tx,
    );
    return created;
  });
}

/** Revokes a partner's API key and audits it; false when no active key has this id. */
export async function revokeKey(
  db: Database,
  audit: AuditLog,
  actor: Actor,
  keyId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await revokeApiKey(tx, keyId))) return false;
    await audit.record(
      actor,
      {
        action: 'api_key.revoke',
        targetType: 'api_key',
        targetId: keyId,
        before: { revoked: false },
        after: { revoked: true },
      },
      tx,
    );
    return true;
  });
}

/** Every API key, active or revoked, with its partner's name (the command line's list). */
export async function listKeys(db: Database) {
  return db
    .select({
      id: apiKeys.id,
      partner: partners.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .innerJoin(partners, eq(partners.id, apiKeys.partnerId))
    .orderBy(asc(apiKeys.createdAt));
}
