import { type ComponentProps, Suspense } from 'react';
import { lazyWhenNeeded } from '../ui/load-when-needed.ts';
import type { PriceChart as Chart } from './PriceChart.tsx';

const ANCHOR_ID = 'price-chart-when-needed';

const LazyChart = lazyWhenNeeded(
  () => import('./PriceChart.tsx').then((module) => module.PriceChart),
  ANCHOR_ID,
);

/**
 * A page's price chart, hydrated apart from the page (issue 32): the server renders it in place (its
 * SVG line), and the browser keeps that HTML until the chart's code is fetched and hydrated, once
 * the page is idle or the chart comes near the viewport, in a render of its own that does not hold
 * up the page's first one. One per page.
 */
export function PriceChartWhenNeeded(props: ComponentProps<typeof Chart>) {
  return (
    <div id={ANCHOR_ID} className="min-w-0">
      <Suspense fallback={null}>
        <LazyChart {...props} />
      </Suspense>
    </div>
  );
}
