import { useMemo } from 'react';
import { useLocation } from 'react-router';
import type { Lang } from '../../core/i18n/languages.ts';
import { pageLanguage, splitLanguage } from '../../core/routing/paths.ts';

/** Where the visitor is: the URL's language and the path without the language prefix. */
export interface PageLocation {
  /** The URL's language (its prefix): the site's navigation keeps it, on the blog too. */
  lang: Lang;
  /** The path without its language prefix (`/swap` for `/de/swap`). */
  path: string;
  /** The path as the visitor sees it. */
  pathname: string;
}

/**
 * The one place components read the URL's language from: the server decides it once per request
 * (app/routing/page-middleware.server.ts), the browser reads it from the location it shows.
 */
export function usePageLocation(): PageLocation {
  const { pathname } = useLocation();
  return useMemo(() => ({ ...splitLanguage(pathname), pathname }), [pathname]);
}

/**
 * The language of the page's content, for its links and its number, price and date formats: the
 * URL's, except on the English-only blog.
 */
export function useLang(): Lang {
  return pageLanguage(usePageLocation().pathname);
}
