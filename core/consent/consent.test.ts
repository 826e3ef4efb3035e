import { describe, expect, it } from 'vitest';
import {
  ALL_ACCEPTED,
  ALL_DECLINED,
  consentCookie,
  consentCookieValue,
  formatConsent,
  parseConsent,
  readConsent,
} from './consent.ts';

describe('formatConsent', () => {
  it('writes the numbered flags', () => {
    expect(formatConsent(ALL_ACCEPTED)).toBe('1:true_2:true_3:true_4:true');
    expect(formatConsent(ALL_DECLINED)).toBe('1:true_2:false_3:false_4:false');
    expect(formatConsent({ 1: true, 2: false, 3: false, 4: true })).toBe('1:true_2:false_3:false_4:true');
  });
  it('always writes category 1 as true', () => {
    expect(formatConsent({ 1: false, 2: true })).toBe('1:true_2:true_3:false_4:false');
  });
});

describe('parseConsent', () => {
  it('reads the numbered flags', () => {
    expect(parseConsent('1:true_2:false_3:false_4:true')).toEqual({ 1: true, 2: false, 3: false, 4: true });
    expect(parseConsent('1:true_2:true_3:true')).toEqual({ 1: true, 2: true, 3: true, 4: false });
  });
  it('round-trips', () => {
    for (const value of ['1:true_2:true_3:false_4:true', '1:true_2:false_3:true_4:false']) {
      const flags = parseConsent(value);
      expect(flags && formatConsent(flags)).toBe(value);
    }
  });
  it('keeps strictly necessary on', () => {
    expect(parseConsent('1:false_2:true')?.[1]).toBe(true);
  });
  it('rejects missing or malformed values', () => {
    for (const value of [null, undefined, '', 'yes', '1:true_5:true', '2:maybe', '1:true__2:true']) {
      expect(parseConsent(value), String(value)).toBeNull();
    }
  });
});

describe('cookie', () => {
  it('is stored for 365 days on / with SameSite Lax', () => {
    expect(consentCookie(ALL_DECLINED)).toBe(
      'cookie_consent=1:true_2:false_3:false_4:false; Max-Age=31536000; Path=/; SameSite=Lax',
    );
  });
  it('is read from a Cookie header', () => {
    const header = 'lang=de; cookie_consent=1%3Atrue_2%3Atrue_3%3Afalse_4%3Afalse; other=1';
    expect(consentCookieValue(header)).toBe('1:true_2:true_3:false_4:false');
    expect(readConsent(header)).toEqual({ 1: true, 2: true, 3: false, 4: false });
    expect(readConsent('lang=de')).toBeNull();
    expect(readConsent(null)).toBeNull();
  });
});
