import { type ComponentProps, Suspense } from 'react';
import { lazyWhenNeeded } from '../ui/load-when-needed.ts';
import type { ExchangeForm as Form } from './ExchangeForm.tsx';

const ANCHOR_ID = 'exchange-form-when-needed';

const LazyForm = lazyWhenNeeded(
  () => import('./ExchangeForm.tsx').then((module) => module.ExchangeForm),
  ANCHOR_ID,
);

/**
 * The exchange form for a page where it sits below the fold (an article's call to action): the
 * server renders it in place, and the browser keeps that HTML until the form's code is fetched and
 * hydrated, once the page is idle or the form comes near the viewport, so it neither adds to the
 * page's first script nor to the main thread's work while the page loads (issue 32).
 */
export function ExchangeFormWhenNeeded(props: ComponentProps<typeof Form>) {
  return (
    <div id={ANCHOR_ID} className="min-w-0">
      <Suspense fallback={null}>
        <LazyForm {...props} />
      </Suspense>
    </div>
  );
}
