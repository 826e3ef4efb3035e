import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadProviders } from '../company/company.server.ts';
import '../company/english.ts';
import { ProviderCards, SourceCards } from '../company/ProviderFigures.tsx';
import { Card, PageIntro, Section, useLocalPath, useOrganization } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { Button } from '../ui/Button.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadProviders(args);
}

const INTEGRATIONS = [
  { id: 'api', path: '/for-partners' },
  { id: 'widget', path: '/for-partners' },
  { id: 'whiteLabel', path: '/for-partners' },
  { id: 'affiliate', path: '/for-partners' },
  { id: 'fiat', path: '/fiat' },
  { id: 'dex', path: '/dex' },
] as const;

/** /partners: the liquidity providers the service compares, and the ways others build on it. */
export default function Partners() {
  const { providers, sources } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const local = useLocalPath();
  const organization = useOrganization();
  return (
    <article data-page="partners">
      <PageIntro
        page="partners"
        path="/partners"
        heading={t('partnersPage.heading')}
        intro={<p>{t('partnersPage.intro')}</p>}
        extra={{
          about: organization,
          mentions: [...providers, ...sources].map((provider) => ({
            '@type': 'Organization',
            name: provider.name,
          })),
        }}
      />
      <Section title={t('partnersPage.providersTitle')} id="providers">
        <p className="mb-6 max-w-3xl text-muted">{t('partnersPage.providersIntro')}</p>
        <ProviderCards providers={providers} />
        {sources.length > 0 && (
          <>
            <h3 className="mt-10 mb-4 text-xl font-semibold" id="sources">
              {t('providersPage.sourcesTitle')}
            </h3>
            <SourceCards sources={sources} />
          </>
        )}
        <p className="mt-4">
          <Link to={local('/providers')} className="text-link">
            {t('partnersPage.providersLink')}
          </Link>
        </p>
      </Section>
      <Section title={t('partnersPage.integrationsTitle')} id="integrations">
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {INTEGRATIONS.map((item) => (
            <Card key={item.id} className="flex flex-col">
              <h3 className="text-lg font-semibold">{t(`partnersPage.integrations.${item.id}.title`)}</h3>
              <p className="mt-2 flex-1 text-muted">{t(`partnersPage.integrations.${item.id}.text`)}</p>
              <Link to={local(item.path)} className="text-link mt-4 self-start">
                {t('partnersPage.more')}
              </Link>
            </Card>
          ))}
        </div>
      </Section>
      <div className="mt-12 rounded-2xl bg-brand-50 p-6 md:p-10">
        <h2 className="text-2xl font-bold">{t('partnersPage.ctaTitle')}</h2>
        <p className="mt-2 max-w-3xl text-muted">{t('partnersPage.ctaText')}</p>
        <Button to={local('/for-partners')} className="mt-5">
          {t('partnersPage.cta')}
        </Button>
      </div>
    </article>
  );
}
