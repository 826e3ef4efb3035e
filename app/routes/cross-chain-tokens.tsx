import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatCount } from '../../core/i18n/format.ts';
import { loadCrossChainTokens } from '../crosschain/crosschain.server.ts';
import { TOKENS_FIRST_PAGE } from '../crosschain/paths.ts';
import '../crosschain/english.ts';
import '../directory/english.ts';
import { DirectoryList } from '../directory/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';

export function loader(args: LoaderFunctionArgs) {
  return loadCrossChainTokens(args);
}

/** /cross-chain/tokens and its pages: each token on several networks, with its address on each. */
export default function CrossChainTokens() {
  const { rows, pagination, networkNames } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLang();
  const title =
    pagination.page > 1
      ? t('pages.cross-chain-tokens-page.title', { page: pagination.page })
      : t('pages.cross-chain-tokens.title');
  return (
    <DirectoryList
      page="cross-chain-tokens"
      title={title}
      section={t('pages.cross-chain-tokens.title')}
      description={
        pagination.page > 1
          ? t('pages.cross-chain-tokens-page.description', { page: pagination.page })
          : t('pages.cross-chain-tokens.description')
      }
      firstPage={TOKENS_FIRST_PAGE}
      pagination={pagination}
      empty={rows.length === 0}
    >
      <p className="mt-6 max-w-3xl text-muted">
        {t('crossChain.tokensIntro', { count: pagination.total, total: formatCount(pagination.total, lang) })}
      </p>
      <ul className="mt-6 flex flex-col gap-3" data-testid="cross-chain-tokens">
        {rows.map((token) => (
          <li
            key={`${token.networks[0]?.network}:${token.networks[0]?.address}`}
            className="min-w-0 rounded-2xl border border-slate-200 bg-surface p-4"
            data-testid="cross-chain-token"
          >
            <div className="flex items-center gap-3">
              <img src={token.icon} alt="" width={28} height={28} loading="lazy" />
              <strong>{token.symbol}</strong>
              <span className="min-w-0 truncate text-muted">{token.name}</span>
            </div>
            <p className="mt-2 text-sm">{t('crossChain.livesOn', { count: token.networks.length })}</p>
            <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              {token.networks.map((entry) => (
                <div key={entry.network} className="contents">
                  <dt className="font-medium">{networkNames[entry.network]}</dt>
                  <dd className="truncate font-mono text-xs leading-5 text-muted" title={entry.address}>
                    {entry.address}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-muted">{t('crossChain.tokensSource')}</p>
    </DirectoryList>
  );
}
