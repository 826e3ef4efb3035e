import { useEffect, useState } from 'react';
import { NATIVE_TOKEN } from '../../core/dex/networks.ts';
import type { Balances } from './amounts.ts';
import { type ConnectedWallet, loadWallet } from './use-wallet.tsx';

const NATIVE = NATIVE_TOKEN.toLowerCase();

export interface WalletFunds {
  balances: Balances | null;
  /** What `spender` may take of the token (null: not asked, the gas token, or not read yet). */
  allowance: bigint | null;
}

const NONE: WalletFunds = { balances: null, allowance: null };

/**
 * The connected wallet's balances of `token` and the gas token on the page's network (`onChain`),
 * and with a `spender` its allowance, read through the wallet; read again for a new `refresh`
 * (after a transaction). Unknown (null) while off the network or being read.
 */
export function useWalletFunds({
  wallet,
  onChain,
  token,
  spender = null,
  refresh,
}: {
  wallet: ConnectedWallet | null;
  onChain: boolean;
  token: string | null;
  spender?: string | null;
  refresh: number;
}): WalletFunds {
  const [funds, setFunds] = useState<WalletFunds>(NONE);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh reads them again after a transaction.
  useEffect(() => {
    setFunds(NONE);
    if (!wallet || !onChain || !token) return;
    let live = true;
    const native = token === NATIVE;
    loadWallet()
      .then(async (module) => {
        const balances = await module.readBalances(
          wallet.provider,
          wallet.address,
          native ? null : (token as `0x${string}`),
        );
        const allowance =
          native || !spender
            ? null
            : await module.readAllowance(
                wallet.provider,
                wallet.address,
                token as `0x${string}`,
                spender as `0x${string}`,
              );
        if (live) setFunds({ balances, allowance });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [wallet, onChain, token, spender, refresh]);
  return funds;
}
