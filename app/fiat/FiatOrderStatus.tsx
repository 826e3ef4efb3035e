import { FINAL_FIAT_STATUSES, type FiatOrderStatus } from '../../core/fiat/types.ts';
import { formatDateTime, formatDecimal } from '../../core/i18n/format.ts';
import { useRevalidateEvery } from '../exchange/api-hooks.ts';
import { useTranslation } from '../i18n/react.tsx';
import type { PageData } from '../routing/page-loader.server.ts';
import { useLang } from '../routing/page-location.ts';
import type { FiatOrderPageData } from './fiat-page.server.ts';
import { formatMoney } from './money.ts';
import { SaleLegs } from './SaleLegs.tsx';

const STEPS: readonly FiatOrderStatus[] = ['created', 'pending_payment', 'paid', 'sending', 'completed'];

/** The order's live status: the route loader runs again every 3 s until a final status. */
export function FiatOrderStatusView({
  order,
  coinName,
  networkName,
  explorerTx,
  depositTx,
}: Omit<FiatOrderPageData, keyof PageData>) {
  const { t } = useTranslation();
  const lang = useLang();
  const final = FINAL_FIAT_STATUSES.has(order.status);
  useRevalidateEvery(3_000, !final);
  const reached = new Map(order.history.map((h) => [h.status, h.at]));
  const buy = order.side === 'buy';
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]" data-testid="fiat-order" data-status={order.status}>
      <div className="grid content-start gap-6">
        <section className="rounded-2xl bg-surface p-5 shadow-md md:p-6" aria-live="polite">
          <p className="text-sm text-muted">{t('fiat.order.current')}</p>
          <h2 className="text-2xl font-semibold" data-testid="fiat-order-status">
            {t(`fiat.statuses.${order.status}.label`)}
          </h2>
          <p className="mt-1 text-muted">
            {t(`fiat.statuses.${order.status}.description`, {
              provider: order.providerName,
              coin: order.coin.toUpperCase(),
            })}
          </p>
          {order.status === 'pending_payment' && (
            <a
              className="btn btn-primary btn-md mt-4 h-auto min-h-10 max-w-full py-2 text-center whitespace-normal"
              href={order.checkoutUrl}
              data-testid="fiat-order-pay"
            >
              {buy ? t('fiat.order.payAt', { provider: order.providerName }) : t('fiat.sell.continue')}
            </a>
          )}
          {explorerTx && (
            <a
              className="mt-3 block text-brand-700 underline"
              href={explorerTx}
              rel="noopener"
              target="_blank"
            >
              {t('fiat.order.explorer')}
            </a>
          )}
        </section>
        {!buy && <SaleLegs order={order} depositTx={depositTx} />}
        <section className="rounded-2xl bg-surface p-5 shadow-md md:p-6">
          <h2 className="text-xl font-semibold">{t('fiat.order.progress')}</h2>
          <ol className="mt-3 grid gap-2">
            {[...STEPS, ...(final && order.status !== 'completed' ? [order.status] : [])].map((step) => (
              <li
                key={step}
                className="flex items-baseline justify-between gap-3"
                data-reached={reached.has(step) || undefined}
              >
                <span className={reached.has(step) ? 'font-semibold' : 'text-muted'}>
                  {reached.has(step) ? '✓ ' : '○ '}
                  {t(`fiat.statuses.${step}.label`)}
                </span>
                {reached.get(step) && (
                  <span className="text-xs text-muted">
                    {formatDateTime(reached.get(step) as string, lang)}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </section>
      </div>
      <aside className="rounded-2xl bg-surface p-5 shadow-md md:p-6">
        <h2 className="text-xl font-semibold">{t('fiat.order.details')}</h2>
        <dl className="mt-3 grid gap-2 text-sm">
          <dt className="text-muted">{t('fiat.order.youPay')}</dt>
          <dd className="font-semibold">
            {buy
              ? formatMoney(order.fiatAmount, order.fiat, lang)
              : `${formatDecimal(order.cryptoAmount, lang)} ${order.coin.toUpperCase()}`}
          </dd>
          <dt className="text-muted">{t('fiat.order.youGet')}</dt>
          <dd className="font-semibold">
            {buy
              ? `${formatDecimal(order.cryptoAmount, lang)} ${order.coin.toUpperCase()}`
              : formatMoney(order.fiatAmount, order.fiat, lang)}
          </dd>
          <dt className="text-muted">{t('fiat.order.fee')}</dt>
          <dd>{formatMoney(order.fee, order.fiat, lang)}</dd>
          <dt className="text-muted">{t('fiat.order.provider')}</dt>
          <dd>
            {order.providerName} · {t(`fiat.methods.${order.paymentMethod}`)}
          </dd>
          <dt className="text-muted">
            {buy
              ? t('fiat.order.wallet', { coin: coinName, network: networkName })
              : t('fiat.order.refundWallet')}
          </dt>
          <dd className="break-all font-mono">{order.walletAddress}</dd>
          <dt className="text-muted">{t('fiat.order.id')}</dt>
          <dd className="break-all font-mono">{order.id}</dd>
        </dl>
      </aside>
    </div>
  );
}
