import { randomBytes } from 'node:crypto';
import { base32nopad } from '@scure/base';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { partners } from '../../db/schema.ts';
import type { Partner } from './api-keys.ts';

/**
 * The partner an account-area user runs (`partners.user_id`), or null while the user has not become
 * one. Every partner page of the account area (earnings, withdrawals, keys, webhooks, widget) starts
 * here, so one user is always one partner.
 */
export async function partnerOfUser(db: Database, userId: string): Promise<Partner | null> {
  const [row] = await db
    .select({ id: partners.id, name: partners.name, affiliateFeeBps: partners.affiliateFeeBps })
    .from(partners)
    .where(eq(partners.userId, userId));
  return row ?? null;
}

/** A new partner id: `p` and ten lowercase base32 characters (fits the widget's `affiliate` pattern). */
export function newPartnerId(): string {
  return `p${base32nopad.encode(randomBytes(7)).toLowerCase().slice(0, 10)}`;
}

/**
 * Makes the user a partner (the affiliate programme's default share) or returns the partner they
 * already run: safe to call twice, also at once (the unique `user_id` decides).
 */
export async function becomePartner(db: Database, user: { id: string; name: string }): Promise<Partner> {
  const existing = await partnerOfUser(db, user.id);
  if (existing) return existing;
  await db
    .insert(partners)
    .values({ id: newPartnerId(), name: user.name.slice(0, 100) || user.id, userId: user.id })
    .onConflictDoNothing({ target: partners.userId });
  const partner = await partnerOfUser(db, user.id);
  if (!partner) throw new Error('The partner row was not written');
  return partner;
}
