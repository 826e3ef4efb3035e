import { type Dispatch, useReducer } from 'react';
import type { FiatOrderViewBody, FiatQuoteRequestBody, FiatQuoteView } from '../../core/fiat/contract.ts';
import { useTranslation } from '../i18n/react.tsx';
import { api } from '../lib/api-client.ts';
import { useApi } from '../lib/use-api.ts';
import { useLang } from '../routing/page-location.ts';
import { useHydrated } from '../ui/hooks.ts';
import {
  type FiatPlace,
  type FiatWidgetAction,
  type FiatWidgetSetup,
  type FiatWidgetState,
  type FiatWidgetView,
  fiatOrderRequest,
  fiatProblem,
  fiatQuoteRequest,
  fiatWidgetReducer,
  fiatWidgetView,
  initialFiatWidget,
} from './fiat-widget-state.ts';

export const FIAT_QUOTES_PATH = '/api/v1/fiat/quotes';
export const FIAT_ORDERS_PATH = '/api/v1/fiat/orders';

function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The offers for the quote the widget asked last (null: none yet), through `useApi`: asked at
 * once, again for each new attempt, the previous call aborted and its late answer ignored. The
 * answer (with a fresh idempotency key) or the problem goes to the widget's reducer.
 */
export function useFiatQuote(
  asked: { request: FiatQuoteRequestBody; attempt: number } | null,
  dispatch: Dispatch<FiatWidgetAction>,
): void {
  const { t } = useTranslation();
  const lang = useLang();
  useApi<FiatQuoteView>(
    asked ? { path: FIAT_QUOTES_PATH, method: 'POST', body: asked.request } : null,
    lang,
    {
      attempt: asked?.attempt ?? 0,
      onSuccess: (quote) => dispatch({ type: 'quoted', quote, key: newIdempotencyKey() }),
      onError: (error) => dispatch({ type: 'failed', problem: fiatProblem(error, t('fiat.widget.failed')) }),
    },
  );
}

export interface FiatWidgetModel {
  state: FiatWidgetState;
  view: FiatWidgetView;
  dispatch: Dispatch<FiatWidgetAction>;
  /** "Show offers": asks for the form's quote. */
  showOffers: () => void;
  /** The chosen offer becomes an order; the visitor goes on to the provider's checkout. */
  placeOrder: () => Promise<void>;
}

/** The widget's state, its quote and its order: everything but the markup. */
export function useFiatWidget(setup: FiatWidgetSetup, place: FiatPlace): FiatWidgetModel {
  const { t } = useTranslation();
  const lang = useLang();
  const hydrated = useHydrated();
  const [state, dispatch] = useReducer(fiatWidgetReducer, setup, initialFiatWidget);
  useFiatQuote(state.asked, dispatch);
  const view = fiatWidgetView(state, hydrated);

  const placeOrder = async () => {
    const { offer } = view;
    if (!offer) return;
    dispatch({ type: 'ordering' });
    try {
      const order = await api<FiatOrderViewBody>(FIAT_ORDERS_PATH, {
        lang,
        method: 'POST',
        headers: { 'Idempotency-Key': state.key },
        body: fiatOrderRequest(state, place, offer),
      });
      window.location.assign(order.checkoutUrl);
    } catch (error) {
      dispatch({ type: 'failed', problem: fiatProblem(error, t('fiat.widget.failed')) });
    }
  };

  return {
    state,
    view,
    dispatch,
    showOffers: () => dispatch({ type: 'ask', request: fiatQuoteRequest(state, place) }),
    placeOrder,
  };
}
