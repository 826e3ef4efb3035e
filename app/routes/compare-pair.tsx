import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatAmount, formatUsd } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { rangeLabels, seriesByRange, summaryLabels } from '../directory/charts.ts';
import { comparePage, loadCompareList } from '../directory/directory.server.ts';
import { PriceChart } from '../directory/PriceChart.tsx';
import { Block, Change, CoinName } from '../directory/parts.tsx';
import { memoLabel } from '../exchange/messages.ts';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { CompareView } from './compare.tsx';

async function pageData(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  const { from = '', to = '' } = page.params;
  return { ...page, ...(await comparePage(services, new URL(args.request.url), from, to)) };
}

/**
 * /compare/{a}-vs-{b}: two coins side by side, a chart of both, and the swap between them. The
 * list's pages share this route's shape (`compare-page`): the page middleware tells them apart.
 */
export async function loader(args: LoaderFunctionArgs) {
  // The page fields stay at the top: the shell reads the page's name and layout there.
  const page = resolvePage(args);
  if (page.page === 'compare-page')
    return { ...page, kind: 'list' as const, data: await loadCompareList(args) };
  return { ...page, kind: 'page' as const, data: await pageData(args) };
}

export default function ComparePairRoute() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.kind === 'list' ? <CompareView data={loaded.data} /> : <ComparePair data={loaded.data} />;
}

function ComparePair({ data }: { data: Awaited<ReturnType<typeof pageData>> }) {
  const { lang, a, b, rate, fixedRate, available, others } = data;
  const { t } = useTranslation();
  const names = { a: a.name, b: b.name, aCode: a.code.toUpperCase(), bCode: b.code.toUpperCase() };
  const title = t('directory.comparePair.title', names);
  const rows: { key: string; label: string; a: React.ReactNode; b: React.ReactNode }[] = [
    {
      key: 'price',
      label: t('directory.columns.price'),
      a: formatUsd(a.market.usd, lang),
      b: formatUsd(b.market.usd, lang),
    },
    {
      key: 'change24h',
      label: t('directory.columns.change24h'),
      a: <Change value={a.market.change24h} />,
      b: <Change value={b.market.change24h} />,
    },
    {
      key: 'change7d',
      label: t('directory.columns.change7d'),
      a: <Change value={a.market.change7d} />,
      b: <Change value={b.market.change7d} />,
    },
    {
      key: 'change30d',
      label: t('directory.columns.change30d'),
      a: <Change value={a.market.change30d} />,
      b: <Change value={b.market.change30d} />,
    },
    { key: 'rank', label: t('directory.columns.rank'), a: `#${a.rank}`, b: `#${b.rank}` },
    {
      key: 'networks',
      label: t('directory.columns.networks'),
      a: a.networks.map((network) => network.name).join(', '),
      b: b.networks.map((network) => network.name).join(', '),
    },
    {
      key: 'confirmations',
      label: t('directory.columns.confirmations'),
      a: t('directory.confirmations', {
        count: a.networks[0]?.confirmations ?? 0,
        network: a.networks[0]?.name ?? '',
      }),
      b: t('directory.confirmations', {
        count: b.networks[0]?.confirmations ?? 0,
        network: b.networks[0]?.name ?? '',
      }),
    },
    {
      key: 'memo',
      label: t('directory.columns.memo'),
      a: a.networks[0]?.memo ? memoLabel(t, a.networks[0].memo.kind) : t('directory.memo.none'),
      b: b.networks[0]?.memo ? memoLabel(t, b.networks[0].memo.kind) : t('directory.memo.none'),
    },
    {
      key: 'fixedRate',
      label: t('directory.columns.fixedRate'),
      a: fixedRate.ab ? t('directory.yes') : t('directory.no'),
      b: fixedRate.ba ? t('directory.yes') : t('directory.no'),
    },
  ];
  return (
    <article data-page="compare-pair" data-compare={`${a.code}-vs-${b.code}`}>
      <PageHead
        title={`${title} | ${t('site.name')}`}
        description={t('directory.comparePair.description', names)}
      />
      <Breadcrumbs
        trail={[
          { name: t('pages.compare.title'), path: '/compare' },
          { name: `${names.aCode} vs ${names.bCode}`, path: `/compare/${a.code}-vs-${b.code}` },
        ]}
      />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-3 max-w-3xl text-muted">
        {rate === null
          ? t('directory.pair.noRate')
          : t('directory.comparePair.rate', { ...names, rate: formatAmount(rate, lang) })}
      </p>
      <div className="relative mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-surface">
        <table className="w-full table-fixed text-left text-sm" data-testid="compare-table">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-slate-200">
            <tr>
              <td className="w-1/4 px-4 py-3" />
              <th scope="col" className="px-4 py-3">
                <Link to={localizePath(lang, `/coin/${a.code}`)} className="hover:underline">
                  <CoinName coin={a} />
                </Link>
              </th>
              <th scope="col" className="px-4 py-3">
                <Link to={localizePath(lang, `/coin/${b.code}`)} className="hover:underline">
                  <CoinName coin={b} />
                </Link>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-slate-100 last:border-0" data-row={row.key}>
                <th scope="row" className="px-4 py-3 font-normal text-muted">
                  {row.label}
                </th>
                <td className="px-4 py-3 tabular-nums break-words">{row.a}</td>
                <td className="px-4 py-3 tabular-nums break-words">{row.b}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-6">
        <PriceChart
          ranges={seriesByRange([
            { label: names.aCode, ranges: a.chart },
            { label: names.bCode, ranges: b.chart },
          ])}
          rangeLabels={rangeLabels(t)}
          initialRange="30d"
          mode="percent"
          locale={lang}
          title={(range) =>
            t('directory.chart.compareTitle', { ...names, range: t(`directory.chart.range.${range}`) })
          }
          rangeGroupLabel={t('directory.chart.rangeGroup')}
          emptyText={t('directory.chart.empty')}
          summaryLabels={summaryLabels(t)}
        />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {available.ab ? (
          <Link
            to={localizePath(lang, `/exchange/${a.code}-to-${b.code}`)}
            className="btn btn-primary btn-lg"
            data-testid="swap-ab"
          >
            {t('directory.exchangeLink', { from: a.name, to: b.name })}
          </Link>
        ) : null}
        {available.ba ? (
          <Link
            to={localizePath(lang, `/exchange/${b.code}-to-${a.code}`)}
            className="btn btn-secondary btn-lg"
          >
            {t('directory.exchangeLink', { from: b.name, to: a.name })}
          </Link>
        ) : null}
      </div>
      <Block title={t('directory.comparePair.othersTitle', names)} id="others">
        <ul className="flex flex-wrap gap-2">
          {others.map((other) => (
            <li key={other.code}>
              <Link to={localizePath(lang, other.path)} className="btn btn-secondary btn-md">
                {t('directory.compareLink', { a: names.aCode, b: other.code.toUpperCase() })}
              </Link>
            </li>
          ))}
        </ul>
      </Block>
    </article>
  );
}
