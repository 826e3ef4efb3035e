import { normalizeEmail } from '../../core/newsletter/email.ts';
import type { TFunction } from '../i18n/i18n.ts';
import { ApiProblem } from '../lib/api-client.ts';
import type { AddressState } from './api-hooks.ts';
import { cleanAmount, isZero } from './format.ts';
import { addressReason } from './messages.ts';
import type { SwapQuery } from './query.ts';
import type { StepProblem, StepQuote } from './swap-create.server.ts';
import type { Quote, QuoteRequest } from './types.ts';

/** Fields the form shows errors next to, in the form's order; others go to the summary or the form's alert. */
export const FIELDS = [
  'payoutAddress',
  'payoutMemo',
  'refundAddress',
  'refundMemo',
  'promoCode',
  'email',
  'terms',
] as const;
export type Field = (typeof FIELDS)[number];
export type FieldErrors = Partial<Record<Field, string>>;
/** The fields typed into. */
export type TextField = Exclude<Field, 'terms'>;

/** A fixed quote that runs out is refreshed by itself at most once in this many ms. */
export const AUTO_REFRESH_MS = 10_000;

/** The swap step's state: what the visitor typed and ticked, the errors shown, and where the submit and quote stand. */
export interface SwapCreateState {
  payoutAddress: string;
  payoutMemo: string;
  refundAddress: string;
  refundMemo: string;
  /** The promo code field as typed. */
  promoCode: string;
  /** The promo code applied to the quote. */
  promo: string | undefined;
  /** Optional: where the receipt and status mails go. */
  email: string;
  terms: boolean;
  errors: FieldErrors;
  /** A quote problem met on submit, shown in the summary. */
  summaryError: string | null;
  /** Any other problem, in the alert above the button. */
  formError: string | null;
  submitting: boolean;
  /** Asks for the quote again whenever it changes. */
  refresh: number;
  /** An expired fixed quote that is not refreshed by itself: the visitor asks for a new rate. */
  stale: boolean;
  /** When the last automatic refresh was asked (ms since the epoch). */
  lastAutoRefresh: number;
}

/** Where a failed create goes: next to a field, into the summary (a new quote is asked), or the form's alert. */
export type SubmitFailure =
  | { target: 'field'; field: Field; message: string }
  | { target: 'summary'; message: string }
  | { target: 'form'; message: string };

export type SwapCreateAction =
  | { type: 'edit'; field: TextField; value: string }
  | { type: 'terms'; checked: boolean }
  | { type: 'applyPromo' }
  | { type: 'quoteLoading' }
  | { type: 'quoteReady' }
  /** `promoRefusal`: the text when the quote refused the promo code. */
  | { type: 'quoteFailed'; promoRefusal: string | null }
  | { type: 'quoteExpired'; at: number }
  | { type: 'newRate' }
  | { type: 'validated'; errors: FieldErrors }
  | { type: 'noQuote'; message: string }
  | { type: 'submit' }
  | { type: 'submitFailed'; failure: SubmitFailure };

export const INITIAL_SWAP_CREATE: SwapCreateState = {
  payoutAddress: '',
  payoutMemo: '',
  refundAddress: '',
  refundMemo: '',
  promoCode: '',
  promo: undefined,
  email: '',
  terms: false,
  errors: {},
  summaryError: null,
  formError: null,
  submitting: false,
  refresh: 0,
  stale: false,
  lastAutoRefresh: 0,
};

function withoutError(errors: FieldErrors, field: Field): FieldErrors {
  if (!errors[field]) return errors;
  const { [field]: _dropped, ...rest } = errors;
  return rest;
}

export function swapCreateReducer(state: SwapCreateState, action: SwapCreateAction): SwapCreateState {
  switch (action.type) {
    // Editing a field clears its error.
    case 'edit':
      return { ...state, [action.field]: action.value, errors: withoutError(state.errors, action.field) };
    case 'terms':
      return { ...state, terms: action.checked, errors: withoutError(state.errors, 'terms') };
    case 'applyPromo': {
      const code = state.promoCode.trim();
      return { ...state, promo: code || undefined, errors: withoutError(state.errors, 'promoCode') };
    }
    case 'quoteLoading':
      return state.stale ? { ...state, stale: false } : state;
    case 'quoteReady':
      return state.summaryError === null ? state : { ...state, summaryError: null };
    // A promo code the quote refuses is dropped again, with the reason next to the field.
    case 'quoteFailed':
      return state.promo && action.promoRefusal
        ? { ...state, promo: undefined, errors: { ...state.errors, promoCode: action.promoRefusal } }
        : state;
    // At most one automatic refresh every 10 s, so a visitor's wrong clock cannot start a loop.
    case 'quoteExpired':
      return action.at - state.lastAutoRefresh > AUTO_REFRESH_MS
        ? { ...state, refresh: state.refresh + 1, lastAutoRefresh: action.at }
        : { ...state, stale: true };
    case 'newRate':
      return { ...state, refresh: state.refresh + 1 };
    case 'validated':
      return { ...state, errors: action.errors, formError: null };
    case 'noQuote':
      return { ...state, formError: action.message };
    case 'submit':
      return { ...state, submitting: true };
    case 'submitFailed': {
      const { failure } = action;
      const failed = { ...state, submitting: false };
      if (failure.target === 'field') return { ...failed, errors: { [failure.field]: failure.message } };
      if (failure.target === 'summary')
        return { ...failed, summaryError: failure.message, refresh: state.refresh + 1 };
      return { ...failed, formError: failure.message };
    }
  }
}

export function isPromoProblem(error: ApiProblem): boolean {
  return error.field === 'promoCode' || error.code.includes('promo');
}

/** Where the server's answer to a create goes (`message` is its text). */
export function submitFailure(problem: ApiProblem, message: string): SubmitFailure {
  const field = problem.field;
  if (field && (FIELDS as readonly string[]).includes(field)) {
    return { target: 'field', field: field as Field, message };
  }
  if (field === 'quoteId' || field === 'amount' || problem.code.startsWith('quote_')) {
    return { target: 'summary', message };
  }
  return { target: 'form', message };
}

/** True when an address check says the memo next to the address is not valid. */
export function memoInvalid(check: AddressState): boolean {
  return check.status === 'valid' || check.status === 'invalid' ? check.memoValid === false : false;
}

/** What the form needs to know about the two networks to check the fields. */
export interface SwapCreateRules {
  /** The payout network's name, for address errors. */
  payoutNetwork: string;
  refundNetwork: string;
  /** True when the payout network requires a memo. */
  payoutMemoRequired: boolean;
  /** The memo's name on each network, as the form labels it. */
  payoutMemoLabel: string;
  refundMemoLabel: string;
}

/** The fields' errors before a submit; none means the form can be sent. */
export function fieldErrors(
  state: SwapCreateState,
  checks: { payout: AddressState; refund: AddressState },
  rules: SwapCreateRules,
  t: TFunction,
): FieldErrors {
  const found: FieldErrors = {};
  const payoutMemo = state.payoutMemo.trim();
  const refund = state.refundAddress.trim();
  if (!state.payoutAddress.trim()) found.payoutAddress = t('exchange.create.errors.addressRequired');
  else if (checks.payout.status === 'invalid')
    found.payoutAddress = addressReason(t, checks.payout.reason, rules.payoutNetwork);
  if (rules.payoutMemoRequired && !payoutMemo)
    found.payoutMemo = t('exchange.create.errors.memoRequired', { memo: rules.payoutMemoLabel });
  else if (payoutMemo && memoInvalid(checks.payout))
    found.payoutMemo = t('exchange.create.errors.memoInvalid', { memo: rules.payoutMemoLabel });
  if (refund && checks.refund.status === 'invalid')
    found.refundAddress = addressReason(t, checks.refund.reason, rules.refundNetwork);
  if (state.refundMemo.trim() && memoInvalid(checks.refund))
    found.refundMemo = t('exchange.create.errors.memoInvalid', { memo: rules.refundMemoLabel });
  if (state.email.trim() && !notifyEmail(state).email) found.email = t('swapNotify.field.invalid');
  if (!state.terms) found.terms = t('exchange.create.errors.terms');
  return found;
}

/** The first field with an error, in the form's order (it takes the focus). */
export function firstInvalid(errors: FieldErrors): Field | undefined {
  return FIELDS.find((field) => errors[field]);
}

/** The addresses and memos a create sends: trimmed, empty ones left out, a refund memo only with a refund address. */
export function swapAddresses(state: SwapCreateState): {
  payoutAddress: string;
  payoutMemo?: string;
  refundAddress?: string;
  refundMemo?: string;
} {
  const payoutMemo = state.payoutMemo.trim();
  const refund = state.refundAddress.trim();
  const refundMemo = state.refundMemo.trim();
  return {
    payoutAddress: state.payoutAddress.trim(),
    ...(payoutMemo ? { payoutMemo } : {}),
    ...(refund ? { refundAddress: refund } : {}),
    ...(refund && refundMemo ? { refundMemo } : {}),
  };
}

/** The optional email a create sends (trimmed, lowercased), left out when empty or not valid. */
export function notifyEmail(state: SwapCreateState): { email?: string } {
  const email = normalizeEmail(state.email);
  return email ? { email } : {};
}

/** Whether the applied promo code shows in the quote: 'applied' without a service fee, 'ignored' with one. */
export function promoOutcome(
  promo: string | undefined,
  quote: { status: string; data: Quote | null },
): 'applied' | 'ignored' | null {
  if (!promo || quote.status !== 'ready' || !quote.data) return null;
  return isZero(quote.data.serviceFee) ? 'applied' : 'ignored';
}

/** A problem the server sent as data, as the API client's problem (for the same messages). */
export function asApiProblem(problem: StepProblem): ApiProblem {
  return new ApiProblem(problem.status, problem.code, problem.message, problem.field, problem.details);
}

/** The step's state after the server refused its plain post: the problem where the API's would go. */
export function afterPost(posted: StepProblem | null): SwapCreateState {
  if (!posted) return INITIAL_SWAP_CREATE;
  const failure = submitFailure(asApiProblem(posted), posted.message);
  return swapCreateReducer(INITIAL_SWAP_CREATE, { type: 'submitFailed', failure });
}

/** The quote the step asks for: the step's pair and amount, with the applied promo code. */
export function stepQuoteRequest(step: SwapQuery, promo: string | undefined): QuoteRequest {
  return {
    from: step.from,
    fromNetwork: step.fromNetwork,
    to: step.to,
    toNetwork: step.toNetwork,
    amount: cleanAmount(step.amount),
    rateType: step.rateType,
    ...(step.provider ? { provider: step.provider } : {}),
    ...(promo ? { promoCode: promo } : {}),
  };
}

/** Where the live quote stands, as far as the step shows it. */
export interface LiveQuote {
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: Quote | null;
}

/**
 * The quote the summary shows: the live one, or the server's until the live one answers (the
 * page shows a quote before its code runs) unless a promo code asks for another; with the
 * server's problem in the same way.
 */
export function shownQuote(
  quote: LiveQuote,
  server: StepQuote | null,
  promo: string | undefined,
): { shown: Quote | null; earlyProblem: ApiProblem | null } {
  const early = quote.status === 'idle' || (quote.status === 'loading' && !quote.data);
  const shown = quote.data ?? (early && !promo ? (server?.quote ?? null) : null);
  const earlyProblem = early && !promo && server?.quoteProblem ? asApiProblem(server.quoteProblem) : null;
  return { shown, earlyProblem };
}

/** When the shown fixed quote runs out (ms since the epoch); null for a float rate or before the live quote answers. */
export function quoteExpiry(fixed: boolean, quote: LiveQuote, shown: Quote | null): number | null {
  return fixed && quote.status === 'ready' && shown?.expiresAt ? Date.parse(shown.expiresAt) : null;
}

/** Whether a create can be sent: a live quote, with its id for a fixed rate. */
export function quoteReadyToCreate(fixed: boolean, quote: LiveQuote, shown: Quote | null): boolean {
  return quote.status === 'ready' && (!fixed || !!shown?.quoteId);
}

/** What POST /api/v1/swaps is sent: the quote request, the fixed quote's id, addresses, email and partner. */
export function createSwapBody(
  request: QuoteRequest,
  state: SwapCreateState,
  { quoteId, affiliateId }: { quoteId?: string | undefined; affiliateId?: string | undefined },
) {
  return {
    ...request,
    ...(quoteId ? { quoteId } : {}),
    ...swapAddresses(state),
    ...notifyEmail(state),
    ...(affiliateId ? { affiliateId } : {}),
  };
}
