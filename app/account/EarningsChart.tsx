import { formatUsd } from '../../core/i18n/format.ts';
import type { Lang } from '../../core/i18n/languages.ts';

export interface ChartPoint {
  /** The period's first instant, ISO (UTC). */
  start: string;
  usd: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const BASE = HEIGHT - 20;

function periodLabel(iso: string, unit: 'day' | 'month', lang: Lang, long = false): string {
  const options: Intl.DateTimeFormatOptions =
    unit === 'day'
      ? { day: 'numeric', month: long ? 'long' : 'numeric', timeZone: 'UTC' }
      : { month: long ? 'long' : 'short', year: long ? 'numeric' : '2-digit', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(lang, options).format(new Date(iso));
}

/**
 * Earnings by day or month as bars, drawn on the server (an SVG, no script): each bar names its
 * period and amount for screen readers and as a tooltip; the first, middle and last periods are
 * labelled under the axis. Refunds below zero draw nothing (the totals say them).
 */
export function EarningsChart({
  points,
  unit,
  lang,
  label,
}: {
  points: readonly ChartPoint[];
  unit: 'day' | 'month';
  lang: Lang;
  label: string;
}) {
  const max = Math.max(0, ...points.map((point) => point.usd));
  const slot = WIDTH / Math.max(1, points.length);
  const barWidth = Math.max(2, slot * 0.7);
  const labelled = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      className="h-auto w-full text-brand-600"
      data-testid={`earnings-chart-${unit}`}
    >
      <line x1="0" x2={WIDTH} y1={BASE} y2={BASE} stroke="currentColor" strokeOpacity="0.3" />
      {points.map((point, index) => {
        const height = max > 0 && point.usd > 0 ? Math.max(1, (point.usd / max) * (BASE - 10)) : 0;
        const x = index * slot + (slot - barWidth) / 2;
        return (
          <g key={point.start}>
            <rect
              x={x}
              y={BASE - height}
              width={barWidth}
              height={height}
              rx="2"
              fill="currentColor"
              data-usd={point.usd}
            >
              <title>{`${periodLabel(point.start, unit, lang, true)}: ${formatUsd(point.usd, lang)}`}</title>
            </rect>
            {labelled.has(index) ? (
              <text
                x={index === 0 ? x : index === points.length - 1 ? x + barWidth : x + barWidth / 2}
                y={HEIGHT - 4}
                textAnchor={index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle'}
                fontSize="12"
                fill="currentColor"
                className="text-slate-500"
              >
                {periodLabel(point.start, unit, lang)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
