import { useLoaderData } from 'react-router';
import { formatUnits } from '../../core/dex/networks.ts';
import type { SandboxTokenMovement } from '../../core/dex/sandbox/transaction.ts';
import { formatCount, formatDateTime, formatDecimal } from '../../core/i18n/format.ts';
import { PageIntro } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import type { loadSandboxTransaction } from './tx.server.ts';

const mono = 'break-all font-mono text-xs';

/** /dex/tx/{chainId}/{hash}: a sandbox chain's transaction (receipt, block, token movements). */
export function SandboxTxPage() {
  const { network, transaction: tx } = useLoaderData<typeof loadSandboxTransaction>();
  const { t } = useTranslation();
  const lang = useLang();
  const title = t('dex.tx.title');
  const amount = (raw: string, decimals: number | null) =>
    decimals === null
      ? formatCount(Number(raw), lang)
      : formatDecimal(formatUnits(BigInt(raw), decimals), lang);
  const movement = (move: SandboxTokenMovement) => {
    const value = `${amount(move.amount, move.decimals)} ${move.symbol ?? ''}`.trim();
    if (move.kind === 'deposit') return t('dex.tx.deposit', { amount: value, to: move.to ?? '' });
    if (move.kind === 'withdrawal') return t('dex.tx.withdrawal', { amount: value, from: move.from ?? '' });
    return t('dex.tx.transfer', { amount: value, from: move.from ?? '', to: move.to ?? '' });
  };
  return (
    <article data-page="dex-tx">
      <PageIntro
        page="dex-tx"
        path={`/dex/tx/${tx.chainId}/${tx.hash}`}
        heading={title}
        title={title}
        description={t('dex.tx.description', { network: network.name })}
        intro={<p>{t('dex.tx.description', { network: network.name })}</p>}
        trail={[{ name: t('pages.dex.title'), path: '/dex' }]}
        noindex
      />
      <p
        className="mt-4 max-w-3xl rounded-xl bg-sky-50 p-3 text-sm text-sky-900"
        data-testid="dex-tx-sandbox"
      >
        {t('dex.sandboxNote', { network: network.name })}
      </p>
      <dl
        className="mt-6 grid max-w-3xl grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-surface p-5 text-sm"
        data-testid="dex-tx"
      >
        <dt className="font-medium">{t('dex.tx.hash')}</dt>
        <dd className={mono}>{tx.hash}</dd>
        <dt className="font-medium">{t('dex.tx.status')}</dt>
        <dd
          data-testid="dex-tx-status"
          className={tx.status === 'success' ? 'font-medium text-emerald-800' : 'font-medium text-red-700'}
        >
          {t(tx.status === 'success' ? 'dex.tx.success' : 'dex.tx.reverted')}
        </dd>
        <dt className="font-medium">{t('dex.network')}</dt>
        <dd>
          {network.name} ({t('dex.networkChainId')} {tx.chainId})
        </dd>
        <dt className="font-medium">{t('dex.tx.block')}</dt>
        <dd data-testid="dex-tx-block">
          {tx.blockNumber} · {formatDateTime(new Date(tx.timestamp * 1000).toISOString(), lang)}
        </dd>
        <dt className="font-medium">{t('dex.tx.from')}</dt>
        <dd className={mono} data-testid="dex-tx-from">
          {tx.from}
        </dd>
        <dt className="font-medium">{t('dex.tx.to')}</dt>
        <dd className={mono}>{tx.to ?? t('dex.tx.contractCreation')}</dd>
        <dt className="font-medium">{t('dex.tx.value')}</dt>
        <dd>
          {amount(tx.value, network.decimals)} {network.native}
        </dd>
        <dt className="font-medium">{t('dex.tx.gasUsed')}</dt>
        <dd data-testid="dex-tx-gas">{formatCount(Number(tx.gasUsed), lang)}</dd>
        <dt className="font-medium">{t('dex.tx.fee')}</dt>
        <dd>
          {amount(tx.fee, network.decimals)} {network.native}
        </dd>
      </dl>
      <section className="mt-8 max-w-3xl" aria-labelledby="dex-tx-movements">
        <h2 id="dex-tx-movements" className="text-xl font-bold tracking-tight">
          {t('dex.tx.movements')}
        </h2>
        {tx.movements.length === 0 ? (
          <p className="mt-2 text-muted">{t('dex.tx.noMovements')}</p>
        ) : (
          <ul className="mt-3 space-y-2 text-sm" data-testid="dex-tx-movements">
            {tx.movements.map((move, index) => (
              <li
                // The logs' order is the receipt's and never changes.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={index}
                className="break-all rounded-xl border border-slate-200 bg-surface p-3"
                data-testid="dex-tx-movement"
              >
                {movement(move)}
                {move.symbol === null ? (
                  <span className="ml-1 text-muted">({t('dex.tx.unknownToken', { token: move.token })})</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {tx.otherLogs > 0 ? (
          <p className="mt-2 text-sm text-muted">
            {t('dex.tx.otherLogs', { count: formatCount(tx.otherLogs, lang) })}
          </p>
        ) : null}
      </section>
    </article>
  );
}
