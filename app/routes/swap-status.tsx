import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { FINAL_STATUSES } from '../../core/exchange/types.ts';
import { SwapStatusView } from '../exchange/SwapStatus.tsx';
import { swapDecisionAction } from '../exchange/swap-decision.server.ts';
import { loadSwapPage, type SwapPageData } from '../exchange/swap-page.server.ts';
import { NoScriptRefresh } from '../forms/NoScriptRefresh.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';

/**
 * /swap/{swapId}: resolves the page, then the swap (404 'Swap not found'). The page's live view
 * (SwapStatusView) runs this loader again every 3 s through the router's revalidation until the
 * swap reaches a final status.
 */
export function loader(args: LoaderFunctionArgs): Promise<SwapPageData> {
  return loadSwapPage(args);
}

/** The swap's decision forms (continue, refund, refund address): plain HTML forms post here. */
export function action(args: ActionFunctionArgs) {
  return swapDecisionAction(args);
}

export default function SwapStatusPage() {
  const { swap, from, to, links, qrSvg, sandbox } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const title = t('pages.swap-status.title');
  return (
    <section data-page="swap-status">
      <PageHead title={`${title} | ${t('site.name')}`} description={t('pages.swap-status.description')} />
      {/* A swap page is personal: it stays out of search engines. */}
      <meta name="robots" content="noindex" />
      <NoScriptRefresh active={!FINAL_STATUSES.has(swap.status)} />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-2 mb-6 text-muted">
        {t('swapStatus.intro', { from: from.code.toUpperCase(), to: to.code.toUpperCase() })}
      </p>
      <SwapStatusView swap={swap} from={from} to={to} links={links} qrSvg={qrSvg} sandbox={sandbox} />
    </section>
  );
}
