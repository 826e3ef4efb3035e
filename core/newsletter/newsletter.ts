import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

/** The reCAPTCHA v3 action the site's newsletter form must execute with. */
export const SUBSCRIBE_ACTION = 'subscribe';

export const MAX_EMAIL_LENGTH = 254;

/**
 * SPEC §5 newsletter email: no spaces, exactly one at sign, a dot in the domain part with
 * something on both sides of it, at most 254 characters. No control characters either.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** True when the address passes the SPEC §5 rules as it is (not trimmed). */
export function isValidEmail(email: string): boolean {
  return (
    email.length > 0 &&
    email.length <= MAX_EMAIL_LENGTH &&
    EMAIL_PATTERN.test(email) &&
    !CONTROL_CHARACTERS.test(email)
  );
}

/** The address as it is stored (trimmed, lowercased), or null when it is not valid. */
export function normalizeEmail(email: string): string | null {
  const normalized = email.trim().toLowerCase();
  return isValidEmail(normalized) ? normalized : null;
}

/**
 * A stable pseudonym of the client address for abuse analysis: the first 32 hex digits of its
 * SHA-256. The address itself is never stored.
 */
export function hashIp(ip: string): string {
  return createHash('sha256').update(ip).digest('hex').slice(0, 32);
}

export class InvalidEmailError extends Error {
  override name = 'InvalidEmailError';
  constructor() {
    super('Invalid email address');
  }
}

export interface Subscription {
  email: string;
  /** Language the visitor subscribed from. */
  lang: string;
  ipHash?: string | null;
}

/**
 * Stores a subscriber once. Subscribing again is not an error and changes nothing (the first
 * language and time are kept). Throws InvalidEmailError for an address that fails SPEC §5.
 */
export async function subscribe(db: Database, subscription: Subscription): Promise<{ created: boolean }> {
  const email = normalizeEmail(subscription.email);
  if (!email) throw new InvalidEmailError();
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email, lang: subscription.lang, ipHash: subscription.ipHash ?? null })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return { created: rows.length > 0 };
}
