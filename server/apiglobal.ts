import { createHash, timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { SWAP_ID_PATTERN } from '../core/exchange/types.ts';
import type { GlobalData } from '../core/global/global-data.ts';
import { isLang } from '../core/i18n/languages.ts';
import { hashIp, normalizeEmail, SUBSCRIBE_ACTION, subscribe } from '../core/newsletter/newsletter.ts';
import { WITHDRAWAL_ID_PATTERN } from '../core/partners/withdrawals.ts';
import { checkReview } from '../core/reviews/review-fields.ts';
import { ReviewRefused } from '../core/reviews/reviews.ts';
import type { Services } from '../core/services.ts';
import { checkForm, FORM_ACTIONS, FORM_FIELDS, type SupportFormKind } from '../core/support/fields.ts';
import { PARTNER_ID_PATTERN } from '../core/widget/config.ts';
import { validateWidgetTheme } from '../core/widget/theme.ts';
import { HostTakenError } from '../core/widget/themes.ts';
import { ApiError, apiErrorHandler, errorResponse } from './api/errors.ts';
import { jsonBody } from './api/input.ts';
import { enforceRateLimit } from './api/rate-limit.ts';
import { requestLanguage } from './api/request-language.ts';
import { clientIp } from './client-ip.ts';

const HOUR = 60 * 60_000;
/** The subscribe body is two short strings; a reCAPTCHA token is a few KB at most. */
const MAX_SUBSCRIBE_BODY = 16 * 1024;
/** A form's longest body: a 5,000-character message in any script, the other fields and a token. */
const MAX_FORM_BODY = 64 * 1024;

/** SPEC §3 subscribe payload. Missing values are checked by the rules after it, not here. */
export const subscribeSchema = z.object({
  email: z.string().nullish(),
  googleReCaptchaToken: z.string().nullish(),
});

/** A support form's body: its fields as strings (or absent), and the human check's token. */
const formBodySchema = z.record(z.string(), z.union([z.string(), z.number()]).nullish());

/** The unsubscribe confirmation's body: the token of the mails' link. */
const unsubscribeSchema = z.object({ token: z.string().max(200).nullish() });

/** The review form's body. */
const reviewSchema = z.object({
  swapId: z.string().nullish(),
  name: z.string().nullish(),
  rating: z.union([z.number(), z.string()]).nullish(),
  text: z.string().nullish(),
  googleReCaptchaToken: z.string().nullish(),
});

/** How a refused review is answered. */
const REVIEW_REFUSALS = {
  swap_not_found: 404,
  swap_not_finished: 409,
  review_exists: 409,
} as const;

/** A refused form field: 422 naming it (the forms' own message for characters it may not hold). */
function fieldError(problem: { field: string; code: string; values?: Record<string, number> | undefined }) {
  const { field, code, values } = problem;
  return new ApiError(422, code, {
    field,
    ...(values ? { values } : {}),
    ...(code === 'invalid_characters' ? { messageKey: 'forms.invalidCharacters' } : {}),
  });
}

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

  /** The human check of a public form: 503 when it cannot be made, 400 when it fails. */
  async function requireHuman(token: string | null | undefined, ip: string | undefined, action: string) {
    const check = await services.humanCheck.verify(token ?? '', ip, action);
    if (check.ok) return;
    if (check.reason === 'unavailable') throw new ApiError(503, 'captcha_unavailable');
    log.info({ reason: check.reason, score: check.score, action }, 'A form failed the human check');
    throw new ApiError(400, 'captcha_failed', { field: 'googleReCaptchaToken' });
  }

  /** Public form submissions: no caching, RATE_LIMIT_FORMS_PER_HOUR per client, small bodies. */
  const formGuards = [
    async (c: Context, next: () => Promise<void>) => {
      c.header('Cache-Control', 'no-store');
      const ip = clientIp(c, config.TRUST_PROXY);
      await enforceRateLimit(c, rateLimiter, `forms:ip:${ip}`, config.RATE_LIMIT_FORMS_PER_HOUR, HOUR);
      await next();
    },
    bodyLimit({
      maxSize: MAX_FORM_BODY,
      onError: (c) => errorResponse(c, services, new ApiError(413, 'payload_too_large')),
    }),
  ] as const;

  /** Contact, add-coin and demo request: human check, field rules (422 naming the field), stored, operator told. */
  const supportForm = (kind: SupportFormKind) => async (c: Context) => {
    const body = await jsonBody(c, formBodySchema);
    const ip = knownIp(clientIp(c, config.TRUST_PROXY));
    const token = body.googleReCaptchaToken;
    await requireHuman(typeof token === 'string' ? token : null, ip, FORM_ACTIONS[kind]);
    const input = Object.fromEntries(
      Object.keys(FORM_FIELDS[kind]).map((field) => {
        const value = body[field];
        return [field, value === null || value === undefined ? '' : String(value)];
      }),
    );
    const checked = checkForm(kind, input);
    if (!checked.ok) throw fieldError(checked.problem);
    const { id } = await services.support.submit(kind, checked.values, {
      lang: requestLanguage(c),
      ipHash: ip ? hashIp(ip) : null,
    });
    log.info({ kind, id }, 'Support request received');
    return c.json({ received: true, id }, 201);
  };

  api.post('/contact/message', ...formGuards, supportForm('contact'));
  api.post('/coins/request', ...formGuards, supportForm('add_coin'));
  api.post('/partners/demo', ...formGuards, supportForm('partner_demo'));

  /** A review of a finished swap: its id proves the customer; one review per swap. */
  api.post('/reviews', ...formGuards, async (c) => {
    const body = await jsonBody(c, reviewSchema);
    const ip = knownIp(clientIp(c, config.TRUST_PROXY));
    await requireHuman(body.googleReCaptchaToken, ip, FORM_ACTIONS.review);
    const checked = checkReview(body);
    if (!checked.ok) throw fieldError(checked.problem);
    try {
      const { id } = await services.reviews.submit(checked.values, requestLanguage(c));
      return c.json({ received: true, id }, 201);
    } catch (error) {
      if (!(error instanceof ReviewRefused)) throw error;
      const code = error.reason === 'swap_not_finished' ? 'review_swap_not_finished' : error.reason;
      throw new ApiError(REVIEW_REFUSALS[error.reason], code, { field: 'swapId' });
    }
  });

  /** The operator's endpoints (bearer OPERATOR_TOKEN; absent without a token): checks the token. */
  function operatorOnly(c: Context): void {
    const token = config.OPERATOR_TOKEN;
    if (!token) throw new ApiError(404, 'not_found');
    c.header('Cache-Control', 'no-store');
    const given = Buffer.from(c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
    const wanted = Buffer.from(token);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, 'unauthorized');
    }
  }

  /** The operator's lists: checks the token, reads `after`. */
  function operatorList(c: Context): number {
    operatorOnly(c);
    const after = Number(c.req.query('after') ?? 0);
    // Ids are PostgreSQL integers: a cursor past the largest is refused, not sent to the database.
    if (!Number.isSafeInteger(after) || after < 0 || after > 2_147_483_647) {
      throw new ApiError(400, 'invalid_request', { field: 'after', values: { field: 'after' } });
    }
    return after;
  }

  /** The operator's list of form submissions. */
  api.get('/support/requests', async (c) => {
    const after = operatorList(c);
    return c.json({ requests: await services.support.list(after) });
  });

  /** The operator's view of the mail outbox: what was queued and whether it went out. */
  api.get('/mail/outbox', async (c) => {
    const after = operatorList(c);
    return c.json({ mails: await services.mail.list(after) });
  });

  /**
   * A partner's white-label widget theme (core/widget/): read, replaced or removed by the operator.
   * Every value is checked (hex colours, bounded radius, lengths, plain texts, a host name): 422
   * naming the first refused field; 404 for an unknown partner; 409 for a host another partner has.
   */
  const themeId = (c: Context) => {
    const id = c.req.param('partnerId')?.toLowerCase() ?? '';
    if (!PARTNER_ID_PATTERN.test(id)) throw new ApiError(404, 'not_found');
    return id;
  };
  api.get('/partners/:partnerId/widget-theme', async (c) => {
    operatorOnly(c);
    const theme = await services.widgetThemes.get(themeId(c));
    if (theme === undefined) throw new ApiError(404, 'not_found');
    return c.json({ partnerId: themeId(c), theme });
  });
  api.put(
    '/partners/:partnerId/widget-theme',
    bodyLimit({
      maxSize: MAX_FORM_BODY,
      onError: (c) => errorResponse(c, services, new ApiError(413, 'payload_too_large')),
    }),
    async (c) => {
      operatorOnly(c);
      const id = themeId(c);
      const body = await jsonBody(c, z.record(z.string(), z.unknown()));
      const check = validateWidgetTheme(body);
      if (!check.ok) {
        throw new ApiError(422, 'invalid_request', { field: check.field, values: { field: check.field } });
      }
      try {
        if (!(await services.widgetThemes.save(id, check.theme))) throw new ApiError(404, 'not_found');
      } catch (error) {
        if (error instanceof HostTakenError) {
          throw new ApiError(409, 'invalid_request', { field: 'host', values: { field: 'host' } });
        }
        throw error;
      }
      log.info({ partner: id, host: check.theme.host }, 'Widget theme saved');
      return c.json({ partnerId: id, theme: check.theme });
    },
  );
  api.delete('/partners/:partnerId/widget-theme', async (c) => {
    operatorOnly(c);
    const id = themeId(c);
    if (!(await services.widgetThemes.remove(id))) throw new ApiError(404, 'not_found');
    return c.body(null, 204);
  });

  /**
   * Partners' withdrawals the operator sends by hand (outside the sandbox, core/partners/withdrawals.ts):
   * the confirmed ones waiting, and the transaction hash of one that was sent (409 unless queued).
   */
  api.get('/partners/withdrawals', async (c) => {
    operatorOnly(c);
    return c.json({ withdrawals: await services.partnerWithdrawals.queued() });
  });
  api.post('/partners/withdrawals/:id/paid', async (c) => {
    operatorOnly(c);
    const id = c.req.param('id').toLowerCase();
    if (!WITHDRAWAL_ID_PATTERN.test(id) || !(await services.partnerWithdrawals.get(id))) {
      throw new ApiError(404, 'not_found');
    }
    const { txHash } = await jsonBody(
      c,
      z.strictObject({ txHash: z.string().regex(/^[A-Za-z0-9]{16,128}$/) }),
    );
    if (!(await services.partnerWithdrawals.markPaid(id, txHash))) {
      throw new ApiError(409, 'invalid_request', { field: 'id', values: { field: 'id' } });
    }
    log.info({ withdrawal: id }, 'A partner withdrawal was paid by the operator');
    return c.json({ withdrawal: await services.partnerWithdrawals.get(id) });
  });

  /**
   * Stops a swap's mails (the confirm button of /swap/{id}/unsubscribe): the token of the mails'
   * link proves the owner; a wrong one is 404 like an unknown swap.
   */
  api.post('/swaps/:id/unsubscribe', ...formGuards, async (c) => {
    const { token } = await jsonBody(c, unsubscribeSchema);
    const id = c.req.param('id').toLowerCase();
    const result = SWAP_ID_PATTERN.test(id)
      ? await services.swapMail.unsubscribe(services.db, id, token ?? '')
      : 'not_found';
    if (result === 'not_found') throw new ApiError(404, 'swap_not_found');
    log.info({ swap: id, already: result === 'already' }, 'Swap mails unsubscribed');
    return c.json({ unsubscribed: true, already: result === 'already' });
  });

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
      await requireHuman(body.googleReCaptchaToken, ip, SUBSCRIBE_ACTION);

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
