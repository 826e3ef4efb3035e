import { randomUUID } from 'node:crypto';
import { swapRequestSchema } from '../../core/exchange/contract.ts';
import { quoteView } from '../../core/exchange/quote-view.ts';
import type { QuoteError } from '../../core/exchange/quotes.ts';
import type { SwapError } from '../../core/exchange/swaps.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { translate } from '../../core/i18n/translate.ts';
import { localizePath } from '../../core/routing/paths.ts';
import type { Services } from '../../core/services.ts';
import { checkOptionalEmail } from '../../core/support/fields.ts';
import { field, seeOther } from '../forms/guard.server.ts';
import type { SwapQuery } from './query.ts';
import type { Quote } from './types.ts';

/** A problem as the swap step shows it: the API's error shape, its message in the page's language. */
export interface StepProblem {
  status: number;
  code: string;
  message: string;
  field?: string;
  details?: Record<string, unknown>;
}

/** What the server renders of the swap step: its quote (or why there is none) and the form's key. */
export interface StepQuote {
  quote: Quote | null;
  quoteProblem: StepProblem | null;
  /** The Idempotency-Key of the plain form's post: a second click gives the same swap. */
  formKey: string;
}

function problem(
  services: Services,
  lang: Lang,
  status: number,
  code: string,
  options: { field?: string; details?: Record<string, unknown>; values?: Record<string, string> } = {},
): StepProblem {
  const message = translate(services.dictionaries, lang, `apiErrors.${code}`, options.values ?? {});
  return {
    status,
    code,
    message,
    ...(options.field ? { field: options.field } : {}),
    ...(options.details ? { details: options.details } : {}),
  };
}

/**
 * The server bundle has its own copy of core's classes, while the services the HTTP layer hands
 * over were made with the server's: a refusal is recognised by its name, not `instanceof`.
 */
function isQuoteError(error: unknown): error is QuoteError {
  return error instanceof Error && error.name === 'QuoteError';
}

function isSwapError(error: unknown): error is SwapError {
  return error instanceof Error && error.name === 'SwapError';
}

/** A quote or swap refusal as the JSON API words it (server/api/v1.ts does the same with its errors). */
async function refusal(
  services: Services,
  lang: Lang,
  step: SwapQuery,
  error: unknown,
): Promise<StepProblem> {
  if (isQuoteError(error)) {
    return problem(services, lang, error.code === 'invalid_amount' ? 400 : 422, error.code, {
      ...(error.field ? { field: error.field } : {}),
      ...(error.details ? { details: error.details } : {}),
      values: { coin: step.from.toUpperCase() },
    });
  }
  if (isSwapError(error)) {
    const refund = error.code.startsWith('invalid_refund');
    const asset = refund
      ? await services.catalogue.asset(step.from, step.fromNetwork)
      : await services.catalogue.asset(step.to, step.toNetwork);
    const network = asset?.network;
    return problem(services, lang, error.status, error.code, {
      ...(error.field ? { field: error.field } : {}),
      values: {
        network: network?.name ?? '',
        memo: translate(services.dictionaries, lang, `exchange.memoNames.${network?.memo?.kind ?? 'memo'}`),
      },
    });
  }
  throw error;
}

/** The step's quote, asked on the server so the page shows it before (or without) its code. */
export async function stepQuote(services: Services, lang: Lang, step: SwapQuery): Promise<StepQuote> {
  const formKey = randomUUID();
  try {
    const quote = await services.quotes.quote({ ...step, amount: step.amount.trim() });
    return {
      quote: quoteView(quote, (id) => services.swaps.provider(id)?.name ?? id),
      quoteProblem: null,
      formKey,
    };
  } catch (error) {
    return { quote: null, quoteProblem: await refusal(services, lang, step, error), formKey };
  }
}

/** An optional text field: absent when left empty. */
function optional(form: FormData, name: string): string | undefined {
  return field(form, name).trim() || undefined;
}

/**
 * The swap step's plain post (docs/decisions/015): the same checks and core service as
 * POST /api/v1/swaps, then 303 to the swap's page; a refusal is answered with the step again and
 * the problem next to its field. The form's key makes a second post of the same form the same swap.
 */
export async function createSwapFromForm(
  services: Services,
  lang: Lang,
  ip: string,
  step: SwapQuery,
  form: FormData,
  /** The partner of the visitor's affiliate link, from its cookie (core/partners/referral.ts). */
  referred: string | null = null,
): Promise<Response | { problem: StepProblem }> {
  if (form.get('terms') !== 'on') {
    return {
      problem: {
        status: 422,
        code: 'terms',
        field: 'terms',
        message: translate(services.dictionaries, lang, 'exchange.create.errors.terms'),
      },
    };
  }
  const parsed = swapRequestSchema.safeParse({
    ...step,
    quoteId: step.rateType === 'fixed' ? optional(form, 'quoteId') : undefined,
    payoutAddress: field(form, 'payoutAddress'),
    payoutMemo: optional(form, 'payoutMemo'),
    refundAddress: optional(form, 'refundAddress'),
    refundMemo: optional(form, 'refundMemo'),
    promoCode: optional(form, 'promoCode'),
  });
  if (!parsed.success) {
    const at = String(parsed.error.issues[0]?.path[0] ?? '');
    const known = ['payoutAddress', 'payoutMemo', 'refundAddress', 'refundMemo', 'promoCode'].includes(at);
    const code = at === 'payoutAddress' ? 'field_required' : 'invalid_request';
    return {
      problem: problem(services, lang, 400, code, {
        ...(known ? { field: at } : {}),
        values: { field: at },
      }),
    };
  }
  const notify = checkOptionalEmail('email', field(form, 'email'));
  if (!notify.ok) {
    const { field: at, code, values } = notify.problem;
    return {
      problem: problem(services, lang, 422, code, {
        field: at,
        values: Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)])),
      }),
    };
  }
  const { email: _none, affiliateId: _partner, ...request } = parsed.data;
  const partner = referred ? await services.widgetThemes.partner(referred) : null;
  const key = field(form, 'formKey');
  try {
    const { swap } = await services.swaps.create(
      {
        ...request,
        ...(partner ? { partnerId: partner.id, partnerVia: 'affiliate' as const } : {}),
        ...(notify.email ? { notify: { email: notify.email, lang } } : {}),
      },
      /^[\x21-\x7e]{1,255}$/.test(key) ? { scope: `ip:${ip}`, key } : undefined,
    );
    return seeOther(localizePath(lang, `/swap/${swap.id}`));
  } catch (error) {
    return { problem: await refusal(services, lang, step, error) };
  }
}
