import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { coinPrices, coins, priceHistory } from '../../db/schema.ts';
import { Big, isDecimalString } from '../exchange/decimal.ts';
import type { PriceSource } from '../exchange/types.ts';
import type { PriceFeed } from './feeds.ts';

export interface MarketServiceOptions {
  db: Database;
  feed: PriceFeed;
  log: Logger;
  /** Width of one price_history bucket; one row per coin per bucket. */
  historyBucketMs?: number;
  /**
   * How long usdPrice() trusts its in-memory prices before re-reading coin_prices, so nodes
   * whose job was skipped (another node refreshed) still see new prices.
   */
  cacheTtlMs?: number;
}

export interface RefreshOptions {
  /** Run the writes on this handle, e.g. the transaction holding the job's advisory lock. */
  db?: Database;
  signal?: AbortSignal;
}

export interface BackfillTier {
  days: number;
  stepMs: number;
}

export interface BackfillOptions {
  days?: number;
  stepMs?: number;
  /**
   * Several resolutions at once, e.g. 30 days every 6 hours plus the last day every 15 minutes, so
   * every chart range has enough points; replaces `days` and `stepMs`.
   */
  tiers?: readonly BackfillTier[];
  now?: Date;
  db?: Database;
  signal?: AbortSignal;
}

export interface PricePoint {
  at: Date;
  usd: string;
}

/** Rows per INSERT, well under PostgreSQL's 65535 parameter limit. */
const CHUNK = 1_000;
/** Rows per backfill INSERT (three array parameters, whatever the row count). */
const BACKFILL_CHUNK = 20_000;

/** Current and historical USD prices: fed by a PriceFeed, stored in coin_prices/price_history. */
export class MarketService implements PriceSource {
  readonly feed: PriceFeed;
  readonly historyBucketMs: number;
  readonly #db: Database;
  readonly #log: Logger;
  readonly #cacheTtlMs: number;
  #prices = new Map<string, string>();
  /** When #prices was last filled (Date.now()), or null before the first fill. */
  #loadedAt: number | null = null;
  #loading: Promise<void> | null = null;
  /** Bumped whenever refresh() updates #prices, so a slower, older reload cannot undo it. */
  #generation = 0;

  constructor({ db, feed, log, historyBucketMs = 5 * 60_000, cacheTtlMs = 60_000 }: MarketServiceOptions) {
    if (!(historyBucketMs > 0)) throw new Error('historyBucketMs must be positive');
    this.#db = db;
    this.feed = feed;
    this.#log = log;
    this.historyBucketMs = historyBucketMs;
    this.#cacheTtlMs = cacheTtlMs;
  }

  /** Start of the history bucket that contains `at`. */
  bucketStart(at: Date): Date {
    return new Date(Math.floor(at.getTime() / this.historyBucketMs) * this.historyBucketMs);
  }

  /**
   * Fetches prices for all enabled coins and stores them. A failed fetch is logged and the
   * previous prices stay. Returns the number of prices stored.
   */
  async refresh(now: Date = new Date(), options: RefreshOptions = {}): Promise<number> {
    const db = options.db ?? this.#db;
    const codes = await enabledCoins(db);
    if (codes.length === 0) return 0;

    let fetched: Map<string, string>;
    try {
      fetched = await this.feed.fetchPrices(codes, now, options.signal ?? new AbortController().signal);
    } catch (error) {
      this.#log.warn({ err: error, feed: this.feed.name }, 'price feed failed; keeping the previous prices');
      return 0;
    }

    const wanted = new Set(codes);
    const rows: { coin: string; usd: string }[] = [];
    for (const [coin, usd] of fetched) {
      if (!wanted.has(coin)) continue;
      // A zero or malformed price would break every conversion that uses it.
      if (!isDecimalString(usd) || new Big(usd).lte(0)) {
        this.#log.warn({ coin, usd, feed: this.feed.name }, 'ignoring an invalid price');
        continue;
      }
      rows.push({ coin, usd });
    }
    const missing = codes.length - rows.length;
    if (missing > 0) this.#log.debug({ missing, feed: this.feed.name }, 'feed had no price for some coins');
    if (rows.length === 0) return 0;

    const at = this.bucketStart(now);
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      await db
        .insert(coinPrices)
        .values(chunk.map((row) => ({ ...row, source: this.feed.name, updatedAt: now })))
        .onConflictDoUpdate({
          target: coinPrices.coin,
          set: {
            usd: sql`excluded.usd`,
            source: sql`excluded.source`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
      // The first price seen in a bucket stands for it: reruns in the same bucket add nothing.
      await db
        .insert(priceHistory)
        .values(chunk.map((row) => ({ ...row, at })))
        .onConflictDoNothing();
    }

    if (this.#loadedAt === null) {
      // First fill: read everything (coins this feed skipped may have older prices). Through
      // `db`, since on PGlite a query outside the caller's transaction would wait for it.
      await this.#load(db);
    } else {
      for (const row of rows) this.#prices.set(row.coin, row.usd);
      this.#loadedAt = Date.now();
      this.#generation++;
    }
    this.#log.debug({ stored: rows.length, feed: this.feed.name }, 'prices refreshed');
    return rows.length;
  }

  /** USD price of one coin, or null when unknown. */
  async usdPrice(coin: string): Promise<string | null> {
    if (this.#loadedAt === null || Date.now() - this.#loadedAt >= this.#cacheTtlMs) {
      try {
        await this.reload();
      } catch (error) {
        // Stale prices beat none; with nothing loaded yet there is nothing to fall back on.
        if (this.#loadedAt === null) throw error;
        this.#log.warn({ err: error }, 'reloading prices failed; serving cached prices');
      }
    }
    return this.#prices.get(coin.toLowerCase()) ?? null;
  }

  /** Re-reads coin_prices into memory (concurrent callers share one query). */
  reload(): Promise<void> {
    this.#loading ??= this.#load(this.#db).finally(() => {
      this.#loading = null;
    });
    return this.#loading;
  }

  async #load(db: Database): Promise<void> {
    const generation = this.#generation;
    const rows = await db.select({ coin: coinPrices.coin, usd: coinPrices.usd }).from(coinPrices);
    if (generation !== this.#generation) return;
    this.#prices = new Map(rows.map((row) => [row.coin, row.usd]));
    this.#loadedAt = Date.now();
  }

  /** Stored history of one coin within [from, to], oldest first. */
  async history(coin: string, range: { from: Date; to: Date }): Promise<PricePoint[]> {
    return this.#db
      .select({ at: priceHistory.at, usd: priceHistory.usd })
      .from(priceHistory)
      .where(
        and(eq(priceHistory.coin, coin), gte(priceHistory.at, range.from), lte(priceHistory.at, range.to)),
      )
      .orderBy(asc(priceHistory.at));
  }

  /**
   * On a first run (no price_history before the current bucket) writes `days` of past prices
   * every `stepMs`, up to the current bucket, so charts have data. Only feeds that can answer
   * for past times (the snapshot simulation) are used; returns the number of rows written.
   * Safe to run on several nodes at once: existing rows are left alone.
   */
  async backfillHistory(options: BackfillOptions = {}): Promise<number> {
    const {
      days = 30,
      stepMs = 3_600_000,
      now = new Date(),
      signal = new AbortController().signal,
    } = options;
    const db = options.db ?? this.#db;
    if (!this.feed.historical) {
      this.#log.info({ feed: this.feed.name }, 'price feed has no history; skipping backfill');
      return 0;
    }
    const tiers = (options.tiers ?? [{ days, stepMs }]).filter((tier) => tier.stepMs > 0 && tier.days > 0);
    if (tiers.length === 0) return 0;
    const end = this.bucketStart(now).getTime();
    // Rows of the current bucket do not count: refresh() may well have written them already.
    const existing = await db
      .select({ coin: priceHistory.coin })
      .from(priceHistory)
      .where(lt(priceHistory.at, new Date(end)))
      .limit(1);
    if (existing.length > 0) {
      this.#log.info({ feed: this.feed.name }, 'price history present; no backfill');
      return 0;
    }
    const codes = await enabledCoins(db);
    if (codes.length === 0) return 0;

    // Every tier's times, each once (tiers overlap), oldest first.
    const times = new Set<number>();
    for (const tier of tiers) {
      const first = Math.ceil((end - tier.days * 86_400_000) / tier.stepMs) * tier.stepMs;
      for (let t = first; t < end; t += tier.stepMs) times.add(t);
    }
    let written = 0;
    // Column arrays for one unnest() INSERT: 30 days of hourly points are ~130k rows, which
    // row-by-row VALUES lists take seconds to send.
    let pending = { coins: [] as string[], ats: [] as string[], usds: [] as string[] };
    const flush = async () => {
      if (pending.coins.length === 0) return;
      const result = await db.execute(sql`
        INSERT INTO ${priceHistory} (coin, at, usd)
        SELECT * FROM unnest(${sql.param(pending.coins)}::text[], ${sql.param(pending.ats)}::timestamptz[],
          ${sql.param(pending.usds)}::numeric[])
        ON CONFLICT DO NOTHING`);
      written += affectedRows(result);
      pending = { coins: [], ats: [], usds: [] };
    };
    for (const t of [...times].sort((a, b) => a - b)) {
      const at = new Date(t);
      const prices = await this.feed.fetchPrices(codes, at, signal);
      for (const [coin, usd] of prices) {
        pending.coins.push(coin);
        pending.ats.push(at.toISOString());
        pending.usds.push(usd);
      }
      if (pending.coins.length >= BACKFILL_CHUNK) await flush();
    }
    await flush();
    this.#log.info({ rows: written, tiers, feed: this.feed.name }, 'price history backfilled');
    return written;
  }
}

async function enabledCoins(db: Database): Promise<string[]> {
  const rows = await db.select({ code: coins.code }).from(coins).where(eq(coins.enabled, true));
  return rows.map((row) => row.code);
}

/** Rows an INSERT wrote: node-postgres says rowCount, PGlite affectedRows. */
function affectedRows(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
}
