import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox, reviews } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { insertTestSwap } from '../../tests/support/reviews.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { NO_MAIL_TRANSPORT } from '../mail/transport.ts';
import { checkReview } from './review-fields.ts';
import { aggregateRating, ReviewRefused, ReviewService } from './reviews.ts';

const FINISHED = ['aaaaaaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbbbbbb', 'cccccccccccccccccccccccccc'];
const WAITING = 'dddddddddddddddddddddddddd';

describe('checkReview', () => {
  it('trims and lowercases, and names the first bad field', () => {
    expect(
      checkReview({
        swapId: ` ${FINISHED[0]?.toUpperCase()} `,
        name: ' Ann ',
        rating: '5',
        text: ' Fast and fair. ',
      }),
    ).toEqual({ ok: true, values: { swapId: FINISHED[0], name: 'Ann', rating: 5, text: 'Fast and fair.' } });
    expect(checkReview({ swapId: 'short', name: 'Ann', rating: 5, text: 'Fast and fair.' })).toMatchObject({
      ok: false,
      problem: { field: 'swapId', code: 'invalid_swap_id' },
    });
    expect(
      checkReview({ swapId: FINISHED[0], name: 'Ann', rating: 6, text: 'Fast and fair.' }),
    ).toMatchObject({
      ok: false,
      problem: { field: 'rating', code: 'invalid_rating' },
    });
    expect(checkReview({ swapId: FINISHED[0], name: 'Ann', rating: 4, text: 'ok' })).toMatchObject({
      ok: false,
      problem: { field: 'text', code: 'field_too_short', values: { min: 10 } },
    });
  });
});

describe.each(databaseTargets())('reviews on $name', (target) => {
  let handle: DatabaseHandle;
  let service: ReviewService;
  let changes = 0;
  beforeAll(async () => {
    handle = await target.open();
    const mail = new MailOutbox({
      db: handle.db,
      transport: NO_MAIL_TRANSPORT,
      log: pino({ level: 'silent' }),
    });
    service = new ReviewService(handle.db, () => changes++, { mail, email: 'ops@swapgate.test' });
    for (const id of FINISHED) await insertTestSwap(handle.db, id, 'finished');
    await insertTestSwap(handle.db, WAITING, 'waiting');
  });
  afterAll(async () => {
    await handle.close();
  });

  it('has an empty first page and no rating before any review', async () => {
    const page = await service.page(1);
    expect(page).toMatchObject({ items: [], page: 1, pages: 1, summary: { count: 0, average: 0 } });
    expect(
      aggregateRating(
        page?.summary ?? { count: 0, average: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
      ),
    ).toBeNull();
    expect(await service.page(2)).toBeNull();
  });

  it('takes one review per finished swap only', async () => {
    const review = { swapId: FINISHED[0] as string, name: 'Ann', rating: 5, text: 'Fast and fair swap.' };
    await expect(service.submit(review, 'en')).resolves.toMatchObject({ id: expect.any(Number) });
    await expect(service.submit({ ...review, rating: 1 }, 'en')).rejects.toEqual(
      new ReviewRefused('review_exists'),
    );
    await expect(service.submit({ ...review, swapId: WAITING }, 'en')).rejects.toEqual(
      new ReviewRefused('swap_not_finished'),
    );
    await expect(service.submit({ ...review, swapId: 'zzzzzzzzzzzzzzzzzzzzzzzzzz' }, 'en')).rejects.toEqual(
      new ReviewRefused('swap_not_found'),
    );
  });

  it('holds a new review, shown nowhere, and mails it to the operator until it is published', async () => {
    const [held] = await handle.db
      .select()
      .from(reviews)
      .where(eq(reviews.swapId, FINISHED[0] as string));
    expect(held?.status).toBe('held');
    expect(changes).toBe(0);
    expect((await service.page(1))?.items).toEqual([]);
    expect((await service.summary()).count).toBe(0);
    const [notice] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ops@swapgate.test'));
    expect(notice?.subject).toBe(`[SwapGate] Review #${held?.id} held for moderation (5/5)`);
    expect(notice?.text).toContain('Fast and fair swap.');

    expect(await service.publish(held?.id as number)).toBe(true);
    expect(await service.publish(held?.id as number)).toBe(false);
    expect(changes).toBe(1);
    expect((await service.page(1))?.items.map((item) => item.name)).toEqual(['Ann']);
  });

  it('keeps one review when the same swap is reviewed twice at once', async () => {
    const review = { swapId: FINISHED[1] as string, name: 'Bo', rating: 4, text: 'Good rate, quick payout.' };
    const results = await Promise.allSettled([service.submit(review, 'de'), service.submit(review, 'de')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('sums the ratings and pages the reviews newest first', async () => {
    await service.submit(
      { swapId: FINISHED[2] as string, name: 'Cy', rating: 3, text: 'Fine, a bit slow.' },
      'fr',
    );
    for (const row of await handle.db.select().from(reviews)) await service.publish(row.id);
    const page = await service.page(1, 2);
    expect(page?.summary).toEqual({ count: 3, average: 4, distribution: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 1 } });
    expect(page?.pages).toBe(2);
    expect(page?.items.map((item) => item.name)).toEqual(['Cy', 'Bo']);
    expect(page?.items[0]).toMatchObject({ from: 'BTC', to: 'ETH', lang: 'fr' });
    expect((await service.page(2, 2))?.items.map((item) => item.name)).toEqual(['Ann']);
    expect(aggregateRating(page?.summary as never)).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });
});
