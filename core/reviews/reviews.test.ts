import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { checkReview } from './review-fields.ts';
import { aggregateRating, ReviewRefused, ReviewService } from './reviews.ts';
import { insertTestSwap } from './testing.ts';

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
    service = new ReviewService(handle.db, () => changes++);
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
    expect(changes).toBe(1);
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
