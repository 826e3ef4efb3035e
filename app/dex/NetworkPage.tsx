import { useLoaderData } from 'react-router';
import { formatCount } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { PageIntro } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import type { loadDexNetwork } from './network.server.ts';

/** /dex/networks/{network}: one of the DEX networks as this site serves it. */
export function DexNetworkPage() {
  const data = useLoaderData<typeof loadDexNetwork>();
  const { network } = data;
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <article data-page="dex-network">
      <PageIntro
        page="dex-network"
        path={`/dex/networks/${network.id}`}
        heading={t('pages.dex-network.title', { network: network.name })}
        title={t('pages.dex-network.title', { network: network.name })}
        description={t('pages.dex-network.description', { network: network.name })}
        intro={<p>{t('pages.dex-network.description', { network: network.name })}</p>}
        trail={[{ name: t('pages.dex.title'), path: '/dex' }]}
      />
      <dl className="mt-8 grid max-w-2xl grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-surface p-5 text-sm">
        <dt className="font-medium">{t('dex.networkChainId')}</dt>
        <dd data-testid="dex-network-chain-id">{network.chainId}</dd>
        <dt className="font-medium">{t('dex.networkGas')}</dt>
        <dd>{network.native}</dd>
        <dt className="font-medium">{t('dex.networkExplorer')}</dt>
        <dd>
          <a className="underline" href={network.explorerUrl} target="_blank" rel="noopener noreferrer">
            {network.explorerName}
          </a>
        </dd>
        <dt className="font-medium">{t('dex.networkTokens')}</dt>
        <dd>{formatCount(data.tokenCount, lang)}</dd>
      </dl>
      <p
        className={`mt-6 max-w-2xl rounded-xl p-3 text-sm ${data.available ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`}
        data-testid="dex-network-state"
      >
        {data.available
          ? t('dex.networkAvailable', { network: network.name })
          : t('dex.notConfigured', { network: network.name })}
        {data.sandbox ? ` ${t('dex.sandboxNote', { network: network.name })}` : ''}
      </p>
      {data.available ? (
        <a
          className="btn btn-primary btn-md mt-4 inline-flex"
          href={`${localizePath(lang, '/dex')}?network=${network.id}`}
          data-testid="dex-network-swap"
        >
          {t('dex.networkSwapOn', { network: network.name })}
        </a>
      ) : null}
      <section className="mt-10" aria-labelledby="dex-network-bridges">
        <h2 id="dex-network-bridges" className="text-2xl font-bold tracking-tight">
          {t('dex.networkBridges')}
        </h2>
        {data.bridges.length === 0 ? (
          <p className="mt-3 text-muted">{t('crossChain.noBridges')}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2" data-testid="dex-network-bridges">
            {data.bridges.map((bridge) => (
              <li key={bridge.name}>
                <strong>{bridge.name}</strong>: {bridge.to.join(', ')}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
