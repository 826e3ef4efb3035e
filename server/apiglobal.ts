import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { GlobalData } from '../core/global/global-data.ts';
import { isLang } from '../core/i18n/languages.ts';
import { hashIp, normalizeEmail, SUBSCRIBE_ACTION, subscribe } from '../core/newsletter/newsletter.ts';
import type { Services } from '../core/services.ts';
import { ApiError, apiErrorHandler, errorResponse } from './api/errors.ts';
import { jsonBody } from './api/input.ts';
import { enforceRateLimit } from './api/rate-limit.ts';
import { requestLanguage } from './api/request-language.ts';
import { clientIp } from './client-ip.ts';

const HOUR = 60 * 60_000;
/** The subscribe body is two short strings; a reCAPTCHA token is a few KB at most. */
const MAX_SUBSCRIBE_BODY = 16 * 1024;

/** SPEC §3 subscribe payload. Missing values are checked by the rules after it, not here. */
export const subscribeSchema = z.object({
  email: z.string().nullish(),
  googleReCaptchaToken: z.string().nullish(),
});

/** True when If-None-Match names this ETag (or `*`); weak comparison, as for GET. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** Client addresses app.request() and unknown sockets report; not worth hashing or sending on. */
function knownIp(ip: string): string | undefined {
  return ip === 'local' || ip === 'unknown' ? undefined : ip;
}

/**
 * The site's own API under `/apiglobal` (SPEC §7): the dictionaries, the global data and the
 * newsletter subscription. Errors are `{error: {code, message, field?}}` like `/api/v1`.
 */
export function createApiGlobal(services: Services): Hono {
  const { config, log, rateLimiter } = services;
  const api = new Hono();

  api.onError(apiErrorHandler(services));

  const localeEtags = new Map<string, string>();
  api.get('/locale/:code', (c) => {
    const code = c.req.param('code');
    const dictionary = isLang(code) ? services.dictionaries.get(code) : undefined;
    if (!dictionary) {
      return c.json({ error: { code: 'unknown_locale', message: `Unknown language: '${code}'` } }, 404);
    }
    let etag = localeEtags.get(code);
    if (!etag) {
      etag = `"${createHash('sha1').update(JSON.stringify(dictionary)).digest('base64url')}"`;
      localeEtags.set(code, etag);
    }
    c.header('ETag', etag);
    c.header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    return c.json(dictionary);
  });

  // The global data object stays the same until the service re-reads it: serialise it once.
  const globalBodies = new WeakMap<GlobalData, { body: string; etag: string }>();
  api.get('/global', async (c) => {
    const data = await services.global.get();
    let cached = globalBodies.get(data);
    if (!cached) {
      const body = JSON.stringify(data);
      cached = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      globalBodies.set(data, cached);
    }
    c.header('ETag', cached.etag);
    c.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
    if (matchesEtag(c.req.header('if-none-match'), cached.etag)) return c.body(null, 304);
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return c.body(cached.body);
  });

  api.post(
    '/contact/subscribe',
    async (c, next) => {
      c.header('Cache-Control', 'no-store');
      const ip = clientIp(c, config.TRUST_PROXY);
      const limit = config.RATE_LIMIT_SUBSCRIBE_PER_HOUR;
      await enforceRateLimit(c, rateLimiter, `subscribe:ip:${ip}`, limit, HOUR);
      await next();
    },
    bodyLimit({
      maxSize: MAX_SUBSCRIBE_BODY,
      onError: (c) => errorResponse(c, services, new ApiError(413, 'payload_too_large')),
    }),
    async (c) => {
      const body = await jsonBody(c, subscribeSchema);
      const ip = knownIp(clientIp(c, config.TRUST_PROXY));

      // SPEC §5: no token, nothing is done. The check comes first so bots learn nothing about emails.
      const check = await services.humanCheck.verify(body.googleReCaptchaToken ?? '', ip, SUBSCRIBE_ACTION);
      if (!check.ok) {
        if (check.reason === 'unavailable') throw new ApiError(503, 'captcha_unavailable');
        log.info(
          { reason: check.reason, score: check.score },
          'Newsletter subscription failed the human check',
        );
        throw new ApiError(400, 'captcha_failed', { field: 'googleReCaptchaToken' });
      }

      const email = normalizeEmail(body.email ?? '');
      if (!email) throw new ApiError(422, 'invalid_email', { field: 'email' });
      const { created } = await subscribe(services.db, {
        email,
        lang: requestLanguage(c),
        ipHash: ip ? hashIp(ip) : null,
      });
      if (created) log.info('Newsletter subscriber added');
      return c.json({ subscribed: true });
    },
  );

  // An API namespace answers unknown paths in JSON rather than with the site's 404 page.
  api.all('*', () => {
    throw new ApiError(404, 'not_found');
  });

  return api;
}
