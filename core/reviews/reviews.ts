import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ReviewStatus, reviews, swaps } from '../../db/schema.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { REVIEWS_PAGE_SIZE, type ReviewInput } from './review-fields.ts';

export interface ReviewView {
  id: number;
  name: string;
  rating: number;
  text: string;
  lang: string;
  createdAt: string;
  /** The reviewed swap's pair, e.g. BTC → ETH (the swap id itself stays private). */
  from: string;
  to: string;
}

export interface RatingSummary {
  count: number;
  /** Mean rating, one decimal; 0 without reviews. */
  average: number;
  /** Reviews per star rating, 1 to 5. */
  distribution: Record<1 | 2 | 3 | 4 | 5, number>;
}

export interface ReviewPage {
  items: ReviewView[];
  page: number;
  pages: number;
  summary: RatingSummary;
}

export type ReviewRefusal = 'swap_not_found' | 'swap_not_finished' | 'review_exists';

export class ReviewRefused extends Error {
  override name = 'ReviewRefused';
  readonly reason: ReviewRefusal;
  constructor(reason: ReviewRefusal) {
    super(reason);
    this.reason = reason;
  }
}

/**
 * Customer reviews (/customer-feedbacks): a review needs the id of a finished swap, which only its
 * customer knows, and each swap is reviewed once (a unique index, so two at once cannot both pass).
 * A swap id is no proof of much (a sandbox swap finishes in seconds), so a new review is held: it is
 * shown nowhere until the operator publishes it, and the operator is told by mail (with the review,
 * in the same transaction). The operator console publishes or rejects (status 'published' /
 * 'rejected'); until it lands, `publish` is the way in.
 */
export class ReviewService {
  readonly #db: Database;
  /** Called when the published reviews change (pages showing reviews are re-rendered). */
  readonly #onChange: () => void;
  readonly #mail: MailOutbox | null;
  readonly #operatorEmail: string;

  constructor(
    db: Database,
    onChange: () => void = () => {},
    operator: { mail: MailOutbox; email: string } | null = null,
  ) {
    this.#db = db;
    this.#onChange = onChange;
    this.#mail = operator?.mail ?? null;
    this.#operatorEmail = operator?.email ?? '';
  }

  async summary(): Promise<RatingSummary> {
    const rows = await this.#db
      .select({ rating: reviews.rating, n: count() })
      .from(reviews)
      .where(eq(reviews.status, 'published'))
      .groupBy(reviews.rating);
    const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
    let total = 0;
    let sum = 0;
    for (const row of rows) {
      const n = Number(row.n);
      distribution[row.rating as 1 | 2 | 3 | 4 | 5] = n;
      total += n;
      sum += n * row.rating;
    }
    return { count: total, average: total ? Math.round((sum / total) * 10) / 10 : 0, distribution };
  }

  /** Page `page` (from 1) of the reviews, newest first; null past the last page (page 1 always exists). */
  async page(page: number, size = REVIEWS_PAGE_SIZE): Promise<ReviewPage | null> {
    const summary = await this.summary();
    const pages = Math.max(1, Math.ceil(summary.count / size));
    if (!Number.isInteger(page) || page < 1 || page > pages) return null;
    const rows = await this.#db
      .select({
        id: reviews.id,
        name: reviews.name,
        rating: reviews.rating,
        text: reviews.text,
        lang: reviews.lang,
        createdAt: reviews.createdAt,
        from: swaps.fromCoin,
        to: swaps.toCoin,
      })
      .from(reviews)
      .innerJoin(swaps, eq(swaps.id, reviews.swapId))
      .where(eq(reviews.status, 'published'))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(size)
      .offset((page - 1) * size);
    return {
      items: rows.map((row) => ({
        ...row,
        from: row.from.toUpperCase(),
        to: row.to.toUpperCase(),
        createdAt: row.createdAt.toISOString(),
      })),
      page,
      pages,
      summary,
    };
  }

  /**
   * Adds a checked review, held for the operator (who is mailed it); throws ReviewRefused when the
   * swap is unknown, unfinished or reviewed.
   */
  async submit(input: ReviewInput, lang: string): Promise<{ id: number }> {
    const [swap] = await this.#db
      .select({ status: swaps.status })
      .from(swaps)
      .where(eq(swaps.id, input.swapId));
    if (!swap) throw new ReviewRefused('swap_not_found');
    if (swap.status !== 'finished') throw new ReviewRefused('swap_not_finished');
    const id = await this.#db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reviews)
        .values({
          swapId: input.swapId,
          name: input.name,
          rating: input.rating,
          text: input.text,
          lang,
          status: 'held',
        })
        .onConflictDoNothing({ target: reviews.swapId })
        .returning({ id: reviews.id });
      if (!row) throw new ReviewRefused('review_exists');
      if (this.#mail && this.#operatorEmail) {
        await this.#mail.enqueue(
          {
            to: this.#operatorEmail,
            subject: `[SwapGate] Review #${row.id} held for moderation (${input.rating}/5)`,
            text: [
              `Review #${row.id} of swap ${input.swapId}, ${input.rating} of 5 stars, site language ${lang}.`,
              '',
              `Name: ${input.name}`,
              '',
              input.text,
              '',
              'It is shown nowhere until it is published (operator console).',
            ].join('\n'),
          },
          tx,
        );
      }
      return row.id;
    });
    this.#mail?.wake();
    return { id };
  }

  /** Publishes a held review (the operator's decision); false when there is no such held review. */
  async publish(id: number): Promise<boolean> {
    const rows = await this.#db
      .update(reviews)
      .set({ status: 'published' })
      .where(and(eq(reviews.id, id), eq(reviews.status, 'held')))
      .returning({ id: reviews.id });
    if (rows.length === 0) return false;
    this.#onChange();
    return true;
  }

  /**
   * Hides a held or published review (status 'rejected'); a published one leaves every page at once
   * (the change bumps the reviews' data version). Answers the status it had, or null when unknown.
   */
  async hide(id: number): Promise<ReviewStatus | null> {
    const [before] = await this.#db
      .select({ status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, id));
    if (!before || before.status === 'rejected') return before?.status ?? null;
    await this.#db.update(reviews).set({ status: 'rejected' }).where(eq(reviews.id, id));
    if (before.status === 'published') this.#onChange();
    return before.status;
  }

  /** The reviews of one status, newest first (the console's queue). */
  async moderation(status: ReviewStatus, limit = 100): Promise<ModeratedReview[]> {
    return this.#db
      .select({
        id: reviews.id,
        swapId: reviews.swapId,
        name: reviews.name,
        rating: reviews.rating,
        text: reviews.text,
        lang: reviews.lang,
        status: reviews.status,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.status, status))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit);
  }
}

/** A review as the operator console's moderation queue shows it. */
export interface ModeratedReview {
  id: number;
  swapId: string;
  name: string;
  rating: number;
  text: string;
  lang: string;
  status: ReviewStatus;
  createdAt: Date;
}

/** Schema.org AggregateRating of the service, or null without reviews (Google wants a count ≥ 1). */
export function aggregateRating(summary: RatingSummary): Record<string, unknown> | null {
  if (summary.count === 0) return null;
  return {
    '@type': 'AggregateRating',
    ratingValue: summary.average,
    reviewCount: summary.count,
    bestRating: 5,
    worstRating: 1,
  };
}
