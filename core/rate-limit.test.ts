import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './rate-limit.ts';

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
