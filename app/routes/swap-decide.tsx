import '../exchange/english-swap-status.ts';
import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { DecisionPanel, SwapProblemNote } from '../exchange/SwapDecision.tsx';
import { swapDecisionLinkAction } from '../exchange/swap-decision.server.ts';
import { loadSwapDecisionPage } from '../exchange/swap-page.server.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { PageHead } from '../shell/PageHead.tsx';

/**
 * /swap/{swapId}/decide?token=…: the signed link of the "action needed" mail (decision 020). It
 * shows the two choices as forms that post here (a GET never decides); a wrong or expired link
 * says so and leads to the swap page.
 */
export function loader(args: LoaderFunctionArgs) {
  return loadSwapDecisionPage(args);
}

/** Continue or refund, with the token checked again; then the swap page. */
export function action(args: ActionFunctionArgs) {
  return swapDecisionLinkAction(args);
}

function utc(at: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(at),
  );
}

export default function SwapDecidePage() {
  const { state, swap, from, to, token, deadline } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLang();
  const title = t('pages.swap-decide.title');
  const swapPage = localizePath(lang, `/swap/${swap.id}`);
  return (
    <section data-page="swap-decide" className="mx-auto max-w-3xl">
      <PageHead
        title={`${title} | ${t('site.name')}`}
        description={t('pages.swap-decide.description')}
        noindex
      />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <div className="mt-6 grid gap-4" data-testid="decide-link" data-state={state}>
        {state === 'open' ? (
          <>
            <SwapProblemNote swap={swap} from={from} to={to} />
            <DecisionPanel
              swap={swap}
              from={from}
              to={to}
              target={`${swapPage}/decide?token=${encodeURIComponent(token)}`}
            />
          </>
        ) : (
          <p
            role={state === 'closed' ? 'status' : 'alert'}
            className="rounded-2xl bg-amber-50 p-5 font-medium text-amber-900 md:p-6"
            data-testid="decide-link-message"
          >
            {state === 'expired' && deadline
              ? t('swapStatus.decideLink.expired', { time: utc(deadline, lang) })
              : t(`swapStatus.decideLink.${state}`)}
          </p>
        )}
        <p>
          <a href={swapPage} className="text-brand-700 underline" data-testid="decide-link-swap">
            {t('swapStatus.decideLink.back')}
          </a>
        </p>
      </div>
    </section>
  );
}
