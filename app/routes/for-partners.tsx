import { useId } from 'react';
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useLoaderData,
  useRouteLoaderData,
} from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import type { RootData } from '../root.tsx';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';
import '../support/english.ts';
import { supportFormAction } from '../support/form-action.server.ts';
import {
  ApiSamples,
  DemoRequest,
  EarningsCalculator,
  PartnerProgrammes,
  WidgetSnippet,
} from '../support/PartnerSections.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';

export function loader(args: LoaderFunctionArgs): PageData & { serviceFeeBps: number; apiDocsUrl: string } {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  return {
    ...page,
    serviceFeeBps: services.config.SERVICE_FEE_BPS,
    apiDocsUrl: services.config.API_DOCS_URL,
  };
}

/** The plain post of the demo request (app/support/form-action.server.ts). */
export function action(args: ActionFunctionArgs) {
  return supportFormAction(args, ['demo-form']);
}

/** /for-partners: the programmes, the earnings calculator, API samples, the widget's snippet generator and the demo request form. */
export default function ForPartners() {
  const { serviceFeeBps, apiDocsUrl, lang } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { t } = useTranslation();
  const id = useId();
  const baseUrl = root?.baseUrl ?? '';
  const title = t('pages.for-partners.title');

  return (
    <article data-page="for-partners">
      <PageHead title={`${title} | ${t('site.name')}`} description={t('pages.for-partners.description')} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Service',
          name: title,
          serviceType: t('forPartners.heading'),
          description: t('forPartners.intro'),
          provider: { '@type': 'Organization', name: t('site.name'), url: baseUrl || undefined },
        }}
      />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-2 text-xl font-semibold">{t('forPartners.heading')}</p>
      <p className="mt-3 max-w-3xl text-lg text-muted">{t('forPartners.intro')}</p>

      <PartnerProgrammes />
      <EarningsCalculator id={id} serviceFeeBps={serviceFeeBps} lang={lang} />
      <ApiSamples id={id} baseUrl={baseUrl} apiDocsUrl={apiDocsUrl} />
      <WidgetSnippet id={id} baseUrl={baseUrl} />
      <DemoRequest id={id} />
    </article>
  );
}
