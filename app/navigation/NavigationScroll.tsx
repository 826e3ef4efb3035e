import { useContext, useEffect, useLayoutEffect, useRef } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  useLocation,
  useNavigation,
} from 'react-router';
import { usePage } from '../routing/current-page.ts';
import { ANCHOR_SELECTOR, decideScroll } from './scroll.ts';

const STORAGE_KEY = 'swapgate-scroll-positions';
let savedPositions: Record<string, number> = {};

function hashTarget(hash: string): Element | null {
  if (!hash) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * React Router's scroll restoration (positions saved per history entry, restored on back and
 * forward) with SPEC §9's rule added: between pages of the same layout the view glides to the
 * page's anchor instead of jumping to the top. Rendered in the document in place of
 * `<ScrollRestoration>`, whose decision cannot be extended.
 */
export function NavigationScroll() {
  // Decided once per location, with the layout shown there.
  const shownLayout = useRef<string>('default');
  shownLayout.current = usePage().layout;
  const router = useContext(DataRouterContext)?.router;
  const state = useContext(DataRouterStateContext);
  const location = useLocation();
  const navigation = useNavigation();
  const previousLayout = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const onPageHide = () => {
      if (navigation.state === 'idle') savedPositions[location.key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions));
      } catch {
        // Private mode or a full storage: positions are kept for this page only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [navigation.state, location.key]);

  useLayoutEffect(() => {
    try {
      savedPositions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      savedPositions = {};
    }
    return router?.enableScrollRestoration(savedPositions, () => window.scrollY);
  }, [router]);

  const restoreScrollPosition = state?.restoreScrollPosition ?? null;
  const preventScrollReset = state?.preventScrollReset ?? false;
  useLayoutEffect(() => {
    const sameLayout = previousLayout.current === shownLayout.current;
    previousLayout.current = shownLayout.current;
    const anchor = document.querySelector(ANCHOR_SELECTOR);
    const decision = decideScroll({
      restoreScrollPosition,
      preventScrollReset,
      hashTarget: hashTarget(location.hash),
      sameLayout,
      anchorTop: anchor ? anchor.getBoundingClientRect().top + window.scrollY : null,
    });
    if (decision.kind === 'restore') window.scrollTo(0, decision.top);
    else if (decision.kind === 'hash') decision.element.scrollIntoView();
    else if (decision.kind === 'anchor') {
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: decision.top, behavior: reduced ? 'auto' : 'smooth' });
    } else if (decision.kind === 'top') window.scrollTo(0, 0);
  }, [location, restoreScrollPosition, preventScrollReset]);

  return null;
}
