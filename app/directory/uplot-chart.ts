import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import {
  axisTimeFormatter,
  type ChartMode,
  SERIES_COLORS,
  SERIES_DASHES,
  tickFormatter,
  timeSteps,
} from './chart-math.ts';

/**
 * The uPlot side of the price chart (app/directory/PriceChart.tsx), in a chunk of its own: the
 * component fetches it with a dynamic import once it is on screen, with uPlot and its stylesheet.
 */

export interface ChartData {
  /** [times in seconds, ...one column of values per series] (chart-math `alignedColumns`). */
  columns: uPlot.AlignedData;
  labels: string[];
  mode: ChartMode;
  locale: string;
  /** The time the data covers (ms): times of day on the axis up to two days, days beyond. */
  spanMs: number;
}

export interface DrawOptions {
  /** The index (into the columns) of the point under the pointer, null when it leaves the chart. */
  onCursor?(index: number | null): void;
}

export interface ChartHandle {
  /** New data (another range): drawn in place, or into a new chart when the series changed. */
  update(data: ChartData): void;
  destroy(): void;
}

/** The theme's colours (app/app.css `@theme`), read from its CSS variables when the page has them. */
function themeColor(element: HTMLElement, variable: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(variable).trim() || fallback;
}

const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const TICK_SIZE = 4;
const AXIS_GAP = 6;
/** Height of the time axis below the plot (the server's stand-in leaves the same room, PriceChart.tsx). */
const TIME_AXIS_SIZE = 36;

/** Text widths for the value axis, whose labels run from `$0.00001230` to `$104,500`. */
function textWidth(): (text: string) => number {
  const context = document.createElement('canvas').getContext('2d');
  if (context) context.font = AXIS_FONT;
  return (text) => (context ? context.measureText(text).width : text.length * 7);
}

/**
 * Draws the chart into `element` (which must have a size: the chart takes its width and height, and
 * follows them with a ResizeObserver). The legend is the component's own, fed through `onCursor`.
 */
export function drawChart(element: HTMLElement, data: ChartData, options: DrawOptions = {}): ChartHandle {
  let current = data;
  const ink = themeColor(element, '--color-muted', '#556074');
  const grid = '#e2e8f0';
  const strokes = [themeColor(element, '--color-brand-600', SERIES_COLORS[0]), SERIES_COLORS[1]];
  const measure = textWidth();
  let valueAxisSize = 60;

  const size = () => ({ width: element.clientWidth, height: element.clientHeight });

  const create = (): uPlot =>
    new uPlot(
      {
        ...size(),
        legend: { show: false },
        cursor: { y: false, drag: { x: false, y: false }, points: { size: 8 } },
        scales: { x: { time: true } },
        axes: [
          {
            stroke: ink,
            font: AXIS_FONT,
            size: TIME_AXIS_SIZE,
            gap: AXIS_GAP,
            space: 64,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid, width: 1, size: TICK_SIZE },
            incrs: () => timeSteps(current.spanMs),
            values: (_plot, splits) => {
              const format = axisTimeFormatter(current.locale, current.spanMs);
              return splits.map((seconds) => format(seconds * 1000));
            },
          },
          {
            stroke: ink,
            font: AXIS_FONT,
            gap: AXIS_GAP,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid, width: 1, size: TICK_SIZE },
            values: (_plot, splits, _axis, _space, step) => {
              const format = tickFormatter(current.mode, current.locale, step);
              return splits.map(format);
            },
            // As wide as the longest label (uPlot asks again after the labels change; settle on the second pass).
            size: (_plot, values, _axis, cycle) => {
              if (cycle > 1) return valueAxisSize;
              const widest = Math.max(0, ...(values ?? []).map((text) => measure(String(text))));
              valueAxisSize = Math.ceil(widest + TICK_SIZE + AXIS_GAP + 4);
              return valueAxisSize;
            },
          },
        ],
        series: [
          {},
          ...current.labels.map((label, i) => ({
            label,
            stroke: strokes[i % strokes.length],
            width: 2,
            dash: [...(SERIES_DASHES[i % SERIES_DASHES.length] ?? [])],
            spanGaps: true,
            points: { show: false },
          })),
        ],
        hooks: { setCursor: [(plot: uPlot) => options.onCursor?.(plot.cursor.idx ?? null)] },
      },
      current.columns,
      element,
    );

  let plot = create();
  let last = size();
  const observer = new ResizeObserver(() => {
    const next = size();
    if (next.width === last.width && next.height === last.height) return;
    last = next;
    if (next.width > 0 && next.height > 0) plot.setSize(next);
  });
  observer.observe(element);

  return {
    update(next) {
      const sameSeries = next.labels.join('\n') === current.labels.join('\n');
      current = next;
      if (sameSeries) {
        plot.setData(next.columns);
      } else {
        plot.destroy();
        plot = create();
      }
    },
    destroy() {
      observer.disconnect();
      plot.destroy();
    },
  };
}
