import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';
import { normalizeEmail } from './email.ts';

export { isValidEmail, MAX_EMAIL_LENGTH, normalizeEmail, SUBSCRIBE_ACTION } from './email.ts';

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
