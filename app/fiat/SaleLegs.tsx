import type { FiatOrderView } from '../../core/fiat/orders.ts';
import { formatDecimal } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { formatMoney } from './money.ts';

/** A sale's two legs on its order page: the coins in (deposit) and the money out (payout). */
export function SaleLegs({ order, depositTx }: { order: FiatOrderView; depositTx: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { deposit, payout } = order;
  if (!deposit || !payout) return null;
  const coin = order.coin.toUpperCase();
  return (
    <section className="rounded-2xl bg-surface p-5 shadow-md md:p-6" data-testid="sale-legs">
      <h2 className="text-xl font-semibold">{t('fiat.sell.legsTitle')}</h2>
      <p className="mt-1 font-medium" data-testid="sale-stage">
        {t(`fiat.sell.stages.${payout.stage}`)}
      </p>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <div data-testid="sale-leg-in">
          <h3 className="font-semibold">{t('fiat.sell.cryptoIn')}</h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">{t('fiat.sell.amount')}</dt>
            <dd>
              {formatDecimal(deposit.amount, lang)} {coin}
            </dd>
            {deposit.address && (
              <>
                <dt className="text-muted">{t('fiat.sell.address')}</dt>
                <dd className="break-all font-mono">{deposit.address}</dd>
              </>
            )}
            <dt className="text-muted">{t('fiat.sell.received')}</dt>
            <dd data-testid="sale-received">
              {deposit.received ? `${formatDecimal(deposit.received, lang)} ${coin}` : t('fiat.sell.notYet')}
            </dd>
            {deposit.confirmations !== null && deposit.confirmationsRequired !== null && (
              <>
                <dt className="text-muted">{t('fiat.sell.confirmations')}</dt>
                <dd>
                  {t('fiat.sell.confirmationsValue', {
                    count: deposit.confirmations,
                    required: deposit.confirmationsRequired,
                  })}
                </dd>
              </>
            )}
            {deposit.txHash && (
              <>
                <dt className="text-muted">{t('fiat.sell.transaction')}</dt>
                <dd className="break-all font-mono" data-testid="sale-deposit-tx">
                  {depositTx ? (
                    <a className="text-brand-700 underline" href={depositTx} rel="noopener" target="_blank">
                      {deposit.txHash}
                    </a>
                  ) : (
                    deposit.txHash
                  )}
                </dd>
              </>
            )}
          </dl>
        </div>
        <div data-testid="sale-leg-out">
          <h3 className="font-semibold">{t('fiat.sell.fiatOut')}</h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">{t('fiat.sell.method')}</dt>
            <dd>{t(`fiat.methods.${payout.method}`)}</dd>
            <dt className="text-muted">{t('fiat.sell.destination')}</dt>
            <dd className="font-mono">{payout.destination ?? t('fiat.sell.notYet')}</dd>
            <dt className="text-muted">{t('fiat.sell.amount')}</dt>
            <dd>{formatMoney(payout.amount, payout.fiat, lang)}</dd>
            <dt className="text-muted">{t('fiat.sell.status')}</dt>
            <dd data-testid="sale-payout-status">{t(`fiat.sell.payoutStatuses.${payout.status}`)}</dd>
          </dl>
        </div>
      </div>
    </section>
  );
}
