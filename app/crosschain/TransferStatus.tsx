import { formatDuration } from '../../core/i18n/format.ts';
import { useAmountOf } from '../dex/DexRoutes.tsx';
import type { TxLinkNetwork } from '../dex/TxLink.tsx';
import { TxHash } from '../dex/TxStatus.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import type { PairStep } from './pair-state.ts';

type Network = TxLinkNetwork & { name: string };

/**
 * The cross-chain page's own steps inside `<TxStatus>`: the approval mined, then the transfer
 * followed from its source transaction until it lands (with the destination transaction) or fails.
 */
export function TransferStatus({
  step,
  from,
  to,
}: {
  step: { kind: string } | PairStep;
  from: Network;
  to: Network & { token: { symbol: string; decimals: number } };
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const amountOf = useAmountOf();
  if (step.kind === 'approved' && 'hash' in step) {
    return (
      <p className="text-emerald-800" data-testid="xchain-approved">
        {t('dex.approvalConfirmed')} <TxHash network={from} hash={step.hash} mined />
      </p>
    );
  }
  if (step.kind !== 'tracking' || !('route' in step)) return null;
  const { status } = step;
  return (
    <div className="flex flex-col gap-2">
      <p data-testid="xchain-source-tx">
        {t('crossChain.sourceTx', { network: from.name })}{' '}
        <TxHash network={from} hash={step.hash} mined testId="xchain-source-tx-link" />
      </p>
      {status?.status === 'DONE' && status.receivingTxHash ? (
        <>
          <p data-testid="xchain-destination-tx">
            {t('crossChain.destinationTx', { network: to.name })}{' '}
            <TxHash
              network={to}
              hash={status.receivingTxHash}
              url={status.receivingTxUrl}
              mined
              testId="xchain-destination-tx-link"
            />
          </p>
          <p className="font-semibold text-emerald-800" data-testid="xchain-landed">
            {status.receivedAmount
              ? t('crossChain.landed', {
                  amount: amountOf(status.receivedAmount, to.token.decimals),
                  symbol: to.token.symbol,
                  network: to.name,
                })
              : t('crossChain.landedNoAmount', { network: to.name })}
          </p>
        </>
      ) : status?.status === 'FAILED' || status?.status === 'INVALID' ? (
        <p className="text-red-700" data-testid="xchain-bridge-failed">
          {t('crossChain.bridgeFailed')}
        </p>
      ) : (
        <p data-testid="xchain-in-flight">
          {t('crossChain.inFlight', {
            network: to.name,
            duration: formatDuration(step.route.durationSeconds, lang),
          })}
        </p>
      )}
    </div>
  );
}
