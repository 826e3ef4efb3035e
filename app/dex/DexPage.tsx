import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import type { DexQuotesView, DexRouteView } from '../../core/dex/contract.ts';
import { PageIntro } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useQuote } from '../lib/use-api.ts';
import { useLang } from '../routing/page-location.ts';
import { shortfall } from './amounts.ts';
import { DexNetworkPicker, DexQuoteForm } from './DexForm.tsx';
import { DexRoutes, QuoteOutcome } from './DexRoutes.tsx';
import type { DexNetworkView, loadDex } from './dex.server.ts';
import { dexFormReducer, dexNextAction, dexQuoteRequest, initialDexForm, shownQuotes } from './dex-form.ts';
import { TxStatus } from './TxStatus.tsx';
import { useWalletFunds } from './use-balances.ts';
import { useTxSteps } from './use-tx-steps.ts';
import { useFaucet, useWallet, WalletConnection } from './use-wallet.tsx';
import { TxAction, WalletChecks } from './WalletChecks.tsx';

/** /dex: the quote form, the routes found, and the visitor's wallet to approve and swap with. */
export function DexPage() {
  const data = useLoaderData<typeof loadDex>();
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const network = data.networks.find((n) => n.id === data.network) as DexNetworkView;
  const { tokens, server } = data;
  const [form, dispatch] = useReducer(dexFormReducer, null, () => initialDexForm(server, tokens));
  const { step, setStep, execute, busy } = useTxSteps<'approve' | 'swap'>();
  const { wallet, wallets, findWallets, connect, connectSandbox, forgetSandbox, switchNetwork } = useWallet({
    onConnected: useCallback(() => setStep({ kind: 'idle' }), [setStep]),
    onError: useCallback((message: string) => setStep({ kind: 'error', message }), [setStep]),
  });
  const [refresh, setRefresh] = useState(0);
  const { faucet, claimFaucet } = useFaucet(
    lang,
    useCallback(() => setRefresh((n) => n + 1), []),
  );

  // A new network brings its own token list (the first one is the page's, with its form's pair).
  const firstTokens = useRef(tokens);
  useEffect(() => {
    if (tokens === firstTokens.current) return;
    firstTokens.current = tokens;
    dispatch({ type: 'tokens', tokens });
    setStep({ kind: 'idle' });
  }, [tokens, setStep]);

  const onChain = wallet?.chainId === network.chainId;
  // Routes for what the form says, again when the wallet or an approval changes them.
  const request = dexQuoteRequest(form, tokens, network, wallet && onChain ? wallet.address : null);
  const { sellToken, buyToken, sellAmount } = request;
  const live = useQuote<DexQuotesView>(request.path, lang, {
    attempt: refresh,
    fallback: t('dex.quoteFailed'),
  });
  const { quotes, problem } = shownQuotes(form, server, live);
  const { balances } = useWalletFunds({ wallet, onChain, token: sellToken?.address ?? null, refresh });

  const best = quotes?.routes[0] ?? null;
  const cost = (best?.networkFee ? BigInt(best.networkFee) : 0n) + BigInt(best?.transaction?.value ?? 0);
  const { shortBalance, shortGas } = shortfall(balances, sellAmount, cost);
  const next = dexNextAction(best, !!(wallet && onChain && sellToken && !shortBalance && !shortGas));

  const run = async (action: 'approve' | 'send', route: DexRouteView) => {
    if (!wallet || !sellToken || !sellAmount) return;
    const mined = await execute(action === 'send' ? 'swap' : 'approve', wallet, (module) =>
      action === 'approve'
        ? module.sendApproval(
            wallet.provider,
            wallet.address,
            sellToken.address as `0x${string}`,
            route.allowanceTarget as `0x${string}`,
            sellAmount,
          )
        : module.sendSwap(wallet.provider, wallet.address, {
            to: route.transaction?.to as `0x${string}`,
            data: route.transaction?.data as `0x${string}`,
            value: BigInt(route.transaction?.value ?? '0'),
          }),
    );
    if (mined) setRefresh((n) => n + 1);
  };

  return (
    <article data-page="dex">
      <PageIntro page="dex" path="/dex" heading={t('dex.heading')} intro={<p>{t('dex.intro')}</p>} />

      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <section
          className="rounded-2xl border border-slate-200 bg-surface p-5"
          aria-labelledby="dex-form-title"
        >
          <h2 id="dex-form-title" className="sr-only">
            {t('dex.formTitle')}
          </h2>
          <DexNetworkPicker
            networks={data.networks}
            network={network}
            onChoose={(id) => navigate(`?network=${id}`, { preventScrollReset: true })}
          />
          <DexQuoteForm
            network={network}
            tokens={tokens}
            form={form}
            dispatch={dispatch}
            sellToken={sellToken}
            buyToken={buyToken}
            amountInvalid={!!form.amount && sellAmount === null}
            slippageValid={request.slippageValid}
          />
          <div className="mt-6" aria-live="polite">
            <QuoteOutcome prefix="dex" loading={live.loading} problem={problem}>
              {quotes && buyToken ? (
                <DexRoutes quotes={quotes} buyToken={buyToken} nativeSymbol={network.nativeSymbol} />
              ) : null}
            </QuoteOutcome>
          </div>
        </section>

        <aside
          className="rounded-2xl border border-slate-200 bg-surface p-5"
          aria-labelledby="dex-wallet-title"
        >
          <WalletConnection
            testIdPrefix="dex"
            titleId="dex-wallet-title"
            wallet={wallet}
            wallets={wallets}
            onFind={findWallets}
            onConnect={connect}
            sandbox={
              network.sandbox
                ? {
                    network,
                    onUse: () => void connectSandbox(network, data.networks),
                    onForget: () => void forgetSandbox(),
                    onFaucet: () => wallet && void claimFaucet(network.id, wallet.address),
                    faucet,
                  }
                : null
            }
          />
          <WalletChecks
            prefix="dex"
            network={network}
            wallet={wallet}
            onChain={onChain}
            token={sellToken ?? null}
            balances={balances}
            shortBalance={shortBalance}
            shortGas={shortGas}
            cost={cost}
            onSwitch={() => switchNetwork(network)}
          />
          <TxAction
            prefix="dex"
            next={next}
            busy={busy}
            approve={{ amount: form.amount, symbol: sellToken?.symbol ?? '' }}
            send={{ label: t('dex.swap', { source: best?.sourceName ?? '' }), testId: 'dex-swap' }}
            onRun={(action) => best && void run(action, best)}
          />
          <TxStatus
            prefix="dex"
            network={network}
            step={step}
            pending={(action) => t(action === 'approve' ? 'dex.approvalPending' : 'dex.swapPending')}
            done={(action) => t(action === 'approve' ? 'dex.approvalConfirmed' : 'dex.swapConfirmed')}
          />
        </aside>
      </div>

      <section className="mt-12" aria-labelledby="dex-how-title">
        <h2 id="dex-how-title" className="text-2xl font-bold tracking-tight">
          {t('dex.howTitle')}
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-6 text-muted">
          <li>{t('dex.how1')}</li>
          <li>{t('dex.how2')}</li>
          <li>{t('dex.how3')}</li>
        </ol>
      </section>
    </article>
  );
}
