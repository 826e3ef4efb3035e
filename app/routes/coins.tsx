import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatCount, formatUsd } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { loadCoinList } from '../directory/directory.server.ts';
import { Change, CoinName, DirectoryList, Sparkline } from '../directory/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';

const FIRST_PAGE = '/coin';

/** /coin and /coin/page-{page}: every coin with its price, changes, a 7-day line and its networks. */
export async function loader(args: LoaderFunctionArgs) {
  return loadCoinList(args);
}

export default function Coins() {
  return <CoinsView data={useLoaderData<typeof loader>()} />;
}

export function CoinsView({ data }: { data: Awaited<ReturnType<typeof loadCoinList>> }) {
  const { lang, rows, pagination } = data;
  const { t } = useTranslation();
  const title =
    pagination.page > 1 ? t('directory.coins.titlePage', { page: pagination.page }) : t('pages.coins.title');
  return (
    <DirectoryList
      page="coins"
      title={title}
      section={t('pages.coins.title')}
      description={t('directory.coins.description', {
        count: formatCount(pagination.total, lang),
        page: pagination.page,
      })}
      firstPage={FIRST_PAGE}
      pagination={pagination}
      search={{
        label: t('directory.coins.searchLabel'),
        placeholder: t('directory.coins.searchPlaceholder'),
      }}
      empty={rows.length === 0}
    >
      <div className="relative mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-surface">
        <table className="w-full min-w-[44rem] text-left text-sm" data-testid="coin-table">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase text-muted">
            <tr>
              <th scope="col" className="px-4 py-3">
                {t('directory.columns.coin')}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {t('directory.columns.price')}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {t('directory.columns.change24h')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('directory.columns.last7d')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('directory.columns.networks')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('directory.columns.swap')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((coin) => (
              <tr key={coin.code} className="border-b border-slate-100 last:border-0" data-coin={coin.code}>
                <th scope="row" className="px-4 py-3 font-normal">
                  <Link to={localizePath(lang, `/coin/${coin.code}`)} className="hover:underline">
                    <CoinName coin={coin} />
                  </Link>
                </th>
                <td className="px-4 py-3 text-right font-semibold tabular-nums">
                  {formatUsd(coin.market.usd, lang)}
                </td>
                <td className="px-4 py-3 text-right">
                  <Change value={coin.market.change24h} />
                </td>
                <td className="px-4 py-3">
                  <Sparkline
                    points={coin.market.sparkline}
                    label={t('directory.sparkline', { coin: coin.name })}
                  />
                </td>
                <td className="px-4 py-3 text-muted">
                  <span className="line-clamp-2">{coin.networks.join(', ')}</span>
                </td>
                <td className="px-4 py-3">
                  <ul className="flex flex-wrap gap-x-3 gap-y-1">
                    {coin.pairs.map((other) => (
                      <li key={other.code}>
                        <Link
                          to={localizePath(lang, `/exchange/${coin.code}-to-${other.code}`)}
                          className="text-link whitespace-nowrap uppercase"
                        >
                          {t('directory.pairLink', {
                            from: coin.code.toUpperCase(),
                            to: other.code.toUpperCase(),
                          })}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </DirectoryList>
  );
}
