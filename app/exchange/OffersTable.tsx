import { useId } from 'react';
import { formatAmount } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { comparedAmount, formatDuration, usdValue, whyKey } from './offers-format.ts';
import type { Quote } from './types.ts';

/**
 * The aggregation made visible: every provider's offer for the quote, best first and marked, with
 * what it pays (or, in a reverse quote, what it needs sent), its rate, whether it locks a rate and
 * its own time estimate; and one honest line on why the best was chosen.
 */
export function OffersTable({
  quote,
  fromCode,
  toCode,
  onChoose,
  chosen = null,
}: {
  quote: Quote;
  fromCode: string;
  toCode: string;
  /** Lets the visitor take an offer other than the best (a radio per row); absent: read only. */
  onChoose?: (provider: string | null) => void;
  /** The provider the visitor took (null: the best), checked at once while its quote loads. */
  chosen?: string | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const captionId = useId();
  const radioName = `${captionId}-offer`;
  const best = quote.offers[0];
  if (!best) return null;
  const count = quote.offers.length;
  const amountCode = quote.reverse ? fromCode : toCode;
  return (
    <section aria-labelledby={captionId} className="mt-4" data-testid="offers" data-count={count}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={captionId} className="text-sm font-semibold">
          {t('exchange.offers.title')}
        </h2>
        <p className="text-xs text-muted" data-testid="offers-count">
          {t('exchange.offers.count', { count })}
        </p>
      </div>
      <table
        className="mt-2 w-full table-fixed text-left text-xs sm:text-sm"
        data-testid="quote-offers-table"
      >
        <thead className="border-b border-slate-200 text-muted">
          <tr>
            <th scope="col" className="w-[34%] py-1.5 pr-2 font-medium">
              {t('exchange.offers.provider')}
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right font-medium">
              {t(quote.reverse ? 'exchange.offers.youSend' : 'exchange.offers.youGet')}
            </th>
            <th scope="col" className="w-[17%] py-1.5 pr-2 text-center font-medium">
              {t('exchange.offers.fixed')}
            </th>
            <th scope="col" className="w-[19%] py-1.5 text-right font-medium">
              {t('exchange.offers.eta')}
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.offers.map((offer, i) => (
            <tr
              key={offer.provider}
              data-provider={offer.provider}
              data-best={i === 0 ? '' : undefined}
              data-chosen={offer.provider === quote.provider ? '' : undefined}
              className="border-b border-slate-100 align-top last:border-0 data-[chosen]:bg-green-50"
            >
              <th scope="row" className="py-2 pr-2 font-semibold break-words">
                {onChoose ? (
                  <label className="cursor-pointer">
                    <input
                      type="radio"
                      name={radioName}
                      checked={offer.provider === (chosen ?? best.provider)}
                      onChange={() => onChoose(i === 0 ? null : offer.provider)}
                      data-testid="offer-choose"
                      className="mr-1 accent-brand-600"
                    />
                    {offer.providerName}
                  </label>
                ) : (
                  offer.providerName
                )}
                {i === 0 ? (
                  <span className="ml-1 inline-block rounded-full bg-green-700 px-1.5 text-[0.7rem] font-semibold text-white">
                    {t('exchange.offers.best')}
                  </span>
                ) : null}
              </th>
              <td className="py-2 pr-2 text-right tabular-nums break-words" data-testid="offer-amount">
                {formatAmount(comparedAmount(quote, offer), lang)} {amountCode}
                <span className="hidden text-[0.7rem] text-muted sm:block">
                  {t('exchange.quote.rateValue', {
                    from: fromCode,
                    rate: formatAmount(offer.rate, lang),
                    to: toCode,
                  })}
                </span>
              </td>
              <td className="py-2 pr-2 text-center">
                <span aria-hidden="true">{offer.fixedRate ? '✓' : '—'}</span>
                <span className="sr-only">
                  {t(offer.fixedRate ? 'exchange.offers.yes' : 'exchange.offers.no')}
                </span>
              </td>
              <td className="py-2 text-right tabular-nums">
                {offer.eta ? formatDuration(offer.eta, lang) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-muted" data-testid="offers-why">
        {quote.provider === best.provider
          ? t(whyKey(quote), { provider: best.providerName, count })
          : t('exchange.offers.whyChosen', { provider: quote.providerName, best: best.providerName })}
      </p>
    </section>
  );
}

/** " · ≈ $1,234.56" after a line: an amount's USD value at the market price, when there is one. */
export function UsdNote({
  amount,
  price,
  testId,
}: {
  amount: string | undefined;
  price: string | null;
  testId: string;
}) {
  const lang = useLang();
  const usd = usdValue(amount, price, lang);
  return usd ? <span data-testid={testId}> · ≈ {usd}</span> : null;
}
