import { type ActionFunctionArgs, data } from 'react-router';
import type { Lang } from '../../core/i18n/languages.ts';
import { translate } from '../../core/i18n/translate.ts';
import { hashIp } from '../../core/newsletter/newsletter.ts';
import { checkReview } from '../../core/reviews/review-fields.ts';
import type { ReviewRefused } from '../../core/reviews/reviews.ts';
import type { Services } from '../../core/services.ts';
import { checkForm, FORM_ACTIONS, FORM_FIELDS, type SupportFormKind } from '../../core/support/fields.ts';
import { field, guardedForm, seeOther, stateOf, withResult } from '../forms/guard.server.ts';
import { resolvePage } from '../routing/page-loader.server.ts';
import { SENT_PARAM, type SupportFormId, type SupportPosted } from './posted.ts';

const HOUR = 60 * 60_000;

/** Each form's write: a support request of its kind, or a review. */
const KINDS: Record<SupportFormId, SupportFormKind | 'review'> = {
  'contact-form': 'contact',
  'add-coin-form': 'add_coin',
  'demo-form': 'partner_demo',
  'review-form': 'review',
};

const REVIEW_FIELDS = ['swapId', 'name', 'rating', 'text'] as const;

/** How a refused review is answered (as POST /apiglobal/reviews). */
const REVIEW_REFUSALS = { swap_not_found: 404, swap_not_finished: 409, review_exists: 409 } as const;

/**
 * A review's refusal. The services are the server's, made outside this build: recognised by its
 * name, not `instanceof` (as the swap step's, app/exchange/swap-create.server.ts).
 */
function isReviewRefused(error: unknown): error is ReviewRefused {
  return error instanceof Error && error.name === 'ReviewRefused';
}

/** Client addresses unknown to the HTTP layer: not worth hashing or sending on. */
function knownIp(ip: string | undefined): string | undefined {
  return !ip || ip === 'local' || ip === 'unknown' ? undefined : ip;
}

/** A refused field's message, as the JSON API words it (server/apiglobal.ts `fieldError`). */
function fieldMessage(
  services: Services,
  lang: Lang,
  problem: { code: string; values?: Record<string, number> | undefined },
): string {
  const key = problem.code === 'invalid_characters' ? 'forms.invalidCharacters' : `apiErrors.${problem.code}`;
  return translate(services.dictionaries, lang, key, problem.values ?? {});
}

/**
 * The plain post of a contact, add-coin, partner-demo or review form (docs/decisions/015): the
 * same guards and steps as its JSON endpoint under /apiglobal — one write counted against the
 * same `forms` limit per client, the human check first, the same field rules and core service.
 * Sent: 303 back to the page with `?sent={form}` (nothing typed in the URL). Refused: the page
 * again with what was typed and the translated reason (422 for a field, 400/503 for the check).
 */
export async function supportFormAction(args: ActionFunctionArgs, forms: readonly SupportFormId[]) {
  const { lang } = resolvePage(args);
  const state = stateOf(args.context);
  const { services } = state;
  if (state.page) state.page.private = true;
  const form = await guardedForm({
    request: args.request,
    state,
    limit: { scope: 'forms', limit: services.config.RATE_LIMIT_FORMS_PER_HOUR, windowMs: HOUR },
  });
  const id = field(form, 'form') as SupportFormId;
  if (!forms.includes(id))
    throw data('invalid_request', { status: 400, headers: { 'Cache-Control': 'no-store' } });
  const kind = KINDS[id];
  const names = kind === 'review' ? REVIEW_FIELDS : Object.keys(FORM_FIELDS[kind]);
  const values = Object.fromEntries(names.map((name) => [name, field(form, name)]));
  const refuse = (status: number, posted: Omit<SupportPosted, 'form' | 'values'>) =>
    data<SupportPosted>(
      { form: id, values, ...posted },
      { status, headers: { 'Cache-Control': 'no-store' } },
    );

  const ip = knownIp(state.ip);
  const token = field(form, 'googleReCaptchaToken');
  // reCAPTCHA v3 gives its token to scripts only: a plain post has none to show.
  if (!token && services.config.RECAPTCHA_SITE_KEY) {
    return refuse(400, {
      errors: {},
      failure: translate(services.dictionaries, lang, 'forms.needsJavaScript'),
    });
  }
  const check = await services.humanCheck.verify(token, ip, FORM_ACTIONS[kind]);
  if (!check.ok) {
    const unavailable = check.reason === 'unavailable';
    const code = unavailable ? 'captcha_unavailable' : 'captcha_failed';
    return refuse(unavailable ? 503 : 400, {
      errors: {},
      failure: translate(services.dictionaries, lang, `apiErrors.${code}`),
    });
  }

  const refuseField = (
    status: number,
    problem: { field: string; code: string; values?: Record<string, number> },
  ) => refuse(status, { errors: { [problem.field]: fieldMessage(services, lang, problem) }, failure: null });
  if (kind === 'review') {
    const checked = checkReview(values);
    if (!checked.ok) return refuseField(422, checked.problem);
    try {
      await services.reviews.submit(checked.values, lang);
    } catch (error) {
      if (!isReviewRefused(error)) throw error;
      const code = error.reason === 'swap_not_finished' ? 'review_swap_not_finished' : error.reason;
      return refuseField(REVIEW_REFUSALS[error.reason], { field: 'swapId', code });
    }
  } else {
    const checked = checkForm(kind, values);
    if (!checked.ok) return refuseField(422, checked.problem);
    const { id: stored } = await services.support.submit(kind, checked.values, {
      lang,
      ipHash: ip ? hashIp(ip) : null,
    });
    services.log.info({ kind, id: stored }, 'Support request received');
  }
  return seeOther(withResult(new URL(args.request.url).pathname, SENT_PARAM, id, id));
}
