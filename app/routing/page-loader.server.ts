import { data, type LoaderFunctionArgs } from 'react-router';
import type { Lang } from '../../core/i18n/languages.ts';
import { assertRouteMiddlewareName } from '../../core/routing/middleware-names.ts';
import { splitLanguage } from '../../core/routing/paths.ts';
import { matchPage } from './match.ts';
import { middlewareSwitchesContext, ROUTE_MIDDLEWARES } from './route-middleware.ts';

export interface PageData {
  page: string;
  lang: Lang;
  params: Record<string, string>;
}

/**
 * The request path as the visitor sees it: React Router's data requests add `.data` (or `_.data`
 * after a trailing slash, `/_.data` for the root), stripped here as its own server runtime does.
 */
export function visiblePath(url: URL): string {
  const path = url.pathname.endsWith('/_.data')
    ? url.pathname.slice(0, -'_.data'.length)
    : url.pathname.replace(/\.data$/, '');
  return path || '/';
}

export function fullPath(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete('_routes');
  const query = search.toString();
  return `${visiblePath(url)}${query ? `?${query}` : ''}`;
}

/** SPEC §5: a route check failure. */
export function pageNotFound(url: URL): never {
  throw data(`Page Not Found: ${fullPath(url)}`, { status: 404 });
}

/** SPEC §5: no route matches. */
export function noRouteFound(url: URL): never {
  throw data(`Page not found: ${fullPath(url)}`, { status: 404 });
}

/**
 * Resolves the page for a request: matches the full pattern, runs the parameter checks, then the
 * page's named middlewares unless a path rule switched them off.
 */
export function resolvePage({ request, context }: LoaderFunctionArgs): PageData {
  const url = new URL(request.url);
  const { lang, path } = splitLanguage(visiblePath(url));
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    pageNotFound(url);
  }
  const found = matchPage(decoded);
  if (found.status === 'invalid') pageNotFound(url);
  if (found.status === 'none') noRouteFound(url);

  const switches = context.get(middlewareSwitchesContext);
  for (const name of found.page.middleware ?? []) {
    if (switches[assertRouteMiddlewareName(name)] === false) continue;
    ROUTE_MIDDLEWARES[name]({
      url,
      lang,
      page: found.page.name,
      params: found.params,
      notFound: () => pageNotFound(url),
    });
  }
  return { page: found.page.name, lang, params: found.params };
}
