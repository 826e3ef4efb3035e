import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { FINAL_FIAT_STATUSES } from '../../core/fiat/types.ts';
import '../fiat/english.ts';
import { FiatOrderStatusView } from '../fiat/FiatOrderStatus.tsx';
import { type FiatOrderPageData, loadFiatOrder } from '../fiat/fiat-page.server.ts';
import { NoScriptRefresh } from '../forms/NoScriptRefresh.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';

/** /fiat/order/{orderId}: a fiat order's live status, like the swap page. Private and noindex. */
export function loader(args: LoaderFunctionArgs): Promise<FiatOrderPageData> {
  return loadFiatOrder(args);
}

export default function FiatOrderPage() {
  const { order, coinName, networkName, explorerTx, depositTx, memoKind, sandbox } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const title = t(order.side === 'buy' ? 'fiat.order.titleBuy' : 'fiat.order.titleSell', { coin: coinName });
  return (
    <section data-page="fiat-order">
      <PageHead title={`${title} | ${t('site.name')}`} description={t('fiat.order.description')} noindex />
      <NoScriptRefresh active={!FINAL_FIAT_STATUSES.has(order.status)} />
      <h1 className="mb-6 text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <FiatOrderStatusView
        order={order}
        coinName={coinName}
        networkName={networkName}
        explorerTx={explorerTx}
        depositTx={depositTx}
        memoKind={memoKind}
        sandbox={sandbox}
      />
    </section>
  );
}
