import type { ConsentFlags } from '../../core/consent/consent.ts';
import { currentConsent, onConsentChange } from '../consent/store.ts';
import { type DataLayerWindow, dataLayer } from './analytics.ts';
import { documentNonce } from './nonce.ts';

/**
 * Google Tag Manager with Consent Mode v2 (SPEC §5, §7), loaded by `useAnalytics` only when an id
 * is configured: the tag manager script itself loads only after consent to analytics (2) or
 * advertising (3), never for crawlers and performance audits.
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

/** The gtag command queue: the tag manager reads commands as `arguments` objects. */
function gtag(..._args: unknown[]): void {
  // biome-ignore lint/complexity/noArguments: gtag commands must be pushed as an arguments object.
  dataLayer().push(arguments);
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

/**
 * Sets Consent Mode up (defaults, the stored consent, the script when allowed) and follows consent
 * changes; returns the unsubscribe, or null for an invalid id (logged).
 */
export function startTagManager(gtmId: string): (() => void) | null {
  try {
    validateGtmId(gtmId);
  } catch (error) {
    console.error((error as Error).message);
    return null;
  }
  const w = window as DataLayerWindow;
  if (!w.__gtmConsentDefault) {
    w.__gtmConsentDefault = true;
    gtag('consent', 'default', CONSENT_DEFAULTS);
  }
  const stored = currentConsent();
  if (stored) applyConsent(gtmId, stored);
  return onConsentChange((flags) => applyConsent(gtmId, flags));
}
