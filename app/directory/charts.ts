import { CHART_RANGE_NAMES, type ChartRange } from '../../core/directory/chart-ranges.ts';
import type { TFunction } from '../i18n/i18n.ts';
import type { ChartPoint } from './types.ts';

export { CHART_RANGE_NAMES };

/** The chart's series per range, from the loader's points. */
export function seriesByRange(
  series: readonly { label: string; ranges: Record<ChartRange, ChartPoint[]> }[],
): Record<string, { label: string; points: ChartPoint[] }[]> {
  return Object.fromEntries(
    CHART_RANGE_NAMES.map((range) => [
      range,
      series.map((one) => ({ label: one.label, points: one.ranges[range] })),
    ]),
  );
}

export function rangeLabels(t: TFunction): Record<string, string> {
  return Object.fromEntries(CHART_RANGE_NAMES.map((range) => [range, t(`directory.chart.range.${range}`)]));
}

export function summaryLabels(t: TFunction): { first: string; last: string; min: string; max: string } {
  return {
    first: t('directory.chart.summary.first'),
    last: t('directory.chart.summary.last'),
    min: t('directory.chart.summary.min'),
    max: t('directory.chart.summary.max'),
  };
}
