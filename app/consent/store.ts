import { type ConsentFlags, consentCookie, readConsent } from '../../core/consent/consent.ts';

/**
 * The visitor's preference in the browser: stored in the cookie, with listeners (analytics) told
 * of every change, and the "open the settings" request of the footer button.
 */
type Listener = (flags: ConsentFlags) => void;

const consentListeners = new Set<Listener>();
const openListeners = new Set<() => void>();

/** The stored preference, read from `document.cookie`; null on the server or without one. */
export function currentConsent(): ConsentFlags | null {
  if (typeof document === 'undefined') return null;
  return readConsent(document.cookie);
}

export function saveConsent(flags: ConsentFlags): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec asks for a plain 365-day cookie.
  document.cookie = consentCookie(flags);
  for (const listener of consentListeners) listener({ ...flags });
}

export function onConsentChange(listener: Listener): () => void {
  consentListeners.add(listener);
  return () => consentListeners.delete(listener);
}

/** Asks the cookie banner to show its settings view (the footer's "Cookie settings" button). */
export function openCookieSettings(): void {
  for (const listener of openListeners) listener();
}

export function onOpenCookieSettings(listener: () => void): () => void {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
}
