import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accountClaims,
  accountMailPreferences,
  fiatOrders,
  newsletterSubscribers,
  swaps,
} from '../../db/schema.ts';
import type { SwapStatus } from '../exchange/types.ts';
import { SWAP_ID_PATTERN } from '../exchange/types.ts';
import type { FiatOrderStatus, FiatSide } from '../fiat/types.ts';
import { FIAT_ORDER_ID_PATTERN } from '../fiat/types.ts';
import type { Dictionary } from '../i18n/dictionaries.ts';
import type { Lang } from '../i18n/languages.ts';
import { translate } from '../i18n/translate.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { RateLimiter } from '../rate-limit.ts';
import { normaliseEmail } from './rules.ts';

/** A claim link holds for an hour. */
export const CLAIM_TTL_MS = 60 * 60_000;
/** Claim mails a user may ask for in an hour. */
export const CLAIMS_PER_HOUR = 5;
/** The account lists this many swaps and orders at most (newest first). */
const LIST_LIMIT = 100;

export interface CustomerSwap {
  id: string;
  status: SwapStatus;
  from: string;
  to: string;
  amountFrom: string;
  amountTo: string;
  createdAt: string;
}

export interface CustomerOrder {
  id: string;
  side: FiatSide;
  status: FiatOrderStatus;
  fiat: string;
  fiatAmount: string;
  coin: string;
  cryptoAmount: string;
  createdAt: string;
}

export interface MailPreferences {
  swapMails: boolean;
  newsletter: boolean;
}

export type SaveOutcome = 'saved' | 'already' | 'taken' | 'not_found';
export type ClaimCheck =
  | { ok: true; count: number; email: string }
  | { ok: false; code: 'invalid' | 'wrong_user' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The account's customer side (issue 26, docs/decisions/023): the swaps and fiat orders a user
 * keeps in the account, claim links mailed to the address swaps were made with, and the mail
 * switches. Public pages never learn of the account: items are attached by writes to the account
 * area (the session cookie's path), never by the public creation paths.
 */
export class CustomerService {
  readonly #db: Database;
  readonly #mail: MailOutbox;
  readonly #dictionaries: ReadonlyMap<string, Dictionary>;
  readonly #limiter: RateLimiter;
  readonly #accountUrl: string;
  readonly #now: () => Date;

  constructor(options: {
    db: Database;
    mail: MailOutbox;
    dictionaries: ReadonlyMap<string, Dictionary>;
    rateLimiter: RateLimiter;
    /** The account area's address (config ACCOUNT_URL), for the claim links. */
    accountUrl: string;
    now?: () => Date;
  }) {
    this.#db = options.db;
    this.#mail = options.mail;
    this.#dictionaries = options.dictionaries;
    this.#limiter = options.rateLimiter;
    this.#accountUrl = options.accountUrl.replace(/\/+$/, '');
    this.#now = options.now ?? (() => new Date());
  }

  /** The user's swaps and fiat orders, newest first, with their status now. */
  async list(userId: string): Promise<{ swaps: CustomerSwap[]; orders: CustomerOrder[] }> {
    const [swapRows, orderRows] = await Promise.all([
      this.#db
        .select({
          id: swaps.id,
          status: swaps.status,
          from: swaps.fromCoin,
          to: swaps.toCoin,
          amountFrom: swaps.amountFrom,
          amountTo: swaps.amountTo,
          createdAt: swaps.createdAt,
        })
        .from(swaps)
        .where(eq(swaps.accountUserId, userId))
        .orderBy(desc(swaps.createdAt))
        .limit(LIST_LIMIT),
      this.#db
        .select({
          id: fiatOrders.id,
          side: fiatOrders.side,
          status: fiatOrders.status,
          fiat: fiatOrders.fiat,
          fiatAmount: fiatOrders.fiatAmount,
          coin: fiatOrders.coin,
          cryptoAmount: fiatOrders.cryptoAmount,
          createdAt: fiatOrders.createdAt,
        })
        .from(fiatOrders)
        .where(eq(fiatOrders.accountUserId, userId))
        .orderBy(desc(fiatOrders.createdAt))
        .limit(LIST_LIMIT),
    ]);
    return {
      swaps: swapRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      orders: orderRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    };
  }

  /**
   * Keeps a swap or fiat order in the account by its id, the key its own page is opened with
   * (a swap made while signed in, saved from its page). One account per item: an item another
   * account keeps is not moved.
   */
  async save(userId: string, id: string): Promise<SaveOutcome> {
    const key = id.trim().toLowerCase();
    if (!SWAP_ID_PATTERN.test(key) && !FIAT_ORDER_ID_PATTERN.test(key)) return 'not_found';
    for (const table of [swaps, fiatOrders] as const) {
      const [row] = await this.#db
        .select({ owner: table.accountUserId })
        .from(table)
        .where(eq(table.id, key));
      if (!row) continue;
      if (row.owner === userId) return 'already';
      if (row.owner) return 'taken';
      const updated = await this.#db
        .update(table)
        .set({ accountUserId: userId })
        .where(and(eq(table.id, key), isNull(table.accountUserId)))
        .returning({ id: table.id });
      return updated.length > 0 ? 'saved' : 'taken';
    }
    return 'not_found';
  }

  /**
   * Mails a claim link to the address swaps were made with: the one of the swap `query` names, or
   * `query` itself when it is an address. Nothing is mailed when no unclaimed swap has that address,
   * and the answer is the same either way (it tells no stranger who swapped what). The mail holds
   * no text the asker chose. `false`: too many requests this hour.
   */
  async requestClaim(input: { userId: string; query: string; lang: Lang }): Promise<boolean> {
    const hit = await this.#limiter.hit(`account:claim:${input.userId}`, CLAIMS_PER_HOUR, 60 * 60_000);
    if (!hit.allowed) return false;
    const query = input.query.trim().toLowerCase();
    let email: string | null = null;
    let swapId: string | null = null;
    if (SWAP_ID_PATTERN.test(query)) {
      const [row] = await this.#db
        .select({ email: swaps.notifyEmail })
        .from(swaps)
        .where(and(eq(swaps.id, query), isNull(swaps.accountUserId)));
      email = row?.email ?? null;
      swapId = email ? query : null;
    } else {
      const address = normaliseEmail(query);
      if (address) {
        const [row] = await this.#db
          .select({ id: swaps.id })
          .from(swaps)
          .where(and(eq(swaps.notifyEmail, address), isNull(swaps.accountUserId)))
          .limit(1);
        email = row ? address : null;
      }
    }
    if (!email) return true;
    const token = randomBytes(32).toString('base64url');
    const url = `${this.#accountUrl}${input.lang === 'en' ? '' : `/${input.lang}`}/claim?token=${token}`;
    const t = (key: string) => translate(this.#dictionaries, input.lang, `account.customer.mail.${key}`);
    await this.#db.transaction(async (tx) => {
      await tx.insert(accountClaims).values({
        id: hashToken(token),
        userId: input.userId,
        email,
        swapId,
        expiresAt: new Date(this.#now().getTime() + CLAIM_TTL_MS),
      });
      await this.#mail.enqueue(
        {
          to: email,
          subject: t('subject'),
          text: [t('hello'), '', t('body'), '', url, '', t('ignore'), '', t('signature')].join('\n'),
        },
        tx,
      );
    });
    this.#mail.wake();
    return true;
  }

  /** What a claim link would add, for the page that asks before it claims; never uses the link. */
  async checkClaim(userId: string, token: string): Promise<ClaimCheck> {
    const [claim] = await this.#db
      .select()
      .from(accountClaims)
      .where(and(eq(accountClaims.id, hashToken(token)), isNull(accountClaims.usedAt)));
    if (!claim || claim.expiresAt <= this.#now()) return { ok: false, code: 'invalid' };
    if (claim.userId !== userId) return { ok: false, code: 'wrong_user' };
    const [row] = await this.#db
      .select({ count: sql<number>`count(*)::int` })
      .from(swaps)
      .where(this.#claimable(claim));
    return { ok: true, count: row?.count ?? 0, email: claim.email };
  }

  /**
   * Follows a claim link: once, before it expires, by the user who asked for it. The swaps made
   * with its address that no account keeps are added; answers how many.
   */
  async claim(userId: string, token: string): Promise<ClaimCheck> {
    return this.#db.transaction(async (tx) => {
      const [claim] = await tx
        .update(accountClaims)
        .set({ usedAt: this.#now() })
        .where(
          and(
            eq(accountClaims.id, hashToken(token)),
            eq(accountClaims.userId, userId),
            isNull(accountClaims.usedAt),
            gt(accountClaims.expiresAt, this.#now()),
          ),
        )
        .returning();
      if (!claim) {
        const [other] = await tx
          .select({
            userId: accountClaims.userId,
            usedAt: accountClaims.usedAt,
            expiresAt: accountClaims.expiresAt,
          })
          .from(accountClaims)
          .where(eq(accountClaims.id, hashToken(token)));
        const wrongUser = other && other.userId !== userId && !other.usedAt && other.expiresAt > this.#now();
        return { ok: false, code: wrongUser ? 'wrong_user' : 'invalid' };
      }
      const claimed = await tx
        .update(swaps)
        .set({ accountUserId: userId })
        .where(this.#claimable(claim))
        .returning({ id: swaps.id });
      return { ok: true, count: claimed.length, email: claim.email };
    });
  }

  #claimable(claim: { email: string; swapId: string | null }) {
    return and(
      eq(swaps.notifyEmail, claim.email),
      isNull(swaps.accountUserId),
      claim.swapId ? eq(swaps.id, claim.swapId) : undefined,
    );
  }

  async preferences(userId: string): Promise<MailPreferences> {
    const [row] = await this.#db
      .select({ swapMails: accountMailPreferences.swapMails, newsletter: accountMailPreferences.newsletter })
      .from(accountMailPreferences)
      .where(eq(accountMailPreferences.userId, userId));
    return row ?? { swapMails: true, newsletter: false };
  }

  /**
   * Stores the switches. The newsletter switch is the newsletter list itself: on adds the account's
   * address (in the page's language), off takes it out.
   */
  async setPreferences(user: { id: string; email: string }, preferences: MailPreferences, lang: Lang) {
    await this.#db.transaction(async (tx) => {
      await tx
        .insert(accountMailPreferences)
        .values({ userId: user.id, ...preferences })
        .onConflictDoUpdate({
          target: accountMailPreferences.userId,
          set: { ...preferences, updatedAt: this.#now() },
        });
      if (preferences.newsletter) {
        await tx
          .insert(newsletterSubscribers)
          .values({ email: user.email, lang })
          .onConflictDoNothing({ target: newsletterSubscribers.email });
      } else {
        await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email));
      }
    });
  }
}

/**
 * Whether a swap's mails may go out: not when the account that keeps it switched swap mails off.
 * Read in the transaction that queues the mail (core/exchange/swap-mail.ts).
 */
export async function swapMailsAllowed(db: Database, swapId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: accountMailPreferences.swapMails })
    .from(swaps)
    .innerJoin(accountMailPreferences, eq(accountMailPreferences.userId, swaps.accountUserId))
    .where(eq(swaps.id, swapId));
  return row?.on ?? true;
}
