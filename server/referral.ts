import type { MiddlewareHandler } from 'hono';
import { referralCookie } from '../core/partners/referral.ts';
import { PARTNER_ID_PATTERN } from '../core/widget/config.ts';
import { requestLocation } from './request-location.ts';
import type { AppServices } from './services.ts';

/**
 * The affiliate link (core/partners/referral.ts): a page asked for with `?ref=<partner id>` answers
 * 302 to the same address without `ref`, setting the referral cookie when the partner exists. The
 * redirect is never stored; the page it leads to is the one everybody gets (its HTML cache entry is
 * shared, and no page reads the cookie).
 */
export function referralLinks(services: AppServices): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || !requestLocation(c).isPage) return next();
    if (c.req.path === '/account' || c.req.path.startsWith('/account/')) return next();
    const url = new URL(c.req.url);
    if (!url.searchParams.has('ref')) return next();
    const ref = (url.searchParams.get('ref') ?? '').trim().toLowerCase();
    url.searchParams.delete('ref');
    c.header('Cache-Control', 'private, no-store');
    if (PARTNER_ID_PATTERN.test(ref) && (await services.widgetThemes.partner(ref))) {
      c.header('Set-Cookie', referralCookie(ref, services.config.BASE_URL.startsWith('https:')));
    }
    return c.redirect(`${url.pathname}${url.search}`, 302);
  };
}
