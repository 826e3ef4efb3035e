import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'react-router';

/**
 * SPEC §7 analytics events and page views in the tag manager's data layer. The tag manager's own
 * code (app/lib/tag-manager.ts) loads only when an id is configured.
 */

export type AnalyticsEvent =
  | 'account_button_click'
  | 'language_select'
  | 'newsletter_submit_success'
  | 'newsletter_submit_error'
  | 'partner_demo_request'
  | 'contact_form_submit'
  | 'add_coin_request'
  | 'review_submit'
  | 'swap_status_check';

export type DataLayerWindow = Window & {
  dataLayer?: unknown[];
  __gtmLoaded?: boolean;
  __gtmConsentDefault?: boolean;
};

let enabled = false;

export function dataLayer(): unknown[] {
  const w = window as DataLayerWindow;
  w.dataLayer ??= [];
  return w.dataLayer;
}

/** SPEC §7 events; a no-op until analytics is set up with a configured id. */
export function trackEvent(name: AnalyticsEvent, params: Record<string, unknown> = {}): void {
  if (!enabled || typeof window === 'undefined') return;
  dataLayer().push({ event: name, ...params });
}

/** The page view's page name: the page's own (from its data), `not-found` on an error page. */
export function pageName(page: string | undefined): string {
  return page ?? 'not-found';
}

/**
 * Sets analytics up once when a tag-manager id is configured (its code loads then), and sends a
 * page view per route change.
 */
export function useAnalytics(gtmId: string | null | undefined, page: string | undefined): void {
  const { pathname, search } = useLocation();
  const path = `${pathname}${search}`;
  // One view per address, named after the page shown there (an effect event: it reads the latest
  // page and address without making them reasons to run the effects again).
  const view = useEffectEvent((shownPath: string = path) =>
    dataLayer().push({ event: 'page_view', page_name: pageName(page), page_path: shownPath }),
  );

  useEffect(() => {
    if (!gtmId) return;
    let active = true;
    let stop: (() => void) | null = null;
    void import('./tag-manager.ts').then(({ startTagManager }) => {
      if (!active) return;
      stop = startTagManager(gtmId);
      if (!stop) return;
      enabled = true;
      view();
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [gtmId]);

  useEffect(() => {
    if (enabled) view(path);
  }, [path]);
}
