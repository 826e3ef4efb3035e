import { readCookie } from '../cookies.ts';
import { PARTNER_ID_PATTERN } from '../widget/config.ts';
import { REFERRAL_WINDOW_DAYS } from './tiers.ts';

/**
 * The affiliate link: `?ref=<partner id>` on any public page sets this first-party cookie for
 * REFERRAL_WINDOW_DAYS (the last link followed wins) and redirects to the same address without
 * `ref` (server/referral.ts), so the cached pages never vary on it. Only the writes that create a
 * swap read it (the swap API and the swap form's plain post), never a page render.
 */
export const REFERRAL_COOKIE = 'sg_ref';

/** The Set-Cookie value that attaches `partnerId` to the visitor's next swaps. */
export function referralCookie(partnerId: string, secure: boolean): string {
  const maxAge = REFERRAL_WINDOW_DAYS * 24 * 60 * 60;
  return `${REFERRAL_COOKIE}=${partnerId}; Path=/; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

/** The partner id a request's referral cookie names (well-formed; whether it exists is the caller's check). */
export function referredPartner(cookieHeader: string | null | undefined): string | null {
  const id = readCookie(cookieHeader, REFERRAL_COOKIE);
  return id && PARTNER_ID_PATTERN.test(id) ? id : null;
}
