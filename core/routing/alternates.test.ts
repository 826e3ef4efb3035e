import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages.ts';
import { OG_LOCALES, openGraphLocales } from './alternates.ts';

describe('Open Graph locales', () => {
  it('names each language with its territory, Brazil for Portuguese', () => {
    expect(Object.keys(OG_LOCALES).sort()).toEqual([...LANGUAGES].sort());
    for (const locale of Object.values(OG_LOCALES)) expect(locale).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
    expect(OG_LOCALES.pt).toBe('pt_BR');
  });

  it('gives a translated page its language and the other 13 as alternates, the blog none', () => {
    const german = openGraphLocales('de', true);
    expect(german.locale).toBe('de_DE');
    expect(german.alternates).toHaveLength(13);
    expect(german.alternates).toContain('en_US');
    expect(german.alternates).not.toContain('de_DE');
    expect(openGraphLocales('en', false)).toEqual({ locale: 'en_US', alternates: [] });
  });
});
