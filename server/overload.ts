import type { MiddlewareHandler } from 'hono';
import { translate } from '../core/i18n/translate.ts';
import type { Services } from '../core/services.ts';
import { ApiError, errorResponse } from './api/errors.ts';
import { type RequestLocation, requestLocation } from './request-location.ts';

/** Seconds an overloaded node asks a client to wait: load passes quickly or a balancer moves it. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 1;

/** Paths that answer whatever the load: the balancer's and the scraper's view of the node. */
const ALWAYS_ANSWERED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The node's answer when it takes no more work: 503 with Retry-After, in the API's error format
 * on the APIs, and as a small page in the visitor's language elsewhere (rendering the site's
 * full error page would cost what the node is short of).
 */
export function overloadedResponse(
  services: Services,
  location: RequestLocation,
  c?: Parameters<MiddlewareHandler>[0],
): Response {
  const headers = { 'Retry-After': String(OVERLOAD_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' };
  if (c && location.isApi) {
    const response = errorResponse(c, services, new ApiError(503, 'unavailable'));
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  }
  const lang = location.pageLang;
  const text = (key: string) => escapeHtml(translate(services.dictionaries, lang, `503.${key}`));
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${text('title')}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;text-align:center"><p style="font-size:3rem;font-weight:700;margin:0">503</p><h1>${text('title')}</h1><p>${text('description')}</p></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' },
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * At most `max` requests in progress on this node; one more is answered 503 at once rather than
 * queued behind them, so under overload latency stays bounded and the excess goes elsewhere
 * (a balancer retries another node) instead of every response slowing down.
 */
export function inFlightLimit(options: {
  max: number;
  services: Services;
  onReject?: () => void;
}): MiddlewareHandler {
  const { max, services } = options;
  let inFlight = 0;
  return async (c, next) => {
    if (ALWAYS_ANSWERED.has(c.req.path)) return next();
    if (inFlight >= max) {
      options.onReject?.();
      return overloadedResponse(services, requestLocation(c), c);
    }
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
    }
  };
}
