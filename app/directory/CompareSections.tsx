import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '../../core/i18n/format.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { memoLabel } from '../exchange/messages.ts';
import type { TFunction } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/react.tsx';
import { rangeLabels, seriesByRange, summaryLabels } from './charts.ts';
import type { comparePage } from './directory.server.ts';
import { PriceChart } from './PriceChart.tsx';
import { Block, Change, CoinName } from './parts.tsx';

/** The comparison's data (`/compare/{a}-vs-{b}`), as its loader returns it. */
export type ComparePageData = Awaited<ReturnType<typeof comparePage>>;
type Side = ComparePageData['a'];

/** The two coins' names and upper-case codes: the values of the page's texts. */
export type CompareNames = { a: string; b: string; aCode: string; bCode: string };

interface CompareRow {
  key: string;
  label: string;
  a: ReactNode;
  b: ReactNode;
}

/** The table's rows: price, changes, rank, networks, confirmations, memo and fixed rate. */
function compareRows(t: TFunction, data: ComparePageData, lang: Lang): CompareRow[] {
  const { a, b, fixedRate } = data;
  return [
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
      a: confirmations(t, a),
      b: confirmations(t, b),
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
}

function confirmations(t: TFunction, side: Side): string {
  return t('directory.confirmations', {
    count: side.networks[0]?.confirmations ?? 0,
    network: side.networks[0]?.name ?? '',
  });
}

/** The two coins side by side. */
export function CompareTable({ data, title, lang }: { data: ComparePageData; title: string; lang: Lang }) {
  const { t } = useTranslation();
  const { a, b } = data;
  return (
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
          {compareRows(t, data, lang).map((row) => (
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
  );
}

/** Both coins' changes in percent over the chosen range. */
export function CompareChart({
  data,
  names,
  lang,
}: {
  data: ComparePageData;
  names: CompareNames;
  lang: Lang;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-6">
      <PriceChart
        ranges={seriesByRange([
          { label: names.aCode, ranges: data.a.chart },
          { label: names.bCode, ranges: data.b.chart },
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
  );
}

/** Links to the swap each way the providers offer. */
export function CompareSwapLinks({ data, lang }: { data: ComparePageData; lang: Lang }) {
  const { t } = useTranslation();
  const { a, b, available } = data;
  return (
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
  );
}

/** Comparisons of the first coin with others. */
export function OtherComparisons({
  others,
  names,
  lang,
}: {
  others: ComparePageData['others'];
  names: CompareNames;
  lang: Lang;
}) {
  const { t } = useTranslation();
  return (
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
  );
}
