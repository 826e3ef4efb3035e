import { formatDecimal } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { CoinIcon } from './CoinIcon.tsx';
import { CopyButton } from './CopyButton.tsx';
import { memoLabel } from './messages.ts';
import { Time } from './SwapTimeline.tsx';
import type { SwapLinks, SwapSide } from './swap-page.server.ts';
import { shownPayout } from './swap-status-state.ts';
import type { SwapView } from './types.ts';

/** What is sent and what comes back: the payout, the refund, or that the visitor still decides. */
export function SwapAmounts({ swap, from, to }: { swap: SwapView; from: SwapSide; to: SwapSide }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fromCode = from.code.toUpperCase();
  return (
    <section aria-labelledby="amounts-heading" className="rounded-2xl bg-surface p-5 shadow-md">
      <h2 id="amounts-heading" className="sr-only">
        {t('swapStatus.amounts')}
      </h2>
      <div className="flex items-center gap-3">
        <CoinIcon coin={from} size={32} />
        <div>
          <p className="text-xs text-muted">
            {swap.amountDeposited ? t('swapStatus.received') : t('swapStatus.send')}
          </p>
          <p className="font-semibold" data-testid="amount-sent">
            {formatDecimal(swap.amountDeposited ?? swap.amountFrom, lang)} {fromCode}
          </p>
          <p className="text-xs text-muted">{from.networkName}</p>
        </div>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <CoinIcon coin={to} size={32} />
        <div>
          <PayoutAmount swap={swap} from={from} to={to} />
          <p className="text-xs text-muted">{to.networkName}</p>
        </div>
      </div>
      <p className="mt-3 text-sm text-muted">{t(`exchange.rate.${swap.rateType}`)}</p>
    </section>
  );
}

/** The payout (paid, or to come), nothing while the visitor decides, or the refund. */
function PayoutAmount({ swap, from, to }: { swap: SwapView; from: SwapSide; to: SwapSide }) {
  const { t } = useTranslation();
  const lang = useLang();
  const payout = shownPayout(swap);
  if (payout) {
    return (
      <>
        <p className="text-xs text-muted">
          {swap.amountPaidOut ? t('swapStatus.paidOut') : t('swapStatus.receive')}
        </p>
        <p className="font-semibold" data-testid="amount-receive">
          {`${payout.approximate ? '≈ ' : ''}${formatDecimal(payout.amount, lang)}`} {to.code.toUpperCase()}
        </p>
      </>
    );
  }
  if (swap.status === 'action_needed') {
    return (
      <p className="text-sm text-muted" data-testid="amount-receive">
        {t('swapStatus.payoutUndecided')}
      </p>
    );
  }
  return (
    <>
      <p className="text-xs text-muted">{t('swapStatus.refundAmount')}</p>
      <p className="font-semibold" data-testid="amount-refund">
        {formatDecimal(swap.amountRefunded ?? swap.amountDeposited ?? swap.amountFrom, lang)}{' '}
        {from.code.toUpperCase()}
      </p>
    </>
  );
}

/** The swap's id, creation time, addresses and transactions with their explorer links. */
export function SwapDetails({
  swap,
  from,
  to,
  links,
}: {
  swap: SwapView;
  from: SwapSide;
  to: SwapSide;
  links: SwapLinks;
}) {
  const { t } = useTranslation();
  const fromCode = from.code.toUpperCase();
  const toCode = to.code.toUpperCase();
  return (
    <section aria-labelledby="details-heading" className="rounded-2xl bg-surface p-5 shadow-md">
      <h2 id="details-heading" className="text-lg font-semibold">
        {t('swapStatus.details.title')}
      </h2>
      <dl className="mt-3 grid gap-3 text-sm">
        <div>
          <dt className="text-muted">{t('swapStatus.details.id')}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <code className="font-mono" data-testid="swap-id">
              {swap.id}
            </code>
            <CopyButton text={swap.id} label={t('swapStatus.details.copyId')} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('swapStatus.details.created')}</dt>
          <dd>
            <Time at={swap.createdAt} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('swapStatus.details.payoutAddress', { coin: toCode })}</dt>
          <dd className="break-all font-mono" data-testid="payout-address">
            {links.payoutAddress ? (
              <a
                href={links.payoutAddress}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-700 underline"
                data-testid="payout-address-link"
              >
                {swap.payoutAddress}
              </a>
            ) : (
              swap.payoutAddress
            )}
          </dd>
        </div>
        {swap.payoutMemo && (
          <div>
            <dt className="text-muted">{memoLabel(t, to.memoKind ?? 'memo')}</dt>
            <dd className="break-all font-mono">{swap.payoutMemo}</dd>
          </div>
        )}
        {swap.refundAddress && (
          <div>
            <dt className="text-muted">{t('swapStatus.details.refundAddress', { coin: fromCode })}</dt>
            <dd className="break-all font-mono">{swap.refundAddress}</dd>
          </div>
        )}
        {swap.depositHash && (
          <div>
            <dt className="text-muted">{t('swapStatus.details.depositTx')}</dt>
            <dd className="break-all font-mono">
              <TxLink href={links.depositTx} hash={swap.depositHash} testId="deposit-tx-link" />
            </dd>
          </div>
        )}
        {swap.refundHash && (
          <div>
            <dt className="text-muted">{t('swapStatus.details.refundTx')}</dt>
            <dd className="break-all font-mono">
              <TxLink href={swap.refundTxUrl} hash={swap.refundHash} testId="refund-tx-link" />
            </dd>
          </div>
        )}
        {swap.payoutHash && (
          <div>
            <dt className="text-muted">{t('swapStatus.details.payoutTx')}</dt>
            <dd className="break-all font-mono">
              <TxLink href={links.payoutTx} hash={swap.payoutHash} testId="payout-tx-link" />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function TxLink({ href, hash, testId }: { href: string | null; hash: string; testId: string }) {
  const { t } = useTranslation();
  if (!href) return <span>{hash}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-brand-700 underline"
      data-testid={testId}
      title={t('swapStatus.details.explorer')}
    >
      {hash}
    </a>
  );
}
