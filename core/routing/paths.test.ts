import { describe, expect, it } from 'vitest';
import { isBlogPath, localizePath, pageLanguage, splitLanguage } from './paths.ts';

describe('splitLanguage', () => {
  it('reads the language prefix', () => {
    expect(splitLanguage('/nl/about-us')).toEqual({ lang: 'nl', path: '/about-us', unknownPrefix: false });
    expect(splitLanguage('/ja')).toEqual({ lang: 'ja', path: '/', unknownPrefix: false });
    expect(splitLanguage('/about-us')).toEqual({ lang: 'en', path: '/about-us', unknownPrefix: false });
    expect(splitLanguage('/')).toEqual({ lang: 'en', path: '/', unknownPrefix: false });
  });

  it('flags a two-letter first segment that is not a site language prefix', () => {
    expect(splitLanguage('/xx/about-us').unknownPrefix).toBe(true);
    expect(splitLanguage('/en/about-us').unknownPrefix).toBe(true);
    expect(splitLanguage('/faq').unknownPrefix).toBe(false);
  });
});

describe('localizePath', () => {
  it('adds the prefix except for English', () => {
    expect(localizePath('en', '/faq')).toBe('/faq');
    expect(localizePath('de', '/faq')).toBe('/de/faq');
    expect(localizePath('de', '/')).toBe('/de');
  });
});

describe('page language', () => {
  it('is the URL language, except on blog pages, which are English', () => {
    expect(pageLanguage('/ko/faq')).toBe('ko');
    expect(pageLanguage('/ko/blog/')).toBe('en');
    expect(isBlogPath('/blog')).toBe(true);
    expect(isBlogPath('/blogger')).toBe(false);
  });
});

describe('the account area', () => {
  it('keeps every address under /account, the language after it', () => {
    expect(splitLanguage('/account/de/sign-in')).toEqual({
      lang: 'de',
      path: '/account/sign-in',
      unknownPrefix: false,
    });
    expect(splitLanguage('/account/ja')).toEqual({ lang: 'ja', path: '/account', unknownPrefix: false });
    expect(splitLanguage('/account/sign-in')).toEqual({
      lang: 'en',
      path: '/account/sign-in',
      unknownPrefix: false,
    });
    expect(localizePath('de', '/account/sign-in')).toBe('/account/de/sign-in');
    expect(localizePath('de', '/account')).toBe('/account/de');
    expect(localizePath('en', '/account/sign-in')).toBe('/account/sign-in');
    // Only the area's own word: a page called /accounts is not in it.
    expect(localizePath('de', '/accounts')).toBe('/de/accounts');
  });
});
