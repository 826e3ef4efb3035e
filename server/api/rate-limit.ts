import type { Context } from 'hono';
import type { RateLimiter } from '../../core/rate-limit.ts';
import { ApiError } from './errors.ts';

/**
 * Counts one request of `key` against `limit` per `windowMs`, states the limit in RateLimit headers
 * and, beyond it, answers 429 `rate_limited` with Retry-After.
 */
export async function enforceRateLimit(
  c: Context,
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowMs: number,
): Promise<void> {
  const verdict = await limiter.hit(key, limit, windowMs);
  c.header('RateLimit-Limit', String(limit));
  c.header('RateLimit-Remaining', String(verdict.remaining));
  if (!verdict.allowed) {
    c.header('Retry-After', String(verdict.retryAfterSeconds));
    throw new ApiError(429, 'rate_limited', { values: { seconds: verdict.retryAfterSeconds } });
  }
}
