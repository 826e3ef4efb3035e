import { Link, useRouteLoaderData } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { JsonLd } from './JsonLd.tsx';

export interface Crumb {
  name: string;
  path: string;
}

/** The trail from the home page to this page, shown and given to search engines. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const lang = useLang();
  const { t } = useTranslation();
  const root = useRouteLoaderData('root') as { baseUrl: string } | undefined;
  const baseUrl = root?.baseUrl ?? '';
  const items: Crumb[] = [{ name: t('breadcrumbs.home'), path: '/' }, ...trail];
  return (
    <nav aria-label={t('breadcrumbs.label')} className="mb-4 text-sm text-muted">
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: items.map((item, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: item.name,
            item: `${baseUrl}${localizePath(lang, item.path)}`,
          })),
        }}
      />
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <li key={item.path} className="inline-flex items-center gap-1">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            {i === items.length - 1 ? (
              <span aria-current="page" className="text-ink">
                {item.name}
              </span>
            ) : (
              <Link to={localizePath(lang, item.path)} className="text-link">
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
