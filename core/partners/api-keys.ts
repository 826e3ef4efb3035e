import { createHash, randomBytes } from 'node:crypto';
import { base32nopad } from '@scure/base';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { apiKeys, apiKeyUsage, partners } from '../../db/schema.ts';
import { hasForbiddenCharacters } from '../text.ts';
import { MAX_ACTIVE_KEYS, MAX_KEY_NAME } from './rules.ts';

export interface Partner {
  id: string;
  name: string;
  affiliateFeeBps: number;
}

/** The partner of a key, with the key's id (for its usage counts). */
export interface KeyHolder extends Partner {
  keyId: string;
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
  options: { keyName?: string } = {},
): Promise<{ id: string; key: string }> {
  await db
    .insert(partners)
    .values({ id: partner.id, name: partner.name ?? partner.id })
    .onConflictDoNothing();
  const key = `${KEY_PREFIX}${base32nopad.encode(randomBytes(20)).toLowerCase()}`;
  const id = randomBytes(8).toString('hex');
  await db.insert(apiKeys).values({
    id,
    partnerId: partner.id,
    keyHash: hashKey(key),
    prefix: key.slice(0, 10),
    name: options.keyName ?? null,
  });
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

/** The partner a key belongs to (with the key's id), or null for an unknown or revoked key. */
export async function partnerForKey(db: Database, key: string): Promise<KeyHolder | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const [row] = await db
    .select({
      id: partners.id,
      name: partners.name,
      affiliateFeeBps: partners.affiliateFeeBps,
      keyId: apiKeys.id,
    })
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
 * Revocation happens elsewhere (the account area, scripts/api-key.ts, another node) and cannot
 * reach this cache: a revoked key is refused within `ttlMs` (API_KEY_CACHE_TTL_MS, 60 s) of its
 * revocation, and a key looked up before it existed is accepted within that time too.
 */
export class ApiKeyCache {
  readonly #db: Database;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #valid: LRUCache<string, { partner: KeyHolder; checkedAt: number }>;
  readonly #invalid: LRUCache<string, { checkedAt: number }>;
  readonly #pending = new Map<string, Promise<KeyHolder | null>>();

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
  async partnerFor(key: string): Promise<KeyHolder | null> {
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

export type KeyNameCheck = { ok: true; name: string } | { ok: false; code: 'keyName' };

/** A key's name as the partner typed it: trimmed, 1 to MAX_KEY_NAME characters, no control characters. */
export function checkKeyName(value: string | undefined): KeyNameCheck {
  const name = (value ?? '').trim();
  if (!name || [...name].length > MAX_KEY_NAME || hasForbiddenCharacters(name)) {
    return { ok: false, code: 'keyName' };
  }
  return { ok: true, name };
}

/** The calendar month (UTC) usage is counted in: `2026-11`. */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** A key as its partner sees it: never the key itself, which was shown once. */
export interface ApiKeyView {
  id: string;
  name: string | null;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  /** To the minute; null for a key not used yet. */
  lastUsedAt: string | null;
  /** Requests of the current UTC month (counted once a minute). */
  requestsThisMonth: number;
}

/** A partner's keys, newest first, with when each was last used and its requests this month. */
export async function listApiKeys(
  db: Database,
  partnerId: string,
  now: Date = new Date(),
): Promise<ApiKeyView[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      requests: apiKeyUsage.requests,
    })
    .from(apiKeys)
    .leftJoin(apiKeyUsage, and(eq(apiKeyUsage.keyId, apiKeys.id), eq(apiKeyUsage.month, usageMonth(now))))
    .where(eq(apiKeys.partnerId, partnerId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    requestsThisMonth: row.requests ?? 0,
  }));
}

export type PartnerKeyResult =
  | { ok: true; id: string; key: string }
  | { ok: false; code: 'keyName' | 'tooManyKeys' };

/** A named key made by its partner in the account area; the plain key is in this answer only. */
export async function createPartnerKey(
  db: Database,
  partnerId: string,
  name: string | undefined,
): Promise<PartnerKeyResult> {
  const checked = checkKeyName(name);
  if (!checked.ok) return checked;
  const [active] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.partnerId, partnerId), isNull(apiKeys.revokedAt)));
  if ((active?.count ?? 0) >= MAX_ACTIVE_KEYS) return { ok: false, code: 'tooManyKeys' };
  const made = await createApiKey(db, { id: partnerId }, { keyName: checked.name });
  return { ok: true, ...made };
}

/** Renames one of the partner's keys (revoked ones too); false when the key is not the partner's. */
export async function renamePartnerKey(
  db: Database,
  partnerId: string,
  keyId: string,
  name: string | undefined,
): Promise<KeyNameCheck | { ok: false; code: 'notFound' }> {
  const checked = checkKeyName(name);
  if (!checked.ok) return checked;
  const renamed = await db
    .update(apiKeys)
    .set({ name: checked.name })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.partnerId, partnerId)))
    .returning({ id: apiKeys.id });
  return renamed.length > 0 ? checked : { ok: false, code: 'notFound' };
}

/** Revokes one of the partner's active keys; false when it is not the partner's or already revoked. */
export async function revokePartnerKey(db: Database, partnerId: string, keyId: string): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.partnerId, partnerId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

/** How often a node adds its counted requests to the database. */
export const USAGE_FLUSH_INTERVAL_MS = 60_000;

/**
 * Requests per key, counted in memory on the hot path (a Map increment) and added to
 * `api_key_usage` and `api_keys.last_used_at` by `flush`, which the server runs once a minute and
 * when it stops: one upsert per used key per minute, whatever the traffic. Several nodes each add
 * their own counts. A failed flush keeps its counts for the next one.
 */
export class ApiKeyUsage {
  readonly #db: Database;
  readonly #now: () => Date;
  #counts = new Map<string, { requests: number; month: string; lastAt: Date }>();

  constructor(db: Database, options: { now?: () => Date } = {}) {
    this.#db = db;
    this.#now = options.now ?? (() => new Date());
  }

  /** One request with the key `keyId`. */
  record(keyId: string): void {
    const at = this.#now();
    const month = usageMonth(at);
    const entry = this.#counts.get(keyId);
    if (entry && entry.month === month) {
      entry.requests += 1;
      entry.lastAt = at;
    } else {
      // A new month starts a new count; what the old month had is flushed with its month first.
      if (entry) this.#counts.set(`${keyId}\u0000${entry.month}`, entry);
      this.#counts.set(keyId, { requests: 1, month, lastAt: at });
    }
  }

  /** Adds what was counted since the last flush to the database. */
  async flush(log?: Logger): Promise<number> {
    if (this.#counts.size === 0) return 0;
    const counts = this.#counts;
    this.#counts = new Map();
    let written = 0;
    for (const [slot, entry] of counts) {
      const keyId = slot.split('\u0000')[0] as string;
      try {
        await this.#db.transaction(async (tx) => {
          await tx
            .insert(apiKeyUsage)
            .values({ keyId, month: entry.month, requests: entry.requests })
            .onConflictDoUpdate({
              target: [apiKeyUsage.keyId, apiKeyUsage.month],
              set: { requests: sql`${apiKeyUsage.requests} + ${entry.requests}` },
            });
          await tx
            .update(apiKeys)
            .set({
              lastUsedAt: sql`greatest(coalesce(${apiKeys.lastUsedAt}, ${entry.lastAt}), ${entry.lastAt})`,
            })
            .where(eq(apiKeys.id, keyId));
        });
        written += 1;
      } catch (error) {
        // Kept for the next flush (added to whatever was counted meanwhile).
        const current = this.#counts.get(slot);
        if (current && current.month === entry.month) {
          current.requests += entry.requests;
        } else if (!current) this.#counts.set(slot, entry);
        else this.#counts.set(`${keyId}\u0000${entry.month}`, entry);
        log?.warn({ err: error, keyId }, 'API key usage not written; kept for the next flush');
      }
    }
    return written;
  }
}
