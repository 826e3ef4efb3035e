import { randomUUID } from 'node:crypto';
import { type ActionFunctionArgs, data } from 'react-router';
import {
  type FiatOrderRequestBody,
  type FiatQuoteRequestBody,
  type FiatQuoteView,
  fiatOrderRequestSchema,
  fiatQuoteRequestSchema,
  sandboxPaymentSchema,
} from '../../core/fiat/contract.ts';
import type { FiatError } from '../../core/fiat/quotes.ts';
import { SELL_ERROR_CODES } from '../../core/fiat/quotes.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { translate } from '../../core/i18n/translate.ts';
import { localizePath } from '../../core/routing/paths.ts';
import type { Services } from '../../core/services.ts';
import { field, guardedForm, seeOther, stateOf } from '../forms/guard.server.ts';
import { resolvePage } from '../routing/page-loader.server.ts';

/** A refusal as the widget shows it: the field it names, its message in the page's language. */
export interface FiatProblem {
  field?: string;
  message: string;
}

/** The sandbox checkout's plain post answered on its page: the 3-D Secure step, or the reason. */
export interface SandboxCheckoutPosted {
  challenge?: boolean;
  problem?: FiatProblem;
}

/** The offers the server found for the widget's GET (`?amount=…`): without JavaScript, or before it ran. */
export interface FiatCompared {
  request: FiatQuoteRequestBody;
  quote: FiatQuoteView | null;
  problem: FiatProblem | null;
  /** The order form's idempotency key: a double post is the same order. */
  key: string;
}

/**
 * The services are the server's, made outside this build: a fiat refusal is recognised by its
 * name, not `instanceof` (as the swap step's, app/exchange/swap-create.server.ts).
 */
export function isFiatError(error: unknown): error is FiatError {
  return error instanceof Error && error.name === 'FiatError';
}

/** A fiat refusal in the page's language: the same key and values as the API's (server/api/fiat.ts). */
export function fiatProblem(services: Services, lang: Lang, error: FiatError, unit: string): FiatProblem {
  const key = SELL_ERROR_CODES.has(error.code)
    ? `fiat.sell.errors.${error.code}`
    : `fiatErrors.${error.code}`;
  return {
    ...(error.field ? { field: error.field } : {}),
    message: translate(services.dictionaries, lang, key, { unit: unit.toUpperCase() }),
  };
}

/** A request the schema refuses: the first field it names, in the API's words. */
export function invalidRequest(
  services: Services,
  lang: Lang,
  issues: { path: PropertyKey[] }[],
): FiatProblem {
  const name = String(issues[0]?.path[0] ?? 'amount');
  return {
    field: name,
    message: translate(services.dictionaries, lang, 'apiErrors.invalid_request', { field: name }),
  };
}

/** The widget's fields as the page's query or form names them (the API's names). */
function requestFields(
  read: (name: string) => string,
  place: { country: string; region: string | null },
): Record<string, string> {
  const request: Record<string, string> = {
    side: read('side'),
    fiat: read('fiat'),
    coin: read('coin'),
    amount: read('amount').trim().replace(',', '.'),
    country: place.country,
  };
  if (place.region) request.region = place.region;
  const method = read('paymentMethod');
  if (method) request.paymentMethod = method;
  return request;
}

/**
 * The widget's GET (`?side=…&fiat=…&coin=…&amount=…`, nothing personal): every provider's offer
 * through the same core service as POST /api/v1/fiat/quotes, for the page to render. Null when the
 * query asks for no comparison.
 */
export async function compareFromQuery(
  services: Services,
  lang: Lang,
  url: URL,
  place: { country: string; region: string | null },
): Promise<FiatCompared | null> {
  if (!url.searchParams.has('amount')) return null;
  const fields = requestFields((name) => url.searchParams.get(name) ?? '', place);
  const parsed = fiatQuoteRequestSchema.safeParse(fields);
  if (!parsed.success) {
    // What was typed comes back with the reason (an amount that is no number); a made-up side or
    // code is no comparison at all.
    const amountOnly = parsed.error.issues.every((issue) => issue.path[0] === 'amount');
    if (!amountOnly) return null;
    return {
      request: fields as unknown as FiatQuoteRequestBody,
      quote: null,
      problem: invalidRequest(services, lang, parsed.error.issues),
      key: randomUUID(),
    };
  }
  const request = parsed.data;
  const unit = request.side === 'buy' ? request.fiat : request.coin;
  try {
    return { request, quote: await services.fiat.quote(request), problem: null, key: randomUUID() };
  } catch (error) {
    if (!isFiatError(error)) throw error;
    return { request, quote: null, problem: fiatProblem(services, lang, error, unit), key: randomUUID() };
  }
}

/**
 * The order form's plain post: the chosen offer and the wallet address (in the body only) make the
 * order through the same core service as POST /api/v1/fiat/orders, with the same write limit and
 * idempotency; 303 to its checkout (the provider's, or our sale page). Refused: the page again
 * with the reason next to the field (422 for a field, the API's status otherwise).
 */
export async function fiatOrderAction(
  args: ActionFunctionArgs,
  place: { country: string; region: string | null },
) {
  const { lang } = resolvePage(args);
  const state = stateOf(args.context);
  const { services } = state;
  if (state.page) state.page.private = true;
  const form = await guardedForm({
    request: args.request,
    state,
    limit: { scope: 'w', limit: services.config.RATE_LIMIT_WRITES_PER_MINUTE, windowMs: 60_000 },
  });
  const refuse = (status: number, problem: FiatProblem) =>
    data({ fiatProblem: problem }, { status, headers: { 'Cache-Control': 'no-store' } });
  const [provider = '', paymentMethod = ''] = field(form, 'offer').split(' ');
  const fields = {
    ...requestFields((name) => field(form, name), place),
    paymentMethod,
    provider,
    walletAddress: field(form, 'walletAddress'),
  };
  const parsed = fiatOrderRequestSchema.safeParse(fields);
  if (!parsed.success) return refuse(422, invalidRequest(services, lang, parsed.error.issues));
  const request: FiatOrderRequestBody = parsed.data;
  const key = field(form, 'key');
  const unit = request.side === 'buy' ? request.fiat : request.coin;
  try {
    const { order } = await services.fiatOrders.create(
      { ...request, lang },
      /^[\w-]{16,64}$/.test(key) ? { scope: `ip:${state.ip ?? 'unknown'}`, key } : undefined,
    );
    return seeOther(order.checkoutUrl);
  } catch (error) {
    if (!isFiatError(error)) throw error;
    return refuse(error.status === 400 ? 422 : error.status, fiatProblem(services, lang, error, unit));
  }
}

/**
 * The sandbox checkout's card form posted without JavaScript: the same core steps as
 * POST /api/v1/sandbox/fiat/orders/{id}/pay and …/challenge (the card in the body only, the write
 * limit); 303 to the order page once paid or declined, the 3-D Secure step or the reason otherwise.
 */
export async function sandboxCheckoutAction(args: ActionFunctionArgs) {
  const { lang, params } = resolvePage(args);
  const state = stateOf(args.context);
  const { services } = state;
  if (state.page) state.page.private = true;
  const form = await guardedForm({
    request: args.request,
    state,
    limit: { scope: 'w', limit: services.config.RATE_LIMIT_WRITES_PER_MINUTE, windowMs: 60_000 },
  });
  const id = (params.orderId ?? '').toLowerCase();
  if (!services.sandbox) throw data('Order not found', { status: 404 });
  const answer = (status: number, body: SandboxCheckoutPosted) =>
    data(body, { status, headers: { 'Cache-Control': 'no-store' } });
  const back = () => seeOther(localizePath(lang, `/fiat/order/${id}`));
  try {
    if (field(form, 'intent') === 'challenge') {
      await services.fiatOrders.sandboxChallenge(id, field(form, 'passed') === 'true');
      return back();
    }
    const card = { number: field(form, 'number'), expiry: field(form, 'expiry'), cvc: field(form, 'cvc') };
    const parsed = sandboxPaymentSchema.safeParse(card);
    if (!parsed.success) return answer(422, { problem: invalidRequest(services, lang, parsed.error.issues) });
    const result = await services.fiatOrders.sandboxPay(id, parsed.data);
    return result.outcome === 'challenge' ? answer(200, { challenge: true }) : back();
  } catch (error) {
    if (!isFiatError(error)) throw error;
    return answer(error.status === 400 ? 422 : error.status, {
      problem: fiatProblem(services, lang, error, ''),
    });
  }
}
