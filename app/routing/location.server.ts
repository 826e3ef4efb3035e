import { createContext, type MiddlewareFunction } from 'react-router';
import type { Lang } from '../../core/i18n/languages.ts';
import { pageLanguage, splitLanguage, visiblePathname } from '../../core/routing/paths.ts';

/** A page request's address, read once: every later middleware, loader and the document use it. */
export interface RequestLocation {
  url: URL;
  /** The path as the visitor sees it (without React Router's `.data`). */
  pathname: string;
  /** The URL's language (its prefix) and the path without it. */
  lang: Lang;
  path: string;
  /** A first segment shaped like a language code that is not one of ours (`/xx/swap`). */
  unknownPrefix: boolean;
  /** The language the page is written in: the URL's, English on the blog. */
  contentLang: Lang;
}

export const requestLocationContext = createContext<RequestLocation>();

export function requestLocation(url: URL): RequestLocation {
  const pathname = visiblePathname(url.pathname);
  const { lang, path, unknownPrefix } = splitLanguage(pathname);
  return { url, pathname, lang, path, unknownPrefix, contentLang: pageLanguage(pathname) };
}

/** The first middleware of every page request: reads the address and its language once. */
export const locationMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(requestLocationContext, requestLocation(new URL(request.url)));
  return next();
};
