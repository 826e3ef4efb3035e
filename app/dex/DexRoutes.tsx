import type { ReactNode } from 'react';
import type { DexQuotesView } from '../../core/dex/contract.ts';
import { formatDecimal, formatPercent } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { shortAmount } from './amounts.ts';

/** A route list's amount in base units, shortened and in the page's number format. */
export function useAmountOf(): (raw: string, decimals: number) => string {
  const lang = useLang();
  return (raw, decimals) => formatDecimal(shortAmount(BigInt(raw), decimals), lang);
}

/** The routes found for the DEX form, best first: what each buys, its minimum, impact, fee and path. */
export function DexRoutes({
  quotes,
  buyToken,
  nativeSymbol,
}: {
  quotes: DexQuotesView;
  buyToken: { symbol: string; decimals: number };
  nativeSymbol: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const amountOf = useAmountOf();
  return (
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
              {index === 0 ? <BestBadge /> : null}
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
                  : `≈ ${amountOf(route.networkFee, 18)} ${nativeSymbol}`}
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
  );
}

/** The mark of the best route. */
export function BestBadge() {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
      {t('dex.best')}
    </span>
  );
}

/** Under a quote form: searching, the problem (`{prefix}-problem`), or the routes. */
export function QuoteOutcome({
  prefix,
  loading,
  problem,
  children,
}: {
  prefix: string;
  loading: boolean;
  problem: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {loading ? <p className="text-muted">{t('dex.searching')}</p> : null}
      {problem ? (
        <p className="text-red-700" data-testid={`${prefix}-problem`}>
          {problem}
        </p>
      ) : null}
      {children}
    </>
  );
}
