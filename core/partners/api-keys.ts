import { createHash, randomBytes } from 'node:crypto';
import { base32nopad } from '@scure/base';
import { and, eq, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { apiKeys, partners } from '../../db/schema.ts';

export interface Partner {
  id: string;
  name: string;
  affiliateFeeBps: number;
}

const KEY_PREFIX = 'sgk_';
/** Every key createApiKey makes: the prefix and 20 random bytes in lowercase base32. */
const KEY_PATTERN = /^sgk_[a-z2-7]{32}$/;

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
  if (!KEY_PATTERN.test(key)) return null;
  const [row] = await db
    .select({ id: partners.id, name: partners.name, affiliateFeeBps: partners.affiliateFeeBps })
    .from(apiKeys)
    .innerJoin(partners, eq(partners.id, apiKeys.partnerId))
    .where(and(eq(apiKeys.keyHash, hashKey(key)), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

/** How long a key's lookup is trusted: a revoked key keeps working on a running server this long. */
export const API_KEY_CACHE_TTL_MS = 60_000;

/**
 * partnerForKey with bounded in-memory caches of both answers (a partner, an unknown or revoked
 * key), so a flood of requests with one key costs one database query per TTL; concurrent lookups of
 * one key share a query, and malformed keys cost none. Valid and invalid keys are cached apart, so a
 * flood of invalid keys cannot push the partners' keys out.
 *
 * Revocation happens in another process (scripts/api-key.ts) and cannot reach this cache: a revoked
 * key is refused within `ttlMs` (API_KEY_CACHE_TTL_MS, 60 s) of its revocation, and a key looked up
 * before it existed is accepted within that time too.
 */
export class ApiKeyCache {
  readonly #db: Database;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #valid: LRUCache<string, { partner: Partner; checkedAt: number }>;
  readonly #invalid: LRUCache<string, { checkedAt: number }>;
  readonly #pending = new Map<string, Promise<Partner | null>>();

  constructor(db: Database, options: { ttlMs?: number; max?: number; now?: () => number } = {}) {
    this.#db = db;
    this.#ttlMs = options.ttlMs ?? API_KEY_CACHE_TTL_MS;
    this.#now = options.now ?? Date.now;
    this.#valid = new LRUCache({ max: options.max ?? 10_000 });
    this.#invalid = new LRUCache({ max: options.max ?? 10_000 });
  }

  /**
   * Whether `key` belonged to a partner when it was last looked up, however long ago (its answer is
   * checked again by partnerFor once the TTL is over). Never true of a key not seen yet.
   */
  knownValid(key: string): boolean {
    return this.#valid.has(key);
  }

  /** The partner of `key`, or null for a malformed, unknown or revoked key: cached, else from the database. */
  async partnerFor(key: string): Promise<Partner | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const now = this.#now();
    const valid = this.#valid.get(key);
    if (valid && now - valid.checkedAt < this.#ttlMs) return valid.partner;
    const invalid = this.#invalid.get(key);
    if (invalid && now - invalid.checkedAt < this.#ttlMs) return null;
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = partnerForKey(this.#db, key)
        .then((partner) => {
          const checkedAt = this.#now();
          if (partner) {
            this.#valid.set(key, { partner, checkedAt });
            this.#invalid.delete(key);
          } else {
            this.#invalid.set(key, { checkedAt });
            this.#valid.delete(key);
          }
          return partner;
        })
        .finally(() => this.#pending.delete(key));
      this.#pending.set(key, pending);
    }
    return pending;
  }
}
