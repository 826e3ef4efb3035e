import './english-swap-step.ts';
import { useEffect, useId, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';
import { formatDecimal } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { readTypedFields } from '../forms/replay.ts';
import { Trans, useTranslation } from '../i18n/react.tsx';
import { ApiProblem, api, idempotencyKey } from '../lib/api-client.ts';
import { asProblem } from '../lib/use-api.ts';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import { AddressField } from './AddressField.tsx';
import { useAddressCheck, useNow, useQuote } from './api-hooks.ts';
import { CoinIcon } from './CoinIcon.tsx';
import { cleanAmount, isZero, remaining, shortAmount } from './format.ts';
import { memoLabel, problemText } from './messages.ts';
import { NotifyEmailField } from './NotifyEmailField.tsx';
import { OffersTable, UsdNote } from './OffersTable.tsx';
import { formatDuration } from './offers-format.ts';
import { clearPromoCode, storedPromoCode } from './promo-storage.ts';
import { type SwapQuery, swapSearch } from './query.ts';
import type { StepProblem, StepQuote } from './swap-create.server.ts';
import {
  fieldErrors,
  firstInvalid,
  INITIAL_SWAP_CREATE,
  isPromoProblem,
  notifyEmail,
  promoOutcome,
  submitFailure,
  swapAddresses,
  swapCreateReducer,
  type TextField,
} from './swap-create-state.ts';
import { networkOf, type QuoteRequest, type Side, type SwapView } from './types.ts';

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

/** A problem the server sent as data, as the API client's problem (for the same messages). */
function asApiProblem(problem: StepProblem): ApiProblem {
  return new ApiProblem(problem.status, problem.code, problem.message, problem.field, problem.details);
}

/** The step's state after the server refused its plain post: the problem where the API's would go. */
function afterPost(posted: StepProblem | null) {
  if (!posted) return INITIAL_SWAP_CREATE;
  const failure = submitFailure(asApiProblem(posted), posted.message);
  return swapCreateReducer(INITIAL_SWAP_CREATE, { type: 'submitFailed', failure });
}

/** The exchange form again with the step's pair (no amount: /swap then shows the form). */
function editSearch(step: SwapQuery): string {
  const params = new URLSearchParams(swapSearch(step));
  params.delete('amount');
  return `?${params.toString()}`;
}

/**
 * The swap step: a summary of the quote (a fresh fixed quote with its countdown for fixed rates),
 * the payout address with live validation and its memo, an optional refund address, a promo
 * code, the terms and the Create button. A created swap opens its page.
 */
export function SwapCreate({
  from,
  to,
  step,
  onEdit,
  affiliateId,
  onCreated,
  server = null,
  posted = null,
}: {
  from: Side;
  to: Side;
  step: SwapQuery;
  onEdit: () => void;
  /** The partner the swap is created for (the widget's `affiliate`). */
  affiliateId?: string | undefined;
  /** What a created swap does; by default its page opens. */
  onCreated?: (swap: SwapView) => void;
  /** The quote the server rendered the step with (shown until the live one answers), and the form's key. */
  server?: StepQuote | null;
  /** Why the server refused the form's plain post (docs/decisions/015). */
  posted?: StepProblem | null;
}) {
  const lang = useLang();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const fromNetwork = networkOf(from.coin, from.network);
  const toNetwork = networkOf(to.coin, to.network);
  const fromCode = from.coin.code.toUpperCase();
  const toCode = to.coin.code.toUpperCase();
  const fixed = step.rateType === 'fixed';

  const [state, dispatch] = useReducer(swapCreateReducer, posted, afterPost);
  const formRef = useRef<HTMLFormElement>(null);
  // What was typed or ticked while the code was loading (the state starts empty).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = readTypedFields(form, TYPED_FIELDS);
    for (const [field, value] of Object.entries(typed)) {
      if (field === 'terms') dispatch({ type: 'terms', checked: true });
      else dispatch({ type: 'edit', field: field as TextField, value });
    }
  }, []);
  const { promo, errors, submitting } = state;
  const request: QuoteRequest = {
    from: step.from,
    fromNetwork: step.fromNetwork,
    to: step.to,
    toNetwork: step.toNetwork,
    amount: cleanAmount(step.amount),
    rateType: step.rateType,
    ...(step.provider ? { provider: step.provider } : {}),
    ...(promo ? { promoCode: promo } : {}),
  };
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
  // The server's quote stands until the live one answers (the page shows a quote before its code runs).
  const early = quote.status === 'idle' || (quote.status === 'loading' && !quote.data);
  const shown = quote.data ?? (early && !promo ? (server?.quote ?? null) : null);
  const earlyProblem = early && !promo && server?.quoteProblem ? asApiProblem(server.quoteProblem) : null;

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
  const expiresAt =
    fixed && quote.status === 'ready' && shown?.expiresAt ? Date.parse(shown.expiresAt) : null;
  const now = useNow(expiresAt !== null);
  const expired = expiresAt !== null && now >= expiresAt;
  useEffect(() => {
    if (expired) dispatch({ type: 'quoteExpired', at: Date.now() });
  }, [expired]);

  // A promo code brought from /congrats is filled in and applied once.
  useEffect(() => {
    const code = storedPromoCode();
    if (!code) return;
    dispatch({ type: 'edit', field: 'promoCode', value: code });
    dispatch({ type: 'applyPromo' });
  }, []);

  const edit = (field: TextField) => (value: string) => dispatch({ type: 'edit', field, value });
  const applyPromo = () => dispatch({ type: 'applyPromo' });

  const payoutMemoLabel = toNetwork?.memo ? memoLabel(t, toNetwork.memo.kind) : '';
  const refundMemoLabel = fromNetwork?.memo ? memoLabel(t, fromNetwork.memo.kind) : '';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = fieldErrors(
      state,
      { payout: payoutCheck, refund: refundCheck },
      {
        payoutNetwork: toNetwork?.name ?? to.network,
        refundNetwork: fromNetwork?.name ?? from.network,
        payoutMemoRequired: !!toNetwork?.memo?.required,
        payoutMemoLabel,
        refundMemoLabel,
      },
      t,
    );
    dispatch({ type: 'validated', errors: found });
    const first = firstInvalid(found);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    if (quote.status !== 'ready' || (fixed && !shown?.quoteId)) {
      dispatch({ type: 'noQuote', message: t('exchange.create.errors.noQuote') });
      return;
    }
    dispatch({ type: 'submit' });
    try {
      const swap = await api<SwapView>('/api/v1/swaps', {
        lang,
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey() },
        body: {
          ...request,
          ...(fixed && shown?.quoteId ? { quoteId: shown.quoteId } : {}),
          ...swapAddresses(state),
          ...notifyEmail(state),
          ...(affiliateId ? { affiliateId } : {}),
        },
      });
      // The promo code went into this swap: the next one starts without it.
      if (promo) clearPromoCode();
      if (onCreated) onCreated(swap);
      else navigate(localizePath(lang, `/swap/${swap.id}`));
    } catch (error) {
      const problem = asProblem(error);
      const failure = submitFailure(problem, problemText(t, problem, step.from));
      dispatch({ type: 'submitFailed', failure });
      if (failure.target === 'field') document.getElementById(`${id}-${failure.field}`)?.focus();
    }
  };

  const promoShown = promoOutcome(promo, quote);
  const promoApplied = promoShown === 'applied';
  const promoIgnored = promoShown === 'ignored';
  const termsLink = localizePath(lang, '/terms-of-use');

  return (
    // A plain post too (docs/decisions/015): without JavaScript, or clicked before the code ran,
    // the route action creates the swap and answers 303 to its page.
    <form
      ref={formRef}
      method="post"
      onSubmit={submit}
      noValidate
      data-testid="swap-create"
      aria-labelledby={`${id}-title`}
      className="w-full max-w-2xl rounded-2xl bg-surface p-5 shadow-md md:p-6"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={`${id}-title`} className="text-2xl font-semibold">
          {t('exchange.create.title')}
        </h2>
        <Button color="ghost" size="sm" onClick={onEdit} className="js-only" data-testid="edit-pair">
          {t('exchange.create.edit')}
        </Button>
        <noscript>
          <a
            href={`${localizePath(lang, '/swap')}${editSearch(step)}`}
            className="text-sm font-semibold text-brand-700 underline"
          >
            {t('exchange.create.edit')}
          </a>
        </noscript>
      </div>
      {server ? <input type="hidden" name="formKey" value={server.formKey} /> : null}
      {fixed && shown?.quoteId ? <input type="hidden" name="quoteId" value={shown.quoteId} /> : null}

      <section
        aria-label={t('exchange.create.summary')}
        data-testid="swap-summary"
        data-state={quote.status}
        aria-live="polite"
        className="mt-4 rounded-xl bg-canvas p-4"
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex items-center gap-3">
            <CoinIcon coin={from.coin} size={32} />
            <div>
              <p className="text-xs text-muted">{t('exchange.form.send')}</p>
              <p className="font-semibold" data-testid="summary-from">
                {formatDecimal(cleanAmount(step.amount), lang)} {fromCode}
              </p>
              <p className="text-xs text-muted">
                {fromNetwork?.name}
                <UsdNote
                  amount={cleanAmount(step.amount)}
                  price={shown?.usd.from ?? null}
                  testId="summary-usd-from"
                />
              </p>
            </div>
          </div>
          <div className="flex items-center gap-3">
            <CoinIcon coin={to.coin} size={32} />
            <div>
              <p className="text-xs text-muted">{t('exchange.form.receive')}</p>
              <p className="font-semibold" data-testid="summary-to">
                {shown ? `${fixed ? '' : '≈ '}${formatDecimal(shown.amountTo, lang)} ${toCode}` : '—'}
              </p>
              <p className="text-xs text-muted">
                {toNetwork?.name}
                <UsdNote amount={shown?.amountTo} price={shown?.usd.to ?? null} testId="summary-usd-to" />
              </p>
            </div>
          </div>
        </div>
        {quote.status === 'error' || earlyProblem ? (
          <p className="mt-3 text-sm text-red-700" role="alert" data-testid="quote-error">
            {problemText(t, quote.status === 'error' ? quote.error : (earlyProblem as ApiProblem), step.from)}
          </p>
        ) : shown ? (
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">{t('exchange.quote.rateType')}</dt>
            <dd>{t(`exchange.rate.${step.rateType}`)}</dd>
            <dt className="text-muted">{t('exchange.quote.rate')}</dt>
            <dd>
              {t('exchange.quote.rateValue', {
                from: fromCode,
                rate: formatDecimal(shortAmount(shown.rate), lang),
                to: toCode,
              })}
            </dd>
            <dt className="text-muted">{t('exchange.quote.provider')}</dt>
            <dd>{shown.providerName}</dd>
            {shown.eta ? (
              <>
                <dt className="text-muted">{t('exchange.eta.label')}</dt>
                <dd data-testid="summary-eta">
                  {t(`exchange.eta.${shown.eta.source}`, { time: formatDuration(shown.eta.seconds, lang) })}
                </dd>
              </>
            ) : null}
            <dt className="text-muted">{t('exchange.quote.networkFee')}</dt>
            <dd>
              {t('exchange.quote.feeIncluded', {
                amount: formatDecimal(shown.networkFee, lang),
                coin: toCode,
              })}
            </dd>
            <dt className="text-muted">{t('exchange.quote.serviceFee')}</dt>
            <dd data-testid="service-fee">
              {isZero(shown.serviceFee)
                ? t('exchange.quote.noServiceFee', { coin: toCode })
                : t('exchange.quote.feeIncluded', {
                    amount: formatDecimal(shown.serviceFee, lang),
                    coin: toCode,
                  })}
            </dd>
          </dl>
        ) : (
          <p className="mt-3 text-sm text-muted">{t('exchange.quote.loading')}</p>
        )}
        {fixed && expiresAt !== null && (
          <p className="mt-3 text-sm font-medium" data-testid="rate-countdown">
            {expired
              ? t(state.stale ? 'exchange.quote.expired' : 'exchange.quote.refreshing')
              : t('exchange.quote.lockedFor', { time: remaining(expiresAt, now) })}
            {state.stale && (
              <button
                type="button"
                onClick={() => dispatch({ type: 'newRate' })}
                className="ml-2 font-semibold text-brand-700 underline"
              >
                {t('exchange.quote.newRate')}
              </button>
            )}
          </p>
        )}
        {!fixed && shown && <p className="mt-3 text-xs text-muted">{t('exchange.quote.floatNote')}</p>}
        {state.summaryError && (
          <p className="mt-2 text-sm text-red-700" role="alert">
            {state.summaryError}
          </p>
        )}
      </section>

      {shown ? <OffersTable quote={shown} fromCode={fromCode} toCode={toCode} /> : null}

      <div className="mt-6 grid grid-cols-1 gap-4">
        <AddressField
          id={`${id}-payoutAddress`}
          name="payoutAddress"
          label={t('exchange.create.payoutAddress', { coin: toCode })}
          value={state.payoutAddress}
          onChange={edit('payoutAddress')}
          check={payoutCheck}
          networkName={toNetwork?.name ?? to.network}
          error={errors.payoutAddress}
          testId="payout-address"
        />
        {toNetwork?.memo && (
          <MemoField
            id={`${id}-payoutMemo`}
            name="payoutMemo"
            label={payoutMemoLabel}
            required={toNetwork.memo.required}
            value={state.payoutMemo}
            onChange={edit('payoutMemo')}
            error={errors.payoutMemo}
            hint={t(
              toNetwork.memo.required ? 'exchange.create.memoRequiredHint' : 'exchange.create.memoHint',
              {
                memo: payoutMemoLabel,
              },
            )}
            testId="payout-memo"
          />
        )}
        <AddressField
          id={`${id}-refundAddress`}
          name="refundAddress"
          label={t('exchange.create.refundAddress', { coin: fromCode })}
          value={state.refundAddress}
          onChange={edit('refundAddress')}
          check={refundCheck}
          networkName={fromNetwork?.name ?? from.network}
          error={errors.refundAddress}
          optional
          hint={t('exchange.create.refundAddressReason', { coin: fromCode })}
          testId="refund-address"
        />
        {fromNetwork?.memo && state.refundAddress.trim() && (
          <MemoField
            id={`${id}-refundMemo`}
            name="refundMemo"
            label={refundMemoLabel}
            required={false}
            value={state.refundMemo}
            onChange={edit('refundMemo')}
            error={errors.refundMemo}
            hint={t('exchange.create.refundMemoHint', { memo: refundMemoLabel })}
            testId="refund-memo"
          />
        )}

        <div>
          <label htmlFor={`${id}-promoCode`} className="text-sm font-medium">
            {t('exchange.promo.label')}
            <span className="font-normal text-muted"> {t('exchange.create.optional')}</span>
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={`${id}-promoCode`}
              name="promoCode"
              type="text"
              value={state.promoCode}
              onChange={(event) => edit('promoCode')(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyPromo();
                }
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={errors.promoCode ? true : undefined}
              aria-describedby={`${id}-promoCode-message`}
              data-testid="promo-code"
              className="min-w-0 flex-1 rounded-lg border border-slate-200 px-3 py-2 uppercase focus:border-brand-500 focus:outline-none aria-[invalid]:border-red-500"
            />
            <Button
              color="secondary"
              onClick={applyPromo}
              disabled={!state.promoCode.trim() || state.promoCode.trim() === promo}
              data-testid="promo-apply"
            >
              {t('exchange.promo.apply')}
            </Button>
          </div>
          <p
            id={`${id}-promoCode-message`}
            aria-live="polite"
            data-testid="promo-status"
            className={`mt-1 min-h-5 text-sm ${errors.promoCode || promoIgnored ? 'text-red-700' : 'text-green-700'}`}
          >
            {errors.promoCode ??
              (promoApplied
                ? t('exchange.promo.applied')
                : promoIgnored
                  ? t('exchange.promo.noDiscount')
                  : '')}
          </p>
        </div>

        <NotifyEmailField
          id={`${id}-email`}
          value={state.email}
          onChange={edit('email')}
          error={errors.email}
        />

        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              id={`${id}-terms`}
              name="terms"
              type="checkbox"
              checked={state.terms}
              onChange={(event) => dispatch({ type: 'terms', checked: event.target.checked })}
              required
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? `${id}-terms-message` : undefined}
              data-testid="terms"
              className="mt-0.5 size-4 accent-brand-600"
            />
            <span>
              <Trans
                i18nKey="exchange.create.terms"
                components={{
                  terms: (
                    // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside.
                    <a href={termsLink} target="_blank" rel="noopener" className="text-brand-700 underline" />
                  ),
                }}
              />
            </span>
          </label>
          {errors.terms && (
            <p id={`${id}-terms-message`} className="mt-1 text-sm text-red-700">
              {errors.terms}
            </p>
          )}
        </div>
      </div>

      {state.formError && (
        <p
          className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
          role="alert"
          data-testid="create-error"
        >
          {state.formError}
        </p>
      )}

      <Button type="submit" size="lg" block loading={submitting} data-testid="create-swap" className="mt-6">
        {submitting ? t('exchange.create.creating') : t('exchange.create.submit')}
      </Button>
    </form>
  );
}

function MemoField({
  id,
  name,
  label,
  required,
  value,
  onChange,
  error,
  hint,
  testId,
}: {
  id: string;
  name: string;
  label: string;
  required: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {!required && <span className="font-normal text-muted"> {t('exchange.create.optional')}</span>}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        data-testid={testId}
        className="mt-1 w-full rounded-lg border border-slate-200 px-3 py-2 font-mono text-sm focus:border-brand-500 focus:outline-none aria-[invalid]:border-red-500"
      />
      <p id={`${id}-message`} className={`mt-1 text-sm ${error ? 'text-red-700' : 'text-muted'}`}>
        {error ?? hint}
      </p>
    </div>
  );
}
