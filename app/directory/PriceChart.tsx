import { useEffect, useMemo, useRef, useState } from 'react';
import {
  alignedColumns,
  bounds,
  type ChartMode,
  type ChartSeries,
  hasLine,
  linePath,
  pointTimeFormatter,
  SERIES_DASHES,
  shownSeries,
  summarize,
  timeSpan,
  valueFormatter,
} from './chart-math.ts';
import type { ChartHandle } from './uplot-chart.ts';

export type { ChartMode, ChartSeries };

/** The words of the screen-reader summary, translated by the caller. */
export interface ChartSummaryLabels {
  first: string;
  last: string;
  min: string;
  max: string;
}

export interface PriceChartProps {
  /** The series of each range, e.g. `{ '24h': [...], '7d': [...], '30d': [...] }`: switching is client-side, no fetch. */
  ranges: Record<string, ChartSeries[]>;
  /** The range buttons' texts, already translated, e.g. `{ '24h': '24 h', '7d': '7 days' }`. */
  rangeLabels: Record<string, string>;
  /** The range shown first (the first of `ranges` when it has no such entry). */
  initialRange: string;
  /**
   * `usd`: prices in US dollars (one series); `rate`: a pair's rate, followed by `unit`; `percent`:
   * each series as % change from its first point (two coins compared).
   */
  mode: ChartMode;
  /** The unit of a `rate` chart (the pair's second code). */
  unit?: string;
  /** BCP 47 locale of numbers and dates, e.g. `de`. */
  locale: string;
  /** The chart's accessible name (and visible caption) for a range, e.g. `Bitcoin price, last 7 days`. */
  title: (range: string) => string;
  /** The range switch group's accessible name. */
  rangeGroupLabel: string;
  /** Shown instead of the chart when the range has no line to draw. */
  emptyText: string;
  /** Words of the screen-reader summary (default English: First, Last, Low, High). */
  summaryLabels?: ChartSummaryLabels;
}

const ENGLISH_SUMMARY: ChartSummaryLabels = { first: 'First', last: 'Last', min: 'Low', max: 'High' };

/** The SVG stand-in's drawing box; `preserveAspectRatio="none"` stretches it over the plot's room. */
const VIEW_WIDTH = 1000;
const VIEW_HEIGHT = 240;
/** Line classes per series: written out for Tailwind, the colours of chart-math `SERIES_COLORS`. */
const STROKE_CLASSES = ['stroke-brand-600', 'stroke-[#b45309]'] as const;

const loadChart = () => import('./uplot-chart.ts');

function strokeClass(index: number): string {
  return STROKE_CLASSES[index % STROKE_CLASSES.length] ?? STROKE_CLASSES[0];
}

function dashArray(index: number): string | undefined {
  return SERIES_DASHES[index % SERIES_DASHES.length]?.join(' ');
}

/**
 * A price chart with a range switch. The server (and the browser until the chart code arrives) draws
 * the lines as an SVG of the chart's height; then uPlot, in a chunk fetched by this component only
 * (app/directory/uplot-chart.ts), takes its place. Screen readers get a summary of each line.
 */
export function PriceChart(props: PriceChartProps) {
  const { ranges, rangeLabels, initialRange, mode, unit, locale, title, rangeGroupLabel, emptyText } = props;
  const summaryLabels = props.summaryLabels ?? ENGLISH_SUMMARY;
  const names = Object.keys(ranges);
  const [range, setRange] = useState(() =>
    Object.hasOwn(ranges, initialRange) ? initialRange : (names[0] ?? initialRange),
  );
  /** uPlot has drawn the current range. */
  const [ready, setReady] = useState(false);
  /** The column index under the pointer. */
  const [hover, setHover] = useState<number | null>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ChartHandle | null>(null);

  const rangeSeries = ranges[range];
  const view = useMemo(() => {
    const series = shownSeries(rangeSeries ?? [], mode);
    return {
      series,
      columns: alignedColumns(series),
      spanMs: timeSpan(series),
      box: bounds(series),
      drawable: hasLine(series),
    };
  }, [rangeSeries, mode]);
  const formatValue = valueFormatter(mode, locale, unit);

  useEffect(
    () => () => {
      chartRef.current?.destroy();
      chartRef.current = null;
    },
    [],
  );

  useEffect(() => {
    const host = hostRef.current;
    setHover(null);
    if (!host) return;
    if (!view.drawable) {
      chartRef.current?.destroy();
      chartRef.current = null;
      setReady(false);
      return;
    }
    const data = {
      columns: view.columns,
      labels: view.series.map((one) => one.label),
      mode,
      locale,
      spanMs: view.spanMs,
    };
    if (chartRef.current) {
      chartRef.current.update(data);
      return;
    }
    let cancelled = false;
    loadChart().then(
      ({ drawChart }) => {
        if (cancelled) return;
        chartRef.current = drawChart(host, data, { onCursor: setHover });
        setReady(true);
      },
      // Without the chart code (offline, a failed chunk) the SVG line stays.
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [view, mode, locale]);

  const hoverTime = hover === null ? null : view.columns[0][hover];
  const formatTime = pointTimeFormatter(locale);
  const showFallback = view.drawable && !ready;

  return (
    <figure
      className="min-w-0 rounded-xl border border-slate-200 bg-surface p-3 sm:p-4"
      data-testid="price-chart"
      data-state={ready ? 'ready' : 'fallback'}
      data-range={range}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <figcaption className="text-sm font-semibold text-ink">{title(range)}</figcaption>
        {/* biome-ignore lint/a11y/useSemanticElements: a toolbar-like row of toggle buttons, not a form's fieldset */}
        <div role="group" aria-label={rangeGroupLabel} className="inline-flex gap-1 rounded-lg bg-canvas p-1">
          {names.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={name === range}
              data-testid={`chart-range-${name}`}
              onClick={() => {
                setHover(null);
                setRange(name);
              }}
              className="btn btn-sm text-muted hover:text-ink aria-pressed:bg-surface aria-pressed:text-brand-700 aria-pressed:shadow-sm"
            >
              {rangeLabels[name] ?? name}
            </button>
          ))}
        </div>
      </div>

      <div className="relative h-[240px] sm:h-[280px]">
        {/* uPlot's own element: React puts nothing in it. */}
        <div ref={hostRef} className="absolute inset-0" aria-hidden="true" />
        {showFallback && (
          // Roughly the plot's room inside uPlot's axes, so the line barely moves when the chart arrives.
          <div className="absolute inset-x-0 top-0 bottom-9 pt-2 pr-2 pl-16" aria-hidden="true">
            <svg
              viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
              preserveAspectRatio="none"
              className="size-full overflow-visible"
              data-testid="chart-fallback"
            >
              {view.series.map((one, i) => (
                <path
                  key={one.label}
                  d={linePath(one.points, VIEW_WIDTH, VIEW_HEIGHT, view.box)}
                  fill="none"
                  className={strokeClass(i)}
                  strokeWidth="2"
                  strokeDasharray={dashArray(i)}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
            </svg>
          </div>
        )}
        {!view.drawable && (
          <p className="absolute inset-0 grid place-items-center px-4 text-center text-muted">{emptyText}</p>
        )}
      </div>

      {view.drawable && (
        // The legend: each line's look and label, with its value under the pointer (else its last value).
        <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
          <ul className="flex flex-wrap items-center gap-x-4 gap-y-1">
            {view.series.map((one, i) => {
              const value = hover === null ? one.points.at(-1)?.[1] : view.columns[i + 1]?.[hover];
              return (
                <li key={one.label} className="inline-flex items-center gap-2">
                  <svg viewBox="0 0 24 8" className="h-2 w-6 shrink-0" aria-hidden="true">
                    <line
                      x1="0"
                      y1="4"
                      x2="24"
                      y2="4"
                      className={strokeClass(i)}
                      strokeWidth="2"
                      strokeDasharray={dashArray(i)}
                    />
                  </svg>
                  <span className="font-medium text-ink">{one.label}</span>
                  <span className="text-muted tabular-nums">
                    {value === null || value === undefined ? '—' : formatValue(value)}
                  </span>
                </li>
              );
            })}
          </ul>
          <span className="min-w-32 text-right text-muted tabular-nums" aria-hidden="true">
            {hoverTime === null || hoverTime === undefined ? '' : formatTime(hoverTime * 1000)}
          </span>
        </div>
      )}

      <div className="sr-only" data-testid="chart-summary">
        {view.series.map((one) => {
          const summary = summarize(one);
          if (!summary) return null;
          return (
            <p key={one.label}>
              {`${summary.label}: ${summaryLabels.first} ${formatValue(summary.first)}, ${summaryLabels.last} ${formatValue(summary.last)}, ${summaryLabels.min} ${formatValue(summary.min)}, ${summaryLabels.max} ${formatValue(summary.max)}.`}
            </p>
          );
        })}
      </div>
    </figure>
  );
}
