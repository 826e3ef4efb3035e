/**
 * The cookie preference (SPEC §3, §4): numbered category flags in one cookie,
 * `1:true_2:false_3:false_4:true`.
 */

import { readCookie } from '../cookies.ts';

export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** 1 strictly necessary (always on), 2 performance/analytics, 3 targeting/advertising, 4 functional. */
export const CONSENT_CATEGORIES = [1, 2, 3, 4] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
/** The categories a visitor may switch. */
export const SWITCHABLE_CATEGORIES = [2, 3, 4] as const;

export type ConsentFlags = Record<ConsentCategory, boolean>;

export const ALL_ACCEPTED: ConsentFlags = { 1: true, 2: true, 3: true, 4: true };
export const ALL_DECLINED: ConsentFlags = { 1: true, 2: false, 3: false, 4: false };

/**
 * Reads a stored preference; null when there is none or it cannot be read (the banner is shown
 * again). Missing switchable categories count as declined; category 1 is always on.
 */
export function parseConsent(value: string | null | undefined): ConsentFlags | null {
  if (!value) return null;
  const flags: ConsentFlags = { ...ALL_DECLINED };
  let valid = false;
  for (const part of value.split('_')) {
    const match = /^([1-4]):(true|false)$/.exec(part.trim());
    if (!match) return null;
    const category = Number(match[1]) as ConsentCategory;
    flags[category] = match[2] === 'true';
    valid = true;
  }
  if (!valid) return null;
  flags[1] = true;
  return flags;
}

/** `1:true_2:false_3:false_4:true`; category 1 is always written as true. */
export function formatConsent(flags: Partial<ConsentFlags>): string {
  return CONSENT_CATEGORIES.map(
    (category) => `${category}:${category === 1 ? true : flags[category] === true}`,
  ).join('_');
}

/** The `document.cookie` assignment storing a preference: 365 days, path /, SameSite Lax. */
export function consentCookie(flags: Partial<ConsentFlags>): string {
  return `${CONSENT_COOKIE}=${formatConsent(flags)}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

/** The raw preference value from a Cookie header (or `document.cookie`). */
export function consentCookieValue(cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, CONSENT_COOKIE);
}

/** The stored preference of a request or document, or null. */
export function readConsent(cookieHeader: string | null | undefined): ConsentFlags | null {
  return parseConsent(consentCookieValue(cookieHeader));
}
