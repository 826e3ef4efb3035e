import { data, type LoaderFunctionArgs } from 'react-router';
import { SWAP_ID_PATTERN } from '../../core/exchange/types.ts';
import {
  parseWidgetQuery,
  type WidgetLook,
  widgetConfigSearch,
  widgetCssVariables,
  widgetLook,
} from '../../core/widget/config.ts';
import {
  DEFAULT_FROM,
  DEFAULT_TO,
  type PairData,
  type SwapStepData,
  side,
  swapStep,
} from '../exchange/pair.server.ts';
import { type SwapPageData, swapViewData } from '../exchange/swap-page.server.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';

/** The widget's step, read from its query: the form, the swap step (`step=create`) or a swap (`swap=`). */
export type WidgetStep =
  | ({ kind: 'form'; amount: string | null; rateType: 'float' | 'fixed' } & PairData)
  | ({ kind: 'create' } & SwapStepData)
  | ({ kind: 'swap' } & Omit<SwapPageData, keyof PageData>);

export interface WidgetData extends PageData {
  /** The query that carries the widget's configuration to its next step (no leading `?`). */
  config: string;
  /** The partner the swaps are created for, when the query or the host names a known one. */
  affiliate: string | null;
  look: WidgetLook;
  /** The look as the custom properties of the widget's root. */
  cssVars: Record<string, string>;
  /** The origin the widget was told it is embedded by (the web component's page), if any. */
  origin: string | null;
  step: WidgetStep;
}

/**
 * /v2/widget: the configuration from the query (bad values dropped for their defaults, never an
 * error), the partner from the host the request came to (only hosts stored for a partner) or the
 * `affiliate` query, its white-label theme, and the step to show.
 */
export async function loadWidget(args: LoaderFunctionArgs): Promise<WidgetData> {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  const url = new URL(args.request.url);
  const query = parseWidgetQuery(url.searchParams);
  const partner =
    (await services.widgetThemes.partnerForHost(args.request.headers.get('host'))) ??
    (query.affiliate ? await services.widgetThemes.partner(query.affiliate) : null);
  const known = { ...query };
  if (partner) known.affiliate = partner.id;
  else delete known.affiliate;
  const look = widgetLook(known, partner?.theme ?? null, page.lang);
  const base = {
    ...page,
    config: widgetConfigSearch(known).toString(),
    affiliate: partner?.id ?? null,
    look,
    cssVars: widgetCssVariables(look),
    origin: known.origin ?? null,
  };

  const swapId = url.searchParams.get('swap')?.trim().toLowerCase();
  if (swapId) {
    const found = SWAP_ID_PATTERN.test(swapId) ? await swapViewData(services, swapId) : null;
    if (!found) throw data('Swap not found', { status: 404 });
    return { ...base, step: { kind: 'swap', ...found } };
  }
  if (url.searchParams.get('step') === 'create') {
    const stepData = await swapStep(services, url);
    if (stepData.step) return { ...base, step: { kind: 'create', ...stepData } };
  }
  // A coin is not swapped for itself: the same coin twice keeps only the first.
  const toCode = query.to && query.to !== (query.from ?? DEFAULT_FROM) ? query.to : null;
  const fromDefaultTo = (query.from ?? DEFAULT_FROM) === DEFAULT_TO ? DEFAULT_FROM : DEFAULT_TO;
  const [from, to] = await Promise.all([
    side(services, query.from ?? DEFAULT_FROM),
    side(services, toCode ?? fromDefaultTo),
  ]);
  const [fallbackFrom, fallbackTo] = await Promise.all([
    from ? null : side(services, DEFAULT_FROM),
    to ? null : side(services, DEFAULT_TO),
  ]);
  return {
    ...base,
    step: {
      kind: 'form',
      from: from ?? fallbackFrom,
      to: to ?? fallbackTo,
      amount: query.amount ?? null,
      rateType: query.rateType ?? 'float',
    },
  };
}
