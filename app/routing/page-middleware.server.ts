import type { MiddlewareFunction } from 'react-router';
import { DEFAULT_LANG } from '../../core/i18n/languages.ts';
import { matchPage } from '../../core/routing/match.ts';
import { assertRouteMiddlewareName } from '../../core/routing/middleware-names.ts';
import { isFormPath } from '../forms/paths.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { requestLocationContext } from './location.server.ts';
import { noRouteFound, pageContext, pageNotFound } from './page-loader.server.ts';
import { middlewareSwitchesContext, ROUTE_MIDDLEWARES } from './route-middleware.ts';

/**
 * Resolves the page of every page request once: the full SPEC pattern with its parameter checks
 * (404 'Page Not Found: {path}' when a check fails, 'Page not found: {path}' when no page has the
 * path's shape), then the page's named middlewares unless a path rule switched them off. Loaders
 * read the result from `pageContext`; none can skip the checks.
 */
export const pageMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { url, lang, path, unknownPrefix } = context.get(requestLocationContext);
  // A form's action without a page of its own (the cookie banner, the newsletter): no page to resolve.
  if (lang === DEFAULT_LANG && isFormPath(path)) return next();
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    pageNotFound(url);
  }
  const found = matchPage(decoded);
  if (found.status === 'invalid') pageNotFound(url);
  // A first segment shaped like a language code that is not one of ours fails the language check.
  if (found.status === 'none') return unknownPrefix ? pageNotFound(url) : noRouteFound(url);

  const switches = context.get(middlewareSwitchesContext);
  const { services } = context.get(requestStateContext);
  for (const name of found.page.middleware ?? []) {
    if (switches[assertRouteMiddlewareName(name)] === false) continue;
    await ROUTE_MIDDLEWARES[name]({
      url,
      lang,
      page: found.page.name,
      params: found.params,
      services,
      notFound: () => pageNotFound(url),
    });
  }
  context.set(pageContext, { page: found.page.name, lang, params: found.params, layout: found.page.layout });
  context.get(requestStateContext).page = {
    data: ['global', ...(found.page.data ?? [])],
    private: found.page.private === true,
  };
  return next();
};
