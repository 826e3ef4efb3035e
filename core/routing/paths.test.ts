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
