import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { sameDeadline } from '../../core/exchange/decision-link.ts';
import { type DecisionInput, isSwapError } from '../../core/exchange/swaps.ts';
import { SWAP_ID_PATTERN } from '../../core/exchange/types.ts';
import { translate } from '../../core/i18n/translate.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';

/** What the swap page's decision forms answer: nothing on success, else the error, in the page language. */
export interface SwapDecisionResult {
  error?: { code: string; message: string; field?: string };
}

/** Decisions one swap may take per minute (a form posted in a loop changes nothing, but costs). */
const DECISIONS_PER_MINUTE = 20;

/** The form fields as a decision, or null for an unknown intent. */
export function decisionFromForm(form: FormData): DecisionInput | null {
  const intent = form.get('intent');
  if (intent === 'continue') return { action: 'continue' };
  if (intent !== 'refund') return null;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : undefined;
  };
  const refundAddress = text('refundAddress');
  const refundMemo = text('refundMemo');
  return {
    action: 'refund',
    ...(refundAddress ? { refundAddress } : {}),
    ...(refundMemo ? { refundMemo } : {}),
  };
}

/**
 * The swap page's route action: continue at the market rate, refund, or give the refund address.
 * A plain HTML form posts here too (no JavaScript needed); the page then shows the swap as it is.
 */
export function swapDecisionAction(args: ActionFunctionArgs) {
  return decide(args, null);
}

/**
 * The action of the mail's signed decision page (/swap/{id}/decide?token=…): the same decision,
 * taken only with a token signed for this swap and its current deadline; then on to the swap page.
 * A wrong or expired token goes back to the page, which says so.
 */
export function swapDecisionLinkAction(args: ActionFunctionArgs) {
  return decide(args, new URL(args.request.url).searchParams.get('token') ?? '');
}

async function decide(args: ActionFunctionArgs, token: string | null) {
  const { services } = args.context.get(requestStateContext);
  const { lang, params } = resolvePage(args);
  const id = (params.swapId ?? '').toLowerCase();
  if (!SWAP_ID_PATTERN.test(id)) throw data('Swap not found', { status: 404 });
  const failed = async (status: number, code: string, field?: string) => {
    const swap = await services.swaps.get(id);
    const from = swap ? await services.catalogue.asset(swap.from, swap.fromNetwork) : null;
    const memo = translate(
      services.dictionaries,
      lang,
      `exchange.memoNames.${from?.network.memo?.kind ?? 'memo'}`,
    );
    const values = { network: from?.network.name ?? '', memo, field: field ?? '', seconds: 60 };
    const message = translate(services.dictionaries, lang, `apiErrors.${code}`, values);
    return data<SwapDecisionResult>({ error: { code, message, ...(field ? { field } : {}) } }, { status });
  };
  const decision = decisionFromForm(await args.request.formData());
  if (!decision) return failed(400, 'invalid_request', 'intent');
  const verdict = await services.rateLimiter.hit(`swap-decision:${id}`, DECISIONS_PER_MINUTE, 60_000);
  if (!verdict.allowed) return failed(429, 'rate_limited');
  const swapPage = localizePath(lang, `/swap/${id}`);
  if (token !== null) {
    const swap = await services.swaps.get(id);
    if (!swap) throw data('Swap not found', { status: 404 });
    const check = services.swapMail.links.verify(id, token);
    if (!check.ok || !sameDeadline(check.deadline, swap.actionDeadline)) {
      return redirect(`${swapPage}/decide?token=${encodeURIComponent(token)}`);
    }
  }
  try {
    await services.swaps.decide(id, decision);
    return token === null ? data<SwapDecisionResult>({}) : redirect(swapPage);
  } catch (error) {
    if (isSwapError(error)) {
      if (error.code === 'swap_not_found') throw data('Swap not found', { status: 404 });
      return failed(error.status, error.code, error.field);
    }
    throw error;
  }
}
