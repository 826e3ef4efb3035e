import { lazy, Suspense, useEffect, useId } from 'react';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import { requestIdle } from '../ui/hooks.ts';
import { QuoteInfo, RateChoice, ReceiveAmount, ReverseButton, SendAmount } from './ExchangeFormParts.tsx';
import type { SwapQuery } from './query.ts';
import type { Quote, RateType, Side } from './types.ts';
import { useExchangeForm } from './use-exchange-form.ts';

/**
 * The offers table appears only once a quote is in, so its code is not part of the first render: it
 * is fetched when the browser is idle after the form mounts (ready before the first quote arrives),
 * or at once when the server rendered a quote.
 */
const loadOffersTable = () => import('./OffersTable.tsx').then((module) => ({ default: module.OffersTable }));
const OffersTable = lazy(loadOffersTable);

/**
 * The exchange form: what to send and receive, the amount, float or fixed rate, a live estimate,
 * and the button that opens the swap step (/swap?from=…&to=…&amount=…&rate=…). Its state and
 * effects are `useExchangeForm`'s.
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
  const id = useId();
  useEffect(() => requestIdle(() => void loadOffersTable()), []);
  const form = useExchangeForm({
    from: initialFrom,
    to: initialTo,
    amount: initialAmount,
    rateType: initialRate,
    onProceed,
    onQuote,
  });
  const { state, dispatch, quote, shown, reverse, unavailable, amountError } = form;
  const { from, to } = state;

  return (
    // Before its code runs, or without JavaScript, the form opens the swap step as a plain GET of
    // /swap?from=…&amount=… (nothing personal in it); the server renders the step with its quote.
    <form
      method="get"
      action={localizePath(lang, '/swap')}
      onSubmit={form.proceed}
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
      <SendAmount
        id={id}
        inputRef={form.amountRef}
        value={form.sendValue}
        side={from}
        usd={form.usdFrom}
        error={amountError}
        reverse={reverse}
        onChange={(value) => dispatch({ type: 'amount', value })}
        onChoose={(side) => dispatch({ type: 'chooseFrom', side })}
      />
      <ReverseButton onClick={() => dispatch({ type: 'reverse' })} />
      <ReceiveAmount
        id={id}
        value={form.receiveValue}
        side={to}
        usd={form.usdTo}
        error={amountError}
        reverse={reverse}
        quote={quote}
        onChange={(value) => dispatch({ type: 'amountTo', value })}
        onChoose={(side) => dispatch({ type: 'chooseTo', side })}
      />
      <RateChoice
        id={id}
        rateType={form.rateType}
        fixedOn={form.fixedOn}
        onChange={(rateType) => dispatch({ type: 'rateType', rateType })}
      />
      <QuoteInfo
        quote={quote}
        from={from}
        to={to}
        unavailable={unavailable}
        reverse={reverse}
        onFill={(value) => dispatch({ type: 'fill', value })}
      />
      {shown && !unavailable ? (
        <Suspense fallback={null}>
          <OffersTable
            quote={shown}
            fromCode={from?.coin.code.toUpperCase() ?? ''}
            toCode={to?.coin.code.toUpperCase() ?? ''}
            chosen={state.provider}
            onChoose={(provider) => dispatch({ type: 'provider', provider })}
          />
        </Suspense>
      ) : null}

      <Button
        type="submit"
        size="lg"
        block
        disabled={form.submitDisabled}
        data-testid="exchange-submit"
        className="mt-4"
      >
        {t('exchange.form.submit')}
      </Button>
    </form>
  );
}
