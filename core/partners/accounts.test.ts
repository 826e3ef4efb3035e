import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { accountUsers, partners } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { PARTNER_ID_PATTERN } from '../widget/config.ts';
import { becomePartner, partnerOfUser } from './accounts.ts';

describe.each(databaseTargets())('partners of account users on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
    await handle.db.insert(accountUsers).values({ id: 'u1', name: 'Ada Partner', email: 'ada@example.com' });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('has no partner until the user becomes one, then always the same one, even when asked at once', async () => {
    expect(await partnerOfUser(handle.db, 'u1')).toBeNull();
    const made = await Promise.all(
      [1, 2, 3].map(() => becomePartner(handle.db, { id: 'u1', name: 'Ada Partner' })),
    );
    expect(new Set(made.map((partner) => partner.id)).size).toBe(1);
    expect(made[0]).toMatchObject({ name: 'Ada Partner', affiliateFeeBps: 20 });
    expect(made[0]?.id).toMatch(PARTNER_ID_PATTERN);
    expect(await partnerOfUser(handle.db, 'u1')).toEqual(made[0]);
    expect(await handle.db.select().from(partners)).toHaveLength(1);
  });
});
