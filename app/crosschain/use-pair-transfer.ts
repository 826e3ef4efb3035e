import { useCallback, useState } from 'react';
import type { CrossChainQuotesView, CrossChainStatusView } from '../../core/crosschain/contract.ts';
import { shortfall } from '../dex/amounts.ts';
import { useWalletFunds } from '../dex/use-balances.ts';
import { useTxSteps } from '../dex/use-tx-steps.ts';
import { useFaucet, useWallet } from '../dex/use-wallet.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { api } from '../lib/api-client.ts';
import { useQuote } from '../lib/use-api.ts';
import { useLang } from '../routing/page-location.ts';
import type { CrossChainSideView } from './crosschain.server.ts';
import {
  type CrossChainRoute,
  crossChainNextAction,
  crossChainQuotePath,
  crossChainStatusPath,
  fromAmountOf,
  isFinalTransfer,
  type PairStep,
} from './pair-state.ts';

/** How often the page asks where a transfer stands. */
const STATUS_POLL_MS = 2_000;

/**
 * The cross-chain pair page's state: the amount, the wallet, the live routes, balances and
 * allowance, the next transaction and its steps, and the transfer followed until it lands.
 */
export function usePairTransfer(from: CrossChainSideView, to: CrossChainSideView, bridgeCount: number) {
  const { t } = useTranslation();
  const lang = useLang();
  const [amount, setAmount] = useState('');
  const { step, setStep, execute, busy } = useTxSteps<'approve' | 'send', PairStep, CrossChainStatusView>({
    read: (tracked) =>
      api<CrossChainStatusView>(crossChainStatusPath(from, to, tracked.hash, tracked.route), { lang }),
    merge: (tracked, status) => ({ ...tracked, status }),
    isFinal: isFinalTransfer,
    every: STATUS_POLL_MS,
  });
  const { wallet, wallets, findWallets, connect, connectSandbox, forgetSandbox, switchNetwork } = useWallet({
    onConnected: useCallback(() => setStep({ kind: 'idle' }), [setStep]),
    onError: useCallback((message: string) => setStep({ kind: 'error', message }), [setStep]),
  });
  const [refresh, setRefresh] = useState(0);
  const { faucet, claimFaucet } = useFaucet(
    lang,
    useCallback(() => setRefresh((n) => n + 1), []),
  );

  const fromAmount = fromAmountOf(amount, from);
  const onChain = wallet?.chainId === from.network.chainId;
  const quotePath = crossChainQuotePath(from, to, fromAmount, wallet?.address ?? null, bridgeCount);
  const { quotes, problem, loading } = useQuote<CrossChainQuotesView>(quotePath, lang, {
    attempt: refresh,
    fallback: t('dex.quoteFailed'),
  });
  const best = quotes?.routes[0] ?? null;
  // Balances and the allowance of the best route's approval address, through the wallet.
  const { balances, allowance } = useWalletFunds({
    wallet,
    onChain,
    token: from.token.address,
    spender: best?.approvalAddress ?? null,
    refresh,
  });

  const cost = (best?.gasCost ? BigInt(best.gasCost) : 0n) + BigInt(best?.transaction?.value ?? 0);
  const { shortBalance, shortGas } = shortfall(balances, fromAmount, cost);
  const sent = step.kind === 'tracking';
  const next = crossChainNextAction({
    best,
    ready: !!(wallet && onChain && balances && !shortBalance && !shortGas && !sent),
    token: from.token.address,
    allowance,
    fromAmount,
  });

  const run = async (action: 'approve' | 'send', route: CrossChainRoute) => {
    const tx = route.transaction;
    if (!wallet || !fromAmount || (action === 'send' && !tx)) return;
    const failed = { kind: 'error', message: t('dex.failed') } as const;
    const mined = await execute(
      action,
      wallet,
      (module) =>
        action === 'approve'
          ? module.sendApproval(
              wallet.provider,
              wallet.address,
              from.token.address as `0x${string}`,
              route.approvalAddress as `0x${string}`,
              fromAmount,
            )
          : module.sendSwap(wallet.provider, wallet.address, {
              to: tx?.to as `0x${string}`,
              data: tx?.data as `0x${string}`,
              value: BigInt(tx?.value ?? '0'),
            }),
      ({ hash, ok }) =>
        !ok
          ? failed
          : action === 'approve'
            ? { kind: 'approved', hash }
            : { kind: 'tracking', hash, route, status: null },
    );
    if (mined && action === 'approve') setRefresh((n) => n + 1);
  };

  return {
    amount,
    setAmount,
    fromAmount,
    step,
    busy,
    wallet,
    wallets,
    findWallets,
    connect,
    connectSandbox,
    forgetSandbox,
    switchNetwork,
    faucet,
    claimFaucet,
    onChain,
    quotes,
    problem,
    loading,
    best,
    balances,
    shortBalance,
    shortGas,
    cost,
    sent,
    next,
    run,
  };
}

/** What `usePairTransfer` answers. */
export type PairTransfer = ReturnType<typeof usePairTransfer>;
