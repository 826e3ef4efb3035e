import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { apiKeys, apiKeyUsage } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import {
  API_KEY_CACHE_TTL_MS,
  ApiKeyCache,
  ApiKeyUsage,
  createApiKey,
  createPartnerKey,
  listApiKeys,
  partnerForKey,
  renamePartnerKey,
  revokeApiKey,
  revokePartnerKey,
} from './api-keys.ts';
import { MAX_ACTIVE_KEYS } from './rules.ts';

describe.each(databaseTargets())('API keys on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('stores only a hash and finds the partner by the key until it is revoked', async () => {
    const { id, key } = await createApiKey(handle.db, { id: 'acme', name: 'Acme Wallet' });
    const stored = await handle.db.select().from(apiKeys);
    expect(stored.map((row) => row.keyHash)).not.toContain(key);
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(await partnerForKey(handle.db, key)).toEqual({
      id: 'acme',
      name: 'Acme Wallet',
      affiliateFeeBps: 20,
      keyId: id,
    });
    expect(await partnerForKey(handle.db, `${key}x`)).toBeNull();
    expect(await revokeApiKey(handle.db, id)).toBe(true);
    expect(await partnerForKey(handle.db, key)).toBeNull();
  });

  it('caches lookups of valid and invalid keys for a minute: a revocation takes effect within it', async () => {
    const { id, key } = await createApiKey(handle.db, { id: 'cached-co', name: 'Cached Co' });
    const unknown = `sgk_${'a'.repeat(32)}`;
    let now = 1_000_000;
    const cache = new ApiKeyCache(handle.db, { now: () => now });
    const select = vi.spyOn(handle.db, 'select');
    try {
      const partners = await Promise.all(Array.from({ length: 20 }, () => cache.partnerFor(key)));
      for (const partner of partners) expect(partner).toMatchObject({ id: 'cached-co' });
      for (let i = 0; i < 20; i++) expect(await cache.partnerFor(unknown)).toBeNull();
      expect(await cache.partnerFor('sgk_malformed')).toBeNull();
      expect(await cache.partnerFor('x'.repeat(5_000))).toBeNull();
      expect(select).toHaveBeenCalledTimes(2);
      expect(cache.knownValid(key)).toBe(true);
      expect(cache.knownValid(unknown)).toBe(false);

      expect(await revokeApiKey(handle.db, id)).toBe(true);
      now += API_KEY_CACHE_TTL_MS - 1;
      expect(await cache.partnerFor(key)).toMatchObject({ id: 'cached-co' });
      now += 1;
      expect(await cache.partnerFor(key)).toBeNull();
      expect(cache.knownValid(key)).toBe(false);
      expect(select).toHaveBeenCalledTimes(3);
    } finally {
      select.mockRestore();
    }
  });

  it('lets a partner create named keys (shown once), rename and revoke their own, never those of another partner', async () => {
    await createApiKey(handle.db, { id: 'self-co', name: 'Self Co' });
    await createApiKey(handle.db, { id: 'other-co', name: 'Other Co' });
    const [otherKey] = await listApiKeys(handle.db, 'other-co');
    const made = await createPartnerKey(handle.db, 'self-co', '  Production server ');
    if (!made.ok) throw new Error(made.code);
    expect(made.key).toMatch(/^sgk_[a-z2-7]{32}$/);
    expect(await partnerForKey(handle.db, made.key)).toMatchObject({ id: 'self-co', keyId: made.id });
    expect(await createPartnerKey(handle.db, 'self-co', '   ')).toEqual({ ok: false, code: 'keyName' });
    expect(await createPartnerKey(handle.db, 'self-co', 'x'.repeat(61))).toEqual({
      ok: false,
      code: 'keyName',
    });
    expect(await createPartnerKey(handle.db, 'self-co', 'line\nbreak')).toEqual({
      ok: false,
      code: 'keyName',
    });

    const listed = await listApiKeys(handle.db, 'self-co');
    expect(listed[0]).toMatchObject({
      id: made.id,
      name: 'Production server',
      prefix: made.key.slice(0, 10),
    });
    expect(JSON.stringify(listed)).not.toContain(made.key);

    expect(await renamePartnerKey(handle.db, 'self-co', made.id, 'Staging')).toEqual({
      ok: true,
      name: 'Staging',
    });
    expect(await renamePartnerKey(handle.db, 'self-co', otherKey?.id ?? '', 'Mine now')).toEqual({
      ok: false,
      code: 'notFound',
    });
    expect(await revokePartnerKey(handle.db, 'self-co', otherKey?.id ?? '')).toBe(false);
    expect(await partnerForKey(handle.db, made.key)).not.toBeNull();
    expect(await revokePartnerKey(handle.db, 'self-co', made.id)).toBe(true);
    expect(await revokePartnerKey(handle.db, 'self-co', made.id)).toBe(false);
    expect(await partnerForKey(handle.db, made.key)).toBeNull();
    expect((await listApiKeys(handle.db, 'self-co')).find((key) => key.id === made.id)).toMatchObject({
      name: 'Staging',
      revokedAt: expect.any(String),
    });
  });

  it('holds at most MAX_ACTIVE_KEYS active keys per partner', async () => {
    await createApiKey(handle.db, { id: 'many-co', name: 'Many Co' }, { keyName: 'first' });
    for (let i = 1; i < MAX_ACTIVE_KEYS; i++) {
      expect((await createPartnerKey(handle.db, 'many-co', `key ${i}`)).ok).toBe(true);
    }
    expect(await createPartnerKey(handle.db, 'many-co', 'one too many')).toEqual({
      ok: false,
      code: 'tooManyKeys',
    });
    const [newest] = await listApiKeys(handle.db, 'many-co');
    await revokePartnerKey(handle.db, 'many-co', newest?.id ?? '');
    expect((await createPartnerKey(handle.db, 'many-co', 'after a revocation')).ok).toBe(true);
  });

  it('counts requests in memory and writes them once per flush: last used and requests this month', async () => {
    const { id } = await createApiKey(handle.db, { id: 'usage-co', name: 'Usage Co' });
    let now = new Date('2026-11-30T23:59:00Z');
    const usage = new ApiKeyUsage(handle.db, { now: () => now });
    const insert = vi.spyOn(handle.db, 'transaction');
    try {
      for (let i = 0; i < 1_000; i++) usage.record(id);
      // Nothing is written per request.
      expect(insert).not.toHaveBeenCalled();
      expect((await listApiKeys(handle.db, 'usage-co', now))[0]).toMatchObject({
        requestsThisMonth: 0,
        lastUsedAt: null,
      });
      expect(await usage.flush()).toBe(1);
      expect(insert).toHaveBeenCalledTimes(1);
    } finally {
      insert.mockRestore();
    }
    expect((await listApiKeys(handle.db, 'usage-co', now))[0]).toMatchObject({
      requestsThisMonth: 1_000,
      lastUsedAt: now.toISOString(),
    });
    // Another node's counts add up; a new month counts apart.
    const otherNode = new ApiKeyUsage(handle.db, { now: () => now });
    otherNode.record(id);
    usage.record(id);
    now = new Date('2026-12-01T00:00:30Z');
    usage.record(id);
    await Promise.all([usage.flush(), otherNode.flush()]);
    expect(
      (await listApiKeys(handle.db, 'usage-co', new Date('2026-11-30T12:00:00Z')))[0]?.requestsThisMonth,
    ).toBe(1_002);
    expect((await listApiKeys(handle.db, 'usage-co', now))[0]).toMatchObject({
      requestsThisMonth: 1,
      lastUsedAt: now.toISOString(),
    });
    expect(await handle.db.select().from(apiKeyUsage)).toHaveLength(2);
    expect(await usage.flush()).toBe(0);
  });
});
