import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { hasForbiddenCharacters } from '../text.ts';
import type { MailMessage, MailTransport } from './transport.ts';

/** First retry after this long, doubling per failed attempt up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 60 * 60_000;
/** A claimed mail is left alone by other nodes this long (a node that dies mid-send is retried after it). */
const CLAIM_LEASE_MS = 5 * 60_000;

/** Delay before the attempt after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/** A mail header value that would break the header block: the caller let unchecked text through. */
export class HeaderInjection extends Error {
  constructor(header: string) {
    super(`The mail's ${header} holds a line break or a control character`);
    this.name = 'HeaderInjection';
  }
}

/** Throws HeaderInjection when a header value of `message` holds CR, LF or another control character. */
export function assertHeaderValues(message: MailMessage): void {
  const values: [string, string | null | undefined][] = [
    ['To', message.to],
    ['Subject', message.subject],
    ['Reply-To', message.replyTo],
    ...Object.entries(message.headers ?? {}),
  ];
  for (const [header, value] of values) {
    if (value && hasForbiddenCharacters(value)) throw new HeaderInjection(header);
  }
  for (const name of Object.keys(message.headers ?? {})) {
    if (!/^[A-Za-z0-9-]+$/.test(name)) throw new HeaderInjection('header name');
  }
}

/** A mail as the operator's list shows it. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
  status: string;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
}

export interface DeliveryResult {
  sent: number;
  failed: number;
}

/**
 * Mail is written to `mail_outbox` first (in the caller's transaction when it has one) and sent
 * later by the outbox job: a mail server that is down only delays it. Pending mail is retried
 * with exponential backoff, capped at an hour, until it goes out; nothing is ever dropped.
 */
export class MailOutbox {
  readonly #db: Database;
  readonly #transport: MailTransport;
  readonly #log: Logger;
  readonly #now: () => Date;
  /** Called after mail is queued, so the job can send it without waiting for its next tick. */
  onQueued: (() => void) | null = null;

  constructor(options: { db: Database; transport: MailTransport; log: Logger; now?: () => Date }) {
    this.#db = options.db;
    this.#transport = options.transport;
    this.#log = options.log;
    this.#now = options.now ?? (() => new Date());
  }

  get configured(): boolean {
    return this.#transport.configured;
  }

  /**
   * Queues a mail; `db` may be a transaction, so the mail is stored with what it reports. A header
   * value with a line break (which would start a header of its own) is refused: HeaderInjection.
   */
  async enqueue(message: MailMessage, db: Database = this.#db): Promise<number> {
    assertHeaderValues(message);
    const [row] = await db
      .insert(mailOutbox)
      .values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        replyTo: message.replyTo ?? null,
        headers: message.headers ?? null,
        nextAttemptAt: this.#now(),
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail_outbox insert returned nothing');
    // In a transaction the caller wakes the job once it has committed.
    if (db === this.#db) this.wake();
    return row.id;
  }

  /** Tells the job there is mail to send now. */
  wake(): void {
    this.onQueued?.();
  }

  /**
   * Sends up to `limit` due mails. They are claimed with SKIP LOCKED and a lease first, so
   * several nodes never send the same mail at once, and sent outside any transaction.
   */
  async deliverDue(limit = 20): Promise<DeliveryResult> {
    if (!this.#transport.configured) return { sent: 0, failed: 0 };
    const at = this.#now();
    const lease = new Date(at.getTime() + CLAIM_LEASE_MS);
    const claimed = await this.#db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, at)))
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const ids = due.map((row) => row.id);
      return tx
        .update(mailOutbox)
        .set({ nextAttemptAt: lease })
        .where(inArray(mailOutbox.id, ids))
        .returning();
    });

    const result: DeliveryResult = { sent: 0, failed: 0 };
    for (const row of claimed.sort((a, b) => a.id - b.id)) {
      try {
        await this.#transport.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          replyTo: row.replyTo,
          headers: row.headers,
        });
        await this.#db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: this.#now(), nextAttemptAt: null, attempts: row.attempts + 1 })
          .where(eq(mailOutbox.id, row.id));
        result.sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        const retryAt = new Date(this.#now().getTime() + backoffMs(attempts));
        const message = error instanceof Error ? error.message : String(error);
        await this.#db
          .update(mailOutbox)
          .set({ attempts, lastError: message.slice(0, 500), nextAttemptAt: retryAt })
          .where(eq(mailOutbox.id, row.id));
        this.#log.warn(
          { mailId: row.id, attempts, retryAt, err: error },
          'Mail not sent; it stays in the outbox',
        );
        result.failed += 1;
      }
    }
    return result;
  }

  /** Mails after `afterId`, newest first (the operator's view of what went out). */
  async list(afterId = 0, limit = 50): Promise<OutboxMail[]> {
    const rows = await this.#db
      .select()
      .from(mailOutbox)
      .where(gt(mailOutbox.id, afterId))
      .orderBy(desc(mailOutbox.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      headers: row.headers ?? {},
      status: row.status,
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    }));
  }

  /** Mail not yet sent (for metrics and tests). */
  async pendingCount(): Promise<number> {
    const [row] = await this.#db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    return row?.count ?? 0;
  }
}
