import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { readConsent } from '../core/consent/consent.ts';
import { DEFAULT_LANG } from '../core/i18n/languages.ts';
import type { RequestState } from '../core/routing/request-state.ts';
import type { Services } from '../core/services.ts';
import { isAuditOrCrawler } from '../core/user-agents.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/errors.ts';
import {
  type CachedPage,
  type CacheOutcome,
  cachedPage,
  etagMatches,
  gzipPageBody,
  HtmlCache,
  pageBody,
} from './html-cache.ts';
import { rootLanguageRedirect } from './language-redirect.ts';
import { RenderQueue } from './render-queue.ts';
import { requestStateContext } from './request-context.ts';
import type { RequestLocation } from './request-location.ts';
import { withServerMatching } from './route-matching.ts';
import { createNonce } from './security-headers.ts';
import { acceptsGzip } from './sitemap-cache.ts';

/** Headers a stored page must not repeat to another visitor. */
const PER_RESPONSE = new Set(['set-cookie', 'content-length', 'etag', 'date', 'x-request-id']);

/** What a 304 repeats of the page (RFC 9110 §15.4.5); never its CSP, which must match the stored body's nonce. */
/**
 * How long a page rendered before all its data was at hand is kept (HTML cache and s-maxage): the
 * data is being fetched meanwhile, so the render after this shows it.
 */
export const PENDING_PAGE_TTL_SECONDS = 5;

const NOT_MODIFIED_HEADERS = ['cache-control', 'etag', 'vary', 'expires'];

export interface PageHandler {
  (request: Request, location: RequestLocation, state: RequestState): Promise<Response>;
  /** The in-memory HTML cache; null with `HTML_CACHE=off`. */
  readonly cache: HtmlCache | null;
  /** A fresh stored page answered as it is, or null (see `fromCache` below). */
  fromCache(
    request: Request,
    location: RequestLocation,
    headersFor: (nonce: string) => Record<string, string>,
  ): Promise<PageAnswer | null>;
}

/** A page answer before it is sent: status, headers and the body's pieces (null without a body). */
export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer[] | null;
}

/** The answer as a fetch Response (its pieces joined). */
export function answerResponse({ status, headers, body }: PageAnswer): Response {
  return new Response(body ? (Buffer.concat(body) as Uint8Array<ArrayBuffer>) : null, { status, headers });
}

/**
 * The React Router pages behind the HTML cache. Anonymous document GETs of public pages are
 * answered from memory while fresh; every page response gets its Cache-Control (public with
 * `s-maxage` + `stale-while-revalidate` for public pages, `private, no-store` for a visitor's own
 * record), a weak ETag that ignores the nonce, and 304 for a matching If-None-Match.
 */
export function createPageHandler(
  services: Services,
  build: ServerBuild | (() => Promise<ServerBuild>),
): PageHandler {
  const { config } = services;
  const handleRequest = createRequestHandler(
    typeof build === 'function' ? async () => withServerMatching(await build()) : withServerMatching(build),
    config.NODE_ENV === 'production' ? 'production' : 'development',
  );
  const ttl = config.HTML_CACHE_TTL_SECONDS;
  const publicCacheControl = `public, max-age=0, s-maxage=${ttl}, stale-while-revalidate=${ttl * 10}`;
  // A page rendered before its data was at hand (a pair page's offers): kept a few seconds only.
  const pendingTtl = Math.min(ttl, PENDING_PAGE_TTL_SECONDS);
  const pendingCacheControl = `public, max-age=0, s-maxage=${pendingTtl}`;
  const cache =
    config.HTML_CACHE === 'on'
      ? new HtmlCache({
          maxBytes: config.HTML_CACHE_MAX_MB * 1024 * 1024,
          ttlMs: ttl * 1000,
          versions: services.dataVersions,
        })
      : null;

  const queue = new RenderQueue(config.RENDER_CONCURRENCY, config.RENDER_QUEUE_MAX);
  const render = (request: Request, state: RequestState) =>
    queue.run(() => {
      const context = new RouterContextProvider();
      context.set(requestStateContext, state);
      return handleRequest(request, context);
    });

  /**
   * The response as a page that may be shared, or null (its body then left unread): a public page's
   * 200 HTML without a cookie.
   */
  const storable = async (
    response: Response,
    state: RequestState,
    versions: number[],
  ): Promise<CachedPage | null> => {
    const page = state.page;
    if (response.status !== 200 || !page || page.private) return null;
    if (response.headers.has('set-cookie') || response.headers.get('cache-control')?.includes('private')) {
      return null;
    }
    if (!response.headers.get('content-type')?.startsWith('text/html')) return null;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!PER_RESPONSE.has(name)) headers[name] = value;
    });
    headers['cache-control'] = page.pending ? pendingCacheControl : publicCacheControl;
    // The cookie banner is decided from the consent cookie on the server (no flash of it), so a
    // shared cache must tell visitors with and without one apart.
    // (Accept-Encoding named here too: the compression step adds it otherwise, rebuilding the response.)
    headers.vary = 'Cookie, Accept-Encoding';
    // The rendered bytes as they are: no decoding to a string to encode again.
    const html = Buffer.from(await response.arrayBuffer());
    return cachedPage(html, state.nonce, {
      status: 200,
      headers,
      data: page.data,
      versions,
      ...(page.pending ? { ttlMs: pendingTtl * 1000 } : {}),
    });
  };

  /** The key of a request whose page may come from the cache; null for anything else. */
  const cacheKey = async (request: Request, location: RequestLocation): Promise<string | null> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    if (!location.isPage) return null;
    const url = new URL(request.url);
    if (url.searchParams.has('_routes')) return null;
    // A path rule (redirect, switched middleware) is applied by the router on every request.
    const { lang, path } = location;
    try {
      if (await services.pathRules.get(url.pathname)) return null;
      if (lang !== DEFAULT_LANG && (await services.pathRules.get(path))) return null;
    } catch {
      // Without the rules the router answers (and shows the error page); nothing is cached.
      return null;
    }
    // Everything else the HTML varies on: the build, whether the cookie banner shows, and (only
    // with a tag manager) whether the visitor is a robot, which never gets one.
    const consent = readConsent(request.headers.get('cookie')) === null ? 'banner' : 'consented';
    const robot = config.GTM_ID && isAuditOrCrawler(request.headers.get('user-agent')) ? 'robot' : 'browser';
    return `${services.buildId} ${consent} ${robot} ${url.pathname}${url.search}`;
  };

  /**
   * A stored page as this request's answer: 304 for a matching If-None-Match, HEAD without a body;
   * the body as its pieces (the stored parts around this response's nonce).
   */
  const answer = (
    request: Request,
    page: CachedPage,
    nonce: string,
    outcome: CacheOutcome,
    extra: Record<string, string> = {},
  ): PageAnswer => {
    // A plain object: the Node adapter writes it as it is, with no Headers object in between.
    const headers: Record<string, string> = { ...page.headers };
    headers.etag = page.etag;
    headers['x-cache'] = outcome;
    if (etagMatches(request.headers.get('if-none-match') ?? undefined, page.etag)) {
      const kept: Record<string, string> = { 'x-cache': outcome };
      for (const name of NOT_MODIFIED_HEADERS) {
        const value = headers[name];
        if (value !== undefined) kept[name] = value;
      }
      for (const [name, value] of Object.entries(extra)) {
        if (name !== 'content-security-policy') kept[name] = value;
      }
      return { status: 304, headers: kept, body: null };
    }
    // A client that takes gzip gets the stored page's deflated parts (nothing compressed per response).
    const gzip = acceptsGzip(request.headers.get('accept-encoding') ?? undefined);
    const body = gzip ? gzipPageBody(page, nonce) : pageBody(page, nonce);
    if (gzip) headers['content-encoding'] = 'gzip';
    Object.assign(headers, extra);
    headers['content-length'] = String(body.reduce((length, piece) => length + piece.length, 0));
    return { status: page.status, headers, body: request.method === 'HEAD' ? null : body };
  };

  const respond = (request: Request, page: CachedPage, nonce: string, outcome: CacheOutcome): Response =>
    answerResponse(answer(request, page, nonce, outcome));

  /**
   * A fresh stored page answered before the app's per-request steps (normalisation, the root's
   * language choice, compression, security headers), when none of them would change it: a page
   * path already in its canonical form (it was stored as a 200), no language redirect at the root,
   * no compression asked for but gzip (served from the stored page's deflated parts). `headersFor`
   * gives the headers those steps would have added (the security headers with this response's
   * nonce, made only for a hit). Null: the request takes the ordinary way.
   */
  const fromCache = async (
    request: Request,
    location: RequestLocation,
    headersFor: (nonce: string) => Record<string, string>,
  ): Promise<PageAnswer | null> => {
    if (!cache || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
    // Gzip is served from the stored page; another compression only (deflate) takes the ordinary way.
    const encodings = request.headers.get('accept-encoding') ?? '';
    if (/\b(deflate|br|zstd)\b/.test(encodings) && !acceptsGzip(encodings)) return null;
    if (!location.isPage || location.canonical !== null) return null;
    const root = location.pathname === '/';
    if (root && rootLanguageRedirect(request.headers)) return null;
    const key = await cacheKey(request, location);
    const page = key ? cache.get(key) : undefined;
    if (!page) return null;
    const nonce = createNonce();
    const extra = headersFor(nonce);
    if (root) {
      // As the root's language step says: the English root varies on the visitor's language too.
      extra.vary = `${page.headers.vary}, Accept-Language`;
    }
    return answer(request, page, nonce, 'hit', extra);
  };

  /** A response rendered for this request alone: its cache headers, and its validator when public. */
  const finish = async (request: Request, response: Response, state: RequestState): Promise<Response> => {
    if (state.databaseUnavailable) {
      // The request that found the database gone rendered the generic error page; the outage is
      // open now, so a second render gives the branded 503 page without touching the database.
      const page = response.status === 500 ? await render(request, state) : response;
      const unavailable = new Response(page.body, { status: 503, headers: page.headers });
      unavailable.headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      unavailable.headers.set('cache-control', 'no-store');
      return unavailable;
    }
    if (state.page?.private) {
      response.headers.set('cache-control', 'private, no-store');
      return response;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // A form's post (a route action): its answer is this visitor's alone, never stored anywhere.
      response.headers.set('cache-control', 'no-store');
      return response;
    }
    if (request.method !== 'GET') return response;
    const page = await storable(response, state, []);
    return page ? respond(request, page, state.nonce, 'bypass') : response;
  };

  const handler = async (
    request: Request,
    location: RequestLocation,
    state: RequestState,
  ): Promise<Response> => {
    const key = cache ? await cacheKey(request, location) : null;
    if (!cache || !key) return finish(request, await render(request, state), state);
    const hit = cache.get(key);
    if (hit) return respond(request, hit, state.nonce, 'hit');
    // A HEAD renders no body: it is answered from the cache or rendered for itself.
    if (request.method === 'HEAD') return finish(request, await render(request, state), state);

    let own: Response | null = null;
    const versions = services.dataVersions.snapshot();
    const { page } = await cache.fill(key, async () => {
      const response = await render(request, state);
      const stored = await storable(response, state, versions);
      if (!stored) own = await finish(request, response, state);
      return stored;
    });
    if (page) return respond(request, page, state.nonce, 'miss');
    // Not storable: the leader answers with its own render, the others render for themselves.
    return own ?? finish(request, await render(request, state), state);
  };
  return Object.assign(handler, { cache, fromCache });
}
