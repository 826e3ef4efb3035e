import { once } from 'node:events';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { hasRedisServer, ThrowawayRedis, until } from '../tests/support/redis-server.ts';
import {
  MemoryRateLimiter,
  RATE_LIMIT_REDIS_OPTIONS,
  type RateLimiter,
  RedisRateLimiter,
} from './rate-limit.ts';

async function redisOrNull(): Promise<Redis | null> {
  const redis = new Redis({
    host: '127.0.0.1',
    port: 6379,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return redis;
  } catch {
    console.warn('No Redis on 127.0.0.1:6379: the Redis rate limiter test is skipped');
    redis.disconnect();
    return null;
  }
}

const redis = await redisOrNull();
afterAll(() => redis?.disconnect());

const limiters: [string, RateLimiter][] = [['memory', new MemoryRateLimiter()]];
if (redis) limiters.push(['redis', new RedisRateLimiter(redis)]);

describe.each(limiters)('%s rate limiter', (_name, limiter) => {
  it('allows up to the limit per window, then says how long to wait', async () => {
    const key = `test:${Math.random()}`;
    for (let i = 0; i < 3; i++) expect((await limiter.hit(key, 3, 60_000)).allowed).toBe(true);
    const refused = await limiter.hit(key, 3, 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toBe(0);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});

describe('memory rate limiter window', () => {
  it('starts a new window after the old one ends', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(() => now);
    expect((await limiter.hit('k', 1, 1_000)).allowed).toBe(true);
    expect((await limiter.hit('k', 1, 1_000)).allowed).toBe(false);
    now = 1_000;
    expect((await limiter.hit('k', 1, 1_000)).allowed).toBe(true);
  });
});

describe.runIf(hasRedisServer())('Redis rate limiter when Redis goes away', () => {
  let server: ThrowawayRedis;
  let client: Redis;
  let lines: { level: number; msg: string; err?: { message?: string } }[];
  let limiter: RedisRateLimiter;

  async function setUp() {
    server = await ThrowawayRedis.start();
    client = new Redis({ port: server.port, ...RATE_LIMIT_REDIS_OPTIONS });
    await once(client, 'ready');
    lines = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    limiter = new RedisRateLimiter(client, { log, probeEveryMs: 200 });
  }
  const warnings = () => lines.filter((line) => line.level === 40);
  const infos = () => lines.filter((line) => line.level === 30);
  const stored = (key: string) => server.get(`ratelimit:${key}`);

  afterEach(async () => {
    client?.disconnect();
    await server?.kill();
  });

  it('counts in process, fast, with one warning while Redis is down, and in Redis again once it is back', async () => {
    await setUp();
    expect((await limiter.hit('before', 10, 60_000)).remaining).toBe(9);
    expect((await limiter.hit('before', 10, 60_000)).remaining).toBe(8);
    expect(await stored('before')).toBe('2');
    expect(limiter.healthy()).toBe(true);

    await server.kill();
    // Fast: at most the first hit asks Redis (and fails at once); none of the others waits for it.
    // Counted, not timed, so a slow machine cannot make it fail.
    const asked = vi.spyOn(client, 'multi');
    const verdicts: boolean[] = [];
    for (let i = 0; i < 5; i++) verdicts.push((await limiter.hit('outage', 3, 60_000)).allowed);
    expect(asked.mock.calls.length).toBeLessThanOrEqual(1);
    // Counted in this process: the limit still holds.
    expect(verdicts).toEqual([true, true, true, false, false]);
    expect(limiter.healthy()).toBe(false);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]?.msg).toMatch(/Redis does not answer/);

    await server.start();
    await until(async () => {
      await limiter.hit('after', 100, 60_000);
      return limiter.healthy();
    });
    expect(infos().map((line) => line.msg)).toEqual([expect.stringMatching(/Redis answers again/)]);
    await limiter.hit('counted', 10, 60_000);
    await limiter.hit('counted', 10, 60_000);
    expect(await stored('counted')).toBe('2');
    expect(warnings()).toHaveLength(1);
  });

  it('keeps counting the same window through a Redis loss and a Redis that comes back empty', async () => {
    await setUp();
    const allowed = async (count: number) => {
      const verdicts: boolean[] = [];
      for (let i = 0; i < count; i++) verdicts.push((await limiter.hit('window', 5, 3_600_000)).allowed);
      return verdicts;
    };
    expect(await allowed(3)).toEqual([true, true, true]);
    await server.kill();
    // Two of the hour's five are left: the outage does not start the window afresh.
    expect(await allowed(3)).toEqual([true, true, false]);
    // Redis restarted without its data: this node still remembers what it counted.
    await server.start();
    await until(async () => {
      await limiter.hit('probe', 100, 60_000);
      return limiter.healthy();
    });
    expect(await allowed(2)).toEqual([false, false]);
  });

  it('counts in process when Redis hangs, and in Redis again once it answers', async () => {
    await setUp();
    await limiter.hit('hang', 10, 60_000);
    server.freeze();
    // Every hit answers while Redis still hangs (it is thawed only below): the first is cut by the
    // command timeout, and the others do not ask Redis at all, so none waits on it. Checked by what
    // happened, not by the time it took.
    const asked = vi.spyOn(client, 'multi');
    for (let i = 0; i < 5; i++) await limiter.hit('hang', 10, 60_000);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(limiter.healthy()).toBe(false);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]?.err?.message).toMatch(/did not answer within 250 ms|timed out/i);

    server.thaw();
    await until(async () => {
      await limiter.hit('hang-after', 10, 60_000);
      return limiter.healthy();
    });
    await limiter.hit('hang-counted', 10, 60_000);
    expect(await stored('hang-counted')).toBe('1');
    expect(warnings()).toHaveLength(1);
    expect(infos()).toHaveLength(1);
  });
});
