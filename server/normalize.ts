import { isBlogPath, splitLanguage } from '../core/routing/paths.ts';

/** Paths the router renders as pages; APIs, files and React Router's data requests are left alone. */
export function isPagePath(pathname: string): boolean {
  if (/^\/(?:api|apiglobal|assets|builds|img|__)(?:\/|$)/i.test(pathname)) return false;
  // Better Auth's endpoints (server/account.ts): their tokens are case-sensitive.
  if (/^\/account\/api(?:\/|$)/i.test(pathname)) return false;
  if (/^\/__/.test(pathname) || pathname.endsWith('.data')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}

const CUSTOM_INFO = /^(\/[a-z]{2})?\/custom\/(compare|exchange-pairs)\/(.+)\/info\/?$/;

/**
 * SPEC §9 path normalisation. Returns the path to redirect to (301, query kept), or null when the
 * path is already canonical. All rules are applied in one step so a visitor sees one redirect.
 */
export function normalizePath(pathname: string): string | null {
  // Repeated slashes would let `//host` escape the site in a Location header.
  let path = pathname.replace(/\/{2,}/g, '/').toLowerCase();

  // English has no prefix: `/en/faq` is `/faq`.
  path = path.replace(/^\/en(?=\/|$)/, '') || '/';
  // …nor in the account area: `/account/en/sign-in` is `/account/sign-in`.
  path = path.replace(/^\/account\/en(?=\/|$)/, '/account');

  const custom = CUSTOM_INFO.exec(path);
  if (custom) {
    const [, prefix = '', kind, rest = ''] = custom;
    const segments = rest.split('/').filter(Boolean);
    if (segments.length >= 2) {
      const [a, b] = segments.slice(-2);
      path = kind === 'compare' ? `${prefix}/compare/${a}-vs-${b}` : `${prefix}/fiat/exchange/${a}-to-${b}`;
    }
  }

  if (path !== '/') {
    const bare = path.replace(/\/+$/, '') || '/';
    path = isBlogPath(splitLanguage(bare).path) ? `${bare}/` : bare;
  }
  return path === pathname ? null : path;
}
