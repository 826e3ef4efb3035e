import {
  BRIDGES_PAGE,
  CROSS_CHAIN_PATH_SYMBOL,
  crossChainPairPath,
  PAIRS_FIRST_PAGE,
  TOKENS_FIRST_PAGE,
} from '../../core/crosschain/paths.ts';
import { formatCount } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { PageIntro } from '../company/parts.tsx';
import { DirectoryList } from '../directory/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import type {
  loadCrossChainBridges,
  loadCrossChainPairs,
  loadCrossChainTokens,
} from './crosschain.server.ts';

/** Where the sandbox bridge runs: its chains are test chains, and they start afresh at each restart. */
function SandboxNote() {
  const { t } = useTranslation();
  return (
    <p className="mt-6 max-w-3xl rounded-xl bg-sky-50 p-3 text-sm text-sky-900" data-testid="xchain-sandbox">
      {t('crossChain.sandboxNote')} {t('dex.sandboxWallet.resets')}
    </p>
  );
}

/** /cross-chain and its pages: each token from one network to another, with the bridges set up for it. */
export function CrossChainPairsView({ data }: { data: ReturnType<typeof loadCrossChainPairs> }) {
  const { rows, pagination, networkNames } = data;
  const { t } = useTranslation();
  const lang = useLang();
  const title =
    pagination.page > 1
      ? t('pages.cross-chain-page.title', { page: pagination.page })
      : t('pages.cross-chain.title');
  return (
    <DirectoryList
      page="cross-chain"
      title={title}
      section={t('pages.cross-chain.title')}
      description={
        pagination.page > 1
          ? t('pages.cross-chain-page.description', { page: pagination.page })
          : t('pages.cross-chain.description')
      }
      firstPage={PAIRS_FIRST_PAGE}
      pagination={pagination}
      empty={rows.length === 0}
    >
      <p className="mt-6 max-w-3xl text-muted">
        {t('crossChain.pairsIntro', { count: pagination.total, total: formatCount(pagination.total, lang) })}
      </p>
      {data.sandbox ? <SandboxNote /> : null}
      <ul className="mt-6 flex flex-col gap-3" data-testid="cross-chain-pairs">
        {rows.map((row) => (
          <li
            key={`${row.from.network}:${row.from.address}:${row.to.network}`}
            className="min-w-0 rounded-2xl border border-slate-200 bg-surface p-4"
            data-testid="cross-chain-pair"
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <img src={row.icon} alt="" width={28} height={28} loading="lazy" />
              {CROSS_CHAIN_PATH_SYMBOL.test(row.symbol) ? (
                <a
                  className="font-semibold underline"
                  href={localizePath(
                    lang,
                    crossChainPairPath(row.symbol, row.from.network, row.symbol, row.to.network),
                  )}
                >
                  {row.symbol}
                </a>
              ) : (
                // A symbol a path cannot carry (`USDC.e`) has no pair page.
                <strong>{row.symbol}</strong>
              )}
              <span>
                {t('crossChain.fromTo', {
                  from: networkNames[row.from.network] ?? row.from.network,
                  to: networkNames[row.to.network] ?? row.to.network,
                })}
              </span>
            </div>
            <p className="mt-2 text-sm text-muted" data-testid="cross-chain-bridges">
              {row.bridges.length > 0
                ? t('crossChain.via', { bridges: row.bridges.join(', ') })
                : t('crossChain.noBridge')}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-muted">{t('crossChain.tokensSource')}</p>
    </DirectoryList>
  );
}

/** /cross-chain/tokens and its pages: each token on several networks, with its address on each. */
export function CrossChainTokensView({ data }: { data: ReturnType<typeof loadCrossChainTokens> }) {
  const { rows, pagination, networkNames } = data;
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

/** /cross-chain/bridges: the route sources set up on this site and the network pairs each bridges. */
export function CrossChainBridgesView({ data }: { data: ReturnType<typeof loadCrossChainBridges> }) {
  const { t } = useTranslation();
  return (
    <article data-page="cross-chain-bridges">
      <PageIntro
        page="cross-chain-bridges"
        path={BRIDGES_PAGE}
        heading={t('pages.cross-chain-bridges.title')}
        intro={<p>{t('crossChain.bridgesIntro')}</p>}
        trail={[{ name: t('pages.cross-chain.title'), path: PAIRS_FIRST_PAGE }]}
      />
      {data.sandbox ? <SandboxNote /> : null}
      {data.sources.length === 0 ? (
        <p
          className="mt-8 rounded-xl bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="cross-chain-no-bridges"
        >
          {t('crossChain.noBridges')}
        </p>
      ) : (
        <ul className="mt-8 flex flex-col gap-4" data-testid="cross-chain-bridge-list">
          {data.sources.map((source) => (
            <li
              key={source.id}
              className="min-w-0 rounded-2xl border border-slate-200 bg-surface p-4"
              data-testid="cross-chain-bridge"
            >
              <h2 className="text-xl font-bold">{source.name}</h2>
              <p className="mt-2 text-sm font-medium">{t('crossChain.bridgeRoutes')}</p>
              <ul className="mt-1 flex flex-wrap gap-2 text-sm">
                {source.routes.map((route) => (
                  <li key={`${route.from}:${route.to}`} className="rounded-full bg-slate-100 px-3 py-1">
                    {t('crossChain.fromTo', { from: route.from, to: route.to })}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
