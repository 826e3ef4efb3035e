import type { RefObject } from 'react';
import { formatDecimal } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import type { QuoteState } from './api-hooks.ts';
import { CoinPicker } from './CoinPicker.tsx';
import { shortAmount } from './format.ts';
import { formatDuration } from './offers-format.ts';
import { QuoteProblem } from './QuoteProblem.tsx';
import type { RateType, Side } from './types.ts';

/** "You send": the amount (typed, or the reverse quote's), its coin picker, dollar value and error. */
export function SendAmount({
  id,
  inputRef,
  value,
  side,
  usd,
  error,
  reverse,
  onChange,
  onChoose,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  side: Side | null;
  usd: string | null;
  /** The amount's error, shown here unless the visitor typed what to receive. */
  error: string | null;
  reverse: boolean;
  onChange: (value: string) => void;
  onChoose: (side: Side) => void;
}) {
  const { t } = useTranslation();
  const amountId = `${id}-amount`;
  const errorId = `${id}-amount-error`;
  return (
    <div>
      <label htmlFor={amountId} className="text-sm font-medium text-muted">
        {t('exchange.form.send')}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={inputRef}
          id={amountId}
          name="amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error && !reverse ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="amount-from"
          className="min-w-0 flex-1 rounded-lg border border-slate-200 px-3 py-2 text-base font-semibold sm:text-xl focus:border-brand-500 focus:outline-none aria-[invalid]:border-red-500"
        />
        <CoinPicker
          side={side}
          label={t('exchange.form.send')}
          title={t('exchange.picker.titleFrom')}
          testId="picker-from"
          onChange={onChoose}
        />
      </div>
      {usd && (
        <p className="mt-1 text-xs text-muted" data-testid="usd-from">
          ≈ {usd}
        </p>
      )}
      {error && !reverse && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The ⇅ button that exchanges the two sides. */
export function ReverseButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="my-2 flex justify-center">
      <button
        type="button"
        onClick={onClick}
        aria-label={t('exchange.form.reverse')}
        title={t('exchange.form.reverse')}
        data-testid="swap-direction"
        className="rounded-full border border-slate-200 bg-surface px-3 py-1 text-lg leading-none hover:border-brand-500 hover:text-brand-600"
      >
        <span aria-hidden="true">⇅</span>
      </button>
    </div>
  );
}

/** "You get": the quote's amount (≈ for a float estimate), or typed for a reverse quote, with its coin picker. */
export function ReceiveAmount({
  id,
  value,
  side,
  usd,
  error,
  reverse,
  quote,
  onChange,
  onChoose,
}: {
  id: string;
  value: string;
  side: Side | null;
  usd: string | null;
  /** The amount's error, shown here when the visitor typed what to receive. */
  error: string | null;
  reverse: boolean;
  quote: QuoteState;
  onChange: (value: string) => void;
  onChoose: (side: Side) => void;
}) {
  const { t } = useTranslation();
  const receiveId = `${id}-receive`;
  return (
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
          {value && quote.data?.rateType !== 'fixed' && !reverse ? (
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
            value={value}
            placeholder="—"
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error && reverse ? true : undefined}
            aria-describedby={`${receiveId}-hint`}
            data-testid="amount-to"
            data-state={quote.status}
            className="w-full min-w-0 bg-transparent py-2 text-base font-semibold focus:outline-none sm:text-xl"
          />
        </div>
        <CoinPicker
          side={side}
          label={t('exchange.form.receive')}
          title={t('exchange.picker.titleTo')}
          testId="picker-to"
          onChange={onChoose}
        />
      </div>
      <p id={`${receiveId}-hint`} className="mt-1 text-xs text-muted" data-testid="reverse-hint">
        {usd ? <span data-testid="usd-to">≈ {usd} · </span> : null}
        {t(reverse ? 'exchange.reverse.active' : 'exchange.reverse.hint')}
      </p>
      {error && reverse && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

/** Float or fixed rate (fixed disabled where the pair does not offer it), with a hint. */
export function RateChoice({
  id,
  rateType,
  fixedOn,
  onChange,
}: {
  id: string;
  rateType: RateType;
  fixedOn: boolean;
  onChange: (rateType: RateType) => void;
}) {
  const { t } = useTranslation();
  const rateHintId = `${id}-rate-hint`;
  return (
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
                onChange={() => onChange(type)}
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
  );
}

/** The live quote in words: rate, provider and time, or why there is none (a limit missed fills the amount). */
export function QuoteInfo({
  quote,
  from,
  to,
  unavailable,
  reverse,
  onFill,
}: {
  quote: QuoteState;
  from: Side | null;
  to: Side | null;
  unavailable: boolean;
  reverse: boolean;
  onFill: (value: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const shown = quote.data;
  const fromCode = from?.coin.code.toUpperCase() ?? '';
  const toCode = to?.coin.code.toUpperCase() ?? '';
  return (
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
            <QuoteProblem error={quote.error} coin={from?.coin.code} onFill={onFill} />
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
  );
}
