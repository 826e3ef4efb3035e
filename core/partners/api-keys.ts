import { createHash, randomBytes } from 'node:crypto';
import { base32nopad } from '@scure/base';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiKeys, partners } from '../../db/schema.ts';

export interface Partner {
  id: string;
  name: string;
  affiliateFeeBps: number;
}

const KEY_PREFIX = 'sgk_';

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Creates a key for a partner (created too when missing). The plain key is returned only here. */
export async function createApiKey(
  db: Database,
  partner: { id: string; name?: string },
): Promise<{ id: string; key: string }> {
  await db
    .insert(partners)
    .values({ id: partner.id, name: partner.name ?? partner.id })
    .onConflictDoNothing();
  const key = `${KEY_PREFIX}${base32nopad.encode(randomBytes(20)).toLowerCase()}`;
  const id = randomBytes(8).toString('hex');
  await db
    .insert(apiKeys)
    .values({ id, partnerId: partner.id, keyHash: hashKey(key), prefix: key.slice(0, 10) });
  return { id, key };
}

export async function revokeApiKey(db: Database, id: string): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

/** The partner a key belongs to, or null for an unknown or revoked key. */
export async function partnerForKey(db: Database, key: string): Promise<Partner | null> {
  if (!key.startsWith(KEY_PREFIX)) return null;
  const [row] = await db
    .select({ id: partners.id, name: partners.name, affiliateFeeBps: partners.affiliateFeeBps })
    .from(apiKeys)
    .innerJoin(partners, eq(partners.id, apiKeys.partnerId))
    .where(and(eq(apiKeys.keyHash, hashKey(key)), isNull(apiKeys.revokedAt)));
  return row ?? null;
}
