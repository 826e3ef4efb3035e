import { max, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { coinPrices } from '../../db/schema.ts';
import { JobBackoff } from '../job-backoff.ts';
import type { BackfillOptions, MarketService } from './market.ts';

/** Any constant fits; it only has to be the same on every node (and differ from other locks). */
export const PRICE_JOB_LOCK_KEY = 727_104_3001;

export interface PriceJobOptions {
  market: MarketService;
  db: Database;
  intervalMs: number;
  log: Logger;
  /**
   * After the first refresh this node makes, backfill history when it has nothing before the
   * current bucket (snapshot feed only; see MarketService.backfillHistory).
   */
  backfill?: Pick<BackfillOptions, 'days' | 'stepMs' | 'tiers'> | false;
  /** Clock, for tests. */
  now?: () => Date;
  /** Called when this node has new prices (its own refresh or another node's, read back). */
  onChange?: () => void;
}

/**
 * - refreshed: this node fetched and stored prices
 * - locked: another node was refreshing at the same moment
 * - fresh: another node refreshed less than half an interval ago
 * - failed: nothing was stored (the feed failed) or the run threw; logged either way
 */
export type PriceJobOutcome = 'refreshed' | 'locked' | 'fresh' | 'failed';

export interface PriceJob {
  /** Runs one refresh now (after a running one), with the same locking as the timer. */
  runNow(): Promise<PriceJobOutcome>;
  /** Stops the timer and waits for a running refresh. */
  stop(): Promise<void>;
}

/**
 * Refreshes prices at once and then every intervalMs. Several nodes may run it against one
 * PostgreSQL: each run holds a transaction-level advisory lock, and skips when another node holds
 * it or has just refreshed, so the feed is asked once per interval across the cluster.
 */
export function startPriceJob(options: PriceJobOptions): PriceJob {
  const { market, db, intervalMs, log, backfill = false } = options;
  const clock = options.now ?? (() => new Date());
  if (!(intervalMs > 0)) throw new Error('intervalMs must be positive');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PriceJobOutcome> | null = null;
  let backfillPending = backfill !== false;
  const backfillOptions = backfill === false ? {} : backfill;
  // After a run that threw (the database away), the next comes sooner than the interval, within
  // 10 s of the database's return, and the outage is logged once.
  const backoff = new JobBackoff({ job: 'prices', log, baseMs: Math.min(intervalMs, 1_000) });
  let retryInMs: number | null = null;

  async function attempt(): Promise<PriceJobOutcome> {
    const now = clock();
    try {
      const outcome = await db.transaction(async (tx): Promise<PriceJobOutcome> => {
        // Everything below goes through `tx`: the lock lives as long as the transaction, and on
        // PGlite a query outside an open transaction would wait for it.
        if (!(await tryLock(tx))) return 'locked';
        // The lock only excludes overlapping runs; this skips a node whose tick comes just
        // after another node's run.
        const [latest] = await tx.select({ at: max(coinPrices.updatedAt) }).from(coinPrices);
        if (latest?.at && now.getTime() - latest.at.getTime() < intervalMs / 2) return 'fresh';
        const stored = await market.refresh(now, { db: tx });
        log.debug({ stored }, 'price job ran');
        // Nothing stored means the feed failed (refresh logged why) or no coin is enabled.
        return stored > 0 ? 'refreshed' : 'failed';
      });
      if (outcome === 'refreshed' && backfillPending) {
        // Outside the lock's transaction: writing weeks of history takes seconds, and on PGlite
        // an open transaction holds up every other query.
        try {
          await market.backfillHistory({ ...backfillOptions, now });
          backfillPending = false;
        } catch (error) {
          log.error({ err: error }, 'price history backfill failed; retrying after the next refresh');
        }
      }
      // Another node has just written prices: pick them up instead of waiting for the cache TTL.
      // ('locked' means its run is still open and uncommitted, so there is nothing new to read.)
      if (outcome === 'fresh') await market.reload();
      if (outcome === 'refreshed' || outcome === 'fresh') options.onChange?.();
      backoff.succeeded();
      retryInMs = null;
      return outcome;
    } catch (error) {
      retryInMs = Math.min(intervalMs, backoff.failed(error));
      return 'failed';
    }
  }

  function run(): Promise<PriceJobOutcome> {
    const previous = running;
    const current = (async () => {
      if (previous) await previous;
      return attempt();
    })();
    running = current;
    void current.finally(() => {
      if (running === current) running = null;
    });
    return current;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(tick, delayMs);
    // A pending refresh must never keep the process alive.
    timer.unref();
  }

  async function tick(): Promise<void> {
    timer = undefined;
    const started = Date.now();
    await run();
    // Runs never overlap: the next one is timed from this one's start, but waits for its end.
    schedule(retryInMs ?? Math.max(0, intervalMs - (Date.now() - started)));
  }

  void tick();

  return {
    runNow: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (running) await running;
    },
  };
}

async function tryLock(tx: Database): Promise<boolean> {
  const result = await tx.execute(
    sql`SELECT pg_try_advisory_xact_lock(${PRICE_JOB_LOCK_KEY}::bigint) AS locked`,
  );
  // node-postgres and PGlite both answer { rows }.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    locked: boolean;
  }[];
  return rows[0]?.locked === true;
}
