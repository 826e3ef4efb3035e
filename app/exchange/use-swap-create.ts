import { type Dispatch, useEffect, useEffectEvent, useId, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { readTypedFields } from '../forms/replay.ts';
import { useTranslation } from '../i18n/react.tsx';
import { api, idempotencyKey } from '../lib/api-client.ts';
import { asProblem } from '../lib/use-api.ts';
import { useLang } from '../routing/page-location.ts';
import { type AddressState, type QuoteState, useAddressCheck, useNow, useQuote } from './api-hooks.ts';
import { memoLabel, problemText } from './messages.ts';
import { clearPromoCode, storedPromoCode } from './promo-storage.ts';
import type { SwapQuery } from './query.ts';
import type { StepProblem, StepQuote } from './swap-create.server.ts';
import {
  afterPost,
  createSwapBody,
  fieldErrors,
  firstInvalid,
  isPromoProblem,
  quoteExpiry,
  quoteReadyToCreate,
  type SwapCreateAction,
  type SwapCreateState,
  shownQuote,
  stepQuoteRequest,
  submitFailure,
  swapCreateReducer,
  type TextField,
} from './swap-create-state.ts';
import {
  type CoinNetwork,
  networkOf,
  type Quote,
  type QuoteRequest,
  type Side,
  type SwapView,
} from './types.ts';

/** The fields a visitor may fill in before the code runs, read once it does. */
const TYPED_FIELDS = [
  'payoutAddress',
  'payoutMemo',
  'refundAddress',
  'refundMemo',
  'promoCode',
  'email',
  'terms',
] as const;

/** What was typed or ticked in `formRef`'s form while the code was loading (the state starts empty). */
function useTypedFields(dispatch: Dispatch<SwapCreateAction>) {
  const formRef = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the code starts.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = readTypedFields(form, TYPED_FIELDS);
    for (const [field, value] of Object.entries(typed)) {
      if (field === 'terms') dispatch({ type: 'terms', checked: true });
      else dispatch({ type: 'edit', field: field as TextField, value });
    }
  }, []);
  return formRef;
}

/** A promo code brought from /congrats is filled in and applied once. */
function useStoredPromo(dispatch: Dispatch<SwapCreateAction>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the code starts.
  useEffect(() => {
    const code = storedPromoCode();
    if (!code) return;
    dispatch({ type: 'edit', field: 'promoCode', value: code });
    dispatch({ type: 'applyPromo' });
  }, []);
}

/**
 * A fixed quote's countdown: the time now, ticking every second while there is an `expiresAt`,
 * and whether it has passed; `onExpired` hears the moment it does (the step asks a fresh quote).
 */
export function useFixedQuoteCountdown(expiresAt: number | null, onExpired: (at: number) => void) {
  const now = useNow(expiresAt !== null);
  const expired = expiresAt !== null && now >= expiresAt;
  const expire = useEffectEvent(onExpired);
  useEffect(() => {
    if (expired) expire(Date.now());
  }, [expired]);
  return { expiresAt, now, expired };
}

export type QuoteCountdown = ReturnType<typeof useFixedQuoteCountdown>;

/** The step's live quote for its pair and the applied promo code; a refused promo code is dropped. */
function useStepQuote(
  step: SwapQuery,
  state: SwapCreateState,
  server: StepQuote | null,
  dispatch: Dispatch<SwapCreateAction>,
) {
  const lang = useLang();
  const { t } = useTranslation();
  const request = stepQuoteRequest(step, state.promo);
  const quote = useQuote(request, lang, 0, state.refresh, {
    onStart: () => dispatch({ type: 'quoteLoading' }),
    onSuccess: () => dispatch({ type: 'quoteReady' }),
    onError: (error) => {
      const refused = isPromoProblem(error);
      // A kept code the quote refuses (expired since) is not offered again.
      if (refused) clearPromoCode();
      dispatch({ type: 'quoteFailed', promoRefusal: refused ? problemText(t, error) : null });
    },
  });
  return { request, quote, ...shownQuote(quote, server, state.promo) };
}

interface SubmitContext {
  id: string;
  step: SwapQuery;
  state: SwapCreateState;
  dispatch: Dispatch<SwapCreateAction>;
  request: QuoteRequest;
  quote: QuoteState;
  shown: Quote | null;
  checks: { payout: AddressState; refund: AddressState };
  networks: {
    from: Side;
    to: Side;
    fromNetwork?: CoinNetwork | undefined;
    toNetwork?: CoinNetwork | undefined;
  };
  memoLabels: { payout: string; refund: string };
  affiliateId?: string | undefined;
  onCreated?: ((swap: SwapView) => void) | undefined;
}

/**
 * The Create button: the fields checked (the first wrong one focused), then POST /api/v1/swaps
 * with the live quote; a created swap opens its page (or goes to `onCreated`), a refusal goes
 * next to its field, into the summary or the form's alert.
 */
function useCreateSwap(context: SubmitContext) {
  const lang = useLang();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, step, state, dispatch, request, quote, shown, checks, networks, memoLabels } = context;
  const fixed = step.rateType === 'fixed';
  const focus = (field: string) => document.getElementById(`${id}-${field}`)?.focus();

  return async (event: React.FormEvent) => {
    event.preventDefault();
    if (state.submitting) return;
    const found = fieldErrors(
      state,
      checks,
      {
        payoutNetwork: networks.toNetwork?.name ?? networks.to.network,
        refundNetwork: networks.fromNetwork?.name ?? networks.from.network,
        payoutMemoRequired: !!networks.toNetwork?.memo?.required,
        payoutMemoLabel: memoLabels.payout,
        refundMemoLabel: memoLabels.refund,
      },
      t,
    );
    dispatch({ type: 'validated', errors: found });
    const first = firstInvalid(found);
    if (first) {
      focus(first);
      return;
    }
    if (!quoteReadyToCreate(fixed, quote, shown)) {
      dispatch({ type: 'noQuote', message: t('exchange.create.errors.noQuote') });
      return;
    }
    dispatch({ type: 'submit' });
    try {
      const swap = await api<SwapView>('/api/v1/swaps', {
        lang,
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey() },
        body: createSwapBody(request, state, {
          quoteId: fixed ? shown?.quoteId : undefined,
          affiliateId: context.affiliateId,
        }),
      });
      // The promo code went into this swap: the next one starts without it.
      if (state.promo) clearPromoCode();
      if (context.onCreated) context.onCreated(swap);
      else navigate(localizePath(lang, `/swap/${swap.id}`));
    } catch (error) {
      const problem = asProblem(error);
      const failure = submitFailure(problem, problemText(t, problem, step.from));
      dispatch({ type: 'submitFailed', failure });
      if (failure.target === 'field') focus(failure.field);
    }
  };
}

export interface SwapCreateOptions {
  from: Side;
  to: Side;
  step: SwapQuery;
  affiliateId?: string | undefined;
  onCreated?: ((swap: SwapView) => void) | undefined;
  server: StepQuote | null;
  posted: StepProblem | null;
}

/**
 * The swap step's state and effects (the view is `SwapCreate`): the fields, the live quote (the
 * server's until it answers), the address checks, the fixed quote's countdown and the submit.
 */
export function useSwapCreate({ from, to, step, affiliateId, onCreated, server, posted }: SwapCreateOptions) {
  const lang = useLang();
  const { t } = useTranslation();
  const id = useId();
  const fromNetwork = networkOf(from.coin, from.network);
  const toNetwork = networkOf(to.coin, to.network);
  const fixed = step.rateType === 'fixed';

  const [state, dispatch] = useReducer(swapCreateReducer, posted, afterPost);
  const formRef = useTypedFields(dispatch);
  const { request, quote, shown, earlyProblem } = useStepQuote(step, state, server, dispatch);
  const payoutCheck = useAddressCheck(
    to.network,
    state.payoutAddress,
    toNetwork?.memo ? state.payoutMemo : '',
    lang,
  );
  const refundCheck = useAddressCheck(
    from.network,
    state.refundAddress,
    fromNetwork?.memo ? state.refundMemo : '',
    lang,
  );
  // A fixed quote that runs out is replaced by a fresh one.
  const countdown = useFixedQuoteCountdown(quoteExpiry(fixed, quote, shown), (at) =>
    dispatch({ type: 'quoteExpired', at }),
  );
  useStoredPromo(dispatch);

  const memoLabels = {
    payout: toNetwork?.memo ? memoLabel(t, toNetwork.memo.kind) : '',
    refund: fromNetwork?.memo ? memoLabel(t, fromNetwork.memo.kind) : '',
  };
  const submit = useCreateSwap({
    id,
    step,
    state,
    dispatch,
    request,
    quote,
    shown,
    checks: { payout: payoutCheck, refund: refundCheck },
    networks: { from, to, fromNetwork, toNetwork },
    memoLabels,
    affiliateId,
    onCreated,
  });

  return {
    id,
    state,
    dispatch,
    formRef,
    quote,
    shown,
    earlyProblem,
    payoutCheck,
    refundCheck,
    countdown,
    memoLabels,
    submit,
    edit: (field: TextField) => (value: string) => dispatch({ type: 'edit', field, value }),
  };
}
