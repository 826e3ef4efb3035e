import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadProviders } from '../company/company.server.ts';
import '../company/english.ts';
import { ProviderCards, SourceCards } from '../company/ProviderFigures.tsx';
import { PageIntro, Section } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadProviders(args);
}

/** /providers: each liquidity provider's live figures, counted from our own swaps. */
export default function Providers() {
  const { providers, sources } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article data-page="providers">
      <PageIntro
        page="providers"
        path="/providers"
        heading={t('providersPage.heading')}
        intro={<p>{t('providersPage.intro')}</p>}
        extra={{
          mainEntity: {
            '@type': 'ItemList',
            itemListElement: [...providers, ...sources].map((provider, i) => ({
              '@type': 'ListItem',
              position: i + 1,
              name: provider.name,
            })),
          },
        }}
      />
      <Section title={t('providersPage.listTitle')} id="providers">
        <ProviderCards providers={providers} />
      </Section>
      {sources.length > 0 && (
        <Section title={t('providersPage.sourcesTitle')} id="sources">
          <p className="mb-6 max-w-3xl text-muted">{t('providersPage.sourcesIntro')}</p>
          <SourceCards sources={sources} />
        </Section>
      )}
      <Section title={t('providersPage.methodTitle')} id="method">
        <ul className="flex max-w-3xl list-disc flex-col gap-2 pl-5 text-muted">
          <li>{t('providersPage.method.pairs')}</li>
          <li>{t('providersPage.method.spread')}</li>
          <li>{t('providersPage.method.fixed')}</li>
          <li>{t('providersPage.method.time')}</li>
          <li>{t('providersPage.method.coins')}</li>
        </ul>
      </Section>
    </article>
  );
}
