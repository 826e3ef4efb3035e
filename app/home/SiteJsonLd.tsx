import { localizePath } from '../../core/routing/paths.ts';
import { useBaseUrl, useOrganization } from '../company/organization.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { JsonLd } from '../ui/JsonLd.tsx';

/**
 * The home pages' structured data (`/`, `/{lang}`, `/swap`): the Organization behind the site and
 * the WebSite with a SearchAction, which searches the coin list (`/coin?q=…`) in the page's language.
 */
export function SiteJsonLd() {
  const { t } = useTranslation();
  const lang = useLang();
  const baseUrl = useBaseUrl();
  const organization = useOrganization();
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@graph': [
          { ...organization, '@id': `${baseUrl}/#organization` },
          {
            '@type': 'WebSite',
            '@id': `${baseUrl}/#website`,
            name: t('site.name'),
            description: t('site.tagline'),
            url: `${baseUrl}${localizePath(lang, '/')}`,
            inLanguage: lang,
            publisher: { '@id': `${baseUrl}/#organization` },
            potentialAction: {
              '@type': 'SearchAction',
              target: {
                '@type': 'EntryPoint',
                urlTemplate: `${baseUrl}${localizePath(lang, '/coin')}?q={search_term_string}`,
              },
              'query-input': 'required name=search_term_string',
            },
          },
        ],
      }}
    />
  );
}
