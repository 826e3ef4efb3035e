import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatAmount, formatUsd } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { rangeLabels, seriesByRange, summaryLabels } from '../directory/charts.ts';
import { coinPage, loadCoinList } from '../directory/directory.server.ts';
import { PriceChartWhenNeeded } from '../directory/PriceChartWhenNeeded.tsx';
import { Block, Change, CoinName } from '../directory/parts.tsx';
import { ExchangeFormWhenNeeded } from '../exchange/ExchangeFormWhenNeeded.tsx';
import { memoLabel } from '../exchange/messages.ts';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';
import { ExternalLink } from '../shell/ExternalLink.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';
import { ServerHtml } from '../ui/ServerHtml.tsx';
import { CoinsView } from './coins.tsx';

async function pageData(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  return { ...page, ...(await coinPage(services, new URL(args.request.url), page.params.coin ?? '')) };
}

/**
 * /coin/{coin}: price and changes, a chart, networks, an exchange form preset to the coin, FAQ. The
 * list's pages share this route's shape (`coins-page`): the page middleware tells them apart.
 */
export async function loader(args: LoaderFunctionArgs) {
  // The page fields stay at the top: the shell reads the page's name and layout there.
  const page = resolvePage(args);
  if (page.page === 'coins-page') return { ...page, kind: 'list' as const, data: await loadCoinList(args) };
  return { ...page, kind: 'page' as const, data: await pageData(args) };
}

export default function CoinPageRoute() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.kind === 'list' ? <CoinsView data={loaded.data} /> : <CoinPage data={loaded.data} />;
}

function CoinPage({ data }: { data: Awaited<ReturnType<typeof pageData>> }) {
  const { lang, coin, rank, market, charts, networks, partners, comparisons, form } = data;
  const { t } = useTranslation();
  const code = coin.code.toUpperCase();
  const names = { coin: coin.name, code };
  const title = t('directory.coin.title', names);
  const faq = [
    { q: t('directory.coin.faq.howQ', names), a: t('directory.coin.faq.howA', names) },
    {
      q: t('directory.coin.faq.minQ', names),
      a: t('directory.coin.faq.minA', {
        ...names,
        min: formatAmount(networks[0]?.min ?? '0', lang),
        network: networks[0]?.name ?? '',
      }),
    },
    {
      q: t('directory.coin.faq.networksQ', names),
      a: t('directory.coin.faq.networksA', {
        ...names,
        count: networks.length,
        networks: networks.map((network) => network.name).join(', '),
      }),
    },
    { q: t('directory.coin.faq.fixedQ', names), a: t('directory.coin.faq.fixedA', names) },
  ];
  return (
    <article data-page="coin" data-coin={coin.code}>
      <PageHead
        title={`${title} | ${t('site.name')}`}
        description={t('directory.coin.description', { ...names, price: formatUsd(market.usd, lang) })}
      />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: faq.map((item) => ({
            '@type': 'Question',
            name: item.q,
            acceptedAnswer: { '@type': 'Answer', text: item.a },
          })),
        }}
      />
      <Breadcrumbs
        trail={[
          { name: t('pages.coins.title'), path: '/coin' },
          { name: coin.name, path: `/coin/${coin.code}` },
        ]}
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          <div className="flex items-center gap-3">
            <CoinName coin={coin} size={40} />
          </div>
          <h1 className="mt-4 text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <span className="text-3xl font-bold tabular-nums" data-testid="coin-price">
              {formatUsd(market.usd, lang)}
            </span>
            <Change value={market.change24h} />
          </p>
          <ServerHtml>
            <dl className="mt-4 grid max-w-md grid-cols-3 gap-3 text-sm">
              {(
                [
                  ['change24h', market.change24h],
                  ['change7d', market.change7d],
                  ['change30d', market.change30d],
                ] as const
              ).map(([key, value]) => (
                <div key={key} className="rounded-lg bg-canvas p-3">
                  <dt className="text-muted">{t(`directory.columns.${key}`)}</dt>
                  <dd className="mt-1 font-semibold">
                    <Change value={value} />
                  </dd>
                </div>
              ))}
            </dl>
          </ServerHtml>
          <div className="mt-6">
            <PriceChartWhenNeeded
              ranges={seriesByRange([{ label: t('directory.chart.priceSeries', names), ranges: charts }])}
              rangeLabels={rangeLabels(t)}
              initialRange="7d"
              mode="usd"
              locale={lang}
              title={(range) =>
                t('directory.chart.title', { ...names, range: t(`directory.chart.range.${range}`) })
              }
              rangeGroupLabel={t('directory.chart.rangeGroup')}
              emptyText={t('directory.chart.empty')}
              summaryLabels={summaryLabels(t)}
            />
          </div>
          <ServerHtml>
            <p className="mt-6 max-w-3xl leading-relaxed" data-testid="coin-about">
              {t('directory.coin.about', {
                ...names,
                rank,
                count: networks.length,
                networks: networks.map((network) => network.name).join(', '),
              })}
            </p>
          </ServerHtml>
        </div>
        <aside className="min-w-0">
          <h2 className="sr-only">{t('directory.coin.swapTitle', names)}</h2>
          <ExchangeFormWhenNeeded from={form.from} to={form.to} />
        </aside>
      </div>

      {/* Tables, links and questions: server HTML the browser keeps (docs/decisions/032). */}
      <ServerHtml>
        <Block title={t('directory.coin.networksTitle', names)} id="networks">
          <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-surface">
            <table className="w-full min-w-[36rem] text-left text-sm" data-testid="network-table">
              <thead className="border-b border-slate-200 text-xs uppercase text-muted">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t('directory.columns.network')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('directory.columns.confirmations')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('directory.columns.memo')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    {t('directory.columns.min')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('directory.columns.contract')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {networks.map((network) => (
                  <tr key={network.id} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="px-4 py-3 font-semibold">
                      {network.name}
                    </th>
                    <td className="px-4 py-3 tabular-nums">{network.confirmations}</td>
                    <td className="px-4 py-3">
                      {network.memo
                        ? t(network.memo.required ? 'directory.memo.required' : 'directory.memo.optional', {
                            memo: memoLabel(t, network.memo.kind),
                          })
                        : t('directory.memo.none')}
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums" data-testid="network-min">
                      {formatAmount(network.min, lang)} {code}
                    </td>
                    <td
                      className="max-w-48 truncate px-4 py-3 font-mono text-xs"
                      title={network.contract ?? undefined}
                    >
                      {network.contract && network.explorer ? (
                        <ExternalLink href={network.explorer} className="text-link">
                          {network.contract}
                        </ExternalLink>
                      ) : (
                        (network.contract ?? t('directory.nativeCoin'))
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Block>

        <Block title={t('directory.coin.pairsTitle', names)} id="pairs">
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="coin-pairs">
            {partners.flatMap((other) => [
              <li key={`${coin.code}-${other.code}`}>
                <Link
                  to={localizePath(lang, `/exchange/${coin.code}-to-${other.code}`)}
                  className="card block hover:border-brand-500"
                >
                  {t('directory.exchangeLink', { from: coin.name, to: other.name })}
                </Link>
              </li>,
              <li key={`${other.code}-${coin.code}`}>
                <Link
                  to={localizePath(lang, `/exchange/${other.code}-to-${coin.code}`)}
                  className="card block hover:border-brand-500"
                >
                  {t('directory.exchangeLink', { from: other.name, to: coin.name })}
                </Link>
              </li>,
            ])}
          </ul>
        </Block>

        <Block title={t('directory.coin.compareTitle', names)} id="compare">
          <ul className="flex flex-wrap gap-2">
            {comparisons.map((other) => (
              <li key={other.code}>
                <Link to={localizePath(lang, other.path)} className="btn btn-secondary btn-md">
                  {t('directory.compareLink', { a: coin.code.toUpperCase(), b: other.code.toUpperCase() })}
                </Link>
              </li>
            ))}
          </ul>
        </Block>

        <Block title={t('directory.faqTitle')} id="faq">
          <div className="space-y-3">
            {faq.map((item) => (
              <details key={item.q} className="card">
                <summary className="cursor-pointer font-semibold">{item.q}</summary>
                <p className="mt-2 text-muted">{item.a}</p>
              </details>
            ))}
          </div>
        </Block>
      </ServerHtml>
    </article>
  );
}
