import { describe, expect, it } from 'vitest';
import { readCookie } from '../cookies.ts';
import {
  LANGUAGES,
  languageCookie,
  orderedLanguages,
  parseAcceptLanguage,
  pickLanguage,
} from './languages.ts';

describe('orderedLanguages', () => {
  it('puts English first, then the browser language, then the rest by code', () => {
    const codes = orderedLanguages('nl', ['de-DE', 'en']).map((entry) => entry.code);
    expect(codes.slice(0, 2)).toEqual(['en', 'de']);
    expect(codes.slice(2)).toEqual(['es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'ru', 'tr', 'uk', 'vi']);
    expect(codes).toHaveLength(LANGUAGES.length);
  });

  it('marks the current language and gives English the US flag', () => {
    const entries = orderedLanguages('ja', []);
    expect(entries.filter((entry) => entry.selected).map((entry) => entry.code)).toEqual(['ja']);
    expect(entries[0]).toEqual({
      code: 'en',
      alias: 'English',
      language: 'English',
      flag: 'us',
      selected: false,
    });
  });

  it('ignores browser languages the site does not offer', () => {
    expect(orderedLanguages('en', ['zh-CN', 'sv']).map((entry) => entry.code)[1]).toBe('de');
  });
});

describe('Accept-Language', () => {
  it('orders tags by weight and drops q=0', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-DE, en;q=0.8, ru;q=0')).toEqual(['de-DE', 'en', 'fr']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('picks the first supported language', () => {
    expect(pickLanguage(['zh-TW', 'pt-BR', 'en'])).toBe('pt');
    expect(pickLanguage(['zh'])).toBeNull();
  });
});

describe('language cookie', () => {
  it('lives 365 days on the whole site with SameSite=Lax', () => {
    expect(languageCookie('fr')).toBe('i18n_lang=fr; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('is read back from a Cookie header', () => {
    expect(readCookie('a=1; i18n_lang=uk; b=2', 'i18n_lang')).toBe('uk');
    expect(readCookie('a=1', 'i18n_lang')).toBeNull();
  });
});
