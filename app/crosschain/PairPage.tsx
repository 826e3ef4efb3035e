import { useLoaderData } from 'react-router';
import { PAIRS_FIRST_PAGE } from '../../core/crosschain/paths.ts';
import { usePageUrl } from '../company/parts.tsx';
import { QuoteOutcome } from '../dex/DexRoutes.tsx';
import { TxStatus } from '../dex/TxStatus.tsx';
import { WalletConnection } from '../dex/use-wallet.tsx';
import { TxAction, WalletChecks } from '../dex/WalletChecks.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';
import type { CrossChainSideView, loadCrossChainPair } from './crosschain.server.ts';
import { PairForm } from './PairForm.tsx';
import { PairRoutes } from './PairRoutes.tsx';
import { TransferStatus } from './TransferStatus.tsx';
import { type PairTransfer, usePairTransfer } from './use-pair-transfer.ts';

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
  const transfer = usePairTransfer(from, to, bridges.length);
  const { amount, setAmount, fromAmount, sent, wallet, quotes, problem, loading } = transfer;

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

        <PairWalletPanel from={from} to={to} transfer={transfer} />
      </div>
    </article>
  );
}

/** The wallet: its connection (or the sandbox's), the checks, the next transaction and the transfer's progress. */
function PairWalletPanel({
  from,
  to,
  transfer,
}: {
  from: CrossChainSideView;
  to: CrossChainSideView;
  transfer: PairTransfer;
}) {
  const { t } = useTranslation();
  const { wallet, wallets, findWallets, connect, connectSandbox, forgetSandbox, switchNetwork } = transfer;
  const { faucet, claimFaucet, amount, step, busy, onChain, balances, shortBalance, shortGas, cost } =
    transfer;
  const { sent, next, best, run } = transfer;
  return (
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
  );
}
