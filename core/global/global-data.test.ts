import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { coins, popularPairs, socialLinks } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { seedDemoData } from '../seed.ts';
import { GLOBAL_DATA_TTL_MS, GlobalDataService, readGlobalData } from './global-data.ts';

const silent = pino({ level: 'silent' });

describe.each(databaseTargets())('global data on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
    const seeded = await seedDemoData(handle.db);
    expect(seeded).toEqual(expect.arrayContaining(['catalogue', 'popular_pairs', 'social_links']));
  });
  afterAll(async () => {
    await handle.close();
  });

  it('has the SPEC §3 shape, from the seeded tables in rank order', async () => {
    const data = await readGlobalData(handle.db);
    expect(Object.keys(data).sort()).toEqual(['popularCrypto', 'popularPairs', 'socialMedias']);

    // The catalogue's popular coins, majors first.
    expect(data.popularCrypto.slice(0, 3)).toEqual([
      { coinInfo: { name: 'Bitcoin', code: 'btc' } },
      { coinInfo: { name: 'Ethereum', code: 'eth' } },
      { coinInfo: { name: 'Tether', code: 'usdt' } },
    ]);
    const popular = await handle.db
      .select({ code: coins.code })
      .from(coins)
      .where(eq(coins.popular, true))
      .orderBy(coins.rank);
    expect(data.popularCrypto.map((item) => item.coinInfo.code)).toEqual(popular.map((row) => row.code));

    expect(data.popularPairs).toHaveLength(12);
    expect(data.popularPairs[0]).toEqual({ pairInfo: { from: { code: 'btc' }, to: { code: 'eth' } } });
    expect(
      data.popularPairs.slice(0, 4).map(({ pairInfo }) => `${pairInfo.from.code}-${pairInfo.to.code}`),
    ).toEqual(['btc-eth', 'eth-usdt', 'btc-usdt', 'usdt-trx']);

    expect(data.socialMedias.map((item) => item.logo)).toEqual([
      'telegram',
      'x',
      'facebook',
      'instagram',
      'youtube',
      'reddit',
      'linkedin',
      'medium',
      'discord',
    ]);
    for (const item of data.socialMedias) {
      expect(Object.keys(item).sort()).toEqual(['link', 'logo']);
      expect(item.link).toMatch(/^https:\/\/[^/]+\/.*swapgate/);
    }
  });

  it('follows rank changes, and leaves out pairs whose coin is switched off', async () => {
    await handle.db.update(socialLinks).set({ rank: 0 }).where(eq(socialLinks.network, 'discord'));
    await handle.db.update(popularPairs).set({ rank: 0 }).where(eq(popularPairs.fromCoin, 'ltc'));
    await handle.db.update(coins).set({ enabled: false }).where(eq(coins.code, 'xrp'));
    try {
      const data = await readGlobalData(handle.db);
      expect(data.socialMedias[0]?.logo).toBe('discord');
      expect(data.popularPairs[0]).toEqual({ pairInfo: { from: { code: 'ltc' }, to: { code: 'btc' } } });
      expect(data.popularPairs).toHaveLength(11);
      expect(data.popularPairs.some(({ pairInfo }) => pairInfo.from.code === 'xrp')).toBe(false);
      expect(data.popularCrypto.some(({ coinInfo }) => coinInfo.code === 'xrp')).toBe(false);
    } finally {
      await handle.db.update(socialLinks).set({ rank: 9 }).where(eq(socialLinks.network, 'discord'));
      await handle.db.update(popularPairs).set({ rank: 10 }).where(eq(popularPairs.fromCoin, 'ltc'));
      await handle.db.update(coins).set({ enabled: true }).where(eq(coins.code, 'xrp'));
    }
  });

  it('rejects a pair of a coin with itself and a link that is not https', async () => {
    await expect(
      handle.db.insert(popularPairs).values({ fromCoin: 'btc', toCoin: 'btc', rank: 99 }),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insert(socialLinks)
        .values({ network: 'tiktok', link: 'http://tiktok.com/@swapgate', rank: 99 }),
    ).rejects.toThrow();
  });

  it('does not seed the tables again once they hold rows', async () => {
    expect(await seedDemoData(handle.db)).toEqual([]);
  });

  describe('GlobalDataService', () => {
    it('serves the same object from memory until the TTL has passed', async () => {
      let now = 1_000_000;
      const service = new GlobalDataService({ db: handle.db, log: silent, now: () => now });
      const first = await service.get();
      expect(first).toEqual(await readGlobalData(handle.db));

      await handle.db
        .update(socialLinks)
        .set({ link: 'https://t.me/swapgate_news' })
        .where(eq(socialLinks.network, 'telegram'));
      try {
        now += GLOBAL_DATA_TTL_MS - 1;
        expect(await service.get()).toBe(first);

        now += 1;
        const second = await service.get();
        expect(second).not.toBe(first);
        expect(second.socialMedias[0]).toEqual({ link: 'https://t.me/swapgate_news', logo: 'telegram' });
      } finally {
        await handle.db
          .update(socialLinks)
          .set({ link: 'https://t.me/swapgate' })
          .where(eq(socialLinks.network, 'telegram'));
      }
      service.invalidate();
      expect((await service.get()).socialMedias[0]?.link).toBe('https://t.me/swapgate');
    });

    it('shares one read between concurrent callers', async () => {
      const service = new GlobalDataService({ db: handle.db, log: silent });
      const results = await Promise.all([service.get(), service.get(), service.get()]);
      expect(results[1]).toBe(results[0]);
      expect(results[2]).toBe(results[0]);
    });

    it('keeps serving the previous data when a re-read fails, and throws when there is none', async () => {
      let now = 0;
      const messages: string[] = [];
      const log = pino({ level: 'error' }, { write: (line: string) => messages.push(JSON.parse(line).msg) });
      const failing = {
        select: () => {
          throw new Error('database went away');
        },
      } as unknown as DatabaseHandle['db'];

      await expect(new GlobalDataService({ db: failing, log, now: () => now }).get()).rejects.toThrow(
        'database went away',
      );

      let db = handle.db;
      const proxy = new Proxy({} as DatabaseHandle['db'], {
        get: (_target, property) => Reflect.get(db, property),
      });
      const service = new GlobalDataService({ db: proxy, log, now: () => now });
      const first = await service.get();
      db = failing;
      now += GLOBAL_DATA_TTL_MS;
      expect(await service.get()).toBe(first);
      expect(messages).toEqual(['Global data could not be read; serving the previous data']);
    });
  });
});
