/**
 * The price charts' ranges and the spacing of their points: plain constants, shared by the server
 * (history queries, the first run's backfill) and the browser (the range switch), with no database
 * code attached.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const CHART_RANGES = {
  '24h': { spanMs: DAY, stepMs: 15 * MINUTE },
  '7d': { spanMs: 7 * DAY, stepMs: 2 * HOUR },
  '30d': { spanMs: 30 * DAY, stepMs: 6 * HOUR },
} as const;
export type ChartRange = keyof typeof CHART_RANGES;
export const CHART_RANGE_NAMES = Object.keys(CHART_RANGES) as ChartRange[];

export function isChartRange(value: string): value is ChartRange {
  return Object.hasOwn(CHART_RANGES, value);
}

/** History written on a first run so that each chart range has its points (server/main.ts). */
export const CHART_BACKFILL_TIERS = CHART_RANGE_NAMES.map((range) => ({
  days: CHART_RANGES[range].spanMs / DAY,
  stepMs: CHART_RANGES[range].stepMs,
}));
