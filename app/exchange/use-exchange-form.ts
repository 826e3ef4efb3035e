import { useEffect, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { useHydrated, useTypedBeforeHydration } from '../ui/hooks.ts';
import { usePair, useQuote } from './api-hooks.ts';
import {
  amountInvalid,
  effectiveRate,
  exchangeFormReducer,
  fixedAvailable,
  initialExchangeForm,
  pairKeyOf,
  pairOf,
  proceedQuery,
  quoteRequestOf,
  shownAmounts,
} from './exchange-form-state.ts';
import { cleanAmount } from './format.ts';
import { usdValue } from './offers-format.ts';
import { type SwapQuery, swapSearch } from './query.ts';
import type { Quote, RateType, Side } from './types.ts';

const QUOTE_DELAY_MS = 400;

export interface ExchangeFormOptions {
  from: Side | null;
  to: Side | null;
  amount: string;
  rateType: RateType;
  /** What proceeding does; by default it opens the swap step on /swap. */
  onProceed?: ((query: SwapQuery) => void) | undefined;
  /** Hears each quote the form shows. */
  onQuote?: ((quote: Quote) => void) | undefined;
}

/**
 * The exchange form's state and effects (the view is `ExchangeForm`): the pair and amount, what
 * the pair allows, the live quote (fixed falls back to float where a quote refuses it), the two
 * amounts shown, and proceeding to the swap step.
 */
export function useExchangeForm({ from, to, amount, rateType, onProceed, onQuote }: ExchangeFormOptions) {
  const lang = useLang();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(
    exchangeFormReducer,
    { from, to, amount, rateType },
    initialExchangeForm,
  );

  const pairKey = pairKeyOf(state);
  const pairInfo = usePair(pairOf(state), lang);
  const request = quoteRequestOf(state, pairInfo);
  // A pair whose quote refuses the fixed rate falls back to float.
  const quote = useQuote(request, lang, QUOTE_DELAY_MS, 0, {
    onError: (error) => {
      if (error.code === 'fixed_rate_unavailable') dispatch({ type: 'fixedRateRefused', pair: pairKey });
    },
  });

  const readyQuote = quote.status === 'ready' ? quote.data : null;
  useEffect(() => {
    if (readyQuote) onQuote?.(readyQuote);
  }, [readyQuote, onQuote]);

  const unavailable = pairInfo?.available === false;
  const canProceed = !!request && !unavailable && quote.status === 'ready';
  const proceed = (event: React.FormEvent) => {
    event.preventDefault();
    if (!request || !canProceed) return;
    const query = proceedQuery(request, state.side, quote.data);
    if (onProceed) onProceed(query);
    else navigate(`${localizePath(lang, '/swap')}${swapSearch(query)}`);
  };

  const hydrated = useHydrated();
  const amountRef = useRef<HTMLInputElement>(null);
  // An amount typed while the code was loading is kept (app/forms/replay.ts).
  useTypedBeforeHydration(amountRef, state.amount, (value) => dispatch({ type: 'amount', value }));

  const shown = quote.data;
  const { send, receive } = shownAmounts(state, shown);
  return {
    state,
    dispatch,
    quote,
    shown,
    fixedOn: fixedAvailable(state, pairInfo),
    rateType: effectiveRate(state, pairInfo),
    unavailable,
    reverse: state.side === 'receive',
    proceed,
    /** The submit button is disabled once the code runs and there is nothing to proceed with. */
    submitDisabled: hydrated && !canProceed,
    amountRef,
    amountError: amountInvalid(state.amount) ? t('exchange.errors.amount') : null,
    sendValue: send,
    receiveValue: receive,
    usdFrom: usdValue(cleanAmount(send), shown?.usd.from ?? null, lang),
    usdTo: usdValue(cleanAmount(receive), shown?.usd.to ?? null, lang),
  };
}
