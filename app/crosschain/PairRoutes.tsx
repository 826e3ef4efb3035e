import type { CrossChainQuotesView } from '../../core/crosschain/contract.ts';
import { formatDuration } from '../../core/i18n/format.ts';
import { BestBadge, useAmountOf } from '../dex/DexRoutes.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { feeDecimals } from './pair-state.ts';

interface Token {
  symbol: string;
  decimals: number;
}

/** The bridge routes found, best first: what lands, the minimum, the fees, gas and the time. */
export function PairRoutes({
  quotes,
  fromToken,
  toToken,
  nativeSymbol,
}: {
  quotes: CrossChainQuotesView;
  fromToken: Token;
  toToken: Token;
  nativeSymbol: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const amountOf = useAmountOf();
  return (
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
              {index === 0 ? <BestBadge /> : null}
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{t('dex.receive')}</dt>
              <dd data-testid="xchain-to-amount" data-raw={route.toAmount}>
                {amountOf(route.toAmount, toToken.decimals)} {toToken.symbol}
              </dd>
              <dt className="text-muted">{t('dex.minimum')}</dt>
              <dd>
                {amountOf(route.toAmountMin, toToken.decimals)} {toToken.symbol}
              </dd>
              <dt className="text-muted">{t('crossChain.fees')}</dt>
              <dd>
                {route.fees.length === 0
                  ? t('crossChain.noFee')
                  : route.fees
                      .map(
                        (fee) =>
                          `${fee.name}: ${amountOf(fee.amount, feeDecimals(fee.symbol, fromToken, toToken))} ${fee.symbol}`,
                      )
                      .join(', ')}
              </dd>
              <dt className="text-muted">{t('dex.networkFee')}</dt>
              <dd>
                {route.gasCost === null
                  ? t('dex.notGiven')
                  : `≈ ${amountOf(route.gasCost, 18)} ${nativeSymbol}`}
              </dd>
              <dt className="text-muted">{t('crossChain.eta')}</dt>
              <dd data-testid="xchain-eta">{formatDuration(route.durationSeconds, lang)}</dd>
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}
