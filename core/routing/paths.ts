import { DEFAULT_LANG, isLang, type Lang } from '../i18n/languages.ts';

export interface LocalizedPath {
  lang: Lang;
  /** The path without its language prefix, starting with '/'. */
  path: string;
  /** A first segment that looks like a language prefix but is not one of ours. */
  unknownPrefix: boolean;
}

const LANGUAGE_LIKE = /^[a-z]{2}$/;

/**
 * The account area keeps every address under `/account` (its session cookie's path), so its
 * language comes after that word: `/account/de/sign-in` is `/account/sign-in` in German.
 */
const ACCOUNT_AREA = /^\/account(?=\/|$)/;
const ACCOUNT_LANGUAGE = /^\/account\/([^/]+)(\/.*)?$/;

/** Splits `/nl/about-us` into `{lang: 'nl', path: '/about-us'}`; English paths have no prefix. */
export function splitLanguage(pathname: string): LocalizedPath {
  const account = ACCOUNT_LANGUAGE.exec(pathname);
  if (account?.[1] && isLang(account[1]) && account[1] !== DEFAULT_LANG) {
    return { lang: account[1], path: `/account${account[2] ?? ''}`, unknownPrefix: false };
  }
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
  if (ACCOUNT_AREA.test(path)) return path.replace(ACCOUNT_AREA, `/account/${lang}`);
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
