import { createContext, data, type LoaderFunctionArgs } from 'react-router';
import type { Lang } from '../../core/i18n/languages.ts';
import type { LayoutName } from '../../core/routing/layouts.ts';
import { visiblePathname } from '../../core/routing/paths.ts';

export interface PageData {
  page: string;
  lang: Lang;
  params: Record<string, string>;
  /** The page's layout, for the browser, which has no page table. */
  layout: LayoutName;
}

export function fullPath(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete('_routes');
  const query = search.toString();
  return `${visiblePathname(url.pathname)}${query ? `?${query}` : ''}`;
}

/** SPEC §5: a route check failure. */
export function pageNotFound(url: URL): never {
  throw data(`Page Not Found: ${fullPath(url)}`, { status: 404 });
}

/** SPEC §5: no route matches. */
export function noRouteFound(url: URL): never {
  throw data(`Page not found: ${fullPath(url)}`, { status: 404 });
}

/** The request's page, language and checked parameters, decided once by the page middleware. */
export const pageContext = createContext<PageData>();

/** The page of a request, resolved and checked by the root's page middleware. */
export function resolvePage({ context }: Pick<LoaderFunctionArgs, 'context'>): PageData {
  return context.get(pageContext);
}
