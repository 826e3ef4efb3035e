import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Services } from '../../../core/services.ts';
import { ApiError, errorResponse } from '../errors.ts';

export const HOUR = 60 * 60_000;
/** A form's longest body: a 5,000-character message in any script, the other fields and a token. */
export const MAX_FORM_BODY = 64 * 1024;

/** Bodies over `maxSize` bytes: 413 `payload_too_large` in the error format. */
export const limitBody = (services: Services, maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: (c) => errorResponse(c, services, new ApiError(413, 'payload_too_large')),
  });

/**
 * The operator's endpoints (bearer OPERATOR_TOKEN; absent without a token): checks the token,
 * 404 without one configured, 401 with WWW-Authenticate for a wrong one.
 */
export function operatorOnly(c: Context, services: Services): void {
  const token = services.config.OPERATOR_TOKEN;
  if (!token) throw new ApiError(404, 'not_found');
  c.header('Cache-Control', 'no-store');
  const given = Buffer.from(c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    c.header('WWW-Authenticate', 'Bearer');
    throw new ApiError(401, 'unauthorized');
  }
}
