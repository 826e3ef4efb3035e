import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { ConsentFlags } from '../../core/consent/consent.ts';
import { splitLanguage } from '../../core/routing/paths.ts';
import { currentConsent, onConsentChange } from '../consent/store.ts';
import { matchPage } from '../routing/match.ts';
import { documentNonce } from './nonce.ts';

/**
 * Google Tag Manager with Consent Mode v2 (SPEC §5, §7). Nothing happens without a configured id;
 * the tag manager script loads only after consent to analytics (2) or advertising (3), never for
 * crawlers and performance audits.
 */

const GTM_ID_PATTERN = /^(GTM|G)-[A-Z0-9]+$/;
export const GTM_SCRIPT_URL = 'https://www.googletagmanager.com/gtm.js';

/** SPEC §5: returns the id, or throws `{id} is not a valid GTM-ID`. */
export function validateGtmId(id: string): string {
  if (!GTM_ID_PATTERN.test(id)) throw new Error(`${id} is not a valid GTM-ID`);
  return id;
}

export type ConsentState = 'granted' | 'denied';
export type ConsentModeSettings = Record<
  | 'ad_storage'
  | 'ad_user_data'
  | 'ad_personalization'
  | 'analytics_storage'
  | 'functionality_storage'
  | 'personalization_storage'
  | 'security_storage',
  ConsentState
>;

/** Consent Mode v2 defaults, set before anything loads. */
export const CONSENT_DEFAULTS: ConsentModeSettings = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  functionality_storage: 'denied',
  personalization_storage: 'denied',
  security_storage: 'granted',
};

/** The Consent Mode update for the visitor's categories. */
export function consentModeUpdate(flags: ConsentFlags): Omit<ConsentModeSettings, 'security_storage'> {
  const state = (on: boolean): ConsentState => (on ? 'granted' : 'denied');
  return {
    analytics_storage: state(flags[2]),
    ad_storage: state(flags[3]),
    ad_user_data: state(flags[3]),
    ad_personalization: state(flags[3]),
    functionality_storage: state(flags[4]),
    personalization_storage: state(flags[4]),
  };
}

/**
 * Whether the tag manager script may load: a valid id and consent to category 2 or 3. Robots and
 * audits get no id from the root loader at all.
 */
export function shouldLoadTagManager({
  id,
  consent,
}: {
  id: string | null | undefined;
  consent: ConsentFlags | null;
}): boolean {
  if (!id) return false;
  try {
    validateGtmId(id);
  } catch {
    return false;
  }
  return Boolean(consent && (consent[2] || consent[3]));
}

export type AnalyticsEvent =
  | 'account_button_click'
  | 'language_select'
  | 'newsletter_submit_success'
  | 'newsletter_submit_error'
  | 'partner_demo_request'
  | 'contact_form_submit'
  | 'swap_status_check';

type DataLayerWindow = Window & {
  dataLayer?: unknown[];
  __gtmLoaded?: boolean;
  __gtmConsentDefault?: boolean;
};

let enabled = false;

function dataLayer(): unknown[] {
  const w = window as DataLayerWindow;
  w.dataLayer ??= [];
  return w.dataLayer;
}

/** The gtag command queue: the tag manager reads commands as `arguments` objects. */
function gtag(..._args: unknown[]): void {
  // biome-ignore lint/complexity/noArguments: gtag commands must be pushed as an arguments object.
  dataLayer().push(arguments);
}

/** SPEC §7 events; a no-op until analytics is set up with a configured id. */
export function trackEvent(name: AnalyticsEvent, params: Record<string, unknown> = {}): void {
  if (!enabled || typeof window === 'undefined') return;
  dataLayer().push({ event: name, ...params });
}

function loadTagManager(id: string): void {
  const w = window as DataLayerWindow;
  if (w.__gtmLoaded) return;
  w.__gtmLoaded = true;
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${GTM_SCRIPT_URL}?id=${encodeURIComponent(id)}`;
  const nonce = documentNonce();
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
}

function applyConsent(id: string, flags: ConsentFlags): void {
  gtag('consent', 'update', consentModeUpdate(flags));
  if (shouldLoadTagManager({ id, consent: flags })) loadTagManager(id);
}

/** The page name of a path (from app/routing/match.ts), `not-found` when no page matches. */
export function pageName(pathname: string): string {
  const found = matchPage(splitLanguage(pathname).path);
  return found.status === 'none' ? 'not-found' : found.page.name;
}

/**
 * Sets analytics up once (Consent Mode defaults, the stored consent, the script when allowed),
 * follows consent changes, and sends a page view per route change.
 */
export function useAnalytics(gtmId: string | null | undefined): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!gtmId) return;
    try {
      validateGtmId(gtmId);
    } catch (error) {
      console.error((error as Error).message);
      return;
    }
    enabled = true;
    const w = window as DataLayerWindow;
    if (!w.__gtmConsentDefault) {
      w.__gtmConsentDefault = true;
      gtag('consent', 'default', CONSENT_DEFAULTS);
    }
    const stored = currentConsent();
    if (stored) applyConsent(gtmId, stored);
    return onConsentChange((flags) => applyConsent(gtmId, flags));
  }, [gtmId]);

  useEffect(() => {
    if (!enabled) return;
    dataLayer().push({
      event: 'page_view',
      page_name: pageName(pathname),
      page_path: `${pathname}${search}`,
    });
  }, [pathname, search]);
}
