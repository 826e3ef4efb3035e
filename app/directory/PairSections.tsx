import { Link } from 'react-router';
import { formatAmount } from '../../core/i18n/format.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';
import { ServerHtml } from '../ui/ServerHtml.tsx';
import { rangeLabels, seriesByRange, summaryLabels } from './charts.ts';
import type { pairPage } from './directory.server.ts';
import { PriceChartWhenNeeded } from './PriceChartWhenNeeded.tsx';
import { Block, CoinName } from './parts.tsx';
import type { PairRow, ProviderOffer } from './types.ts';

/** The pair page's data (`/exchange/{from}-to-{to}`), as its loader returns it. */
export type PairPageData = Awaited<ReturnType<typeof pairPage>>;

/** The pair's coin names and upper-case codes: the values of the page's texts. */
export type PairNames = {
  from: string;
  to: string;
  fromCode: string;
  toCode: string;
};

/** The market rate as ExchangeRateSpecification JSON-LD; nothing without a rate. */
export function PairRateJsonLd({
  title,
  rate,
  names,
}: {
  title: string;
  rate: number | null;
  names: PairNames;
}) {
  if (rate === null) return null;
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'ExchangeRateSpecification',
        name: title,
        currency: names.fromCode,
        currentExchangeRate: {
          '@type': 'UnitPriceSpecification',
          price: Number(rate.toPrecision(8)),
          priceCurrency: names.toCode,
        },
      }}
    />
  );
}

/**
 * Status, fixed rate, minimum and maximum: server HTML the browser keeps, rendered again once the
 * providers' facts that were pending have come (docs/decisions/034). While they are pending the
 * limits are the catalogue's and whether a fixed rate is offered is not known yet: "—", not "No".
 */
export function PairFacts({
  pair,
  names,
  lang,
  pending,
}: {
  pair: PairRow;
  names: PairNames;
  lang: Lang;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ServerHtml version={`${pair.from.code}-${pair.to.code}:${pending ? 'pending' : 'facts'}`}>
      <dl className="mt-6 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div className="rounded-lg bg-canvas p-3">
          <dt className="text-muted">{t('directory.columns.status')}</dt>
          <dd className="mt-1 font-semibold" data-testid="pair-status">
            {pair.available ? t('directory.available') : t('directory.unavailable')}
          </dd>
        </div>
        <div className="rounded-lg bg-canvas p-3">
          <dt className="text-muted">{t('directory.columns.fixedRate')}</dt>
          <dd className="mt-1 font-semibold" data-testid="pair-fixed-rate" aria-busy={pending || undefined}>
            {pending ? '—' : pair.fixedRate ? t('directory.yes') : t('directory.no')}
          </dd>
        </div>
        <div className="rounded-lg bg-canvas p-3">
          <dt className="text-muted">{t('directory.columns.min')}</dt>
          <dd className="mt-1 font-semibold tabular-nums" data-testid="pair-min">
            {pair.min === null ? '—' : `${formatAmount(pair.min, lang)} ${names.fromCode}`}
          </dd>
        </div>
        <div className="rounded-lg bg-canvas p-3">
          <dt className="text-muted">{t('directory.columns.max')}</dt>
          <dd className="mt-1 font-semibold tabular-nums" data-testid="pair-max">
            {pair.max === null ? '—' : `${formatAmount(pair.max, lang)} ${names.fromCode}`}
          </dd>
        </div>
      </dl>
    </ServerHtml>
  );
}

/** The pair's rate chart, hydrated when needed. */
export function PairChart({
  names,
  charts,
  lang,
}: {
  names: PairNames;
  charts: PairPageData['charts'];
  lang: Lang;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-6">
      <PriceChartWhenNeeded
        ranges={seriesByRange([{ label: t('directory.chart.rateSeries', names), ranges: charts }])}
        rangeLabels={rangeLabels(t)}
        initialRange="7d"
        mode="rate"
        unit={names.toCode}
        locale={lang}
        title={(range) =>
          t('directory.chart.rateTitle', { ...names, range: t(`directory.chart.range.${range}`) })
        }
        rangeGroupLabel={t('directory.chart.rangeGroup')}
        emptyText={t('directory.chart.empty')}
        summaryLabels={summaryLabels(t)}
      />
    </div>
  );
}

/**
 * Offers, steps and related pairs: server HTML the browser keeps (docs/decisions/032), rendered
 * again once offers that were pending have come (docs/decisions/034).
 */
export function PairDetails({
  data,
  names,
}: {
  data: Pick<PairPageData, 'pair' | 'amount' | 'amountTo' | 'offers' | 'offersPending' | 'related'> & {
    lang: Lang;
  };
  names: PairNames;
}) {
  const { t } = useTranslation();
  const { lang, pair, amount, amountTo, offers, offersPending, related } = data;
  return (
    <ServerHtml
      version={`${pair.from.code}-${pair.to.code}:${amount}:${offersPending ? 'pending' : 'offers'}`}
    >
      <Block
        title={t('directory.pair.offersTitle', { amount: formatAmount(amount, lang), ...names })}
        id="offers"
      >
        {offers.length === 0 ? (
          <p className="text-muted" aria-busy={offersPending} data-pending={offersPending || undefined}>
            {t(offersPending ? 'directory.pair.offersLoading' : 'directory.pair.noOffers')}
          </p>
        ) : (
          <OffersTable offers={offers} names={names} lang={lang} />
        )}
        {amountTo ? <p className="mt-2 text-xs text-muted">{t('directory.pair.offersNote')}</p> : null}
      </Block>

      <Block title={t('directory.pair.howTitle', names)} id="how">
        <ol className="grid gap-3 md:grid-cols-4">
          {(['choose', 'address', 'send', 'receive'] as const).map((step, i) => (
            <li key={step} className="card">
              <span className="fact-figure text-2xl">{i + 1}</span>
              <p className="mt-2">{t(`directory.pair.steps.${step}`, names)}</p>
            </li>
          ))}
        </ol>
      </Block>

      <Block title={t('directory.pair.relatedTitle')} id="related">
        <RelatedPairs pair={pair} related={related} lang={lang} />
      </Block>
    </ServerHtml>
  );
}

/** Each provider's offer for the reference amount, best first. */
function OffersTable({
  offers,
  names,
  lang,
}: {
  offers: readonly ProviderOffer[];
  names: PairNames;
  lang: Lang;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-surface"
      aria-labelledby="offers"
      // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
      tabIndex={0}
    >
      <table className="w-full min-w-[28rem] text-left text-sm" data-testid="offers-table">
        <thead className="border-b border-slate-200 text-xs uppercase text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t('directory.columns.provider')}
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              {t('directory.columns.youGet')}
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              {t('directory.columns.rate')}
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((offer, i) => (
            <tr
              key={offer.provider}
              className="border-b border-slate-100 last:border-0"
              data-provider={offer.provider}
            >
              <th scope="row" className="px-4 py-3 font-semibold">
                {offer.providerName}
                {i === 0 ? (
                  <span className="ml-2 rounded-full bg-green-700 px-2 py-0.5 text-xs font-semibold normal-case text-white">
                    {t('directory.pair.best')}
                  </span>
                ) : null}
              </th>
              <td className="px-4 py-3 text-right tabular-nums">
                {formatAmount(offer.amountTo, lang)} {names.toCode}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatAmount(offer.rate, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The reverse pair, then pairs of either coin with others. */
function RelatedPairs({
  pair,
  related,
  lang,
}: {
  pair: PairRow;
  related: PairPageData['related'];
  lang: Lang;
}) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      <li>
        <Link
          to={localizePath(lang, `/exchange/${pair.to.code}-to-${pair.from.code}`)}
          className="card flex items-center gap-2 hover:border-brand-500"
          data-testid="reverse-pair"
        >
          <CoinName coin={pair.to} size={24} />
          <span aria-hidden="true">→</span>
          <span className="sr-only">{t('directory.to')}</span>
          <CoinName coin={pair.from} size={24} />
        </Link>
      </li>
      {related.map((item) => (
        <li key={`${item.from.code}-${item.to.code}`}>
          <Link
            to={localizePath(lang, `/exchange/${item.from.code}-to-${item.to.code}`)}
            className="card flex items-center gap-2 hover:border-brand-500"
          >
            <CoinName coin={item.from} size={24} />
            <span aria-hidden="true">→</span>
            <span className="sr-only">{t('directory.to')}</span>
            <CoinName coin={item.to} size={24} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
