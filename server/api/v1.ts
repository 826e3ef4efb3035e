import { OpenAPIHono } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import { ApiKeyCache } from '../../core/partners/api-keys.ts';
import type { RateLimiter } from '../../core/rate-limit.ts';
import type { Services } from '../../core/services.ts';
import { bodyLimitByLength } from '../body-limit.ts';
import { clientIp } from '../client-ip.ts';
import { ApiError, apiErrorHandler, errorResponse } from './errors.ts';
import { MAX_JSON_BODY } from './input.ts';
import { v1Routes } from './openapi.ts';
import type { ApiEnv, ApiRoutes } from './operation.ts';
import { enforceRateLimit } from './rate-limit.ts';

const MINUTE = 60_000;

/**
 * The public exchange API (`/api/v1`): JSON in and out, errors as `{error: {code, message, field?}}`.
 * Its operations are defined by domain (./exchange.ts, ./dex.ts, ./crosschain.ts, ./fiat.ts,
 * ./partner.ts, and the document itself in ./openapi.ts); this puts them behind the body limit,
 * CORS, the API key check and the rate limits, and answers every other path in the error format.
 */
export function createApiV1(services: Services, limiter: RateLimiter): ApiRoutes {
  const { config, db } = services;
  const api = new OpenAPIHono<ApiEnv>();

  api.onError(apiErrorHandler(services));
  api.notFound((c) => errorResponse(c, services, new ApiError(404, 'not_found')));

  // The operations find the app's services on their context (./operation.ts).
  api.use(async (c, next) => {
    c.set('services', services);
    c.set('limiter', limiter);
    await next();
  });

  // Every body is read whole before it is parsed: bound it (a 200 MB body was read and parsed).
  api.use(
    bodyLimitByLength({
      maxSize: MAX_JSON_BODY,
      onError: (c) => errorResponse(c, services, new ApiError(413, 'payload_too_large')),
    }),
  );

  // Catalogue reads may be called from partners' browser apps; the rest is for servers and our site.
  api.use('/coins', cors({ origin: '*', allowMethods: ['GET'] }));
  api.use('/pairs/*', cors({ origin: '*', allowMethods: ['GET'] }));
  api.use('/openapi.json', cors({ origin: '*', allowMethods: ['GET'] }));

  // Partners identify themselves with X-Api-Key; anonymous callers get lower limits. Keys are looked
  // up at most once per API_KEY_CACHE_TTL_MS (60 s): a revoked key is refused within that time.
  const apiKeys = new ApiKeyCache(db);
  api.use(async (c, next) => {
    const key = c.req.header('x-api-key') || undefined;
    const write = c.req.method === 'POST' && !c.req.path.endsWith('/quotes');
    const kind = write ? 'w' : 'r';
    const base = write ? config.RATE_LIMIT_WRITES_PER_MINUTE : config.RATE_LIMIT_READS_PER_MINUTE;
    const ip = `ip:${clientIp(c, config.TRUST_PROXY)}`;
    // Every request but those with a key known to be a partner's counts against the address's
    // anonymous limit BEFORE its key is looked up: invalid keys use that limit up and then get 429
    // like any anonymous request, with no lookup. (So the first request of a new key counts there too.)
    // The site's own pages (same-origin browser requests, no key) read on a budget of their own
    // that fits browsing; every other caller keeps the API's limits. A forged Sec-Fetch-Site only
    // moves a client to that bucket, which is limited too.
    const fromSite = !key && !write && c.req.header('sec-fetch-site') === 'same-origin';
    if (fromSite) {
      await enforceRateLimit(
        c,
        limiter,
        `site:${kind}:${ip}`,
        config.RATE_LIMIT_SITE_READS_PER_MINUTE,
        MINUTE,
      );
    } else if (!key || !apiKeys.knownValid(key)) {
      await enforceRateLimit(c, limiter, `${kind}:${ip}`, base, MINUTE);
    }
    const partner = key ? await apiKeys.partnerFor(key) : null;
    if (key && !partner) throw new ApiError(401, 'invalid_api_key');
    const client = partner ? `partner:${partner.id}` : ip;
    if (partner) {
      const limit = base * config.RATE_LIMIT_PARTNER_MULTIPLIER;
      await enforceRateLimit(c, limiter, `${kind}:${client}`, limit, MINUTE);
      // Counted in memory, written once a minute (core/partners/api-keys.ts).
      services.apiKeyUsage.record(partner.keyId);
    }
    c.set('partner', partner);
    c.set('client', client);
    await next();
  });

  api.route('/', v1Routes());

  // Unknown paths and wrong methods answer in the API's error format, never with the site's HTML
  // page (a mounted app's own notFound is not called by the app it is mounted in).
  const routes = api.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => ({ method: route.method, pattern: routePattern(route.path) }));
  api.all('*', (c) => {
    const path = c.req.path.replace(/^\/api\/v1/, '') || '/';
    const allowed = [
      ...new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method)),
    ];
    if (allowed.length === 0) throw new ApiError(404, 'not_found');
    if (!allowed.includes('HEAD') && allowed.includes('GET')) allowed.push('HEAD');
    c.header('Allow', allowed.join(', '));
    throw new ApiError(405, 'method_not_allowed');
  });

  return api;
}

/** A route path (`/pairs/:from/:to`) as a regular expression for whole request paths. */
function routePattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}
