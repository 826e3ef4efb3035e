import type { ReactNode } from 'react';
import { formatDecimal } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import type { ApiProblem } from '../lib/api-client.ts';
import { useLang } from '../routing/page-location.ts';
import type { QuoteState } from './api-hooks.ts';
import { CoinIcon } from './CoinIcon.tsx';
import { cleanAmount, isZero, remaining, shortAmount } from './format.ts';
import { problemText } from './messages.ts';
import { UsdNote } from './OffersTable.tsx';
import { formatDuration } from './offers-format.ts';
import type { SwapQuery } from './query.ts';
import { type Coin, networkOf, type Quote, type Side } from './types.ts';
import type { QuoteCountdown as Countdown } from './use-swap-create.ts';

/** One side of the summary: the coin, what is sent or received, its network and dollar value. */
function SummarySide({
  coin,
  label,
  testId,
  amount,
  network,
  usd,
}: {
  coin: Coin;
  label: string;
  testId: string;
  amount: ReactNode;
  network: string | undefined;
  usd: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      <CoinIcon coin={coin} size={32} />
      <div>
        <p className="text-xs text-muted">{label}</p>
        <p className="font-semibold" data-testid={testId}>
          {amount}
        </p>
        <p className="text-xs text-muted">
          {network}
          {usd}
        </p>
      </div>
    </div>
  );
}

/** The quote's terms: rate type, rate, provider, time, network and service fees. */
function QuoteTerms({
  shown,
  rateType,
  fromCode,
  toCode,
}: {
  shown: Quote;
  rateType: SwapQuery['rateType'];
  fromCode: string;
  toCode: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted">{t('exchange.quote.rateType')}</dt>
      <dd>{t(`exchange.rate.${rateType}`)}</dd>
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
  );
}

/**
 * A fixed quote's countdown: how long the rate is locked for, then "refreshing" while a fresh one
 * is asked, or "expired" with a New rate button when the step does not refresh by itself.
 */
export function FixedQuoteCountdown({
  countdown: { expiresAt, now, expired },
  stale,
  onNewRate,
}: {
  countdown: Countdown & { expiresAt: number };
  stale: boolean;
  onNewRate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <p className="mt-3 text-sm font-medium" data-testid="rate-countdown">
      {expired
        ? t(stale ? 'exchange.quote.expired' : 'exchange.quote.refreshing')
        : t('exchange.quote.lockedFor', { time: remaining(expiresAt, now) })}
      {stale && (
        <button type="button" onClick={onNewRate} className="ml-2 font-semibold text-brand-700 underline">
          {t('exchange.quote.newRate')}
        </button>
      )}
    </p>
  );
}

/**
 * The swap step's summary: what is sent and received, the quote's terms (or why there is none),
 * a fixed quote's countdown and a quote problem met on submit.
 */
export function SwapSummary({
  from,
  to,
  step,
  quote,
  shown,
  earlyProblem,
  countdown,
  stale,
  summaryError,
  onNewRate,
}: {
  from: Side;
  to: Side;
  step: SwapQuery;
  quote: QuoteState;
  shown: Quote | null;
  earlyProblem: ApiProblem | null;
  countdown: Countdown;
  stale: boolean;
  summaryError: string | null;
  onNewRate: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const fixed = step.rateType === 'fixed';
  const fromCode = from.coin.code.toUpperCase();
  const toCode = to.coin.code.toUpperCase();
  const { expiresAt } = countdown;
  return (
    <section
      aria-label={t('exchange.create.summary')}
      data-testid="swap-summary"
      data-state={quote.status}
      aria-live="polite"
      className="mt-4 rounded-xl bg-canvas p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SummarySide
          coin={from.coin}
          label={t('exchange.form.send')}
          testId="summary-from"
          amount={
            <>
              {formatDecimal(cleanAmount(step.amount), lang)} {fromCode}
            </>
          }
          network={networkOf(from.coin, from.network)?.name}
          usd={
            <UsdNote
              amount={cleanAmount(step.amount)}
              price={shown?.usd.from ?? null}
              testId="summary-usd-from"
            />
          }
        />
        <SummarySide
          coin={to.coin}
          label={t('exchange.form.receive')}
          testId="summary-to"
          amount={shown ? `${fixed ? '' : '≈ '}${formatDecimal(shown.amountTo, lang)} ${toCode}` : '—'}
          network={networkOf(to.coin, to.network)?.name}
          usd={<UsdNote amount={shown?.amountTo} price={shown?.usd.to ?? null} testId="summary-usd-to" />}
        />
      </div>
      {quote.status === 'error' || earlyProblem ? (
        <p className="mt-3 text-sm text-red-700" role="alert" data-testid="quote-error">
          {problemText(t, quote.status === 'error' ? quote.error : (earlyProblem as ApiProblem), step.from)}
        </p>
      ) : shown ? (
        <QuoteTerms shown={shown} rateType={step.rateType} fromCode={fromCode} toCode={toCode} />
      ) : (
        <p className="mt-3 text-sm text-muted">{t('exchange.quote.loading')}</p>
      )}
      {fixed && expiresAt !== null && (
        <FixedQuoteCountdown countdown={{ ...countdown, expiresAt }} stale={stale} onNewRate={onNewRate} />
      )}
      {!fixed && shown && <p className="mt-3 text-xs text-muted">{t('exchange.quote.floatNote')}</p>}
      {summaryError && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {summaryError}
        </p>
      )}
    </section>
  );
}
