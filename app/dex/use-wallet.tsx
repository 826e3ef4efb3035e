import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Button } from '../ui/Button.tsx';
import type { Eip1193Provider, WalletInfo } from './wallet.client.ts';

type WalletModule = typeof import('./wallet.client.ts');
let walletModule: Promise<WalletModule> | null = null;
/** viem and the wallet calls load on the first wallet action only. */
export function loadWallet(): Promise<WalletModule> {
  walletModule ??= import('./wallet.client.ts');
  return walletModule;
}

/** The wallet the visitor connected: its provider, account and current network. */
export interface ConnectedWallet {
  name: string;
  provider: Eip1193Provider;
  address: `0x${string}`;
  chainId: number;
}

/**
 * The visitor's wallet on the DEX and cross-chain pages: injected wallets found by EIP-6963, the
 * connection, the wallet's own network and account changes (EIP-1193 events) and the switch to a
 * network. A failure is handed to `onError` in the page's words; a connection to `onConnected`.
 */
export function useWallet({
  onConnected,
  onError,
}: {
  onConnected: () => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [wallets, setWallets] = useState<WalletInfo[] | null>(null);
  const [wallet, setWallet] = useState<ConnectedWallet | null>(null);

  useEffect(() => {
    const provider = wallet?.provider;
    if (!provider?.on) return;
    const onChainChanged = (id: unknown) =>
      setWallet((current) => (current ? { ...current, chainId: Number.parseInt(String(id), 16) } : current));
    const onAccounts = (accounts: unknown) => {
      const first = (accounts as string[])[0];
      setWallet((current) =>
        current && first ? { ...current, address: first.toLowerCase() as `0x${string}` } : null,
      );
    };
    provider.on('chainChanged', onChainChanged);
    provider.on('accountsChanged', onAccounts);
    return () => {
      provider.removeListener?.('chainChanged', onChainChanged);
      provider.removeListener?.('accountsChanged', onAccounts);
    };
  }, [wallet?.provider]);

  const findWallets = useCallback(async () => {
    const module = await loadWallet();
    const found: WalletInfo[] = [];
    setWallets([]);
    module.discoverWallets((info) => {
      if (found.some((known) => known.uuid === info.uuid)) return;
      found.push(info);
      setWallets([...found]);
    });
  }, []);

  const connect = useCallback(
    async (info: WalletInfo) => {
      const module = await loadWallet();
      try {
        const account = await module.connectWallet(info.provider);
        setWallet({ name: info.name, provider: info.provider, ...account });
        setWallets(null);
        onConnected();
      } catch (error) {
        onError(module.isUserRejection(error) ? t('dex.rejected') : t('dex.connectFailed'));
      }
    },
    [t, onConnected, onError],
  );

  const switchNetwork = useCallback(
    async (network: { chainId: number; name: string }) => {
      if (!wallet) return;
      const module = await loadWallet();
      try {
        await module.switchChain(wallet.provider, network.chainId);
        const chainId = await module.chainIdOf(wallet.provider);
        setWallet({ ...wallet, chainId });
      } catch (error) {
        onError(
          module.isUserRejection(error)
            ? t('dex.rejected')
            : t('dex.switchFailed', { network: network.name }),
        );
      }
    },
    [wallet, t, onError],
  );

  return { wallet, wallets, findWallets, connect, switchNetwork };
}

/** The wallet panel's heading and connection: the connected account, or the wallets to choose from. */
export function WalletConnection({
  testIdPrefix,
  titleId,
  wallet,
  wallets,
  onFind,
  onConnect,
}: {
  testIdPrefix: string;
  titleId: string;
  wallet: ConnectedWallet | null;
  wallets: WalletInfo[] | null;
  onFind: () => void;
  onConnect: (info: WalletInfo) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h2 id={titleId} className="text-xl font-bold">
        {t('dex.wallet')}
      </h2>
      {wallet ? (
        <p className="mt-2 break-all text-sm" data-testid={`${testIdPrefix}-connected`}>
          {t('dex.connected', { wallet: wallet.name, address: wallet.address })}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted">{t('dex.walletHint')}</p>
          <Button className="mt-3" block onClick={onFind} data-testid={`${testIdPrefix}-connect`}>
            {t('dex.connect')}
          </Button>
          {wallets && wallets.length === 0 ? (
            <p className="mt-3 text-sm" data-testid={`${testIdPrefix}-no-wallet`}>
              {t('dex.noWallet')}
            </p>
          ) : null}
          {wallets && wallets.length > 0 ? (
            <ul className="mt-3 flex flex-col gap-2" aria-label={t('dex.chooseWallet')}>
              {wallets.map((info) => (
                <li key={info.uuid}>
                  <Button
                    color="secondary"
                    block
                    onClick={() => onConnect(info)}
                    data-testid={`${testIdPrefix}-wallet-option`}
                  >
                    {info.name}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </>
  );
}
