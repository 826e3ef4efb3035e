import { lazy, Suspense, useEffect, useId, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';
import { formatDecimal } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import { requestIdle, useHydrated, useTypedBeforeHydration } from '../ui/hooks.ts';
import { usePair, useQuote } from './api-hooks.ts';
import { CoinPicker } from './CoinPicker.tsx';
import {
  amountInvalid,
  effectiveRate,
  exchangeFormReducer,
  fixedAvailable,
  initialExchangeForm,
  pairKeyOf,
  pairOf,
  quoteRequestOf,
} from './exchange-form-state.ts';
import { cleanAmount, shortAmount } from './format.ts';
import { formatDuration, usdValue } from './offers-format.ts';
import { QuoteProblem } from './QuoteProblem.tsx';
import { type SwapQuery, swapSearch } from './query.ts';
import type { Quote, RateType, Side } from './types.ts';

const QUOTE_DELAY_MS = 400;

/**
 * The offers table appears only once a quote is in, so its code is not part of the first render: it
 * is fetched when the browser is idle after the form mounts (ready before the first quote arrives),
 * or at once when the server rendered a quote.
 */
const loadOffersTable = () => import('./OffersTable.tsx').then((module) => ({ default: module.OffersTable }));
const OffersTable = lazy(loadOffersTable);

/**
 * The exchange form: what to send and receive, the amount, float or fixed rate, a live estimate,
 * and the button that opens the swap step (/swap?from=…&to=…&amount=…&rate=…).
 */
export function ExchangeForm({
  from: initialFrom,
  to: initialTo,
  amount: initialAmount = '0.1',
  rateType: initialRate = 'float',
  onProceed,
  onQuote,
}: {
  from: Side | null;
  to: Side | null;
  amount?: string;
  rateType?: RateType;
  /** What proceeding does; by default it opens the swap step on /swap. */
  onProceed?: (query: SwapQuery) => void;
  /** Hears each quote the form shows (the widget tells its embedding page). */
  onQuote?: (quote: Quote) => void;
}) {
  const lang = useLang();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  useEffect(() => requestIdle(() => void loadOffersTable()), []);
  const [state, dispatch] = useReducer(
    exchangeFormReducer,
    { from: initialFrom, to: initialTo, amount: initialAmount, rateType: initialRate },
    initialExchangeForm,
  );
  const { from, to, amount } = state;

  const pairKey = pairKeyOf(state);
  const pairInfo = usePair(pairOf(state), lang);
  const fixedOn = fixedAvailable(state, pairInfo);
  const rateType = effectiveRate(state, pairInfo);
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
  const reverse = state.side === 'receive';
  const proceed = (event: React.FormEvent) => {
    event.preventDefault();
    if (!request || !canProceed) return;
    // A reverse quote goes on with the amount to send it worked out.
    const { amountTo: _typed, promoCode: _promo, ...pair } = request;
    const amount = reverse ? quote.data.amountFrom : (request.amount ?? '');
    const query: SwapQuery = { ...pair, amount };
    if (onProceed) onProceed(query);
    else navigate(`${localizePath(lang, '/swap')}${swapSearch(query)}`);
  };

  const hydrated = useHydrated();
  const amountRef = useRef<HTMLInputElement>(null);
  // An amount typed while the code was loading is kept (app/forms/replay.ts).
  useTypedBeforeHydration(amountRef, amount, (value) => dispatch({ type: 'amount', value }));

  const amountError = amountInvalid(amount) ? t('exchange.errors.amount') : null;
  const fromCode = from?.coin.code.toUpperCase() ?? '';
  const toCode = to?.coin.code.toUpperCase() ?? '';
  const shown = quote.data;
  // The field not typed in shows the quote's side, once the quote answers for that direction.
  const sendValue = reverse ? (shown?.reverse ? shortAmount(shown.amountFrom) : '') : amount;
  const receiveValue = reverse ? amount : shown && !shown.reverse ? shown.amountTo : '';
  const usdFrom = usdValue(cleanAmount(sendValue), shown?.usd.from ?? null, lang);
  const usdTo = usdValue(cleanAmount(receiveValue), shown?.usd.to ?? null, lang);
  const fill = (value: string) => dispatch({ type: 'fill', value });
  const amountId = `${id}-amount`;
  const receiveId = `${id}-receive`;
  const amountErrorId = `${id}-amount-error`;
  const rateHintId = `${id}-rate-hint`;

  return (
    // Before its code runs, or without JavaScript, the form opens the swap step as a plain GET of
    // /swap?from=…&amount=… (nothing personal in it); the server renders the step with its quote.
    <form
      method="get"
      action={localizePath(lang, '/swap')}
      onSubmit={proceed}
      noValidate
      data-testid="exchange-form"
      aria-label={t('exchange.form.label')}
      className="w-full max-w-xl rounded-2xl bg-surface p-5 shadow-md md:p-6"
    >
      {from && to ? (
        <>
          <input type="hidden" name="from" value={from.coin.code} />
          <input type="hidden" name="fromNetwork" value={from.network} />
          <input type="hidden" name="to" value={to.coin.code} />
          <input type="hidden" name="toNetwork" value={to.network} />
        </>
      ) : null}
      {state.provider ? <input type="hidden" name="provider" value={state.provider} /> : null}
      <div>
        <label htmlFor={amountId} className="text-sm font-medium text-muted">
          {t('exchange.form.send')}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            ref={amountRef}
            id={amountId}
            name="amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={sendValue}
            onChange={(event) => dispatch({ type: 'amount', value: event.target.value })}
            aria-invalid={amountError && !reverse ? true : undefined}
            aria-describedby={amountError ? amountErrorId : undefined}
            data-testid="amount-from"
            className="min-w-0 flex-1 rounded-lg border border-slate-200 px-3 py-2 text-base font-semibold sm:text-xl focus:border-brand-500 focus:outline-none aria-[invalid]:border-red-500"
          />
          <CoinPicker
            side={from}
            label={t('exchange.form.send')}
            title={t('exchange.picker.titleFrom')}
            testId="picker-from"
            onChange={(side) => dispatch({ type: 'chooseFrom', side })}
          />
        </div>
        {usdFrom && (
          <p className="mt-1 text-xs text-muted" data-testid="usd-from">
            ≈ {usdFrom}
          </p>
        )}
        {amountError && !reverse && (
          <p id={amountErrorId} className="mt-1 text-sm text-red-700">
            {amountError}
          </p>
        )}
      </div>

      <div className="my-2 flex justify-center">
        <button
          type="button"
          onClick={() => dispatch({ type: 'reverse' })}
          aria-label={t('exchange.form.reverse')}
          title={t('exchange.form.reverse')}
          data-testid="swap-direction"
          className="rounded-full border border-slate-200 bg-surface px-3 py-1 text-lg leading-none hover:border-brand-500 hover:text-brand-600"
        >
          <span aria-hidden="true">⇅</span>
        </button>
      </div>

      <div>
        <label htmlFor={receiveId} className="text-sm font-medium text-muted">
          {t('exchange.form.receive')}
        </label>
        <div className="mt-1 flex gap-2">
          <div
            data-state={quote.status}
            className="flex min-w-0 flex-1 items-center rounded-lg border border-slate-200 px-3 focus-within:border-brand-500 data-[state=loading]:opacity-60"
          >
            {/* Only a float estimate is approximate; a fixed quote is what the visitor gets. */}
            {receiveValue && shown?.rateType !== 'fixed' && !reverse ? (
              <span
                aria-hidden="true"
                className="mr-1 text-base font-semibold sm:text-xl"
                data-testid="amount-to-approx"
              >
                ≈
              </span>
            ) : null}
            <input
              id={receiveId}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={receiveValue}
              placeholder="—"
              onChange={(event) => dispatch({ type: 'amountTo', value: event.target.value })}
              aria-invalid={amountError && reverse ? true : undefined}
              aria-describedby={`${receiveId}-hint`}
              data-testid="amount-to"
              data-state={quote.status}
              className="w-full min-w-0 bg-transparent py-2 text-base font-semibold focus:outline-none sm:text-xl"
            />
          </div>
          <CoinPicker
            side={to}
            label={t('exchange.form.receive')}
            title={t('exchange.picker.titleTo')}
            testId="picker-to"
            onChange={(side) => dispatch({ type: 'chooseTo', side })}
          />
        </div>
        <p id={`${receiveId}-hint`} className="mt-1 text-xs text-muted" data-testid="reverse-hint">
          {usdTo ? <span data-testid="usd-to">≈ {usdTo} · </span> : null}
          {t(reverse ? 'exchange.reverse.active' : 'exchange.reverse.hint')}
        </p>
        {amountError && reverse && <p className="mt-1 text-sm text-red-700">{amountError}</p>}
      </div>

      <fieldset className="mt-5">
        <legend className="text-sm font-medium text-muted">{t('exchange.rate.legend')}</legend>
        <div className="mt-1 grid grid-cols-2 gap-1 rounded-lg bg-canvas p-1">
          {(['float', 'fixed'] as const).map((type) => {
            const disabled = type === 'fixed' && !fixedOn;
            return (
              <label
                key={type}
                className="flex cursor-pointer items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium has-checked:bg-surface has-checked:shadow-sm has-disabled:cursor-not-allowed has-disabled:opacity-50"
              >
                <input
                  type="radio"
                  name="rate"
                  value={type}
                  checked={rateType === type}
                  disabled={disabled}
                  onChange={() => dispatch({ type: 'rateType', rateType: type })}
                  aria-describedby={rateHintId}
                  data-testid={`rate-${type}`}
                  className="accent-brand-600"
                />
                {t(`exchange.rate.${type}`)}
              </label>
            );
          })}
        </div>
        <p id={rateHintId} className="mt-1 text-xs text-muted" data-testid="rate-hint">
          {fixedOn ? t(`exchange.rate.${rateType}Hint`) : t('exchange.rate.fixedUnavailable')}
        </p>
      </fieldset>

      <div
        className="mt-4 min-h-12 text-sm"
        aria-live="polite"
        data-testid="quote-info"
        data-state={quote.status}
      >
        {unavailable ? (
          <p className="text-red-700">{t('exchange.errors.pairUnavailable')}</p>
        ) : quote.status === 'error' ? (
          <p className="text-red-700" data-testid="quote-error">
            {reverse && quote.error.code === 'pair_unavailable' ? (
              t('exchange.reverse.unavailable')
            ) : (
              <QuoteProblem error={quote.error} coin={from?.coin.code} onFill={fill} />
            )}
          </p>
        ) : quote.status === 'loading' && !shown ? (
          <p className="text-muted">{t('exchange.quote.loading')}</p>
        ) : shown ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted">{t('exchange.quote.rate')}</dt>
            <dd data-testid="quote-rate">
              {t('exchange.quote.rateValue', {
                from: fromCode,
                rate: formatDecimal(shortAmount(shown.rate), lang),
                to: toCode,
              })}
            </dd>
            <dt className="text-muted">{t('exchange.quote.provider')}</dt>
            <dd data-testid="quote-provider">{shown.providerName}</dd>
            {shown.eta ? (
              <>
                <dt className="text-muted">{t('exchange.eta.label')}</dt>
                <dd data-testid="quote-eta">
                  {t(`exchange.eta.${shown.eta.source}`, { time: formatDuration(shown.eta.seconds, lang) })}
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </div>
      {shown && !unavailable ? (
        <Suspense fallback={null}>
          <OffersTable
            quote={shown}
            fromCode={fromCode}
            toCode={toCode}
            chosen={state.provider}
            onChoose={(provider) => dispatch({ type: 'provider', provider })}
          />
        </Suspense>
      ) : null}

      <Button
        type="submit"
        size="lg"
        block
        disabled={hydrated && !canProceed}
        data-testid="exchange-submit"
        className="mt-4"
      >
        {t('exchange.form.submit')}
      </Button>
    </form>
  );
}
