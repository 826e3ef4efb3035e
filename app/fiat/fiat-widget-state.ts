import type { FiatOfferView, FiatQuoteRequestBody, FiatQuoteView } from '../../core/fiat/contract.ts';
import type { FiatSide, PaymentMethod } from '../../core/fiat/types.ts';
import { ApiProblem } from '../lib/api-client.ts';
import type { FiatCompared, FiatProblem } from './compare.server.ts';

/** What the page gives the widget to start from (its props, less the pickers' lists). */
export interface FiatWidgetSetup {
  side: FiatSide;
  coin: string;
  currency: string;
  amount: string;
  /** The landing pages' Sell tab starts from this amount. */
  sellAmount?: string | undefined;
  /** The offers the server found for the widget's GET (without JavaScript, or before it ran). */
  compared?: FiatCompared | null | undefined;
  /** The order form's plain post, refused: the reason next to its field. */
  posted?: FiatProblem | null | undefined;
}

/** Where the visitor is: every quote and order is asked for this country and region. */
export interface FiatPlace {
  country: string;
  region: string | null;
}

/** The widget as the visitor left it: the form, the offers on show and what is under way. */
export interface FiatWidgetState {
  side: FiatSide;
  amount: string;
  currency: string;
  coin: string;
  method: PaymentMethod | '';
  wallet: string;
  quote: FiatQuoteView | null;
  /** The chosen offer's provider. */
  chosen: string | null;
  problem: FiatProblem | null;
  busy: 'quote' | 'order' | null;
  /** The order's idempotency key: one per quote, so a double post is the same order. */
  key: string;
  /** The quote asked last ("Show offers"), and how many times: asking again asks anew. */
  asked: { request: FiatQuoteRequestBody; attempt: number } | null;
  /** The amount each side starts from (a tab switch puts it back). */
  amounts: Record<FiatSide, string>;
}

export type FiatWidgetAction =
  | { type: 'side'; side: FiatSide }
  | { type: 'amount' | 'currency' | 'coin' | 'wallet'; value: string }
  | { type: 'method'; value: PaymentMethod | '' }
  | { type: 'choose'; provider: string }
  /** "Show offers": the form's quote request (fiatQuoteRequest). */
  | { type: 'ask'; request: FiatQuoteRequestBody }
  /** The quote's answer, with a fresh idempotency key for the order it may become. */
  | { type: 'quoted'; quote: FiatQuoteView; key: string }
  | { type: 'ordering' }
  | { type: 'failed'; problem: FiatProblem };

/** The first render's widget: the server's compared GET (no JavaScript yet), else the page's defaults. */
export function initialFiatWidget(setup: FiatWidgetSetup): FiatWidgetState {
  const server = setup.compared ?? null;
  const otherSide = setup.sellAmount ?? setup.amount;
  return {
    side: server?.request.side ?? setup.side,
    amount: server?.request.amount ?? setup.amount,
    currency: server?.request.fiat ?? setup.currency,
    coin: server?.request.coin ?? setup.coin,
    method: server?.request.paymentMethod ?? '',
    wallet: '',
    quote: server?.quote ?? null,
    chosen: server?.quote?.offers[0]?.provider ?? null,
    problem: setup.posted ?? server?.problem ?? null,
    busy: null,
    key: server?.key ?? '',
    asked: null,
    amounts:
      setup.side === 'buy' ? { buy: setup.amount, sell: otherSide } : { sell: setup.amount, buy: otherSide },
  };
}

export function fiatWidgetReducer(state: FiatWidgetState, action: FiatWidgetAction): FiatWidgetState {
  switch (action.type) {
    case 'side':
      // The other side's offers and problem are not this one's; a quote still asked is dropped.
      return action.side === state.side
        ? state
        : {
            ...state,
            side: action.side,
            amount: state.amounts[action.side],
            quote: null,
            chosen: null,
            problem: null,
            busy: state.busy === 'quote' ? null : state.busy,
            asked: null,
          };
    case 'amount':
      return { ...state, amount: action.value };
    case 'currency':
      return { ...state, currency: action.value };
    case 'coin':
      return { ...state, coin: action.value };
    case 'method':
      return { ...state, method: action.value };
    case 'wallet':
      return { ...state, wallet: action.value };
    case 'choose':
      return { ...state, chosen: action.provider };
    case 'ask':
      return {
        ...state,
        busy: 'quote',
        problem: null,
        quote: null,
        chosen: null,
        asked: { request: action.request, attempt: (state.asked?.attempt ?? 0) + 1 },
      };
    case 'quoted':
      return {
        ...state,
        busy: null,
        quote: action.quote,
        chosen: action.quote.offers[0]?.provider ?? null,
        key: action.key,
      };
    case 'ordering':
      return { ...state, busy: 'order', problem: null };
    case 'failed':
      return { ...state, busy: null, problem: action.problem };
  }
}

/** The quote the form asks for: amounts typed with a comma read with a point, region and method when set. */
export function fiatQuoteRequest(state: FiatWidgetState, place: FiatPlace): FiatQuoteRequestBody {
  return {
    side: state.side,
    fiat: state.currency,
    coin: state.coin,
    amount: state.amount.trim().replace(',', '.'),
    country: place.country,
    ...(place.region ? { region: place.region } : {}),
    ...(state.method ? { paymentMethod: state.method } : {}),
  };
}

/** The chosen offer as an order: the form's request with the offer's provider and method, and the wallet. */
export function fiatOrderRequest(state: FiatWidgetState, place: FiatPlace, offer: FiatOfferView) {
  return {
    ...fiatQuoteRequest(state, place),
    paymentMethod: offer.paymentMethod,
    provider: offer.provider,
    walletAddress: state.wallet.trim(),
  };
}

/** What the widget shows for its state. */
export interface FiatWidgetView {
  buy: boolean;
  /** What the visitor hands over: the currency when buying, the coin when selling (upper case). */
  unit: string;
  /** The chosen offer, the one the order button takes. */
  offer: FiatOfferView | undefined;
  /** The problem under the form (with an offer chosen it shows by the wallet field instead). */
  formProblem: FiatProblem | null;
  /** The order button waits for an address once the code runs (before, the server checks it). */
  orderDisabled: boolean;
}

export function fiatWidgetView(state: FiatWidgetState, hydrated: boolean): FiatWidgetView {
  const buy = state.side === 'buy';
  const offer = state.quote?.offers.find((o) => o.provider === state.chosen);
  return {
    buy,
    unit: buy ? state.currency.toUpperCase() : state.coin.toUpperCase(),
    offer,
    formProblem: offer ? null : state.problem,
    orderDisabled: hydrated && !state.wallet.trim(),
  };
}

/** A failed call as the visitor reads it: the server's message by its field, or `fallback`. */
export function fiatProblem(error: unknown, fallback: string): FiatProblem {
  return error instanceof ApiProblem
    ? { ...(error.field ? { field: error.field } : {}), message: error.message || fallback }
    : { message: fallback };
}
