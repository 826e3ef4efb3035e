import { describe, expect, it } from 'vitest';
import { ALL_ACCEPTED, ALL_DECLINED } from '../consent/consent.ts';
import {
  CONSENT_DEFAULTS,
  consentModeUpdate,
  isAuditOrCrawler,
  pageName,
  shouldLoadTagManager,
  validateGtmId,
} from './analytics.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const LIGHTHOUSE =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('validateGtmId', () => {
  it('accepts GTM- and G- ids', () => {
    expect(validateGtmId('GTM-ABC123')).toBe('GTM-ABC123');
    expect(validateGtmId('G-XYZ9')).toBe('G-XYZ9');
  });
  it('rejects anything else with the exact message', () => {
    for (const id of ['gtm-abc', 'GTM-', 'UA-1234', 'GTM-abc', 'GTM-AB C', ' GTM-ABC', '']) {
      expect(() => validateGtmId(id), id).toThrow(new Error(`${id} is not a valid GTM-ID`));
    }
    expect(() => validateGtmId('UA-1')).toThrow('UA-1 is not a valid GTM-ID');
  });
});

describe('consent mode', () => {
  it('denies everything but security by default', () => {
    expect(CONSENT_DEFAULTS).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
      security_storage: 'granted',
    });
  });
  it('maps the categories', () => {
    expect(consentModeUpdate({ 1: true, 2: true, 3: false, 4: false })).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
    });
    expect(consentModeUpdate({ 1: true, 2: false, 3: true, 4: true })).toEqual({
      analytics_storage: 'denied',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      functionality_storage: 'granted',
      personalization_storage: 'granted',
    });
  });
});

describe('shouldLoadTagManager', () => {
  const id = 'GTM-ABC123';
  it('loads after consent to analytics or advertising', () => {
    expect(shouldLoadTagManager({ id, userAgent: BROWSER, consent: ALL_ACCEPTED })).toBe(true);
    expect(shouldLoadTagManager({ id, userAgent: BROWSER, consent: { ...ALL_DECLINED, 2: true } })).toBe(
      true,
    );
    expect(shouldLoadTagManager({ id, userAgent: BROWSER, consent: { ...ALL_DECLINED, 3: true } })).toBe(
      true,
    );
  });
  it('does not load without that consent', () => {
    expect(shouldLoadTagManager({ id, userAgent: BROWSER, consent: null })).toBe(false);
    expect(shouldLoadTagManager({ id, userAgent: BROWSER, consent: ALL_DECLINED })).toBe(false);
    expect(shouldLoadTagManager({ id, userAgent: BROWSER, consent: { ...ALL_DECLINED, 4: true } })).toBe(
      false,
    );
  });
  it('does not load without a valid id', () => {
    for (const missing of [undefined, null, '', 'UA-123']) {
      expect(shouldLoadTagManager({ id: missing, userAgent: BROWSER, consent: ALL_ACCEPTED })).toBe(false);
    }
  });
  it('never loads for crawlers and audits', () => {
    for (const userAgent of [GOOGLEBOT, LIGHTHOUSE, 'Mozilla/5.0 (compatible; Google-PageSpeed Insights)']) {
      expect(isAuditOrCrawler(userAgent), userAgent).toBe(true);
      expect(shouldLoadTagManager({ id, userAgent, consent: ALL_ACCEPTED })).toBe(false);
    }
    expect(isAuditOrCrawler(BROWSER)).toBe(false);
  });
});

describe('pageName', () => {
  it('names the matched page', () => {
    expect(pageName('/')).not.toBe('not-found');
    expect(pageName('/de/no-such-page/at/all/x')).toBe('not-found');
  });
});
