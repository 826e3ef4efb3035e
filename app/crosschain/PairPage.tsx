import { useCallback, useState } from 'react';
import { useLoaderData } from 'react-router';
import type { CrossChainQuotesView, CrossChainStatusView } from '../../core/crosschain/contract.ts';
import { PAIRS_FIRST_PAGE } from '../../core/crosschain/paths.ts';
import { usePageUrl } from '../company/parts.tsx';
import { shortfall } from '../dex/amounts.ts';
import { QuoteOutcome } from '../dex/DexRoutes.tsx';
import { TxStatus } from '../dex/TxStatus.tsx';
import { useWalletFunds } from '../dex/use-balances.ts';
import { useTxSteps } from '../dex/use-tx-steps.ts';
import { useFaucet, useWallet, WalletConnection } from '../dex/use-wallet.tsx';
import { TxAction, WalletChecks } from '../dex/WalletChecks.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { api } from '../lib/api-client.ts';
import { useQuote } from '../lib/use-api.ts';
import { useLang } from '../routing/page-location.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';
import type { loadCrossChainPair } from './crosschain.server.ts';
import { PairForm } from './PairForm.tsx';
import { PairRoutes } from './PairRoutes.tsx';
import {
  type CrossChainRoute,
  crossChainNextAction,
  crossChainQuotePath,
  crossChainStatusPath,
  fromAmountOf,
  isFinalTransfer,
  type PairStep,
} from './pair-state.ts';
import { TransferStatus } from './TransferStatus.tsx';

/** How often the page asks where a transfer stands. */
const STATUS_POLL_MS = 2_000;

/** /cross-chain/{fromToken}-to-{toToken}: live bridge routes, the wallet flow, the transfer followed until it lands. */
export function CrossChainPairPage() {
  const data = useLoaderData<typeof loadCrossChainPair>();
  const { from, to, bridges } = data;
  const { t } = useTranslation();
  const lang = useLang();
  const path = `/cross-chain/${data.params.fromToken}-to-${data.params.toToken}`;
  const url = usePageUrl(path);
  const names = {
    from: `${from.token.symbol} (${from.network.name})`,
    to: `${to.token.symbol} (${to.network.name})`,
  };
  const title = t('pages.cross-chain-pair.title', names);
  const description = t('pages.cross-chain-pair.description', names);

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
  const quotePath = crossChainQuotePath(from, to, fromAmount, wallet?.address ?? null, bridges.length);
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

  return (
    <article data-page="cross-chain-pair">
      <PageHead title={`${title} | ${t('site.name')}`} description={description} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'WebPage',
          name: title,
          description,
          url,
          inLanguage: lang,
        }}
      />
      <Breadcrumbs
        trail={[
          { name: t('pages.cross-chain.title'), path: PAIRS_FIRST_PAGE },
          { name: title, path },
        ]}
      />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">{description}</p>

      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <section
          className="rounded-2xl border border-slate-200 bg-surface p-5"
          aria-labelledby="xchain-form-title"
        >
          <PairForm
            from={from}
            to={to}
            bridges={bridges}
            amount={amount}
            onAmount={setAmount}
            amountInvalid={!!amount && fromAmount === null}
            locked={sent}
          />
          <div className="mt-6" aria-live="polite">
            {!wallet && bridges.length > 0 ? (
              <p className="text-sm text-muted">{t('crossChain.connectForRoutes')}</p>
            ) : null}
            <QuoteOutcome prefix="xchain" loading={loading} problem={problem}>
              {quotes ? (
                <PairRoutes
                  quotes={quotes}
                  fromToken={from.token}
                  toToken={to.token}
                  nativeSymbol={from.network.nativeSymbol}
                />
              ) : null}
            </QuoteOutcome>
          </div>
        </section>

        <aside
          className="rounded-2xl border border-slate-200 bg-surface p-5"
          aria-labelledby="xchain-wallet-title"
        >
          <WalletConnection
            testIdPrefix="xchain"
            titleId="xchain-wallet-title"
            wallet={wallet}
            wallets={wallets}
            onFind={findWallets}
            onConnect={connect}
            sandbox={
              from.network.sandbox && to.network.sandbox
                ? {
                    network: from.network,
                    onUse: () => void connectSandbox(from.network, [from.network, to.network]),
                    onForget: () => void forgetSandbox(),
                    onFaucet: () => wallet && void claimFaucet(from.network.id, wallet.address),
                    faucet,
                  }
                : null
            }
          />
          {sent ? null : (
            <WalletChecks
              prefix="xchain"
              network={from.network}
              wallet={wallet}
              onChain={onChain}
              token={from.token}
              balances={balances}
              shortBalance={shortBalance}
              shortGas={shortGas}
              cost={cost}
              onSwitch={() => switchNetwork(from.network)}
            />
          )}
          <TxAction
            prefix="xchain"
            next={next}
            busy={busy}
            approve={{ amount, symbol: from.token.symbol }}
            send={{ label: t('crossChain.send', { bridge: best?.bridgeName ?? '' }), testId: 'xchain-send' }}
            onRun={(action) => best && void run(action, best)}
          />
          <TxStatus
            prefix="xchain"
            network={from.network}
            step={step}
            pending={(action) =>
              action === 'approve'
                ? t('dex.approvalPending')
                : t('crossChain.sendPending', { network: from.network.name })
            }
          >
            <TransferStatus step={step} from={from.network} to={{ ...to.network, token: to.token }} />
          </TxStatus>
        </aside>
      </div>
    </article>
  );
}
