import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import type { DexQuotesView, DexRouteView } from '../../core/dex/contract.ts';
import { formatUnits, NATIVE_TOKEN, parseUnits } from '../../core/dex/networks.ts';
import { formatDecimal, formatPercent } from '../../core/i18n/format.ts';
import { PageIntro } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useQuote } from '../lib/use-api.ts';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import type { DexNetworkView, loadDex } from './dex.server.ts';
import { TxLink } from './TxLink.tsx';
import { useTxSteps } from './use-tx-steps.ts';
import { loadWallet, useFaucet, useWallet, WalletConnection } from './use-wallet.tsx';

const SLIPPAGE_PRESETS = ['0.1', '0.5', '1'];
const NATIVE = NATIVE_TOKEN.toLowerCase();

/** Short form of an amount for the page: at most 6 decimals, every whole digit. */
function shortAmount(value: bigint, decimals: number): string {
  const [whole, fraction = ''] = formatUnits(value, decimals).split('.');
  const cut = fraction.slice(0, 6).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : (whole as string);
}

/** Stablecoins a first visit buys with the network's gas token, in order of preference. */
const DEFAULT_BUY = ['USDC', 'USDT', 'DAI'];

/** The pair the form starts with: the network's gas token for a stablecoin, as DEX front ends open. */
function defaultPair(tokens: readonly { address: string; symbol: string }[]): { sell: string; buy: string } {
  const sell = tokens.find((token) => token.address === NATIVE) ?? tokens[0];
  const buy =
    DEFAULT_BUY.map((symbol) => tokens.find((token) => token.symbol === symbol)).find(
      (token) => token && token !== sell,
    ) ?? tokens.find((token) => token !== sell);
  return { sell: sell?.address ?? '', buy: buy?.address ?? '' };
}

export function DexPage() {
  const data = useLoaderData<typeof loadDex>();
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const network = data.networks.find((n) => n.id === data.network) as DexNetworkView;
  const tokens = data.tokens;
  // The quote form's GET, sent without JavaScript or before it ran: the server's routes for it.
  const server = data.server;
  const [sell, setSell] = useState(() => server?.sell ?? defaultPair(tokens).sell);
  const [buy, setBuy] = useState(() => server?.buy ?? defaultPair(tokens).buy);
  const [amount, setAmount] = useState(server?.amount ?? '');
  const [slippage, setSlippage] = useState(server?.slippage ?? '0.5');
  const [balances, setBalances] = useState<{ token: bigint; native: bigint } | null>(null);
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
    const pair = defaultPair(tokens);
    setSell(pair.sell);
    setBuy(pair.buy);
    setStep({ kind: 'idle' });
  }, [tokens, setStep]);

  const sellToken = tokens.find((token) => token.address === sell);
  const buyToken = tokens.find((token) => token.address === buy);
  const sellAmount = sellToken && amount ? parseUnits(amount, sellToken.decimals) : null;
  const slippageBps = /^\d{1,2}(\.\d{1,2})?$/.test(slippage.trim())
    ? Math.round(Number(slippage.trim()) * 100)
    : Number.NaN;
  const slippageValid = Number.isInteger(slippageBps) && slippageBps >= 0 && slippageBps <= 5_000;
  const onChain = wallet?.chainId === network.chainId;

  // Routes for what the form says, again when the wallet or an approval changes them.
  const quoteQuery =
    network.available && sellToken && buyToken && sellAmount && sellAmount > 0n && slippageValid
      ? new URLSearchParams({
          network: network.id,
          sellToken: sellToken.address,
          buyToken: buyToken.address,
          sellAmount: sellAmount.toString(),
          slippageBps: String(slippageBps),
          ...(wallet && onChain ? { taker: wallet.address } : {}),
        })
      : null;
  const live = useQuote<DexQuotesView>(quoteQuery ? `/api/v1/dex/quotes?${quoteQuery}` : null, lang, {
    attempt: refresh,
    fallback: t('dex.quoteFailed'),
  });
  // The server's answer stands for the form as it was sent until a live one comes.
  const asSent = !!server && server.sell === sell && server.buy === buy && server.amount === amount;
  const quotes = live.quotes ?? (asSent && !live.problem ? server.quotes : null);
  const problem = live.problem ?? (asSent && !live.quotes && !live.loading ? server.problem : null);
  const loading = live.loading;

  // The wallet's balances of the sell token and the gas token, on the right network.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh reads them again after a transaction.
  useEffect(() => {
    setBalances(null);
    if (!wallet || !onChain || !sellToken) return;
    let live = true;
    loadWallet()
      .then((module) =>
        module.readBalances(
          wallet.provider,
          wallet.address,
          sellToken.address === NATIVE ? null : (sellToken.address as `0x${string}`),
        ),
      )
      .then((found) => {
        if (live) setBalances(found);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [wallet, onChain, sellToken, refresh]);

  const best = quotes?.routes[0] ?? null;
  const fee = best?.networkFee ? BigInt(best.networkFee) : 0n;
  const shortBalance = !!(balances && sellAmount && balances.token < sellAmount);
  const value = best?.transaction ? BigInt(best.transaction.value) : 0n;
  const shortGas = !!(balances && !shortBalance && balances.native < fee + value);

  const run = useCallback(
    async (action: 'approve' | 'swap', route: DexRouteView) => {
      if (!wallet || !sellToken || !sellAmount) return;
      const mined = await execute(action, wallet, (module) =>
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
    },
    [wallet, sellToken, sellAmount, execute],
  );

  const amountOf = (raw: string, decimals: number) => formatDecimal(shortAmount(BigInt(raw), decimals), lang);
  const availableNames = useMemo(
    () => data.networks.filter((n) => n.available).map((n) => n.name),
    [data.networks],
  );

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
          <form method="get" action="" className="flex flex-wrap items-end gap-3">
            <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
              {t('dex.network')}
              <select
                name="network"
                data-testid="dex-network"
                value={network.id}
                onChange={(event) => navigate(`?network=${event.target.value}`, { preventScrollReset: true })}
                className="w-full min-w-0 rounded-xl border border-slate-300 bg-surface px-3 py-2"
              >
                {data.networks.map((n) => (
                  <option key={n.id} value={n.id}>
                    {n.available ? n.name : t('dex.networkUnavailable', { network: n.name })}
                  </option>
                ))}
              </select>
            </label>
            <noscript>
              <button type="submit" className="btn btn-secondary btn-md">
                {t('dex.choose')}
              </button>
            </noscript>
          </form>

          {network.available ? null : (
            <p
              className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="dex-unavailable"
            >
              {t('dex.notConfigured', { network: network.name })}{' '}
              {availableNames.length > 0
                ? t('dex.availableOn', { networks: availableNames.join(', ') })
                : t('dex.noneConfigured')}
            </p>
          )}
          {network.sandbox ? (
            <p className="mt-4 rounded-xl bg-sky-50 p-3 text-sm text-sky-900" data-testid="dex-sandbox">
              {t('dex.sandboxNote', { network: network.name })} {t('dex.sandboxWallet.resets')}
            </p>
          ) : null}

          {/* Without JavaScript (or before it ran) a GET of the page: the server renders its routes. */}
          <form
            method="get"
            action=""
            data-testid="dex-quote-form"
            onSubmit={(event) => event.preventDefault()}
          >
            <input type="hidden" name="network" value={network.id} />
            <div className="mt-5 grid gap-4 sm:grid-cols-2">
              <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
                <span className="flex items-center gap-2">
                  {sellToken ? (
                    <img src={sellToken.icon} alt="" width={20} height={20} loading="lazy" />
                  ) : null}
                  {t('dex.youPay')}
                </span>
                <select
                  name="sell"
                  data-testid="dex-sell-token"
                  value={sell}
                  onChange={(event) => setSell(event.target.value)}
                  className="w-full min-w-0 rounded-xl border border-slate-300 bg-surface px-3 py-2"
                >
                  {tokens.map((token) => (
                    <option key={token.address} value={token.address}>
                      {`${token.symbol} · ${token.name}`}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
                <span className="flex items-center gap-2">
                  {buyToken ? <img src={buyToken.icon} alt="" width={20} height={20} loading="lazy" /> : null}
                  {t('dex.youReceive')}
                </span>
                <select
                  name="buy"
                  data-testid="dex-buy-token"
                  value={buy}
                  onChange={(event) => setBuy(event.target.value)}
                  className="w-full min-w-0 rounded-xl border border-slate-300 bg-surface px-3 py-2"
                >
                  {tokens.map((token) => (
                    <option key={token.address} value={token.address}>
                      {`${token.symbol} · ${token.name}`}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
                {t('dex.amount', { symbol: sellToken?.symbol ?? '' })}
                <input
                  name="amount"
                  data-testid="dex-amount"
                  inputMode="decimal"
                  autoComplete="off"
                  value={amount}
                  onChange={(event) => setAmount(event.target.value.replace(',', '.'))}
                  placeholder="0.0"
                  className="w-full min-w-0 rounded-xl border border-slate-300 bg-surface px-3 py-2"
                />
                {amount && sellAmount === null ? (
                  <span className="text-red-700">{t('dex.amountInvalid')}</span>
                ) : null}
              </label>
              <fieldset className="flex min-w-0 flex-col gap-1 text-sm font-medium">
                <legend>{t('dex.slippage')}</legend>
                <div className="flex flex-wrap items-center gap-2">
                  {SLIPPAGE_PRESETS.map((preset) => (
                    <button
                      key={preset}
                      type="button"
                      aria-pressed={slippage === preset}
                      onClick={() => setSlippage(preset)}
                      className={`rounded-full border px-3 py-1 ${slippage === preset ? 'border-brand-500 bg-brand-50' : 'border-slate-300'}`}
                    >
                      {formatPercent(Number(preset) / 100, lang)}
                    </button>
                  ))}
                  <input
                    name="slippage"
                    data-testid="dex-slippage"
                    aria-label={t('dex.slippageCustom')}
                    inputMode="decimal"
                    value={slippage}
                    onChange={(event) => setSlippage(event.target.value.replace(',', '.'))}
                    className="w-20 rounded-xl border border-slate-300 bg-surface px-2 py-1"
                  />
                  <span aria-hidden="true">%</span>
                </div>
                <span className="font-normal text-muted">{t('dex.slippageHint')}</span>
                {slippageValid ? null : <span className="text-red-700">{t('dex.slippageInvalid')}</span>}
              </fieldset>
            </div>
            <noscript>
              <button type="submit" className="btn btn-primary btn-md mt-4" data-testid="dex-quote-submit">
                {t('dex.choose')}
              </button>
            </noscript>
          </form>

          <div className="mt-6" aria-live="polite">
            {loading ? <p className="text-muted">{t('dex.searching')}</p> : null}
            {problem ? (
              <p className="text-red-700" data-testid="dex-problem">
                {problem}
              </p>
            ) : null}
            {quotes && buyToken ? (
              <section aria-labelledby="dex-routes-title">
                <h2 id="dex-routes-title" className="text-xl font-bold">
                  {t('dex.routes')}
                </h2>
                <ol className="mt-3 flex flex-col gap-3" data-testid="dex-routes">
                  {quotes.routes.map((route, index) => (
                    <li
                      key={route.source}
                      data-testid="dex-route"
                      data-source={route.source}
                      className="rounded-xl border border-slate-200 p-4"
                    >
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        <strong>{route.sourceName}</strong>
                        {index === 0 ? (
                          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                            {t('dex.best')}
                          </span>
                        ) : null}
                      </div>
                      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                        <dt className="text-muted">{t('dex.receive')}</dt>
                        <dd data-testid="dex-buy-amount" data-raw={route.buyAmount}>
                          {amountOf(route.buyAmount, buyToken.decimals)} {buyToken.symbol}
                        </dd>
                        <dt className="text-muted">{t('dex.minimum')}</dt>
                        <dd data-testid="dex-min-amount" data-raw={route.minBuyAmount}>
                          {amountOf(route.minBuyAmount, buyToken.decimals)} {buyToken.symbol}
                        </dd>
                        <dt className="text-muted">{t('dex.priceImpact')}</dt>
                        <dd>
                          {route.priceImpactBps === null
                            ? t('dex.notGiven')
                            : formatPercent(route.priceImpactBps / 10_000, lang)}
                        </dd>
                        <dt className="text-muted">{t('dex.networkFee')}</dt>
                        <dd>
                          {route.networkFee === null
                            ? t('dex.notGiven')
                            : `≈ ${amountOf(route.networkFee, 18)} ${network.nativeSymbol}`}
                        </dd>
                        <dt className="text-muted">{t('dex.path')}</dt>
                        <dd>
                          {route.steps
                            .map((s) =>
                              s.proportionBps < 10_000
                                ? `${s.source} ${formatPercent(s.proportionBps / 10_000, lang)}`
                                : `${s.tokenIn} → ${s.tokenOut}`,
                            )
                            .join(', ')}
                        </dd>
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

          {wallet && !onChain ? (
            <div
              className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="dex-wrong-network"
            >
              <p>{t('dex.wrongNetwork', { network: network.name })}</p>
              <Button className="mt-2" onClick={() => switchNetwork(network)} data-testid="dex-switch">
                {t('dex.switchNetwork', { network: network.name })}
              </Button>
            </div>
          ) : null}

          {wallet && onChain && sellToken && balances ? (
            <p className="mt-3 text-sm text-muted" data-testid="dex-balance">
              {t('dex.balance', {
                amount: formatDecimal(shortAmount(balances.token, sellToken.decimals), lang),
                symbol: sellToken.symbol,
              })}
            </p>
          ) : null}
          {shortBalance && sellToken && balances ? (
            <p className="mt-3 text-sm text-red-700" data-testid="dex-insufficient">
              {t('dex.insufficientBalance', {
                symbol: sellToken.symbol,
                balance: formatDecimal(shortAmount(balances.token, sellToken.decimals), lang),
              })}
            </p>
          ) : null}
          {shortGas ? (
            <p className="mt-3 text-sm text-red-700" data-testid="dex-insufficient-gas">
              {t('dex.insufficientGas', {
                symbol: network.nativeSymbol,
                fee: formatDecimal(shortAmount(fee + value, 18), lang),
              })}
            </p>
          ) : null}

          {wallet && onChain && best && sellToken && !shortBalance && !shortGas ? (
            best.approvalRequired ? (
              <div className="mt-4">
                <Button block loading={busy} onClick={() => run('approve', best)} data-testid="dex-approve">
                  {t('dex.approve', { amount: formatDecimal(amount, lang), symbol: sellToken.symbol })}
                </Button>
                <p className="mt-2 text-xs text-muted">{t('dex.approveHint')}</p>
              </div>
            ) : best.transaction ? (
              <Button
                className="mt-4"
                block
                loading={busy}
                onClick={() => run('swap', best)}
                data-testid="dex-swap"
              >
                {t('dex.swap', { source: best.sourceName })}
              </Button>
            ) : null
          ) : null}

          <div className="mt-4 text-sm" aria-live="polite" data-testid="dex-status">
            {step.kind === 'confirm' ? <p>{t('dex.confirmInWallet')}</p> : null}
            {step.kind === 'pending' ? (
              <p>
                {t(step.action === 'approve' ? 'dex.approvalPending' : 'dex.swapPending')}{' '}
                <span className="break-all font-mono text-xs">{step.hash}</span>{' '}
                <TxLink network={network} hash={step.hash} mined={false} />
              </p>
            ) : null}
            {step.kind === 'done' ? (
              <p
                data-testid={step.ok ? 'dex-done' : 'dex-reverted'}
                className={step.ok ? 'text-emerald-800' : 'text-red-700'}
              >
                {step.ok
                  ? t(step.action === 'approve' ? 'dex.approvalConfirmed' : 'dex.swapConfirmed')
                  : t('dex.failed')}{' '}
                <span className="break-all font-mono text-xs">{step.hash}</span>{' '}
                <TxLink network={network} hash={step.hash} mined testId="dex-tx-link" />
              </p>
            ) : null}
            {step.kind === 'error' ? <p className="text-red-700">{step.message}</p> : null}
          </div>
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
