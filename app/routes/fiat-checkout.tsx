import { type ActionFunctionArgs, type LoaderFunctionArgs, useActionData, useLoaderData } from 'react-router';
import '../fiat/english.ts';
import { formatDecimal } from '../../core/i18n/format.ts';
import { type SandboxCheckoutPosted, sandboxCheckoutAction } from '../fiat/compare.server.ts';
import { type FiatOrderPageData, loadFiatOrder } from '../fiat/fiat-page.server.ts';
import { formatMoney } from '../fiat/money.ts';
import { SandboxCheckout } from '../fiat/SandboxCheckout.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { PageHead } from '../shell/PageHead.tsx';

/**
 * /fiat/checkout/{orderId}: the sandbox providers' hosted payment page (a real provider's checkout
 * is on its own site). Private and out of search engines.
 */
export function loader(args: LoaderFunctionArgs): Promise<FiatOrderPageData> {
  return loadFiatOrder(args, { sandboxCheckout: true, side: 'buy' });
}

/** The card form's and 3-D Secure step's plain posts (app/fiat/compare.server.ts). */
export function action(args: ActionFunctionArgs) {
  return sandboxCheckoutAction(args);
}

export default function FiatCheckoutPage() {
  const { order, coinName } = useLoaderData<typeof loader>();
  const posted = useActionData<SandboxCheckoutPosted>();
  const { t } = useTranslation();
  const lang = useLang();
  const title = t('fiat.checkout.title', { provider: order.providerName });
  return (
    <section data-page="fiat-checkout" className="mx-auto max-w-lg">
      <PageHead title={`${title} | ${t('site.name')}`} description={t('fiat.checkout.description')} noindex />
      <p className="text-sm font-semibold uppercase tracking-wide text-amber-700">
        {t('fiat.checkout.sandbox')}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-4 rounded-2xl bg-surface p-5 shadow-md md:p-6">
        <dl className="mb-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{t('fiat.order.youPay')}</dt>
          <dd className="text-right font-semibold" data-testid="checkout-amount">
            {order.side === 'buy'
              ? formatMoney(order.fiatAmount, order.fiat, lang)
              : `${formatDecimal(order.cryptoAmount, lang)} ${order.coin.toUpperCase()}`}
          </dd>
          <dt className="text-muted">{t('fiat.order.youGet')}</dt>
          <dd className="text-right font-semibold">
            {order.side === 'buy'
              ? `${formatDecimal(order.cryptoAmount, lang)} ${order.coin.toUpperCase()} (${coinName})`
              : formatMoney(order.fiatAmount, order.fiat, lang)}
          </dd>
        </dl>
        <SandboxCheckout
          orderId={order.id}
          payable={order.status === 'pending_payment'}
          posted={posted ?? null}
        />
      </div>
    </section>
  );
}
