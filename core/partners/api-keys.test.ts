import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { apiKeys } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { createApiKey, partnerForKey, revokeApiKey } from './api-keys.ts';

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
});
