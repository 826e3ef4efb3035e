import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ExchangeForm } from '../exchange/ExchangeForm.tsx';
import { defaultPair, type PairData } from '../exchange/pair.server.ts';
import { HomeFacts } from '../home/HomeFacts.tsx';
import { HomeTrust } from '../home/HomeTrust.tsx';
import { SiteJsonLd } from '../home/SiteJsonLd.tsx';
import { type TrustFigures, trustFigures } from '../home/trust.server.ts';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';

export async function loader(
  args: LoaderFunctionArgs,
): Promise<PageData & PairData & { trust: TrustFigures }> {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  const [pair, trust] = await Promise.all([defaultPair(services), trustFigures(services)]);
  return { ...page, ...pair, trust };
}

export default function Home() {
  const { from, to, trust } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section data-page="home">
      <PageHead title={t('pages.home.title')} description={t('pages.home.description')} />
      <SiteJsonLd />
      {/* The headline, then the form on narrow screens; side by side from 1024 px, as exchanges lay out their first screen. */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,36rem)] lg:items-start lg:gap-12">
        <div className="min-w-0 lg:pt-8">
          <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl md:text-5xl">
            {t('pages.home.title')}
          </h1>
          <p className="mt-4 max-w-2xl text-base text-muted sm:text-lg">{t('pages.home.description')}</p>
          <HomeTrust figures={trust} />
        </div>
        <div className="flex min-w-0 justify-center lg:justify-end">
          <ExchangeForm from={from} to={to} />
        </div>
      </div>
      <HomeFacts />
    </section>
  );
}
