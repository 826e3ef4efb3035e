import type { ChartPoint } from './types.ts';

/**
 * What the price chart computes and how it words numbers and times: pure functions, shared by the
 * server's SVG stand-in (app/directory/PriceChart.tsx) and the uPlot chart (app/directory/uplot-chart.ts).
 */

export interface ChartSeries {
  label: string;
  /** [ms since the epoch, value], oldest first. */
  points: ChartPoint[];
}

/** US dollars, a rate in a unit (a pair), or each series as % change from its first point (two coins compared). */
export type ChartMode = 'usd' | 'percent' | 'rate';

/**
 * Line colours: the brand blue of app/app.css `@theme` (`--color-brand-600`), then an amber with the
 * same 5:1 contrast on white (PriceChart.tsx writes both as Tailwind classes for its SVG lines).
 */
export const SERIES_COLORS = ['#1f5ad6', '#b45309'] as const;
/** Dash patterns: the second line is dashed, so the two differ beyond colour. */
export const SERIES_DASHES: readonly (readonly number[] | null)[] = [null, [6, 4]];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Charts spanning at most this show times of day on their axis; longer ones show days. */
const TIME_OF_DAY_SPAN = 2 * DAY;

// ----- Data -----

/** The points as percent change from the first one; none when the first value is 0 (no base). */
export function asPercent(points: readonly ChartPoint[]): ChartPoint[] {
  const first = points[0]?.[1];
  if (!first) return [];
  return points.map(([at, value]) => [at, ((value - first) / first) * 100]);
}

/** The series as the chart shows them in `mode`. */
export function shownSeries(series: readonly ChartSeries[], mode: ChartMode): ChartSeries[] {
  return series.map((one) => (mode === 'percent' ? { ...one, points: asPercent(one.points) } : one));
}

/** Whether there is a line to draw: at least one series with two points. */
export function hasLine(series: readonly ChartSeries[]): boolean {
  return series.some((one) => one.points.length > 1);
}

/**
 * uPlot's columns: the union of the series' times in seconds, then each series' value at each time
 * (null where it has none).
 */
export function alignedColumns(series: readonly ChartSeries[]): [number[], ...(number | null)[][]] {
  const times = [...new Set(series.flatMap((one) => one.points.map(([at]) => at)))].sort((a, b) => a - b);
  const columns = series.map((one) => {
    const byTime = new Map(one.points);
    return times.map((at) => byTime.get(at) ?? null);
  });
  return [times.map((at) => at / 1000), ...columns];
}

/** The time the series cover, in ms (0 without two points). */
export function timeSpan(series: readonly ChartSeries[]): number {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const one of series) {
    const start = one.points[0]?.[0];
    const end = one.points.at(-1)?.[0];
    if (start !== undefined && start < first) first = start;
    if (end !== undefined && end > last) last = end;
  }
  return last > first ? last - first : 0;
}

export interface Bounds {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The smallest box holding every point of the series; null without points. */
export function bounds(series: readonly ChartSeries[]): Bounds | null {
  let box: Bounds | null = null;
  for (const one of series) {
    for (const [at, value] of one.points) {
      if (!box) box = { x0: at, x1: at, y0: value, y1: value };
      else {
        if (at < box.x0) box.x0 = at;
        if (at > box.x1) box.x1 = at;
        if (value < box.y0) box.y0 = value;
        if (value > box.y1) box.y1 = value;
      }
    }
  }
  return box;
}

/**
 * An SVG path (`M x y L x y …`, whole units) of the points in a `width`×`height` box: the server's
 * stand-in for the chart. `box` shares one scale between several lines (default: the points' own).
 * A flat line sits in the middle; fewer than two points give no path.
 */
export function linePath(
  points: readonly ChartPoint[],
  width: number,
  height: number,
  box: Bounds | null = bounds([{ label: '', points: [...points] }]),
): string {
  if (points.length < 2 || !box) return '';
  const xSpan = box.x1 - box.x0;
  const ySpan = box.y1 - box.y0;
  const x = (at: number) => (xSpan ? ((at - box.x0) / xSpan) * width : 0);
  const y = (value: number) => (ySpan ? (1 - (value - box.y0) / ySpan) * height : height / 2);
  let path = '';
  points.forEach(([at, value], i) => {
    path += `${i === 0 ? 'M' : 'L'}${Math.round(x(at))} ${Math.round(y(value))}`;
  });
  return path;
}

export interface SeriesSummary {
  label: string;
  first: number;
  last: number;
  min: number;
  max: number;
}

/** First, last, lowest and highest value of a series; null without points. */
export function summarize(series: ChartSeries): SeriesSummary | null {
  const [head] = series.points;
  if (!head) return null;
  let min = head[1];
  let max = head[1];
  for (const [, value] of series.points) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { label: series.label, first: head[1], last: series.points.at(-1)?.[1] ?? head[1], min, max };
}

// ----- Wording -----

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are slow to build: one per locale and options. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** Intl's limit on fraction digits kept well below its maximum. */
const MAX_FRACTION_DIGITS = 20;
/** Significant digits of a value: enough to tell 0.99984 from 1.0002, or to show SHIB at 0.0000123. */
const SIGNIFICANT_DIGITS = 5;

/**
 * Fraction digits that keep `SIGNIFICANT_DIGITS` of `value`, at least `min`: 104,523.12 → 2,
 * 1.0002 → 4, 0.0000123 → 9.
 */
export function fractionDigits(value: number, min: number): number {
  if (!Number.isFinite(value) || value === 0) return min;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  return Math.min(MAX_FRACTION_DIGITS, Math.max(min, SIGNIFICANT_DIGITS - 1 - magnitude));
}

/** Fraction digits an axis step needs (500 → 0, 0.25 → 2, 0.0000005 → 7). */
export function stepDigits(step: number): number {
  if (!Number.isFinite(step) || step <= 0) return 0;
  for (let digits = 0; digits < MAX_FRACTION_DIGITS; digits++) {
    const scaled = step * 10 ** digits;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * scaled) return digits;
  }
  return MAX_FRACTION_DIGITS;
}

function numberOptions(mode: ChartMode, digits: { min: number; max: number }): Intl.NumberFormatOptions {
  const fraction = { minimumFractionDigits: digits.min, maximumFractionDigits: digits.max };
  if (mode === 'usd') return { style: 'currency', currency: 'USD', ...fraction };
  if (mode === 'percent') return { style: 'percent', signDisplay: 'exceptZero', ...fraction };
  return fraction;
}

/**
 * How a value reads in the legend and the summary: dollars (`$104,523.12`, `$0.0000123`), a signed
 * percentage (`+1.23%`, `-0.5 %` in German) or a number followed by the rate's `unit`.
 */
export function valueFormatter(mode: ChartMode, locale: string, unit = ''): (value: number) => string {
  if (mode === 'percent') {
    const format = numberFormat(locale, numberOptions('percent', { min: 0, max: 2 }));
    return (value) => format.format(value / 100);
  }
  const min = mode === 'usd' ? 2 : 0;
  return (value) => {
    const digits = fractionDigits(value, min);
    const text = numberFormat(
      locale,
      numberOptions(mode, { min: Math.min(min, digits), max: digits }),
    ).format(value);
    return mode === 'rate' && unit ? `${text} ${unit}` : text;
  };
}

/**
 * How the value axis labels its ticks, `step` apart: as many fraction digits as the step needs, so
 * neighbouring ticks never read alike (`$104,500`, `$0.99990`, `+2.5%`); a rate without its unit.
 */
export function tickFormatter(mode: ChartMode, locale: string, step: number): (value: number) => string {
  const digits = stepDigits(step);
  const format = numberFormat(locale, numberOptions(mode, { min: digits, max: digits }));
  return (value) => format.format(mode === 'percent' ? value / 100 : value);
}

/** Whether a chart spanning `spanMs` labels its time axis with times of day (24 h) or days (7 and 30 days). */
export function showsTimeOfDay(spanMs: number): boolean {
  return spanMs <= TIME_OF_DAY_SPAN;
}

/** Time axis labels: the time of day for a day's chart, day and month for longer ones. */
export function axisTimeFormatter(locale: string, spanMs: number): (ms: number) => string {
  const format = dateFormat(
    locale,
    showsTimeOfDay(spanMs) ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short' },
  );
  return (ms) => format.format(ms);
}

/** The time of the hovered point: day, month and time of day. */
export function pointTimeFormatter(locale: string): (ms: number) => string {
  const format = dateFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return (ms) => format.format(ms);
}

/**
 * The steps (in seconds, as uPlot counts) the time axis may use: whole hours for a day's chart, whole
 * days for longer ones, so that no two ticks carry the same label.
 */
export function timeSteps(spanMs: number): number[] {
  const hours = [1, 2, 3, 4, 6, 12].map((n) => (n * HOUR) / 1000);
  const days = [1, 2, 3, 5, 7, 14, 28].map((n) => (n * DAY) / 1000);
  return showsTimeOfDay(spanMs) ? [...hours, ...days] : days;
}
