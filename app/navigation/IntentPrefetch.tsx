import { useContext, useEffect } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  matchRoutes,
} from 'react-router';
import { NOT_FOUND_ROUTE_ID } from '../../core/routing/layouts.ts';
import { PREFETCH, PrefetchQueue, prefetchAllowed } from './prefetch.ts';

/** The same-origin page path an event's link leads to, if it is one of ours. */
function internalPath(target: EventTarget | null): { anchor: HTMLAnchorElement; path: string } | null {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (
    !(anchor instanceof HTMLAnchorElement) ||
    anchor.target === '_blank' ||
    anchor.hasAttribute('download')
  ) {
    return null;
  }
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return null;
  return { anchor, path: url.pathname };
}

/** React Router learns the page's links' routes lazily; until it has, a path matches the catch-all. */
const DISCOVERY_WAIT_MS = 5_000;
const DISCOVERY_POLL_MS = 100;

async function discoveredMatches(routes: Parameters<typeof matchRoutes>[0], path: string) {
  const deadline = Date.now() + DISCOVERY_WAIT_MS;
  for (;;) {
    const matches = matchRoutes(routes, path) ?? [];
    if (matches.at(-1)?.route.id !== NOT_FOUND_ROUTE_ID) return matches;
    // Unknown yet, or really no page: the queue tries again on the next intent.
    if (Date.now() > deadline) throw new Error(`No route known for ${path}`);
    await new Promise((resolve) => setTimeout(resolve, DISCOVERY_POLL_MS));
  }
}

/**
 * Route preloading on intent (SPEC §9): a pointer resting on a link, its focus or a touch starts a
 * 100 ms timer; then the code of the routes the path matches is loaded, at most four routes at
 * once, never in data-saver mode or on slow-2g. One set of listeners serves every link on the page.
 */
export function IntentPrefetch() {
  const router = useContext(DataRouterContext)?.router;
  const framework = useContext(FrameworkContext);

  useEffect(() => {
    if (!router || !framework) return;
    const connection = (
      navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
    ).connection;
    const queue = new PrefetchQueue(async (path) => {
      const matches = await discoveredMatches(router.routes, path);
      await Promise.all(
        matches.map(({ route }) => {
          const module = route.id ? framework.manifest.routes[route.id]?.module : undefined;
          return module ? import(/* @vite-ignore */ module) : undefined;
        }),
      );
    });
    const timers = new Map<HTMLAnchorElement, ReturnType<typeof setTimeout>>();
    const onIntent = (event: Event) => {
      const link = internalPath(event.target);
      if (!link || timers.has(link.anchor) || !prefetchAllowed(connection)) return;
      timers.set(
        link.anchor,
        setTimeout(() => {
          timers.delete(link.anchor);
          queue.add(link.path);
        }, PREFETCH.intentDelayMs),
      );
    };
    const onCancel = (event: Event) => {
      const link = internalPath(event.target);
      if (!link) return;
      const related = (event as MouseEvent | FocusEvent).relatedTarget;
      if (related instanceof Node && link.anchor.contains(related)) return;
      clearTimeout(timers.get(link.anchor));
      timers.delete(link.anchor);
    };
    const options = { passive: true, capture: true } as const;
    document.addEventListener('mouseover', onIntent, options);
    document.addEventListener('focusin', onIntent, options);
    document.addEventListener('touchstart', onIntent, options);
    document.addEventListener('mouseout', onCancel, options);
    document.addEventListener('focusout', onCancel, options);
    // Tells tests (and curious developers) that intents are being watched.
    document.documentElement.dataset.intentPrefetch = 'ready';
    return () => {
      delete document.documentElement.dataset.intentPrefetch;
      document.removeEventListener('mouseover', onIntent, options);
      document.removeEventListener('focusin', onIntent, options);
      document.removeEventListener('touchstart', onIntent, options);
      document.removeEventListener('mouseout', onCancel, options);
      document.removeEventListener('focusout', onCancel, options);
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [router, framework]);

  return null;
}
