import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatCount } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import '../directory/english.ts';
import { CoinName, DirectoryList } from '../directory/parts.tsx';
import '../fiat/english.ts';
import { loadFiatPairs } from '../fiat/fiat-pairs.server.ts';
import { useTranslation } from '../i18n/react.tsx';

const FIRST_PAGE = '/fiat/pairs';

export function loader(args: LoaderFunctionArgs) {
  return loadFiatPairs(args);
}

/** /fiat/pairs: every fiat–crypto pair, available where a provider serves it, searchable and paged. */
export default function FiatPairs() {
  const { lang, rows, pagination } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const title =
    pagination.page > 1
      ? t('pages.fiat-pairs-page.title', { page: pagination.page })
      : t('pages.fiat-pairs.title');
  return (
    <DirectoryList
      page="fiat-pairs"
      title={title}
      section={t('pages.fiat-pairs.title')}
      description={t('fiat.pairs.description', {
        count: formatCount(pagination.total, lang),
        page: pagination.page,
      })}
      firstPage={FIRST_PAGE}
      pagination={pagination}
      search={{ label: t('fiat.pairs.searchLabel'), placeholder: t('fiat.pairs.searchPlaceholder') }}
      empty={rows.length === 0}
    >
      <div className="relative mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-surface">
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="fiat-pair-table">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase text-muted">
            <tr>
              <th scope="col" className="px-4 py-3">
                {t('directory.columns.pair')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('fiat.pairs.providers')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('directory.columns.status')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const available = row.providers.length > 0;
              const pair = (
                <span className="inline-flex items-center gap-2">
                  <span className="font-semibold">{row.fiat.code.toUpperCase()}</span>
                  <span className="text-muted">{row.fiat.name}</span>
                  <span aria-hidden="true">→</span>
                  <CoinName coin={row.coin} size={24} />
                </span>
              );
              return (
                <tr
                  key={`${row.fiat.code}-${row.coin.code}`}
                  className="border-b border-slate-100 last:border-0"
                  data-pair={`${row.fiat.code}-${row.coin.code}`}
                  data-available={available}
                >
                  <th scope="row" className="px-4 py-3 font-normal">
                    {available ? (
                      <Link
                        to={localizePath(lang, `/fiat/exchange/${row.fiat.code}-to-${row.coin.code}`)}
                        className="hover:underline"
                      >
                        {pair}
                      </Link>
                    ) : (
                      pair
                    )}
                  </th>
                  <td className="px-4 py-3 text-muted">{available ? row.providers.join(', ') : '—'}</td>
                  <td className="px-4 py-3">
                    {available ? (
                      <span className="text-green-700">{t('directory.available')}</span>
                    ) : (
                      <span className="text-red-700">{t('directory.unavailable')}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </DirectoryList>
  );
}
