import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatAmount, formatCount } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { loadPairList } from '../directory/directory.server.ts';
import { CoinName, DirectoryList } from '../directory/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';

const FIRST_PAGE = '/exchange-pairs';

export function loader(args: LoaderFunctionArgs) {
  return loadPairList(args);
}

/** /exchange-pairs: every pair with its market rate, minimum, availability and fixed-rate support (SPEC §8). */
export default function ExchangePairs() {
  const { lang, rows, pagination } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const title =
    pagination.page > 1
      ? t('directory.pairs.titlePage', { page: pagination.page })
      : t('pages.exchange-pairs.title');
  return (
    <DirectoryList
      page="exchange-pairs"
      title={title}
      section={t('pages.exchange-pairs.title')}
      description={t('directory.pairs.description', {
        count: formatCount(pagination.total, lang),
        page: pagination.page,
      })}
      firstPage={FIRST_PAGE}
      pagination={pagination}
      search={{
        label: t('directory.pairs.searchLabel'),
        placeholder: t('directory.pairs.searchPlaceholder'),
      }}
      empty={rows.length === 0}
    >
      <div className="relative mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-surface">
        <table className="w-full min-w-[44rem] text-left text-sm" data-testid="pair-table">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase text-muted">
            <tr>
              <th scope="col" className="px-4 py-3">
                {t('directory.columns.pair')}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {t('directory.columns.rate')}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {t('directory.columns.min')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('directory.columns.status')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('directory.columns.fixedRate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={`${row.from.code}-${row.to.code}`}
                className="border-b border-slate-100 last:border-0"
                data-pair={`${row.from.code}-${row.to.code}`}
              >
                <th scope="row" className="px-4 py-3 font-normal">
                  <Link
                    to={localizePath(lang, `/exchange/${row.from.code}-to-${row.to.code}`)}
                    className="inline-flex items-center gap-2 hover:underline"
                  >
                    <CoinName coin={row.from} size={24} />
                    <span aria-hidden="true">→</span>
                    <span className="sr-only">{t('directory.to')}</span>
                    <CoinName coin={row.to} size={24} />
                  </Link>
                </th>
                <td className="px-4 py-3 text-right tabular-nums">
                  {row.rate === null
                    ? '—'
                    : `1 ${row.from.code.toUpperCase()} ≈ ${formatAmount(row.rate, lang)} ${row.to.code.toUpperCase()}`}
                </td>
                <td className="px-4 py-3 text-right tabular-nums">
                  {row.min === null ? '—' : `${formatAmount(row.min, lang)} ${row.from.code.toUpperCase()}`}
                </td>
                <td className="px-4 py-3">
                  {row.available ? (
                    <span className="text-green-700">{t('directory.available')}</span>
                  ) : (
                    <span className="text-red-700">{t('directory.unavailable')}</span>
                  )}
                </td>
                <td className="px-4 py-3">{row.fixedRate ? t('directory.yes') : t('directory.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </DirectoryList>
  );
}
