import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { Catalogue } from '../catalogue/catalogue.ts';
import { QuoteService } from '../exchange/quotes.ts';
import { SnapshotFeed } from '../market/feeds.ts';
import { MarketService } from '../market/market.ts';
import { createSandboxProviders } from '../providers/sandbox.ts';
import { seedDemoData } from '../seed.ts';
import {
  CHART_BACKFILL_TIERS,
  CHART_TTL_MS,
  DirectoryService,
  OFFERS_STALE_MS,
  OFFERS_TTL_MS,
  thin,
} from './directory.ts';

const silent = pino({ level: 'silent' });
const HOUR = 3_600_000;
const NOW = new Date(Date.UTC(2026, 10, 20, 12, 0, 0));

describe.each(databaseTargets())('DirectoryService on $name', (target) => {
  let handle: DatabaseHandle;
  let directory: DirectoryService;
  const feed = new SnapshotFeed();
  let version = 0;

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    const catalogue = new Catalogue(handle.db);
    const market = new MarketService({ db: handle.db, feed, log: silent });
    await market.refresh(NOW);
    await market.backfillHistory({ tiers: CHART_BACKFILL_TIERS, now: NOW });
    const quotes = new QuoteService({
      db: handle.db,
      catalogue,
      providers: createSandboxProviders({ db: handle.db, catalogue, prices: market }),
      now: () => NOW,
    });
    directory = new DirectoryService({
      db: handle.db,
      catalogue,
      market,
      quotes,
      marketVersion: () => version,
      now: () => NOW,
    });
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it("computes each coin's price, changes and 7-day line from the stored history", async () => {
    const figures = await directory.marketFigures();
    expect(figures.size).toBe((await directory.coins()).length);
    const btc = figures.get('btc');
    expect(btc?.usd).toBe(feed.priceAt('btc', NOW));
    const dayAgo = Number(feed.priceAt('btc', new Date(NOW.getTime() - 24 * HOUR)));
    expect(btc?.change24h).toBeCloseTo(Number(btc?.usd) / dayAgo - 1, 10);
    expect(btc?.change30d).not.toBeNull();
    // One point every 6 hours over 7 days, and the newest.
    expect(btc?.sparkline.length).toBeGreaterThanOrEqual(28);
    expect(btc?.sparkline.length).toBeLessThanOrEqual(30);
    // Reused until the market version moves.
    expect(await directory.marketFigures()).toBe(figures);
    version++;
    expect(await directory.marketFigures()).not.toBe(figures);
  });

  it('draws each chart range from points of its own spacing', async () => {
    const day = await directory.chart('eth', '24h');
    const month = await directory.chart('eth', '30d');
    expect(day.length).toBeGreaterThanOrEqual(90);
    expect(month.length).toBeGreaterThanOrEqual(115);
    expect(day[0]?.[0]).toBeGreaterThanOrEqual(NOW.getTime() - 24 * HOUR);
    expect(month.every(([, usd]) => usd > 0)).toBe(true);
  });

  it('orders comparisons with the better-ranked coin first and refuses unknown or equal coins', async () => {
    const [first, second] = (await directory.comparisonOrder('eth', 'btc')) ?? [];
    expect([first?.code, second?.code]).toEqual(['btc', 'eth']);
    expect(await directory.comparisonOrder('btc', 'btc')).toBeNull();
    expect(await directory.comparisonOrder('btc', 'nope')).toBeNull();
  });

  it('lists every pair once and tells which ones the providers serve', async () => {
    const coins = await directory.coins();
    const pairs = await directory.exchangePairs();
    expect(pairs.count).toBe(coins.length * (coins.length - 1));
    expect([pairs.at(0), pairs.at(1)].map(({ from, to }) => `${from.code}-${to.code}`)).toEqual([
      'btc-eth',
      'eth-btc',
    ]);
    const info = await directory.pairInfo(pairs.at(0).from, pairs.at(0).to);
    expect(info.available).toBe(true);
    expect(info.fixedRate).toBe(true);
    expect(Number(info.min)).toBeGreaterThan(0);
  });
});

describe('thin', () => {
  it('keeps the first point of each step and the newest point', () => {
    const points: [number, number][] = [
      [0, 1],
      [5, 2],
      [10, 3],
      [12, 4],
      [21, 5],
    ];
    expect(thin(points, 10)).toEqual([
      [0, 1],
      [10, 3],
      [21, 5],
    ]);
  });
});

describe('DirectoryService caches for cold renders', () => {
  /** A directory over counting stand-ins for the providers' quotes and the stored history. */
  function setup() {
    let now = NOW.getTime();
    let version = 0;
    const calls = { quotes: 0, history: 0 };
    let answer: Promise<unknown> = Promise.resolve();
    const quotes = {
      quote: async () => {
        calls.quotes++;
        await answer;
        return {
          amountTo: String(calls.quotes),
          offers: [{ provider: 'sandbox', amountTo: String(calls.quotes), rate: '1' }],
        };
      },
    };
    const market = {
      history: async () => {
        calls.history++;
        return [{ at: new Date(now - HOUR), usd: String(calls.history) }];
      },
    };
    const directory = new DirectoryService({
      db: null as never,
      catalogue: null as never,
      market: market as unknown as MarketService,
      quotes: quotes as unknown as QuoteService,
      marketVersion: () => version,
      now: () => new Date(now),
    });
    return {
      directory,
      calls,
      advance: (ms: number) => {
        now += ms;
      },
      moveMarket: () => {
        version++;
      },
      /** The next quotes hang until the returned function is called. */
      holdQuotes: () => {
        let release: () => void = () => {};
        answer = new Promise<void>((resolve) => {
          release = resolve;
        });
        return release;
      },
    };
  }

  it('asks the providers for a pair page’s offers once per 30 s, and shows older ones while asking again', async () => {
    const { directory, calls, advance, holdQuotes } = setup();
    expect((await directory.pairOffers('btc', 'eth', '0.01'))?.amountTo).toBe('1');
    advance(OFFERS_TTL_MS - 1);
    expect((await directory.pairOffers('btc', 'eth', '0.01'))?.amountTo).toBe('1');
    expect(calls.quotes).toBe(1);

    // Past 30 s the render gets the stored offers at once, though the providers do not answer yet.
    advance(1);
    const release = holdQuotes();
    expect((await directory.pairOffers('btc', 'eth', '0.01'))?.amountTo).toBe('1');
    expect(calls.quotes).toBe(2);
    release();
    await vi.waitFor(async () => {
      expect((await directory.pairOffers('btc', 'eth', '0.01'))?.amountTo).toBe('2');
    });
    // Another pair, or offers older than 5 minutes, are asked for.
    expect((await directory.pairOffers('eth', 'btc', '0.5'))?.amountTo).toBe('3');
    advance(OFFERS_STALE_MS);
    expect((await directory.pairOffers('btc', 'eth', '0.01'))?.amountTo).toBe('4');
  });

  it('reads a coin’s chart once per minute, and again as soon as prices move', async () => {
    const { directory, calls, advance, moveMarket } = setup();
    await directory.chart('btc', '7d');
    await directory.chart('btc', '7d');
    expect(calls.history).toBe(1);
    moveMarket();
    await directory.chart('btc', '7d');
    expect(calls.history).toBe(2);
    advance(CHART_TTL_MS);
    await directory.chart('btc', '7d');
    expect(calls.history).toBe(3);
  });
});
