import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';

/** Where a transaction of a network can be looked at: a block explorer, or this site's own view on a sandbox chain. */
export interface TxLinkNetwork {
  chainId: number;
  sandbox: boolean;
  explorerUrl: string;
  explorerName: string;
}

/**
 * A link to a transaction: the explorer's page (`url` when the route gives one), or on a sandbox
 * chain, which no explorer knows, the site's /dex/tx view once the transaction is `mined` (before,
 * the chain has no receipt to show).
 */
export function TxLink({
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
  const { t } = useTranslation();
  const lang = useLang();
  if (network.sandbox) {
    return mined ? (
      <a
        className="underline"
        href={localizePath(lang, `/dex/tx/${network.chainId}/${hash}`)}
        target="_blank"
        rel="noopener"
        data-testid={testId}
      >
        {t('dex.tx.view')}
      </a>
    ) : null;
  }
  return (
    <a
      className="underline"
      href={url ?? `${network.explorerUrl}/tx/${hash}`}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
    >
      {t('dex.viewExplorer', { explorer: network.explorerName })}
    </a>
  );
}
