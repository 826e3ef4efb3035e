import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { SWAP_ID_PATTERN } from '../../../core/exchange/types.ts';
import { hashIp, normalizeEmail, SUBSCRIBE_ACTION, subscribe } from '../../../core/newsletter/newsletter.ts';
import { checkReview } from '../../../core/reviews/review-fields.ts';
import { ReviewRefused } from '../../../core/reviews/reviews.ts';
import type { Services } from '../../../core/services.ts';
import { checkForm, FORM_ACTIONS, FORM_FIELDS, type SupportFormKind } from '../../../core/support/fields.ts';
import { clientIp } from '../../client-ip.ts';
import { ApiError } from '../errors.ts';
import { jsonBody } from '../input.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { requestLanguage } from '../request-language.ts';
import { HOUR, limitBody, MAX_FORM_BODY } from './shared.ts';

/** The subscribe body is two short strings; a reCAPTCHA token is a few KB at most. */
const MAX_SUBSCRIBE_BODY = 16 * 1024;

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

/** Client addresses app.request() and unknown sockets report; not worth hashing or sending on. */
function knownIp(ip: string): string | undefined {
  return ip === 'local' || ip === 'unknown' ? undefined : ip;
}

/**
 * The site's public forms under `/apiglobal` (SPEC §7): contact, add-coin, demo request, reviews,
 * the newsletter, and the swap mails' unsubscribe. Each behind a human check where a bot could
 * abuse it, a rate limit per client and a body limit; a refused field is 422 naming it.
 */
export function formRoutes(services: Services): Hono {
  const { config, log, rateLimiter } = services;
  const api = new Hono();

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
    limitBody(services, MAX_FORM_BODY),
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

  api.post(
    '/contact/subscribe',
    async (c, next) => {
      c.header('Cache-Control', 'no-store');
      const ip = clientIp(c, config.TRUST_PROXY);
      const limit = config.RATE_LIMIT_SUBSCRIBE_PER_HOUR;
      await enforceRateLimit(c, rateLimiter, `subscribe:ip:${ip}`, limit, HOUR);
      await next();
    },
    limitBody(services, MAX_SUBSCRIBE_BODY),
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

  return api;
}
