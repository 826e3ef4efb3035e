import { describe, expect, it } from 'vitest';
import type { Services } from '../../core/services.ts';
import { consentChoice } from '../routes/form-consent.ts';
import { returnPath, sameSitePost, withResult } from './guard.server.ts';
import { newsletterResult } from './results.ts';

const services = { config: { BASE_URL: 'https://swap.example' } } as unknown as Services;

function post(headers: Record<string, string>): Request {
  return new Request('http://127.0.0.1:3000/forms/consent', { method: 'POST', headers });
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('sameSitePost', () => {
  it('takes posts from our own origins', () => {
    expect(sameSitePost(post({ origin: 'https://swap.example' }), services)).toBe(true);
    expect(sameSitePost(post({ origin: 'http://127.0.0.1:3000' }), services)).toBe(true);
    expect(sameSitePost(post({ 'sec-fetch-site': 'same-origin' }), services)).toBe(true);
    // No browser signal at all (a script, curl): no cross-site browser request; the rate limit applies.
    expect(sameSitePost(post({}), services)).toBe(true);
  });

  it('refuses another site’s form', () => {
    expect(sameSitePost(post({ origin: 'https://evil.example' }), services)).toBe(false);
    expect(sameSitePost(post({ origin: 'null' }), services)).toBe(false);
    expect(sameSitePost(post({ 'sec-fetch-site': 'cross-site' }), services)).toBe(false);
  });
});

describe('returnPath', () => {
  it('keeps a path of this site, query included', () => {
    expect(returnPath(form({ returnTo: '/de/faq?x=1' }))).toBe('/de/faq?x=1');
  });

  it('never sends the visitor to another host', () => {
    for (const returnTo of ['//evil.example/', '/\\evil.example', 'https://evil.example/', 'faq', '/a b']) {
      expect(returnPath(form({ returnTo })), returnTo).toBe('/');
    }
    expect(returnPath(form({}))).toBe('/');
  });
});

describe('withResult', () => {
  it('sets the outcome in the query and the fragment, replacing an earlier one', () => {
    expect(withResult('/faq?newsletter=invalid&a=1', 'newsletter', 'subscribed', 'newsletter')).toBe(
      '/faq?newsletter=subscribed&a=1#newsletter',
    );
    expect(newsletterResult('?newsletter=subscribed')).toBe('subscribed');
    expect(newsletterResult('?newsletter=someone%40example.com')).toBeNull();
  });
});

describe('consentChoice', () => {
  it('reads the banner’s buttons and the settings’ switches', () => {
    expect(consentChoice(form({ choice: 'accept-all' }))).toEqual({ 1: true, 2: true, 3: true, 4: true });
    expect(consentChoice(form({ choice: 'decline' }))).toEqual({ 1: true, 2: false, 3: false, 4: false });
    expect(consentChoice(form({ choice: 'save', category2: 'on', category4: 'on' }))).toEqual({
      1: true,
      2: true,
      3: false,
      4: true,
    });
    expect(consentChoice(form({ choice: 'anything' }))).toBeNull();
  });
});
