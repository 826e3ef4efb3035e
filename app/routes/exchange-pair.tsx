import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatAmount, formatUsd } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { rangeLabels, seriesByRange, summaryLabels } from '../directory/charts.ts';
import { pairPage } from '../directory/directory.server.ts';
import { PriceChartWhenNeeded } from '../directory/PriceChartWhenNeeded.tsx';
import { Block, CoinName } from '../directory/parts.tsx';
import { useRevalidateEvery } from '../exchange/api-hooks.ts';
import { ExchangeFormWhenNeeded } from '../exchange/ExchangeFormWhenNeeded.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';
import { ServerHtml } from '../ui/ServerHtml.tsx';

export async function loader(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  const { from = '', to = '' } = page.params;
  const data = await pairPage(services, new URL(args.request.url), from, to);
  const state = args.context.get(requestStateContext);
  if (data.offersPending && state.page) state.page = { ...state.page, pending: true };
  return { ...page, ...data };
}

/** How soon the browser asks again for offers the server did not have at hand. */
const OFFERS_RETRY_MS = 1_500;

/** /exchange/{from}-to-{to}: the live offers of every provider, limits, a rate chart and the form preset. */
export default function ExchangePair() {
  const { lang, pair, usd, amount, amountTo, offers, offersPending, charts, related, form } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // Offers not at hand when the server rendered: the loader runs again until they are.
  useRevalidateEvery(OFFERS_RETRY_MS, offersPending);
  const root = {
    from: pair.from.name,
    to: pair.to.name,
    fromCode: pair.from.code.toUpperCase(),
    toCode: pair.to.code.toUpperCase(),
  };
  const title = t('directory.pair.title', root);
  return (
    <article data-page="exchange-pair" data-pair={`${pair.from.code}-${pair.to.code}`}>
      <PageHead
        title={`${title} | ${t('site.name')}`}
        description={t('directory.pair.description', {
          ...root,
          rate: pair.rate === null ? '—' : formatAmount(pair.rate, lang),
        })}
      />
      {pair.rate === null ? null : (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'ExchangeRateSpecification',
            name: title,
            currency: root.fromCode,
            currentExchangeRate: {
              '@type': 'UnitPriceSpecification',
              price: Number(pair.rate.toPrecision(8)),
              priceCurrency: root.toCode,
            },
          }}
        />
      )}
      <Breadcrumbs
        trail={[
          { name: t('pages.exchange-pairs.title'), path: '/exchange-pairs' },
          {
            name: `${root.fromCode} → ${root.toCode}`,
            path: `/exchange/${pair.from.code}-to-${pair.to.code}`,
          },
        ]}
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
          <p className="mt-4 text-2xl font-semibold tabular-nums" data-testid="pair-rate">
            {pair.rate === null
              ? t('directory.pair.noRate')
              : `1 ${root.fromCode} ≈ ${formatAmount(pair.rate, lang)} ${root.toCode}`}
          </p>
          <p className="mt-1 text-sm text-muted">
            {t('directory.pair.usd', {
              ...root,
              fromUsd: formatUsd(usd.from, lang),
              toUsd: formatUsd(usd.to, lang),
            })}
          </p>
          <ServerHtml>
            <dl className="mt-6 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div className="rounded-lg bg-canvas p-3">
                <dt className="text-muted">{t('directory.columns.status')}</dt>
                <dd className="mt-1 font-semibold" data-testid="pair-status">
                  {pair.available ? t('directory.available') : t('directory.unavailable')}
                </dd>
              </div>
              <div className="rounded-lg bg-canvas p-3">
                <dt className="text-muted">{t('directory.columns.fixedRate')}</dt>
                <dd className="mt-1 font-semibold">
                  {pair.fixedRate ? t('directory.yes') : t('directory.no')}
                </dd>
              </div>
              <div className="rounded-lg bg-canvas p-3">
                <dt className="text-muted">{t('directory.columns.min')}</dt>
                <dd className="mt-1 font-semibold tabular-nums" data-testid="pair-min">
                  {pair.min === null ? '—' : `${formatAmount(pair.min, lang)} ${root.fromCode}`}
                </dd>
              </div>
              <div className="rounded-lg bg-canvas p-3">
                <dt className="text-muted">{t('directory.columns.max')}</dt>
                <dd className="mt-1 font-semibold tabular-nums" data-testid="pair-max">
                  {pair.max === null ? '—' : `${formatAmount(pair.max, lang)} ${root.fromCode}`}
                </dd>
              </div>
            </dl>
          </ServerHtml>
          <div className="mt-6">
            <PriceChartWhenNeeded
              ranges={seriesByRange([{ label: t('directory.chart.rateSeries', root), ranges: charts }])}
              rangeLabels={rangeLabels(t)}
              initialRange="7d"
              mode="rate"
              unit={root.toCode}
              locale={lang}
              title={(range) =>
                t('directory.chart.rateTitle', { ...root, range: t(`directory.chart.range.${range}`) })
              }
              rangeGroupLabel={t('directory.chart.rangeGroup')}
              emptyText={t('directory.chart.empty')}
              summaryLabels={summaryLabels(t)}
            />
          </div>
        </div>
        <aside className="min-w-0">
          <h2 className="sr-only">{t('directory.coin.swapTitle', { coin: pair.from.name })}</h2>
          <ExchangeFormWhenNeeded from={form.from} to={form.to} amount={amount} />
        </aside>
      </div>

      {/* Tables, steps and links: server HTML the browser keeps (docs/decisions/032), rendered
          again once offers that were pending have come (docs/decisions/034). */}
      <ServerHtml
        version={`${pair.from.code}-${pair.to.code}:${amount}:${offersPending ? 'pending' : 'offers'}`}
      >
        <Block
          title={t('directory.pair.offersTitle', { amount: formatAmount(amount, lang), ...root })}
          id="offers"
        >
          {offers.length === 0 ? (
            <p className="text-muted" aria-busy={offersPending} data-pending={offersPending || undefined}>
              {t(offersPending ? 'directory.pair.offersLoading' : 'directory.pair.noOffers')}
            </p>
          ) : (
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
                        {formatAmount(offer.amountTo, lang)} {root.toCode}
                      </td>
                      <td className="px-4 py-3 text-right tabular-nums">{formatAmount(offer.rate, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          {amountTo ? <p className="mt-2 text-xs text-muted">{t('directory.pair.offersNote')}</p> : null}
        </Block>

        <Block title={t('directory.pair.howTitle', root)} id="how">
          <ol className="grid gap-3 md:grid-cols-4">
            {(['choose', 'address', 'send', 'receive'] as const).map((step, i) => (
              <li key={step} className="card">
                <span className="fact-figure text-2xl">{i + 1}</span>
                <p className="mt-2">{t(`directory.pair.steps.${step}`, root)}</p>
              </li>
            ))}
          </ol>
        </Block>

        <Block title={t('directory.pair.relatedTitle')} id="related">
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
        </Block>
      </ServerHtml>
    </article>
  );
}
