import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { hashIp, InvalidEmailError, subscribe } from './newsletter.ts';

// The email rule itself is tested beside it, in email.test.ts.
describe('newsletter client addresses', () => {
  it('hashes client addresses to a stable, truncated pseudonym', () => {
    expect(hashIp('203.0.113.7')).toBe(hashIp('203.0.113.7'));
    expect(hashIp('203.0.113.7')).not.toBe(hashIp('203.0.113.8'));
    expect(hashIp('203.0.113.7')).toMatch(/^[0-9a-f]{32}$/);
    expect(hashIp('203.0.113.7')).not.toContain('203');
  });
});

describe.each(databaseTargets())('newsletter subscriptions on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('stores a subscriber once, normalised, keeping the first language', async () => {
    const ipHash = hashIp('198.51.100.4');
    expect(await subscribe(handle.db, { email: ' Reader@Example.com ', lang: 'de', ipHash })).toEqual({
      created: true,
    });
    expect(await subscribe(handle.db, { email: 'reader@example.COM', lang: 'fr' })).toEqual({
      created: false,
    });
    const rows = await handle.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'reader@example.com', lang: 'de', ipHash });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('stores no address and no raw IP when the email is invalid', async () => {
    await expect(subscribe(handle.db, { email: 'not an email', lang: 'en' })).rejects.toBeInstanceOf(
      InvalidEmailError,
    );
    const rows = await handle.db.select().from(newsletterSubscribers);
    expect(rows.map((row) => row.email)).toEqual(['reader@example.com']);
  });

  it('keeps one row when the same address subscribes concurrently', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => subscribe(handle.db, { email: 'race@example.com', lang: 'en' })),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const rows = await handle.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'race@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.ipHash).toBeNull();
  });
});
