import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { TxLink, type TxLinkNetwork } from './TxLink.tsx';
import type { TxStep } from './tx-steps.ts';

/** A transaction's hash and its link (the explorer's, or this site's view on a sandbox chain). */
export function TxHash({
  network,
  hash,
  url,
  mined,
  testId,
}: {
  network: TxLinkNetwork;
  hash: string;
  url?: string | null;
  mined: boolean;
  testId?: string;
}) {
  return (
    <>
      <span className="break-all font-mono text-xs">{hash}</span>{' '}
      <TxLink network={network} hash={hash} url={url} mined={mined} {...(testId ? { testId } : {})} />
    </>
  );
}

/**
 * Where the page's transaction stands, announced as it changes (`{prefix}-status`): sign in the
 * wallet, sent (`pending` says what), mined (`done`, as `{prefix}-done` or `{prefix}-reverted`),
 * failed; the page's own steps (`children`) between the shared ones.
 */
export function TxStatus<A extends string, Extra extends { kind: string }>({
  prefix,
  network,
  step,
  pending,
  done,
  children,
}: {
  prefix: string;
  network: TxLinkNetwork;
  step: TxStep<A, Extra>;
  /** What is on its way once sent. */
  pending: (action: A) => string;
  /** What a mined transaction did (pages whose transactions end as `done`). */
  done?: (action: A) => string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const shared = step as TxStep<A>;
  return (
    <div className="mt-4 text-sm" aria-live="polite" data-testid={`${prefix}-status`}>
      {shared.kind === 'confirm' ? <p>{t('dex.confirmInWallet')}</p> : null}
      {shared.kind === 'pending' ? (
        <p>
          {pending(shared.action)} <TxHash network={network} hash={shared.hash} mined={false} />
        </p>
      ) : null}
      {shared.kind === 'done' ? (
        <p
          data-testid={shared.ok ? `${prefix}-done` : `${prefix}-reverted`}
          className={shared.ok ? 'text-emerald-800' : 'text-red-700'}
        >
          {shared.ok && done ? done(shared.action) : t('dex.failed')}{' '}
          <TxHash network={network} hash={shared.hash} mined testId={`${prefix}-tx-link`} />
        </p>
      ) : null}
      {children}
      {shared.kind === 'error' ? <p className="text-red-700">{shared.message}</p> : null}
    </div>
  );
}
