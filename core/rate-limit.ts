import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

/** Fixed-window counters per key. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
}

function result(count: number, limit: number, resetInMs: number): RateLimitResult {
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
  };
}

/** One process's counters; bounded, so a flood of client keys cannot exhaust memory. */
export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new LRUCache<string, { count: number; resetAt: number }>({ max: 100_000 });
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return result(window.count, limit, window.resetAt - now);
  }
}

/** Counters in Redis, shared by every node. */
export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const redisKey = `ratelimit:${key}`;
    const [[, count], [, ttl]] = (await this.#redis.multi().incr(redisKey).pttl(redisKey).exec()) as [
      [null, number],
      [null, number],
    ];
    if (ttl < 0) await this.#redis.pexpire(redisKey, windowMs);
    return result(count, limit, ttl < 0 ? windowMs : ttl);
  }
}
