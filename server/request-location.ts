import type { Context } from 'hono';
import { DEFAULT_LANG, type Lang } from '../core/i18n/languages.ts';
import { matchPage, type PageMatch } from '../core/routing/match.ts';
import { isBlogPath, splitLanguage, visiblePathname } from '../core/routing/paths.ts';
import { isPagePath, normalizePath } from './normalize.ts';

/**
 * Where a request goes, worked out once per request by the first step of the HTTP app
 * (server/app.ts) and handed to every step after it: the HTML cache, the security headers, the
 * metrics, the overload page, the path normalisation, the affiliate link and the page handler read
 * it here instead of each splitting the path again. What is costly (the page match, the canonical
 * form) is worked out when first asked for.
 */
export class RequestLocation {
  /** The URL's path as requested, not decoded (React Router's data suffix included). */
  readonly pathname: string;
  /** A page the router renders: not an API, a file or a data request (server/normalize.ts). */
  readonly isPage: boolean;
  /** An API path (JSON errors, never a page). */
  readonly isApi: boolean;
  /** The language of the path's prefix (English without one). */
  readonly lang: Lang;
  /** The path as the visitor sees it, without its language prefix. */
  readonly path: string;
  #canonical: string | null | undefined;
  #page: PageMatch | undefined;

  constructor(pathname: string) {
    this.pathname = pathname;
    this.isPage = isPagePath(pathname);
    this.isApi = /^\/(?:api\/|apiglobal\/)/.test(pathname);
    const { lang, path } = splitLanguage(visiblePathname(pathname));
    this.lang = lang;
    this.path = path;
  }

  /** The language the page is shown in: blog pages are English under every prefix (SPEC §4). */
  get pageLang(): Lang {
    return isBlogPath(this.path) ? DEFAULT_LANG : this.lang;
  }

  /** The canonical path to redirect to (SPEC §9), or null when the path is already canonical. */
  get canonical(): string | null {
    if (this.#canonical === undefined) this.#canonical = normalizePath(this.pathname);
    return this.#canonical;
  }

  /** The page of SPEC §2 the path is (core/routing/match.ts). */
  get page(): PageMatch {
    this.#page ??= matchPage(this.path);
    return this.#page;
  }

  /** A widget page, made to be embedded by partners (framing allowed). */
  get isWidget(): boolean {
    return this.path === '/widget' || this.path === '/v2/widget';
  }
}

export type LocationEnv = { Variables: { location: RequestLocation } };

/** The location of a request's URL. */
export function locate(request: Request): RequestLocation {
  return new RequestLocation(new URL(request.url).pathname);
}

/** This request's location, worked out by the first step that asks and kept for the others. */
export function requestLocation(c: Context): RequestLocation {
  let location = c.get('location') as RequestLocation | undefined;
  if (!location) {
    location = locate(c.req.raw);
    c.set('location', location);
  }
  return location;
}
