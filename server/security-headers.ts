import { randomBytes } from 'node:crypto';
import type { RequestLocation } from './request-location.ts';

const NONCE_BYTES = 16;
/** Random bytes drawn ahead for 256 nonces: one call to the system's generator instead of one per response. */
const NONCE_POOL_BYTES = NONCE_BYTES * 256;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/** 128 random bits, base64; each drawn once from the pool, never handed out twice. */
export function createNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** The tag manager's script host and the Google Analytics hosts it talks to (SPEC §7). */
const GTM_SCRIPT_HOST = 'https://www.googletagmanager.com';
const ANALYTICS_HOSTS = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/** reCAPTCHA's own hosts besides the script's (https://developers.google.com/recaptcha/docs/faq#csp). */
const RECAPTCHA_SCRIPT_HOSTS = ['https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME_HOSTS = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

export interface SecurityHeaderOptions {
  /** A tag-manager id is configured: its script and the analytics hosts are allowed. */
  analytics?: boolean;
  /** The human check's script URL when a site key is configured: it and reCAPTCHA's frames are allowed. */
  humanCheckScript?: string;
}

/**
 * Strict headers for every response; the CSP allows inline scripts only with this response's nonce,
 * and the tag manager and Google Analytics hosts only when a tag-manager id is configured.
 */
export function securityHeaders(
  location: Pick<RequestLocation, 'isWidget'>,
  nonce: string,
  { analytics = false, humanCheckScript }: SecurityHeaderOptions = {},
): Record<string, string> {
  // Widget pages are made to be embedded by partners; every other page refuses framing.
  const embeddable = location.isWidget;
  const extra = (hosts: string[]) => (analytics ? ` ${hosts.join(' ')}` : '');
  const humanCheck = (hosts: string[]) => (humanCheckScript ? ` ${hosts.join(' ')}` : '');
  const humanCheckSource = humanCheckScript ? new URL('.', humanCheckScript).href : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra([GTM_SCRIPT_HOST])}${humanCheck([humanCheckSource, ...RECAPTCHA_SCRIPT_HOSTS])}`,
    `frame-src 'self'${humanCheck(RECAPTCHA_FRAME_HOSTS)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(ANALYTICS_HOSTS)}`,
    "font-src 'self'",
    `connect-src 'self'${extra(ANALYTICS_HOSTS)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${embeddable ? '*' : "'none'"}`,
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(embeddable ? {} : { 'X-Frame-Options': 'DENY' }),
  };
}
