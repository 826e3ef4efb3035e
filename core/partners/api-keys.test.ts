import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { apiKeys } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { API_KEY_CACHE_TTL_MS, ApiKeyCache, createApiKey, partnerForKey, revokeApiKey } from './api-keys.ts';

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
});
