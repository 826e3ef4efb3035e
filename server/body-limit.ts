import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Hono's `bodyLimit`, deciding from the request line and headers where it can.
 *
 * Hono's middleware first reads `c.req.raw.body`; under @hono/node-server that one read builds a
 * full web `Request` with a stream over the socket for every request (GETs included), and the body
 * then leaves the adapter's fast path (`json()`/`text()` read straight from Node's request). That
 * was about a tenth of a quote's cost (README "Pages under load"). Here:
 * - GET and HEAD carry no body: nothing to bound.
 * - A `Content-Length` without `Transfer-Encoding` (Node's parser refuses a body longer than it
 *   declares) is compared with the limit and the body is left alone.
 * - Anything else (a chunked body) goes through Hono's middleware, which counts as it reads.
 */
export function bodyLimitByLength(options: {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}): MiddlewareHandler {
  const counting = bodyLimit(options);
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      const size = Number(length);
      if (!Number.isSafeInteger(size) || size < 0) return counting(c, next);
      return size > options.maxSize ? options.onError(c) : next();
    }
    return counting(c, next);
  };
}
