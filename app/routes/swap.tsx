import { useState } from 'react';
import {
  type ActionFunctionArgs,
  data as answer,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
} from 'react-router';
import { referredPartner } from '../../core/partners/referral.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { ExchangeForm } from '../exchange/ExchangeForm.tsx';
import { type SwapStepData, swapStep } from '../exchange/pair.server.ts';
import { type SwapQuery, swapSearch } from '../exchange/query.ts';
import { SwapAside } from '../exchange/SwapAside.tsx';
import { SwapCreate } from '../exchange/SwapCreate.tsx';
import {
  createSwapFromForm,
  type StepProblem,
  type StepQuote,
  stepQuote,
} from '../exchange/swap-create.server.ts';
import { guardedForm, stateOf } from '../forms/guard.server.ts';
import { SiteJsonLd } from '../home/SiteJsonLd.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';

/**
 * /swap: the exchange form, or — with a complete pair, amount and rate type in the query — the
 * swap step that creates the swap. The query keeps the step across reloads.
 */
export async function loader(
  args: LoaderFunctionArgs,
): Promise<PageData & SwapStepData & { server: StepQuote | null }> {
  const page = resolvePage(args);
  const state = args.context.get(requestStateContext);
  const { services } = state;
  const step = await swapStep(services, new URL(args.request.url));
  if (!step.step) return { ...page, ...step, server: null };
  // The step shows a live quote (and the form's own key): this response is never stored.
  if (state.page) state.page.private = true;
  return { ...page, ...step, server: await stepQuote(services, page.lang, step.step) };
}

const MINUTE = 60_000;

/**
 * The swap step's plain post (docs/decisions/015): Create without JavaScript, or clicked before
 * the code ran. The same limit as the API's writes; 303 to /swap/{id}, or the step again with the
 * problem.
 */
export async function action(args: ActionFunctionArgs) {
  const page = resolvePage(args);
  const state = stateOf(args.context);
  const { services } = state;
  if (state.page) state.page.private = true;
  const form = await guardedForm({
    request: args.request,
    state,
    limit: { scope: 'w', limit: services.config.RATE_LIMIT_WRITES_PER_MINUTE, windowMs: MINUTE },
  });
  const { step } = await swapStep(services, new URL(args.request.url));
  if (!step) throw answer('Swap step not found', { status: 404 });
  const result = await createSwapFromForm(
    services,
    page.lang,
    state.ip ?? 'unknown',
    step,
    form,
    referredPartner(args.request.headers.get('cookie')),
  );
  if (result instanceof Response) return result;
  return answer(result, { status: result.problem.status });
}

export default function Swap() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { search } = useLocation();
  const title = t('pages.swap.title');
  return (
    <section data-page="swap">
      <PageHead title={`${title} | ${t('site.name')}`} description={t('pages.swap.description')} />
      <SiteJsonLd />
      <h1 className="mb-6 text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      {/* A new query is a new step: the step's state starts afresh. */}
      <SwapStep key={search} data={data} />
    </section>
  );
}

function SwapStep({ data }: { data: PageData & SwapStepData & { server: StepQuote | null } }) {
  const { lang, from, to, step, server } = data;
  const posted = useActionData<{ problem: StepProblem }>();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [editing, setEditing] = useState(false);
  if (step && from && to && !editing) {
    // At 1200 px and wider, help and what happens next fill the column beside the step.
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,42rem)_minmax(0,1fr)]">
        <SwapCreate
          from={from}
          to={to}
          step={step}
          onEdit={() => setEditing(true)}
          server={server}
          posted={posted?.problem ?? null}
        />
        <SwapAside kind="create" />
      </div>
    );
  }
  // Proceeding with an unchanged pair and amount goes back to the step that is already open.
  const proceed = (query: SwapQuery) => {
    const target = swapSearch(query);
    if (step && target === search) setEditing(false);
    else navigate(`${localizePath(lang, '/swap')}${target}`);
  };
  return (
    <ExchangeForm
      from={from}
      to={to}
      onProceed={proceed}
      {...(step ? { amount: step.amount, rateType: step.rateType } : {})}
    />
  );
}
