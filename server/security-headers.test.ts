import { describe, expect, it } from 'vitest';
import { RequestLocation } from './request-location.ts';
import { securityHeaders } from './security-headers.ts';

const HOME = new RequestLocation('/');

function directive(csp: string, name: string): string {
  return csp.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
}

describe('securityHeaders analytics hosts', () => {
  it('keeps Google hosts out without a tag-manager id', () => {
    const csp = securityHeaders(HOME, 'abc')['Content-Security-Policy'] as string;
    expect(csp).not.toContain('google');
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'nonce-abc'");
  });
  it('allows the tag manager and analytics hosts with one, keeping the nonce', () => {
    const csp = securityHeaders(HOME, 'abc', { analytics: true })['Content-Security-Policy'] as string;
    expect(directive(csp, 'script-src')).toBe(
      "script-src 'self' 'nonce-abc' https://www.googletagmanager.com",
    );
    expect(directive(csp, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(directive(csp, 'connect-src')).toContain('https://*.analytics.google.com');
    expect(directive(csp, 'img-src')).toContain('https://www.google-analytics.com');
    expect(directive(csp, 'script-src')).not.toContain('unsafe-inline');
  });
});

describe('securityHeaders human-check hosts', () => {
  it('allows reCAPTCHA only when a site key is configured', () => {
    const closed = securityHeaders(HOME, 'abc')['Content-Security-Policy'] as string;
    expect(directive(closed, 'frame-src')).toBe("frame-src 'self'");
    const csp = securityHeaders(HOME, 'abc', {
      humanCheckScript: 'https://www.google.com/recaptcha/api.js',
    })['Content-Security-Policy'] as string;
    expect(directive(csp, 'script-src')).toBe(
      "script-src 'self' 'nonce-abc' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
    );
    expect(directive(csp, 'frame-src')).toBe(
      "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
    );
  });
});
