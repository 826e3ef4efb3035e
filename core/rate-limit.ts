import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

/** Fixed-window counters per key. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Whether the limiter counts where it should (Redis answers); for readiness checks. */
  healthy?(): boolean;
}

function result(count: number, limit: number, resetInMs: number): RateLimitResult {
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
  };
}

/** The verdict that allows less: refused if either refuses, the fewer remaining, the longer wait. */
function stricter(a: RateLimitResult, b: RateLimitResult): RateLimitResult {
  const refusing = [a, b].filter((verdict) => !verdict.allowed);
  return {
    allowed: refusing.length === 0,
    remaining: Math.min(a.remaining, b.remaining),
    retryAfterSeconds: Math.max(...(refusing.length > 0 ? refusing : [a]).map((v) => v.retryAfterSeconds)),
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

  healthy(): boolean {
    return true;
  }
}

/** How long a rate-limit command may take before the request is counted in process instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/**
 * Options of the ioredis client the Redis limiter needs: a command never waits for a connection
 * (no offline queue) nor longer than REDIS_COMMAND_TIMEOUT_MS, and a lost connection is retried
 * forever with a backoff capped at 2 s, so the limiter notices an outage at once and Redis's return
 * within seconds.
 */
export const RATE_LIMIT_REDIS_OPTIONS = {
  enableOfflineQueue: false,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 2_000,
  maxRetriesPerRequest: 0,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
} as const;

class TimeoutError extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
  });
  // A late rejection of the losing command must not become an unhandled rejection.
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Counters in Redis, shared by every node, and in this process too. When Redis does not answer
 * (down, unreachable, or slower than `timeoutMs`), the process's counts decide alone (limits then
 * hold per node, going on from what was counted before the outage), a warning is logged once per outage, and Redis is used again as soon as it answers
 * (its reconnection, or a ping tried at most every `probeEveryMs` while requests come in).
 */
export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;
  readonly #log: Logger | undefined;
  readonly #fallback: RateLimiter;
  readonly #timeoutMs: number;
  readonly #probeEveryMs: number;
  readonly #now: () => number;
  /** Whether hits go to Redis. */
  #up: boolean;
  /** Whether the current outage has been logged (its end is logged then too). */
  #outageLogged = false;
  #probing = false;
  #lastProbeAt = Number.NEGATIVE_INFINITY;

  constructor(
    redis: Redis,
    options: {
      log?: Logger;
      /** Where requests are counted while Redis does not answer. */
      fallback?: RateLimiter;
      timeoutMs?: number;
      probeEveryMs?: number;
      now?: () => number;
    } = {},
  ) {
    this.#redis = redis;
    this.#log = options.log;
    this.#fallback = options.fallback ?? new MemoryRateLimiter();
    this.#timeoutMs = options.timeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
    this.#probeEveryMs = options.probeEveryMs ?? 1_000;
    this.#now = options.now ?? Date.now;
    // Until the first connection is ready, count in process without calling it an outage.
    this.#up = redis.status === 'ready';
    redis.on('ready', () => this.#markUp());
    // A listener also keeps ioredis from printing every failed reconnection attempt.
    redis.on('error', (error: Error) => this.#markDown(error));
  }

  /** Whether Redis answers: false while requests are counted in process. */
  healthy(): boolean {
    return this.#up && this.#redis.status === 'ready';
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    // Every hit is also counted in this process, Redis up or not: when Redis goes away (or comes
    // back empty after a restart) the window goes on from this node's count instead of starting
    // afresh. This node's count is never above Redis's, so while Redis answers it decides.
    const local = await this.#fallback.hit(key, limit, windowMs);
    if (!this.#up) {
      this.#probe();
      return local;
    }
    try {
      return stricter(await withTimeout(this.#redisHit(key, limit, windowMs), this.#timeoutMs), local);
    } catch (error) {
      this.#markDown(error);
      return local;
    }
  }

  async #redisHit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const redisKey = `ratelimit:${key}`;
    // One atomic round trip: the window (with its expiry) is created if missing, then counted, so a
    // failure between commands can never leave a counter without an expiry.
    const replies = await this.#redis
      .multi()
      .set(redisKey, 0, 'PX', windowMs, 'NX')
      .incr(redisKey)
      .pttl(redisKey)
      .exec();
    if (!replies) throw new Error('Redis transaction aborted');
    for (const [error] of replies) if (error) throw error;
    const count = Number(replies[1]?.[1]);
    const ttl = Number(replies[2]?.[1]);
    return result(count, limit, ttl > 0 ? ttl : windowMs);
  }

  /** While down: a ping now and then, in the background; the first answer brings Redis back. */
  #probe(): void {
    if (this.#probing || this.#now() - this.#lastProbeAt < this.#probeEveryMs) return;
    if (this.#redis.status !== 'ready') return; // its 'ready' event will bring it back
    this.#probing = true;
    this.#lastProbeAt = this.#now();
    withTimeout(this.#redis.ping(), this.#timeoutMs)
      .then(
        () => this.#markUp(),
        () => {},
      )
      .finally(() => {
        this.#probing = false;
      });
  }

  #markDown(error: unknown): void {
    this.#up = false;
    if (this.#outageLogged) return;
    this.#outageLogged = true;
    this.#log?.warn(
      { err: error },
      'Redis does not answer: rate limits are counted in this process until it does',
    );
  }

  #markUp(): void {
    if (this.#up) return;
    this.#up = true;
    if (!this.#outageLogged) return;
    this.#outageLogged = false;
    this.#log?.info('Redis answers again: rate limits are counted in Redis');
  }
}
