import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { ApiProblem, api } from '../lib/api-client.ts';
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
  /** The sandbox wallet (a throwaway key in this browser), not an injected one. */
  sandbox?: true;
}

/** A network as the wallet needs it: where it runs, and for a sandbox chain how a wallet adds it. */
export interface WalletNetwork {
  id: string;
  chainId: number;
  name: string;
  sandbox: boolean;
  nativeSymbol: string;
}

/** Chain ids of the sandbox networks among these. */
export function sandboxChainIds(networks: readonly WalletNetwork[]): number[] {
  return networks.filter((network) => network.sandbox).map((network) => network.chainId);
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

  /** The sandbox wallet on these sandbox networks, starting on `network`. */
  const connectSandbox = useCallback(
    async (network: WalletNetwork, networks: readonly WalletNetwork[]) => {
      const module = await import('./sandbox-wallet.client.ts');
      const { address, provider } = module.sandboxWallet(sandboxChainIds(networks), network.chainId);
      setWallet({
        name: t('dex.sandboxWallet.name'),
        provider,
        address,
        chainId: network.chainId,
        sandbox: true,
      });
      setWallets(null);
      onConnected();
    },
    [t, onConnected],
  );

  const forgetSandbox = useCallback(async () => {
    const module = await import('./sandbox-wallet.client.ts');
    module.forgetSandboxWallet();
    setWallet(null);
  }, []);

  const switchNetwork = useCallback(
    async (network: WalletNetwork) => {
      if (!wallet) return;
      const module = await loadWallet();
      try {
        await module.switchChain(
          wallet.provider,
          network.chainId,
          network.sandbox
            ? {
                chainName: network.name,
                rpcUrl: `${window.location.origin}/sandbox/rpc/${network.chainId}`,
                native: { name: network.nativeSymbol, symbol: network.nativeSymbol, decimals: 18 },
              }
            : undefined,
        );
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

  return { wallet, wallets, findWallets, connect, connectSandbox, forgetSandbox, switchNetwork };
}

/** The faucet of a sandbox network for the connected wallet: idle, sending, done or failed (with the reason). */
export function useFaucet(lang: string, onFunded: () => void) {
  const { t } = useTranslation();
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' | 'done' } | { kind: 'error'; message: string }
  >({ kind: 'idle' });
  const claim = useCallback(
    async (network: string, address: string) => {
      setState({ kind: 'sending' });
      try {
        await api<{ transactions: string[] }>(`/api/v1/sandbox/networks/${network}/faucet`, {
          lang,
          method: 'POST',
          body: { address },
        });
        setState({ kind: 'done' });
        onFunded();
      } catch (error) {
        setState({
          kind: 'error',
          message:
            error instanceof ApiProblem && error.message
              ? error.message
              : t('dex.sandboxWallet.faucetFailed'),
        });
      }
    },
    [lang, onFunded, t],
  );
  return { faucet: state, claimFaucet: claim };
}

/** The wallet panel's heading and connection: the connected account, or the wallets to choose from. */
export function WalletConnection({
  testIdPrefix,
  titleId,
  wallet,
  wallets,
  onFind,
  onConnect,
  sandbox,
}: {
  testIdPrefix: string;
  titleId: string;
  wallet: ConnectedWallet | null;
  wallets: WalletInfo[] | null;
  onFind: () => void;
  onConnect: (info: WalletInfo) => void;
  /** On a sandbox network: the sandbox wallet, its faucet and its forgetting. */
  sandbox?: {
    network: WalletNetwork;
    onUse: () => void;
    onForget: () => void;
    onFaucet: () => void;
    faucet: ReturnType<typeof useFaucet>['faucet'];
  } | null;
}) {
  const { t } = useTranslation();
  const sandboxPanel = sandbox ? (
    <div
      className="mt-4 rounded-xl bg-sky-50 p-3 text-sm text-sky-900"
      data-testid={`${testIdPrefix}-sandbox-wallet-panel`}
    >
      {wallet?.sandbox ? (
        <>
          <p>{t('dex.sandboxWallet.connectedHint', { network: sandbox.network.name })}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              loading={sandbox.faucet.kind === 'sending'}
              onClick={sandbox.onFaucet}
              data-testid={`${testIdPrefix}-faucet`}
            >
              {t('dex.sandboxWallet.faucet')}
            </Button>
            <Button color="secondary" onClick={sandbox.onForget} data-testid={`${testIdPrefix}-forget`}>
              {t('dex.sandboxWallet.forget')}
            </Button>
          </div>
          {sandbox.faucet.kind === 'done' ? (
            <p className="mt-2" data-testid={`${testIdPrefix}-faucet-done`}>
              {t('dex.sandboxWallet.faucetDone', { network: sandbox.network.name })}
            </p>
          ) : null}
          {sandbox.faucet.kind === 'error' ? (
            <p className="mt-2 text-red-700" data-testid={`${testIdPrefix}-faucet-error`}>
              {sandbox.faucet.message}
            </p>
          ) : null}
        </>
      ) : wallet ? null : (
        <>
          <p>{t('dex.sandboxWallet.hint', { network: sandbox.network.name })}</p>
          <Button
            className="js-only mt-2"
            color="secondary"
            block
            onClick={sandbox.onUse}
            data-testid={`${testIdPrefix}-use-sandbox-wallet`}
          >
            {t('dex.sandboxWallet.use')}
          </Button>
        </>
      )}
    </div>
  ) : null;
  return (
    <>
      <h2 id={titleId} className="text-xl font-bold">
        {t('dex.wallet')}
      </h2>
      {wallet ? (
        <>
          <p className="mt-2 break-all text-sm" data-testid={`${testIdPrefix}-connected`}>
            {t('dex.connected', { wallet: wallet.name, address: wallet.address })}
          </p>
          {sandboxPanel}
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted">{t('dex.walletHint')}</p>
          {/* A browser wallet talks to the page through its script: without it the page says so. */}
          <noscript>
            <p
              className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
              data-testid={`${testIdPrefix}-needs-js`}
            >
              {t('dex.walletNeedsJavaScript')}
            </p>
          </noscript>
          <Button className="js-only mt-3" block onClick={onFind} data-testid={`${testIdPrefix}-connect`}>
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
          {sandboxPanel}
        </>
      )}
    </>
  );
}
