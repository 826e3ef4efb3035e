import { Hono, type MiddlewareHandler } from 'hono';
import type { ServerBuild } from 'react-router';
import { ACCOUNT_PATH, AUTH_BASE_PATH } from '../core/account/auth.ts';
import { isLang } from '../core/i18n/languages.ts';
import { translate } from '../core/i18n/translate.ts';
import { splitLanguage } from '../core/routing/paths.ts';
import { clientIp } from './client-ip.ts';
import { isPagePath } from './normalize.ts';
import type { AppServices } from './services.ts';

/** Better Auth reads the client's address from this header, which the server alone sets. */
export const CLIENT_IP_HEADER = 'x-account-client-ip';

function inAccountArea(path: string): boolean {
  // `/account.data`: React Router's data address of the area's home.
  return path === ACCOUNT_PATH || path === `${ACCOUNT_PATH}.data` || path.startsWith(`${ACCOUNT_PATH}/`);
}

/**
 * Whether a write comes from our own pages: its Origin is the site's (or the account area's own
 * host); without an Origin, the browser's Sec-Fetch-Site must say same-origin. A request with
 * neither (no browser sends such a form post) is refused too.
 */
export function sameOriginWrite(headers: Headers, origins: ReadonlySet<string>): boolean {
  const origin = headers.get('origin');
  if (origin) return origins.has(origin);
  return headers.get('sec-fetch-site') === 'same-origin';
}

/**
 * The account area's HTTP rules (docs/decisions/013), before the pages:
 * - every response is `private, no-store` and `noindex`;
 * - a write (any method but GET/HEAD) from another origin is refused with 403, in the page's
 *   language, before Better Auth or a route action sees it (SameSite=Lax cookies are the first
 *   guard, this the second);
 * - `/{lang}/account/…` (the site's usual prefix) is `/account/{lang}/…`, where the cookie is sent;
 * - Better Auth's own endpoints (`/account/api/auth/*`: the mailed links, its JSON API) with the
 *   client's address in a header only the server sets.
 */
export function createAccountRoutes(services: AppServices): { guard: MiddlewareHandler; routes: Hono } {
  const { config, account, dictionaries } = services;
  const origins = new Set([new URL(config.BASE_URL).origin, new URL(config.ACCOUNT_URL).origin]);

  const guard: MiddlewareHandler = async (c, next) => {
    const path = c.req.path;
    const prefixed = /^\/([a-z]{2})(\/account(?:\/.*)?)$/.exec(path);
    if (prefixed?.[1] && isLang(prefixed[1]) && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      const url = new URL(c.req.url);
      const rest = (prefixed[2] ?? '').slice(ACCOUNT_PATH.length);
      return c.redirect(`${ACCOUNT_PATH}/${prefixed[1]}${rest}${url.search}`, 301);
    }
    if (!inAccountArea(path)) return next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !sameOriginWrite(c.req.raw.headers, origins)) {
      const { lang } = splitLanguage(path);
      c.header('Cache-Control', 'private, no-store');
      return c.text(translate(dictionaries, lang, 'account.errors.crossSite'), 403);
    }
    await next();
    c.res.headers.set('Cache-Control', 'private, no-store');
    c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  };

  const routes = new Hono();
  routes.all(`${AUTH_BASE_PATH}/*`, (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.TRUST_PROXY));
    const request = new Request(c.req.raw, { headers });
    return account.auth.handler(request);
  });
  return { guard, routes };
}

/**
 * The first path segments of the account area's pages (`registration`, `sign-in`, …), read from
 * the server build's route table (`account/registration`, `account/:lang/registration`).
 */
export function accountPageWords(routes: ServerBuild['routes']): Set<string> {
  const words = new Set<string>();
  for (const route of Object.values(routes)) {
    const segments = (route?.path ?? '').split('/');
    if (segments[0] !== 'account') continue;
    const word = segments[1] === ':lang' ? segments[2] : segments[1];
    if (word && !word.startsWith(':')) words.add(word);
  }
  // Better Auth's endpoints (the mailed links).
  words.add('api');
  return words;
}

/**
 * Host-based routing when `ACCOUNT_URL` names another host than `BASE_URL` (issue 26): the account
 * area is served on that host under `/account` (where its cookie's path holds), so
 * - on the account host, `/` and the area's pages without the `/account` word
 *   (`{ACCOUNT_URL}/registration`, `/de/sign-in`, `/sitemap`) redirect to `/account/…`, any other
 *   page to the public site (`BASE_URL`);
 * - on the public host, `/account/…` pages redirect to the account host.
 * Scripts, styles, images and the APIs are served on both hosts. Null when both are one host.
 */
export function createAccountHostRouting(
  config: Pick<AppServices['config'], 'BASE_URL' | 'ACCOUNT_URL'>,
  build: () => Promise<ServerBuild>,
): MiddlewareHandler | null {
  const site = new URL(config.BASE_URL);
  const area = new URL(config.ACCOUNT_URL);
  if (site.host === area.host) return null;
  const words = new WeakMap<object, Set<string>>();
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    const url = new URL(c.req.url);
    const host = (c.req.header('host') ?? url.host).toLowerCase();
    const path = url.pathname;
    const inArea = inAccountArea(path);
    if (host !== area.host) {
      if (inArea && isPageOrAuthPath(path)) return c.redirect(`${area.origin}${path}${url.search}`, 301);
      return next();
    }
    if (inArea || !isPageOrAuthPath(path)) return next();
    if (path === '/') return c.redirect(`${ACCOUNT_PATH}${url.search}`, 301);
    const current = await build();
    let known = words.get(current.routes);
    if (!known) {
      known = accountPageWords(current.routes);
      words.set(current.routes, known);
    }
    const [first = '', second = ''] = path.slice(1).split('/');
    const word = isLang(first) ? second : first;
    if (known.has(word)) return c.redirect(`${ACCOUNT_PATH}${path}${url.search}`, 301);
    return c.redirect(`${site.origin}${path}${url.search}`, 301);
  };
}

/** A page's path (not a file, not the APIs), or one of Better Auth's endpoints. */
function isPageOrAuthPath(path: string): boolean {
  if (/^\/(?:account\/)?api\/auth(?:\/|$)/.test(path)) return true;
  return isPagePath(path);
}
