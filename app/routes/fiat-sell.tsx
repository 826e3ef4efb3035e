import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import '../fiat/english.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { SaleCheckout } from '../fiat/SaleCheckout.tsx';
import { loadSale, type SalePageData, saleAction } from '../fiat/sale.server.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { PageHead } from '../shell/PageHead.tsx';

/**
 * /fiat/sell/{orderId}: a sale's checkout (not the card form of a purchase): where the money goes,
 * then where to send the coins. Private and out of search engines.
 */
export function loader(args: LoaderFunctionArgs): Promise<SalePageData> {
  return loadSale(args);
}

/** The payout destination and the sandbox deposit: plain HTML forms post here. */
export function action(args: ActionFunctionArgs) {
  return saleAction(args);
}

export default function FiatSellPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLang();
  const title = t('fiat.sell.title', { coin: data.order.coin.toUpperCase() });
  return (
    <section data-page="fiat-sell" className="mx-auto max-w-2xl">
      <PageHead title={`${title} | ${t('site.name')}`} description={t('fiat.sell.description')} noindex />
      {data.sandbox && (
        <p className="text-sm font-semibold uppercase tracking-wide text-amber-700">
          {t('fiat.sell.sandbox')}
        </p>
      )}
      <h1 className="mt-1 mb-4 text-3xl font-bold tracking-tight">{title}</h1>
      <SaleCheckout data={data} />
      <a
        className="mt-6 inline-block text-brand-700 underline"
        href={localizePath(lang, `/fiat/order/${data.order.id}`)}
      >
        {t('fiat.sell.follow')}
      </a>
    </section>
  );
}
