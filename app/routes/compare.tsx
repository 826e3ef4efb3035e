import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatCount, formatUsd } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { loadCompareList } from '../directory/directory.server.ts';
import { Change, CoinName, DirectoryList } from '../directory/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';

const FIRST_PAGE = '/compare';

/** /compare: every pair of coins that can be compared, best-known coins first. */
export async function loader(args: LoaderFunctionArgs) {
  return loadCompareList(args);
}

export default function Compare() {
  return <CompareView data={useLoaderData<typeof loader>()} />;
}

export function CompareView({ data }: { data: Awaited<ReturnType<typeof loadCompareList>> }) {
  const { lang, rows, pagination } = data;
  const { t } = useTranslation();
  const title =
    pagination.page > 1
      ? t('directory.compare.titlePage', { page: pagination.page })
      : t('pages.compare.title');
  return (
    <DirectoryList
      page="compare"
      title={title}
      section={t('pages.compare.title')}
      description={t('directory.compare.description', {
        count: formatCount(pagination.total, lang),
        page: pagination.page,
      })}
      firstPage={FIRST_PAGE}
      pagination={pagination}
      empty={rows.length === 0}
    >
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="compare-list">
        {rows.map(({ a, b }) => (
          <li key={`${a.code}-${b.code}`}>
            <Link
              to={localizePath(lang, `/compare/${a.code}-vs-${b.code}`)}
              className="card block hover:border-brand-500"
              data-compare={`${a.code}-vs-${b.code}`}
            >
              <span className="flex items-center justify-between gap-2">
                <CoinName coin={a} size={24} />
                <span className="text-sm font-semibold text-muted">{t('directory.vs')}</span>
                <CoinName coin={b} size={24} />
              </span>
              <span className="mt-3 flex justify-between gap-2 text-sm tabular-nums">
                <span>
                  {formatUsd(a.market.usd, lang)} <Change value={a.market.change24h} />
                </span>
                <span className="text-right">
                  {formatUsd(b.market.usd, lang)} <Change value={b.market.change24h} />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </DirectoryList>
  );
}
