import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { freePort, hasRedisServer, ThrowawayRedis, until } from '../../tests/support/redis-server.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';

const build = await loadServerBuild();

describe.runIf(hasRedisServer())('the API when Redis, which holds the rate limits, goes away', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await (databaseTargets()[0]?.open() as Promise<DatabaseHandle>);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** The status of GET /api/v1/coins. */
  async function getCoins(app: ReturnType<typeof createTestApp>['app']) {
    const response = await app.request('/api/v1/coins');
    await response.arrayBuffer();
    return { status: response.status };
  }

  /**
   * Counts the rate limiter's calls to Redis (its one command, a MULTI; nothing else in the server
   * sends one). "Fast" without a stopwatch: a request that does not ask Redis does not wait for it,
   * and one that asks is cut at the limiter's timeout (core/rate-limit.test.ts).
   */
  function countRedisCalls() {
    return vi.spyOn(Redis.prototype, 'multi');
  }

  it('keeps answering without waiting on Redis, counting in process, and counts in Redis again once it is back', async () => {
    const redis = await ThrowawayRedis.start();
    const { app, services } = createTestApp(build, handle, {
      REDIS_URL: redis.url,
      RATE_LIMIT_READS_PER_MINUTE: '5',
    });
    try {
      await until(() => services.rateLimiter.healthy?.() === true);
      expect((await getCoins(app)).status).toBe(200);
      expect(await redis.get('ratelimit:r:ip:local')).toBe('1');

      await redis.kill();
      const asked = countRedisCalls();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await getCoins(app)).status);
      // At most the first request found Redis gone; the others did not ask it.
      expect(asked.mock.calls.length).toBeLessThanOrEqual(1);
      asked.mockRestore();
      // Counted in this process, going on from the request before the outage: the window holds.
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      expect(services.rateLimiter.healthy?.()).toBe(false);
      // The node serves through its fallback: it stays ready (a proxy checking /readyz would
      // otherwise take every node out at once), and says what is missing.
      const ready = await app.request('/readyz');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: true, redis: false } });

      await redis.start();
      await until(() => services.rateLimiter.healthy?.() === true);
      // Counted in Redis again (it came back empty); this node's count keeps the window closed.
      expect((await getCoins(app)).status).toBe(429);
      expect(await redis.get('ratelimit:r:ip:local')).toBe('1');
    } finally {
      await services.close();
      await redis.kill();
    }
  });

  it('answers without waiting on Redis when it cannot be reached from the start', async () => {
    const { app, services } = createTestApp(build, handle, {
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    });
    const asked = countRedisCalls();
    try {
      for (let i = 0; i < 3; i++) expect((await getCoins(app)).status).toBe(200);
      // Never connected: every request was counted in process, none asked Redis.
      expect(asked).not.toHaveBeenCalled();
      expect(services.rateLimiter.healthy?.()).toBe(false);
    } finally {
      asked.mockRestore();
      await services.close();
    }
  });
});
