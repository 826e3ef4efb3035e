import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { coinPrices, coins, priceHistory } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { seedDemoData } from '../seed.ts';
import { type PriceFeed, SnapshotFeed } from './feeds.ts';
import { MarketService } from './market.ts';
import { startPriceJob } from './price-job.ts';

const silent = pino({ level: 'silent' });
const BUCKET = 5 * 60_000;
const T0 = new Date(Date.UTC(2025, 11, 1, 12, 0, 0));
const COIN_COUNT = 184;

/** A logger that keeps its records, to check what was logged. */
function recordingLogger(): { log: pino.Logger; records: { level: number; msg: string }[] } {
  const records: { level: number; msg: string }[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => records.push(JSON.parse(line)) });
  return { log, records };
}

/** Wraps a feed to count calls, optionally holding each call until released. */
class ProbeFeed implements PriceFeed {
  readonly name: string;
  readonly historical: boolean;
  calls = 0;
  fail = false;
  #inner: PriceFeed;
  #gate: Promise<void> | null = null;
  #open: (() => void) | null = null;

  constructor(inner: PriceFeed, historical = inner.historical ?? false) {
    this.#inner = inner;
    this.name = inner.name;
    this.historical = historical;
  }

  hold(): void {
    this.#gate = new Promise((resolve) => {
      this.#open = resolve;
    });
  }

  release(): void {
    this.#open?.();
    this.#gate = null;
  }

  async fetchPrices(
    coinCodes: readonly string[],
    now: Date,
    signal: AbortSignal,
  ): Promise<Map<string, string>> {
    this.calls++;
    if (this.#gate) await this.#gate;
    if (this.fail) throw new Error('feed is down');
    return this.#inner.fetchPrices(coinCodes, now, signal);
  }
}

async function countRows(db: Database, table: typeof coinPrices | typeof priceHistory): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** A clock that runs in real time from `start`, so each test gets its own, later, era. */
function clockFrom(start: Date): () => Date {
  const origin = Date.now();
  return () => new Date(start.getTime() + (Date.now() - origin));
}

describe.each(databaseTargets())('MarketService on $name', (target) => {
  let handle: DatabaseHandle;
  const snapshot = new SnapshotFeed();

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('stores prices and one history row per coin per bucket', async () => {
    const market = new MarketService({ db: handle.db, feed: snapshot, log: silent, historyBucketMs: BUCKET });
    expect(await market.refresh(T0)).toBe(COIN_COUNT);
    expect(await countRows(handle.db, coinPrices)).toBe(COIN_COUNT);
    expect(await countRows(handle.db, priceHistory)).toBe(COIN_COUNT);

    const [btc] = await handle.db.select().from(coinPrices).where(eq(coinPrices.coin, 'btc'));
    expect(btc?.source).toBe('snapshot');
    expect(btc?.usd).toBe(snapshot.priceAt('btc', T0));
    expect(btc?.updatedAt.getTime()).toBe(T0.getTime());

    // Later in the same bucket: current prices move, history keeps the bucket's first price.
    const sameBucket = new Date(T0.getTime() + 2 * 60_000);
    expect(await market.refresh(sameBucket)).toBe(COIN_COUNT);
    expect(await countRows(handle.db, priceHistory)).toBe(COIN_COUNT);
    const [btcLater] = await handle.db.select().from(coinPrices).where(eq(coinPrices.coin, 'btc'));
    expect(btcLater?.usd).toBe(snapshot.priceAt('btc', sameBucket));
    expect(btcLater?.updatedAt.getTime()).toBe(sameBucket.getTime());

    const nextBucket = new Date(T0.getTime() + BUCKET + 1_000);
    await market.refresh(nextBucket);
    expect(await countRows(handle.db, priceHistory)).toBe(2 * COIN_COUNT);
    const atRows = await handle.db
      .select({ at: priceHistory.at })
      .from(priceHistory)
      .where(eq(priceHistory.coin, 'eth'));
    expect(atRows.map((row) => row.at.getTime()).sort()).toEqual([T0.getTime(), T0.getTime() + BUCKET]);
  });

  it('answers usdPrice from memory, or from coin_prices on first use', async () => {
    const market = new MarketService({ db: handle.db, feed: snapshot, log: silent });
    const at = new Date(T0.getTime() + 3 * BUCKET);
    await market.refresh(at);
    expect(await market.usdPrice('btc')).toBe(snapshot.priceAt('btc', at));
    expect(await market.usdPrice('USDT')).toBe(snapshot.priceAt('usdt', at));
    expect(await market.usdPrice('nope')).toBeNull();

    // A fresh instance (another node, or after a restart) reads what is stored.
    const other = new MarketService({ db: handle.db, feed: snapshot, log: silent });
    expect(await other.usdPrice('eth')).toBe(snapshot.priceAt('eth', at));
    expect(await other.usdPrice('nope')).toBeNull();
  });

  it('fetches enabled coins only', async () => {
    const feed = new ProbeFeed(snapshot);
    const market = new MarketService({ db: handle.db, feed, log: silent });
    await handle.db.update(coins).set({ enabled: false }).where(eq(coins.code, 'doge'));
    try {
      expect(await market.refresh(new Date(T0.getTime() + 4 * BUCKET))).toBe(COIN_COUNT - 1);
    } finally {
      await handle.db.update(coins).set({ enabled: true }).where(eq(coins.code, 'doge'));
    }
  });

  it('returns history within a range, oldest first', async () => {
    const market = new MarketService({ db: handle.db, feed: snapshot, log: silent });
    const all = await market.history('btc', { from: new Date(0), to: new Date(T0.getTime() + 10 * BUCKET) });
    expect(all.length).toBeGreaterThanOrEqual(3);
    const times = all.map((point) => point.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(all[0]).toEqual({ at: T0, usd: snapshot.priceAt('btc', T0) });

    // Both ends are inclusive.
    const second = new Date(T0.getTime() + BUCKET);
    expect(await market.history('btc', { from: second, to: second })).toEqual([
      { at: second, usd: snapshot.priceAt('btc', new Date(second.getTime() + 1_000)) },
    ]);
    expect(await market.history('btc', { from: new Date(0), to: new Date(T0.getTime() - 1) })).toEqual([]);
    expect(await market.history('nope', { from: new Date(0), to: new Date() })).toEqual([]);
  });

  it('keeps the old prices and logs when the feed fails', async () => {
    const feed = new ProbeFeed(snapshot);
    const { log, records } = recordingLogger();
    const market = new MarketService({ db: handle.db, feed, log });
    const at = new Date(T0.getTime() + 6 * BUCKET);
    await market.refresh(at);
    const before = await handle.db.select().from(coinPrices);
    const historyBefore = await countRows(handle.db, priceHistory);

    feed.fail = true;
    expect(await market.refresh(new Date(at.getTime() + BUCKET))).toBe(0);
    expect(records.some((record) => record.level === 40 && /price feed failed/.test(record.msg))).toBe(true);
    expect(await handle.db.select().from(coinPrices)).toEqual(before);
    expect(await countRows(handle.db, priceHistory)).toBe(historyBefore);
    expect(await market.usdPrice('btc')).toBe(snapshot.priceAt('btc', at));
  });

  it('ignores invalid prices from a feed', async () => {
    const bad: PriceFeed = {
      name: 'bad',
      fetchPrices: async () =>
        new Map([
          ['btc', '0'],
          ['eth', 'NaN'],
          ['not-a-coin', '5'],
          ['sol', '150.5'],
        ]),
    };
    const { log, records } = recordingLogger();
    const market = new MarketService({ db: handle.db, feed: bad, log });
    expect(await market.refresh(new Date(T0.getTime() + 20 * BUCKET))).toBe(1);
    expect(await market.usdPrice('sol')).toBe('150.5');
    expect(await market.usdPrice('not-a-coin')).toBeNull();
    expect(await market.usdPrice('btc')).not.toBe('0');
    expect(records.filter((record) => /invalid price/.test(record.msg))).toHaveLength(2);
  });
});

describe.each(databaseTargets())('MarketService.backfillHistory on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
  });
  beforeEach(async () => {
    await handle.db.delete(priceHistory);
    await handle.db.delete(coinPrices);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('is run by the job after its first refresh when asked', async () => {
    const market = new MarketService({ db: handle.db, feed: new SnapshotFeed(), log: silent });
    let changes = 0;
    const job = startPriceJob({
      market,
      db: handle.db,
      intervalMs: 60_000,
      log: silent,
      backfill: { days: 1, stepMs: 3_600_000 },
      now: () => T0,
      onChange: () => changes++,
    });
    await job.stop();
    // The refresh told of new prices (pages showing prices are stale).
    expect(changes).toBe(1);
    // 24 hourly points, plus the current bucket from the refresh.
    expect(await countRows(handle.db, priceHistory)).toBe(25 * COIN_COUNT);
  });

  it('skips feeds that cannot answer for past times', async () => {
    const feed = new ProbeFeed(new SnapshotFeed(), false);
    const market = new MarketService({ db: handle.db, feed, log: silent });
    expect(await market.backfillHistory({ days: 1, now: T0 })).toBe(0);
    expect(feed.calls).toBe(0);
    expect(await countRows(handle.db, priceHistory)).toBe(0);
  });

  it('fills an empty history once, up to the current bucket', async () => {
    const snapshot = new SnapshotFeed();
    const market = new MarketService({ db: handle.db, feed: snapshot, log: silent, historyBucketMs: BUCKET });
    const now = new Date(T0.getTime() + 30 * 60_000);
    // A first refresh already wrote the current bucket: that does not count as history.
    await market.refresh(now);
    expect(await market.backfillHistory({ days: 2, stepMs: 3_600_000, now })).toBe(48 * COIN_COUNT);
    const points = await market.history('btc', { from: new Date(0), to: now });
    expect(points).toHaveLength(49);
    expect(points[0]?.at.getTime()).toBe(T0.getTime() - 47 * 3_600_000);
    expect(points.at(-2)).toEqual({ at: T0, usd: snapshot.priceAt('btc', T0) });

    expect(await market.history('btc', { from: new Date(T0.getTime() + 1), to: now })).toEqual([
      { at: new Date(T0.getTime() + 30 * 60_000), usd: snapshot.priceAt('btc', now) },
    ]);

    // Not empty any more: a second run (a restart) adds nothing.
    expect(await market.backfillHistory({ days: 2, now: new Date(now.getTime() + BUCKET) })).toBe(0);
    expect(await countRows(handle.db, priceHistory)).toBe(49 * COIN_COUNT);
  });
});

describe.each(databaseTargets())('startPriceJob on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('refreshes at once, then every interval, and stop() ends it', async () => {
    // The job's timers and clock are fake: its intervals pass when the test says so, however busy
    // the machine (vi.waitFor moves fake time on by its polling interval at each try).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const feed = new ProbeFeed(new SnapshotFeed());
      const market = new MarketService({ db: handle.db, feed, log: silent });
      const job = startPriceJob({
        market,
        db: handle.db,
        intervalMs: 80,
        log: silent,
        now: clockFrom(new Date(Date.UTC(2026, 0, 1))),
      });
      await vi.waitFor(() => expect(feed.calls).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
      // A run on demand queues after the tick's run: once it is over, the next tick is scheduled.
      await job.runNow();
      await job.stop();
      const calls = feed.calls;
      expect(await market.usdPrice('btc')).not.toBeNull();
      expect(await countRows(handle.db, coinPrices)).toBe(COIN_COUNT);
      // Ten intervals later: a tick stop() had left scheduled would have started a run by now, and
      // a second stop() waits for such a run, whose prices are stale enough to ask the feed again.
      await vi.advanceTimersByTimeAsync(10 * 80);
      await job.stop();
      expect(feed.calls).toBe(calls);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stop() waits for a running refresh', async () => {
    const feed = new ProbeFeed(new SnapshotFeed());
    const market = new MarketService({ db: handle.db, feed, log: silent });
    const now = clockFrom(new Date(Date.UTC(2026, 1, 1)));
    feed.hold();
    const job = startPriceJob({ market, db: handle.db, intervalMs: 60_000, log: silent, now });
    await vi.waitFor(() => expect(feed.calls).toBe(1));
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    // Give stop() every chance to end early: many turns of the event loop, with every promise and
    // I/O callback due; only the held feed call keeps the refresh (and so stop()) open.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    feed.release();
    await stopping;
    const [latest] = await handle.db.select().from(coinPrices).where(eq(coinPrices.coin, 'btc'));
    expect(latest?.updatedAt.getTime()).toBeGreaterThanOrEqual(Date.UTC(2026, 1, 1));
  });

  it('logs a failing run and keeps going', async () => {
    const feed = new ProbeFeed(new SnapshotFeed());
    const { log, records } = recordingLogger();
    const market = new MarketService({ db: handle.db, feed, log });
    const now = clockFrom(new Date(Date.UTC(2026, 2, 1)));
    feed.fail = true;
    const job = startPriceJob({ market, db: handle.db, intervalMs: 60_000, log, now });
    await vi.waitFor(() => expect(feed.calls).toBe(1));
    feed.fail = false;
    // The failed run wrote nothing, so the next run is due at once.
    await vi.waitFor(async () => expect(await job.runNow()).toBe('refreshed'));
    await job.stop();
    expect(records.some((record) => /price feed failed/.test(record.msg))).toBe(true);
  });

  it('two jobs on one database do not both refresh in the same tick', async () => {
    const feed = new ProbeFeed(new SnapshotFeed());
    const now = clockFrom(new Date(Date.UTC(2026, 3, 1)));
    // Two nodes: separate services, one database.
    const first = new MarketService({ db: handle.db, feed, log: silent });
    const second = new MarketService({ db: handle.db, feed, log: silent });
    const historyBefore = await countRows(handle.db, priceHistory);

    feed.hold();
    const jobA = startPriceJob({ market: first, db: handle.db, intervalMs: 60_000, log: silent, now });
    await vi.waitFor(() => expect(feed.calls).toBe(1));
    // A holds the lock while its feed call hangs.
    const jobB = startPriceJob({ market: second, db: handle.db, intervalMs: 60_000, log: silent, now });
    if (target.name === 'postgres') {
      // B's own transaction cannot take the lock; it skips at once.
      expect(await jobB.runNow()).toBe('locked');
      feed.release();
    } else {
      // PGlite has one connection: B queues behind A's transaction and then finds fresh prices.
      const pending = jobB.runNow();
      feed.release();
      expect(await pending).toBe('fresh');
    }
    await Promise.all([jobA.stop(), jobB.stop()]);
    expect(feed.calls).toBe(1);
    expect(await countRows(handle.db, priceHistory)).toBe(historyBefore + COIN_COUNT);
    // B still serves the prices A stored.
    expect(await second.usdPrice('btc')).toBe(await first.usdPrice('btc'));
  });

  it('two jobs started together refresh once', async () => {
    const feed = new ProbeFeed(new SnapshotFeed());
    const now = clockFrom(new Date(Date.UTC(2026, 4, 1)));
    const markets = [0, 1, 2].map(() => new MarketService({ db: handle.db, feed, log: silent }));
    const jobs = markets.map((market) =>
      startPriceJob({ market, db: handle.db, intervalMs: 60_000, log: silent, now }),
    );
    await Promise.all(jobs.map((job) => job.stop()));
    expect(feed.calls).toBe(1);
  });
});
