import { useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { ExchangeForm } from '../exchange/ExchangeForm.tsx';
import { type SwapStepData, swapStep } from '../exchange/pair.server.ts';
import { type SwapQuery, swapSearch } from '../exchange/query.ts';
import { SwapAside } from '../exchange/SwapAside.tsx';
import { SwapCreate } from '../exchange/SwapCreate.tsx';
import { SiteJsonLd } from '../home/SiteJsonLd.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';

/**
 * /swap: the exchange form, or — with a complete pair, amount and rate type in the query — the
 * swap step that creates the swap. The query keeps the step across reloads.
 */
export async function loader(args: LoaderFunctionArgs): Promise<PageData & SwapStepData> {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  return { ...page, ...(await swapStep(services, new URL(args.request.url))) };
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

function SwapStep({ data }: { data: PageData & SwapStepData }) {
  const { lang, from, to, step } = data;
  const navigate = useNavigate();
  const { search } = useLocation();
  const [editing, setEditing] = useState(false);
  if (step && from && to && !editing) {
    // At 1200 px and wider, help and what happens next fill the column beside the step.
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,42rem)_minmax(0,1fr)]">
        <SwapCreate from={from} to={to} step={step} onEdit={() => setEditing(true)} />
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
