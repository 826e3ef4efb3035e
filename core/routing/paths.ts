import { DEFAULT_LANG, isLang, type Lang } from '../i18n/languages.ts';

export interface LocalizedPath {
  lang: Lang;
  /** The path without its language prefix, starting with '/'. */
  path: string;
  /** A first segment that looks like a language prefix but is not one of ours. */
  unknownPrefix: boolean;
}

const LANGUAGE_LIKE = /^[a-z]{2}$/;

/** Splits `/nl/about-us` into `{lang: 'nl', path: '/about-us'}`; English paths have no prefix. */
export function splitLanguage(pathname: string): LocalizedPath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLang(first) && first !== DEFAULT_LANG) {
    return { lang: first, path: match?.[2] || '/', unknownPrefix: false };
  }
  return { lang: DEFAULT_LANG, path: pathname || '/', unknownPrefix: !!first && LANGUAGE_LIKE.test(first) };
}

/** The path of `path` (unprefixed) in `lang`. */
export function localizePath(lang: Lang, path: string): string {
  if (lang === DEFAULT_LANG) return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}

export function isBlogPath(path: string): boolean {
  return path === '/blog' || path.startsWith('/blog/');
}

/** The language a page is rendered in: the URL's, except blog pages, which are English (SPEC §2). */
export function pageLanguage(pathname: string): Lang {
  const { lang, path } = splitLanguage(pathname);
  return isBlogPath(path) ? DEFAULT_LANG : lang;
}

/**
 * A request path as the visitor sees it: React Router's data requests add `.data` (or `_.data`
 * after a trailing slash, `/_.data` for the root), stripped here as its own server runtime does.
 */
export function visiblePathname(pathname: string): string {
  const path = pathname.endsWith('/_.data')
    ? pathname.slice(0, -'_.data'.length)
    : pathname.replace(/\.data$/, '');
  return path || '/';
}
