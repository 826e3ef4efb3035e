import { hashIp, normalizeEmail, SUBSCRIBE_ACTION, subscribe } from '../../core/newsletter/newsletter.ts';
import type { RequestState } from '../lib/request-context.ts';
import { field, formLang, guardedForm, returnPath, seeOther, withResult } from './guard.server.ts';
import { NEWSLETTER_RESULT, type NewsletterResult } from './results.ts';

const HOUR = 60 * 60_000;

/** Client addresses unknown to the HTTP layer: not worth hashing. */
function knownIp(ip: string | undefined): string | undefined {
  return !ip || ip === 'local' || ip === 'unknown' ? undefined : ip;
}

/**
 * The footer newsletter's post without JavaScript (SPEC §5): the same checks and core service as
 * POST /apiglobal/contact/subscribe (human check first, then the address), with the same limit
 * per client. The visitor is sent back to their page with the outcome in the query, never the
 * address.
 */
export async function newsletterAction(request: Request, state: RequestState): Promise<Response> {
  const { services } = state;
  const form = await guardedForm({
    request,
    state,
    limit: { scope: 'subscribe', limit: services.config.RATE_LIMIT_SUBSCRIBE_PER_HOUR, windowMs: HOUR },
  });
  const back = (result: NewsletterResult) =>
    seeOther(withResult(returnPath(form), NEWSLETTER_RESULT, result, 'newsletter'));
  const ip = knownIp(state.ip);
  const token = field(form, 'googleReCaptchaToken');
  // reCAPTCHA v3 gives its token to scripts only: a plain post has none to show.
  if (!token && services.config.RECAPTCHA_SITE_KEY) return back('needs-js');
  const check = await services.humanCheck.verify(token, ip, SUBSCRIBE_ACTION);
  if (!check.ok) return back('error');
  const email = normalizeEmail(field(form, 'email'));
  if (!email) return back('invalid');
  const { created } = await subscribe(services.db, {
    email,
    lang: formLang(form),
    ipHash: ip ? hashIp(ip) : null,
  });
  if (created) services.log.info('Newsletter subscriber added');
  return back('subscribed');
}
