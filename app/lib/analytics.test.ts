import { describe, expect, it } from 'vitest';
import { ALL_ACCEPTED, ALL_DECLINED } from '../../core/consent/consent.ts';
import { pageName } from './analytics.ts';
import { CONSENT_DEFAULTS, consentModeUpdate, shouldLoadTagManager, validateGtmId } from './tag-manager.ts';

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
    expect(shouldLoadTagManager({ id, consent: ALL_ACCEPTED })).toBe(true);
    expect(shouldLoadTagManager({ id, consent: { ...ALL_DECLINED, 2: true } })).toBe(true);
    expect(shouldLoadTagManager({ id, consent: { ...ALL_DECLINED, 3: true } })).toBe(true);
  });
  it('does not load without that consent', () => {
    expect(shouldLoadTagManager({ id, consent: null })).toBe(false);
    expect(shouldLoadTagManager({ id, consent: ALL_DECLINED })).toBe(false);
    expect(shouldLoadTagManager({ id, consent: { ...ALL_DECLINED, 4: true } })).toBe(false);
  });
  it('does not load without a valid id', () => {
    for (const missing of [undefined, null, '', 'UA-123']) {
      expect(shouldLoadTagManager({ id: missing, consent: ALL_ACCEPTED })).toBe(false);
    }
  });
});

describe('pageName', () => {
  it('names the page the server resolved, and error pages not-found', () => {
    expect(pageName('home')).toBe('home');
    expect(pageName(undefined)).toBe('not-found');
  });
});
