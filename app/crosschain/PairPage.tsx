import { useCallback, useEffect, useState } from 'react';
import { useLoaderData } from 'react-router';
import type { CrossChainQuotesView, CrossChainStatusView } from '../../core/crosschain/contract.ts';
import { PAIRS_FIRST_PAGE } from '../../core/crosschain/paths.ts';
import { formatUnits, NATIVE_TOKEN, parseUnits } from '../../core/dex/networks.ts';
import { formatDecimal, formatDuration } from '../../core/i18n/format.ts';
import { usePageUrl } from '../company/parts.tsx';
import { TxLink } from '../dex/TxLink.tsx';
import { useTxSteps } from '../dex/use-tx-steps.ts';
import { loadWallet, useFaucet, useWallet, WalletConnection } from '../dex/use-wallet.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { api } from '../lib/api-client.ts';
import { useQuote } from '../lib/use-api.ts';
import { useLang } from '../routing/page-location.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { Button } from '../ui/Button.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';
import type { loadCrossChainPair } from './crosschain.server.ts';

const NATIVE = NATIVE_TOKEN.toLowerCase();
/** How often the page asks where a transfer stands. */
const STATUS_POLL_MS = 2_000;
/** The slippage the routes are quoted with (LI.FI's; the sandbox bridge releases exactly). */
const SLIPPAGE_BPS = 50;

type Route = CrossChainQuotesView['routes'][number];

/** The steps of the cross-chain page besides the shared ones: approved, then the transfer followed. */
type PairStep =
  | { kind: 'approved'; hash: string }
  | { kind: 'tracking'; hash: string; route: Route; status: CrossChainStatusView | null };

function shortAmount(value: bigint, decimals: number): string {
  const [whole, fraction = ''] = formatUnits(value, decimals).split('.');
  const cut = fraction.slice(0, 6).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : (whole as string);
}

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
  const [balances, setBalances] = useState<{ token: bigint; native: bigint } | null>(null);
  const [allowance, setAllowance] = useState<bigint | null>(null);
  const { step, setStep, execute, busy } = useTxSteps<'approve' | 'send', PairStep, CrossChainStatusView>({
    read: (tracked) =>
      api<CrossChainStatusView>(
        `/api/v1/cross-chain/status?${new URLSearchParams({
          source: tracked.route.source,
          txHash: tracked.hash,
          fromNetwork: from.network.id,
          toNetwork: to.network.id,
          bridge: tracked.route.bridge,
        })}`,
        { lang },
      ),
    merge: (tracked, status) => ({ ...tracked, status }),
    isFinal: (status) =>
      status.status === 'DONE' || status.status === 'FAILED' || status.status === 'INVALID',
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

  const fromAmount = amount ? parseUnits(amount, from.token.decimals) : null;
  const onChain = wallet?.chainId === from.network.chainId;
  const native = from.token.address === NATIVE;

  // Routes for the amount, quoted for the connected wallet (bridges quote for who sends).
  const quoteQuery =
    wallet && fromAmount && fromAmount > 0n && bridges.length > 0
      ? new URLSearchParams({
          fromNetwork: from.network.id,
          toNetwork: to.network.id,
          fromToken: from.token.address,
          toToken: to.token.address,
          fromAmount: fromAmount.toString(),
          fromAddress: wallet.address,
          slippageBps: String(SLIPPAGE_BPS),
        })
      : null;
  const { quotes, problem, loading } = useQuote<CrossChainQuotesView>(
    quoteQuery ? `/api/v1/cross-chain/quotes?${quoteQuery}` : null,
    lang,
    { attempt: refresh, fallback: t('dex.quoteFailed') },
  );
  const best = quotes?.routes[0] ?? null;

  // Balances and the allowance of the best route's approval address, through the wallet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh reads them again after a transaction.
  useEffect(() => {
    setBalances(null);
    setAllowance(null);
    if (!wallet || !onChain) return;
    let live = true;
    const spender = best?.approvalAddress as `0x${string}` | null | undefined;
    loadWallet()
      .then(async (module) => {
        const found = await module.readBalances(
          wallet.provider,
          wallet.address,
          native ? null : (from.token.address as `0x${string}`),
        );
        const allowed =
          native || !spender
            ? null
            : await module.readAllowance(
                wallet.provider,
                wallet.address,
                from.token.address as `0x${string}`,
                spender,
              );
        if (live) {
          setBalances(found);
          setAllowance(allowed);
        }
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [wallet, onChain, best?.approvalAddress, from.token.address, native, refresh]);

  const run = useCallback(
    async (action: 'approve' | 'send', route: Route) => {
      if (!wallet || !fromAmount) return;
      if (action === 'approve') {
        const mined = await execute(
          action,
          wallet,
          (module) =>
            module.sendApproval(
              wallet.provider,
              wallet.address,
              from.token.address as `0x${string}`,
              route.approvalAddress as `0x${string}`,
              fromAmount,
            ),
          ({ hash, ok }) => (ok ? { kind: 'approved', hash } : { kind: 'error', message: t('dex.failed') }),
        );
        if (mined) setRefresh((n) => n + 1);
        return;
      }
      const tx = route.transaction;
      if (!tx) return;
      await execute(
        action,
        wallet,
        (module) =>
          module.sendSwap(wallet.provider, wallet.address, {
            to: tx.to as `0x${string}`,
            data: tx.data as `0x${string}`,
            value: BigInt(tx.value),
          }),
        ({ hash, ok }) =>
          ok ? { kind: 'tracking', hash, route, status: null } : { kind: 'error', message: t('dex.failed') },
      );
    },
    [wallet, fromAmount, from.token.address, t, execute],
  );

  const gas = best?.gasCost ? BigInt(best.gasCost) : 0n;
  const value = best?.transaction ? BigInt(best.transaction.value) : 0n;
  const shortBalance = !!(balances && fromAmount && balances.token < fromAmount);
  const shortGas = !!(balances && !shortBalance && balances.native < gas + value);
  const needsApproval =
    !native && !!best?.approvalAddress && allowance !== null && !!fromAmount && allowance < fromAmount;
  const sent = step.kind === 'tracking';

  // A fee is in the token sent or received (the bridges' own fees), else in a gas token.
  const feeDecimals = (symbol: string) =>
    symbol === from.token.symbol ? from.token.decimals : symbol === to.token.symbol ? to.token.decimals : 18;
  const amountOf = (raw: string, decimals: number) => formatDecimal(shortAmount(BigInt(raw), decimals), lang);
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
          <h2 id="xchain-form-title" className="sr-only">
            {t('dex.formTitle')}
          </h2>
          <div className="grid gap-3 sm:grid-cols-2">
            {[from, to].map((side, index) => (
              <div key={side.network.id} className="min-w-0 rounded-xl bg-slate-50 p-3 text-sm">
                <span className="text-muted">{index === 0 ? t('dex.youPay') : t('dex.youReceive')}</span>
                <p className="mt-1 flex items-center gap-2 font-semibold">
                  <img src={side.token.icon} alt="" width={20} height={20} loading="lazy" />
                  {t('crossChain.tokenOn', { symbol: side.token.symbol, network: side.network.name })}
                </p>
                <p className="truncate font-mono text-xs text-muted" title={side.token.address}>
                  {side.token.address}
                </p>
              </div>
            ))}
          </div>
          {from.network.sandbox || to.network.sandbox ? (
            <p className="mt-4 rounded-xl bg-sky-50 p-3 text-sm text-sky-900" data-testid="xchain-sandbox">
              {t('crossChain.sandboxNote')} {t('dex.sandboxWallet.resets')}
            </p>
          ) : null}
          {bridges.length === 0 ? (
            <p
              className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="xchain-no-bridge"
            >
              {t('crossChain.noBridge')}
            </p>
          ) : (
            <p className="mt-4 text-sm text-muted">{t('crossChain.via', { bridges: bridges.join(', ') })}</p>
          )}

          <label className="mt-5 flex min-w-0 flex-col gap-1 text-sm font-medium">
            {t('dex.amount', { symbol: from.token.symbol })}
            <input
              data-testid="xchain-amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              disabled={sent}
              onChange={(event) => setAmount(event.target.value.replace(',', '.'))}
              placeholder="0.0"
              className="w-full min-w-0 rounded-xl border border-slate-300 bg-surface px-3 py-2"
            />
            {amount && fromAmount === null ? (
              <span className="text-red-700">{t('dex.amountInvalid')}</span>
            ) : null}
          </label>

          <div className="mt-6" aria-live="polite">
            {!wallet && bridges.length > 0 ? (
              <p className="text-sm text-muted">{t('crossChain.connectForRoutes')}</p>
            ) : null}
            {loading ? <p className="text-muted">{t('dex.searching')}</p> : null}
            {problem ? (
              <p className="text-red-700" data-testid="xchain-problem">
                {problem}
              </p>
            ) : null}
            {quotes ? (
              <section aria-labelledby="xchain-routes-title">
                <h2 id="xchain-routes-title" className="text-xl font-bold">
                  {t('dex.routes')}
                </h2>
                <ol className="mt-3 flex flex-col gap-3" data-testid="xchain-routes">
                  {quotes.routes.map((route, index) => (
                    <li
                      key={`${route.source}:${route.bridge}`}
                      data-testid="xchain-route"
                      data-source={route.source}
                      className="rounded-xl border border-slate-200 p-4"
                    >
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        <strong>{route.bridgeName}</strong>
                        <span className="text-sm text-muted">
                          {t('crossChain.viaSource', { source: route.sourceName })}
                        </span>
                        {index === 0 ? (
                          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                            {t('dex.best')}
                          </span>
                        ) : null}
                      </div>
                      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                        <dt className="text-muted">{t('dex.receive')}</dt>
                        <dd data-testid="xchain-to-amount" data-raw={route.toAmount}>
                          {amountOf(route.toAmount, to.token.decimals)} {to.token.symbol}
                        </dd>
                        <dt className="text-muted">{t('dex.minimum')}</dt>
                        <dd>
                          {amountOf(route.toAmountMin, to.token.decimals)} {to.token.symbol}
                        </dd>
                        <dt className="text-muted">{t('crossChain.fees')}</dt>
                        <dd>
                          {route.fees.length === 0
                            ? t('crossChain.noFee')
                            : route.fees
                                .map(
                                  (fee) =>
                                    `${fee.name}: ${amountOf(fee.amount, feeDecimals(fee.symbol))} ${fee.symbol}`,
                                )
                                .join(', ')}
                        </dd>
                        <dt className="text-muted">{t('dex.networkFee')}</dt>
                        <dd>
                          {route.gasCost === null
                            ? t('dex.notGiven')
                            : `≈ ${amountOf(route.gasCost, 18)} ${from.network.nativeSymbol}`}
                        </dd>
                        <dt className="text-muted">{t('crossChain.eta')}</dt>
                        <dd data-testid="xchain-eta">{formatDuration(route.durationSeconds, lang)}</dd>
                      </dl>
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
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

          {wallet && !onChain && !sent ? (
            <div
              className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="xchain-wrong-network"
            >
              <p>{t('dex.wrongNetwork', { network: from.network.name })}</p>
              <Button
                className="mt-2"
                onClick={() => switchNetwork(from.network)}
                data-testid="xchain-switch"
              >
                {t('dex.switchNetwork', { network: from.network.name })}
              </Button>
            </div>
          ) : null}

          {wallet && onChain && balances && !sent ? (
            <p className="mt-3 text-sm text-muted" data-testid="xchain-balance">
              {t('dex.balance', {
                amount: formatDecimal(shortAmount(balances.token, from.token.decimals), lang),
                symbol: from.token.symbol,
              })}
            </p>
          ) : null}
          {shortBalance && balances && !sent ? (
            <p className="mt-3 text-sm text-red-700" data-testid="xchain-insufficient">
              {t('dex.insufficientBalance', {
                symbol: from.token.symbol,
                balance: formatDecimal(shortAmount(balances.token, from.token.decimals), lang),
              })}
            </p>
          ) : null}
          {shortGas && !sent ? (
            <p className="mt-3 text-sm text-red-700" data-testid="xchain-insufficient-gas">
              {t('dex.insufficientGas', {
                symbol: from.network.nativeSymbol,
                fee: formatDecimal(shortAmount(gas + value, 18), lang),
              })}
            </p>
          ) : null}

          {wallet && onChain && best && balances && !shortBalance && !shortGas && !sent ? (
            needsApproval ? (
              <div className="mt-4">
                <Button
                  block
                  loading={busy}
                  onClick={() => run('approve', best)}
                  data-testid="xchain-approve"
                >
                  {t('dex.approve', { amount: formatDecimal(amount, lang), symbol: from.token.symbol })}
                </Button>
                <p className="mt-2 text-xs text-muted">{t('dex.approveHint')}</p>
              </div>
            ) : best.transaction && (native || !best.approvalAddress || allowance !== null) ? (
              <Button
                className="mt-4"
                block
                loading={busy}
                onClick={() => run('send', best)}
                data-testid="xchain-send"
              >
                {t('crossChain.send', { bridge: best.bridgeName })}
              </Button>
            ) : null
          ) : null}

          <div className="mt-4 text-sm" aria-live="polite" data-testid="xchain-status">
            {step.kind === 'confirm' ? <p>{t('dex.confirmInWallet')}</p> : null}
            {step.kind === 'pending' ? (
              <p>
                {step.action === 'approve'
                  ? t('dex.approvalPending')
                  : t('crossChain.sendPending', { network: from.network.name })}{' '}
                <span className="break-all font-mono text-xs">{step.hash}</span>{' '}
                <TxLink network={from.network} hash={step.hash} mined={false} />
              </p>
            ) : null}
            {step.kind === 'approved' ? (
              <p className="text-emerald-800" data-testid="xchain-approved">
                {t('dex.approvalConfirmed')} <span className="break-all font-mono text-xs">{step.hash}</span>{' '}
                <TxLink network={from.network} hash={step.hash} mined />
              </p>
            ) : null}
            {step.kind === 'tracking' ? (
              <div className="flex flex-col gap-2">
                <p data-testid="xchain-source-tx">
                  {t('crossChain.sourceTx', { network: from.network.name })}{' '}
                  <span className="break-all font-mono text-xs">{step.hash}</span>{' '}
                  <TxLink network={from.network} hash={step.hash} mined testId="xchain-source-tx-link" />
                </p>
                {step.status?.status === 'DONE' && step.status.receivingTxHash ? (
                  <>
                    <p data-testid="xchain-destination-tx">
                      {t('crossChain.destinationTx', { network: to.network.name })}{' '}
                      <span className="break-all font-mono text-xs">{step.status.receivingTxHash}</span>{' '}
                      <TxLink
                        network={to.network}
                        hash={step.status.receivingTxHash}
                        url={step.status.receivingTxUrl}
                        mined
                        testId="xchain-destination-tx-link"
                      />
                    </p>
                    <p className="font-semibold text-emerald-800" data-testid="xchain-landed">
                      {step.status.receivedAmount
                        ? t('crossChain.landed', {
                            amount: amountOf(step.status.receivedAmount, to.token.decimals),
                            symbol: to.token.symbol,
                            network: to.network.name,
                          })
                        : t('crossChain.landedNoAmount', { network: to.network.name })}
                    </p>
                  </>
                ) : step.status?.status === 'FAILED' || step.status?.status === 'INVALID' ? (
                  <p className="text-red-700" data-testid="xchain-bridge-failed">
                    {t('crossChain.bridgeFailed')}
                  </p>
                ) : (
                  <p data-testid="xchain-in-flight">
                    {t('crossChain.inFlight', {
                      network: to.network.name,
                      duration: formatDuration(step.route.durationSeconds, lang),
                    })}
                  </p>
                )}
              </div>
            ) : null}
            {step.kind === 'error' ? <p className="text-red-700">{step.message}</p> : null}
          </div>
        </aside>
      </div>
    </article>
  );
}
