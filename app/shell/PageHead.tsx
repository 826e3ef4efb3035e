import { useRouteLoaderData } from 'react-router';
import { alternateLinks } from '../../core/routing/alternates.ts';

interface RootData {
  baseUrl: string;
}

/**
 * Title, description, canonical and alternates of a page. React hoists these into <head>, so each
 * page declares its own and client navigations keep them current.
 */
export function PageHead({
  title,
  description,
  pathname,
  noindex = false,
}: {
  title: string;
  description: string;
  pathname: string;
  /** Keeps the page out of search results (a list filtered by a search), its links still followed. */
  noindex?: boolean;
}) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const baseUrl = root?.baseUrl ?? '';
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={`${baseUrl}${pathname}`} />
      <link rel="canonical" href={`${baseUrl}${pathname}`} />
      {alternateLinks(baseUrl, pathname).map((link) => (
        <link key={link.hrefLang} rel="alternate" hrefLang={link.hrefLang} href={link.href} />
      ))}
    </>
  );
}
