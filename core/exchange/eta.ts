import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { swapEvents, swaps } from '../../db/schema.ts';
import type { Asset } from './types.ts';

/** How far back and how many finished swaps the typical duration looks at, and how few are too few. */
export interface SwapDurationOptions {
  now?: Date;
  days?: number;
  limit?: number;
  minSamples?: number;
}

/** The median of a list of numbers; null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The typical duration of our swaps, created → finished, in whole seconds: the median over the
 * most recent finished swaps (of one pair, or of all). Null with fewer than `minSamples` of them.
 */
export async function typicalSwapSeconds(
  db: Database,
  pair: { from: Asset; to: Asset } | null,
  { now = new Date(), days = 30, limit = 50, minSamples = 3 }: SwapDurationOptions = {},
): Promise<number | null> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const conditions = [eq(swaps.status, 'finished'), gt(swaps.createdAt, since)];
  if (pair) {
    conditions.push(
      eq(swaps.fromCoin, pair.from.coin),
      eq(swaps.fromNetwork, pair.from.network),
      eq(swaps.toCoin, pair.to.coin),
      eq(swaps.toNetwork, pair.to.network),
    );
  }
  const rows = await db
    .select({ seconds: sql<string>`extract(epoch from (${swapEvents.at} - ${swaps.createdAt}))` })
    .from(swaps)
    .innerJoin(swapEvents, and(eq(swapEvents.swapId, swaps.id), eq(swapEvents.status, 'finished')))
    .where(and(...conditions))
    .orderBy(desc(swaps.createdAt))
    .limit(limit);
  const seconds = rows
    .map((row) => Number(row.seconds))
    .filter((value) => Number.isFinite(value) && value >= 0);
  if (seconds.length < minSamples) return null;
  return Math.round(median(seconds) ?? 0);
}

/** How many swaps have finished, ever. */
export async function finishedSwapCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(swaps)
    .where(eq(swaps.status, 'finished'));
  return Number(row?.count ?? 0);
}
