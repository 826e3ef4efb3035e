import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatAmount, formatUsd } from '../../core/i18n/format.ts';
import { pairPage } from '../directory/directory.server.ts';
import { PairChart, PairDetails, PairFacts, PairRateJsonLd } from '../directory/PairSections.tsx';
import { useRevalidateEvery } from '../exchange/api-hooks.ts';
import { ExchangeFormWhenNeeded } from '../exchange/ExchangeFormWhenNeeded.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';

export async function loader(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  const { from = '', to = '' } = page.params;
  const data = await pairPage(services, new URL(args.request.url), from, to);
  const state = args.context.get(requestStateContext);
  if (data.offersPending && state.page) state.page = { ...state.page, pending: true };
  return { ...page, ...data };
}

/** How soon the browser asks again for offers the server did not have at hand. */
const OFFERS_RETRY_MS = 1_500;

/** /exchange/{from}-to-{to}: the live offers of every provider, limits, a rate chart and the form preset. */
export default function ExchangePair() {
  const data = useLoaderData<typeof loader>();
  const { lang, pair, usd, amount, offersPending, charts, form } = data;
  const { t } = useTranslation();
  // Offers not at hand when the server rendered: the loader runs again until they are.
  useRevalidateEvery(OFFERS_RETRY_MS, offersPending);
  const root = {
    from: pair.from.name,
    to: pair.to.name,
    fromCode: pair.from.code.toUpperCase(),
    toCode: pair.to.code.toUpperCase(),
  };
  const title = t('directory.pair.title', root);
  return (
    <article data-page="exchange-pair" data-pair={`${pair.from.code}-${pair.to.code}`}>
      <PageHead
        title={`${title} | ${t('site.name')}`}
        description={t('directory.pair.description', {
          ...root,
          rate: pair.rate === null ? '—' : formatAmount(pair.rate, lang),
        })}
      />
      <PairRateJsonLd title={title} rate={pair.rate} names={root} />
      <Breadcrumbs
        trail={[
          { name: t('pages.exchange-pairs.title'), path: '/exchange-pairs' },
          {
            name: `${root.fromCode} → ${root.toCode}`,
            path: `/exchange/${pair.from.code}-to-${pair.to.code}`,
          },
        ]}
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
          <p className="mt-4 text-2xl font-semibold tabular-nums" data-testid="pair-rate">
            {pair.rate === null
              ? t('directory.pair.noRate')
              : `1 ${root.fromCode} ≈ ${formatAmount(pair.rate, lang)} ${root.toCode}`}
          </p>
          <p className="mt-1 text-sm text-muted">
            {t('directory.pair.usd', {
              ...root,
              fromUsd: formatUsd(usd.from, lang),
              toUsd: formatUsd(usd.to, lang),
            })}
          </p>
          <PairFacts pair={pair} names={root} lang={lang} pending={offersPending} />
          <PairChart names={root} charts={charts} lang={lang} />
        </div>
        <aside className="min-w-0">
          <h2 className="sr-only">{t('directory.coin.swapTitle', { coin: pair.from.name })}</h2>
          <ExchangeFormWhenNeeded from={form.from} to={form.to} amount={amount} />
        </aside>
      </div>

      {/* Tables, steps and links: server HTML the browser keeps (docs/decisions/032), rendered
          again once offers that were pending have come (docs/decisions/034). */}
      <PairDetails data={data} names={root} />
    </article>
  );
}
