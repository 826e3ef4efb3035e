import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';

/*
 * Kept apart from parts.tsx (the company pages' building blocks): the home page's structured data
 * uses these two, and importing them from there loaded the breadcrumbs and page parts with the
 * home page's first render.
 */

/** The site's address, from the root loader (empty while it failed). */
export function useBaseUrl(): string {
  const root = useRouteLoaderData('root') as { baseUrl: string } | undefined;
  return root?.baseUrl ?? '';
}

/** The organisation as every company page describes it to search engines. */
export function useOrganization(): Record<string, unknown> {
  const { t } = useTranslation();
  const baseUrl = useBaseUrl();
  return {
    '@type': 'Organization',
    name: t('site.name'),
    url: `${baseUrl}/`,
    logo: `${baseUrl}/press/swapgate-logo.svg`,
    foundingDate: '2021',
  };
}
