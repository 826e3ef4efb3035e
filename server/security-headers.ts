import { randomBytes } from 'node:crypto';
import { splitLanguage } from '../core/routing/paths.ts';

/** Widget pages are made to be embedded by partners; every other page refuses framing. */
export function isWidgetPath(pathname: string): boolean {
  const { path } = splitLanguage(pathname.replace(/\.data$/, ''));
  return path === '/widget' || path === '/v2/widget';
}

export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Strict headers for every response; the CSP allows inline scripts only with this response's nonce. */
export function securityHeaders(pathname: string, nonce: string): Record<string, string> {
  const embeddable = isWidgetPath(pathname);
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
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
