import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import type { ChartSeries } from './chart-math.ts';
import { PriceChart, type PriceChartProps } from './PriceChart.tsx';

/** Server renders of the price chart: what shows before the chart code arrives (no canvas here). */

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 18);

function series(label: string, values: number[], stepMs: number): ChartSeries {
  return { label, points: values.map((value, i) => [T0 + i * stepMs, value]) };
}

const LABELS = { '24h': '24 h', '7d': '7 days', '30d': '30 days' };

function props(overrides: Partial<PriceChartProps> = {}): PriceChartProps {
  return {
    ranges: {
      '24h': [series('BTC in USD', [100, 110, 90, 105], 6 * HOUR)],
      '7d': [series('BTC in USD', [80, 120, 100], 72 * HOUR)],
      '30d': [],
    },
    rangeLabels: LABELS,
    initialRange: '7d',
    mode: 'usd',
    locale: 'en',
    title: (range) => `Bitcoin price, ${LABELS[range as keyof typeof LABELS]}`,
    rangeGroupLabel: 'Chart period',
    emptyText: 'No price history yet.',
    ...overrides,
  };
}

async function render(chart: PriceChartProps): Promise<string> {
  const { prelude } = await prerender(<PriceChart {...chart} />);
  return new Response(prelude).text();
}

function tagWith(html: string, attribute: string): string {
  return html.match(new RegExp(`<[a-z]+[^>]*${attribute}[^>]*>`))?.[0] ?? '';
}

describe('PriceChart (server render)', () => {
  it('renders the fallback line of the initial range, the pressed range button and the summary', async () => {
    const html = await render(props());
    const root = tagWith(html, 'data-testid="price-chart"');
    expect(root).toContain('data-state="fallback"');
    expect(root).toContain('data-range="7d"');
    expect(html).toContain('Bitcoin price, 7 days');

    // The 7-day line (80, 120, 100 over six days) in the 1000×240 box: lowest at the bottom.
    expect(tagWith(html, 'data-testid="chart-fallback"')).toContain('viewBox="0 0 1000 240"');
    expect(html).toContain('d="M0 240L500 0L1000 120"');
    expect(html).toMatch(/<div class="[^"]*h-\[240px\] sm:h-\[280px\][^"]*"/);

    expect(tagWith(html, 'role="group"')).toContain('aria-label="Chart period"');
    expect(tagWith(html, 'data-testid="chart-range-7d"')).toContain('aria-pressed="true"');
    for (const range of ['24h', '30d']) {
      expect(tagWith(html, `data-testid="chart-range-${range}"`)).toContain('aria-pressed="false"');
    }
    expect(html).toContain('>30 days</button>');

    const summary = html.slice(html.indexOf('data-testid="chart-summary"'));
    expect(tagWith(html, 'data-testid="chart-summary"')).toContain('class="sr-only"');
    expect(summary).toContain('BTC in USD: First $80.00, Last $100.00, Low $80.00, High $120.00.');
    // The legend shows the last value.
    expect(html).toContain('>$100.00</span>');
    expect(html).not.toContain('No price history yet.');
  });

  it('compares two coins in percent with a dashed second line, in the page language', async () => {
    const html = await render(
      props({
        ranges: {
          '24h': [series('BTC', [100, 110, 105], 12 * HOUR), series('ETH', [50, 45, 60], 12 * HOUR)],
        },
        initialRange: '24h',
        mode: 'percent',
        locale: 'de',
        summaryLabels: { first: 'Anfang', last: 'Ende', min: 'Tief', max: 'Hoch' },
      }),
    );
    const paths = html.match(/<path [^>]*>/g) ?? [];
    expect(paths).toHaveLength(2);
    expect(paths[0]).not.toContain('stroke-dasharray');
    expect(paths[1]).toContain('stroke-dasharray="6 4"');
    // One scale for both: ETH's +20 % is the top, its -10 % the bottom.
    expect(paths[1]).toContain('d="M0 160L500 240L1000 0"');
    expect(html).toContain('BTC: Anfang 0\u00a0%, Ende +5\u00a0%, Tief 0\u00a0%, Hoch +10\u00a0%.');
    expect(html).toContain('ETH: Anfang 0\u00a0%, Ende +20\u00a0%, Tief -10\u00a0%, Hoch +20\u00a0%.');
  });

  it('shows the empty text instead of the chart for a range without points', async () => {
    const html = await render(props({ initialRange: '30d' }));
    expect(tagWith(html, 'data-testid="price-chart"')).toContain('data-range="30d"');
    expect(html).toContain('No price history yet.');
    expect(html).not.toContain('data-testid="chart-fallback"');
    expect(tagWith(html, 'data-testid="chart-range-30d"')).toContain('aria-pressed="true"');
  });

  it('falls back to the first range when the initial one is unknown, and words a rate with its unit', async () => {
    const html = await render(props({ initialRange: '1y', mode: 'rate', unit: 'ETH' }));
    expect(tagWith(html, 'data-testid="price-chart"')).toContain('data-range="24h"');
    expect(html).toContain('Last 105 ETH');
  });

  it('holds no inline style or script (CSP)', async () => {
    const html = await render(props());
    expect(html).not.toMatch(/<style|style="|<script/);
  });
});
