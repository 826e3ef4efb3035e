import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DEFAULT_LANG, type Lang, parseAcceptLanguage, pickLanguage } from '../../core/i18n/languages.ts';
import { translate } from '../../core/i18n/translate.ts';
import type { RateLimiter } from '../../core/rate-limit.ts';
import type { Services } from '../../core/services.ts';

export interface ApiErrorBody {
  error: { code: string; message: string; field?: string; details?: Record<string, string> };
}

/** An error the API answers with: status, machine-readable code, and values for the message. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly field?: string;
  readonly details?: Record<string, string>;
  readonly values: Record<string, string | number>;
  constructor(
    status: ContentfulStatusCode,
    code: string,
    options: {
      field?: string;
      details?: Record<string, string>;
      values?: Record<string, string | number>;
    } = {},
  ) {
    super(code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (options.field) this.field = options.field;
    if (options.details) this.details = options.details;
    this.values = { ...options.details, ...options.values };
  }
}

export function requestLanguage(c: Context): Lang {
  return pickLanguage(parseAcceptLanguage(c.req.header('accept-language'))) ?? DEFAULT_LANG;
}

/** The error as JSON, its message in the language the client asked for (Accept-Language). */
export function errorResponse(c: Context, services: Services, error: ApiError): Response {
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: translate(services.dictionaries, requestLanguage(c), `apiErrors.${error.code}`, error.values),
      ...(error.field ? { field: error.field } : {}),
      ...(error.details ? { details: error.details } : {}),
    },
  };
  return c.json(body, error.status);
}

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
