import { describe, expect, it } from 'vitest';
import countries from '../../content/catalogue/countries.json' with { type: 'json' };
import regionNames from '../../content/catalogue/region-names.json' with { type: 'json' };
import { countryName, currencyName, regionName } from './display-names.ts';

describe('names in the page language', () => {
  it('names currencies with Intl in the language', () => {
    expect(currencyName('vi', 'vnd', 'Vietnamese Dong')).toBe('Đồng Việt Nam');
    expect(currencyName('es', 'eur', 'Euro')).toBe('euro');
    expect(currencyName('uk', 'usd', 'US Dollar')).toBe('долар США');
    expect(currencyName('en', 'gbp', 'Pound')).toBe('British Pound');
  });

  it('names countries with Intl in the language', () => {
    expect(countryName('pl', 'de', 'Germany')).toBe('Niemcy');
    expect(countryName('ko', 'us', 'United States')).toBe('미국');
  });

  it('names first-level regions from the data, as Intl names none', () => {
    expect(regionName('pl', 'de', 'nw', 'North Rhine-Westphalia')).toBe('Nadrenia Północna-Westfalia');
    expect(regionName('de', 'de', 'by', 'Bavaria')).toBe('Bayern');
    expect(regionName('ja', 'us', 'ca', 'California')).toBe('カリフォルニア州');
    expect(regionName('fr', 'ca', 'bc', 'British Columbia')).toBe('Colombie-Britannique');
    expect(regionName('es', 'au', 'nsw', 'New South Wales')).toBe('Nueva Gales del Sur');
    expect(regionName('ru', 'br', 'sp', 'São Paulo')).toBe('Сан-Паулу');
    expect(regionName('pl', 'in', 'wb', 'West Bengal')).toBe('Bengal Zachodni');
  });

  it('has a name for every region of the catalogue in the languages of other scripts', () => {
    const regions = countries.flatMap((country) =>
      country.regions.map((region) => ({ country: country.code, ...region })),
    );
    expect(regions.length).toBeGreaterThan(100);
    for (const lang of ['ru', 'uk', 'ja', 'ko']) {
      const latin = regions.filter((r) => /[A-Za-z]/.test(regionName(lang, r.country, r.code, r.name)));
      expect(
        latin.map((r) => `${r.country}-${r.code}`),
        lang,
      ).toEqual([]);
    }
  });

  it('names only regions the catalogue has', () => {
    const known = new Set(countries.flatMap((c) => c.regions.map((r) => `${c.code}-${r.code}`)));
    const unknown = Object.values(regionNames.names).flatMap((names) =>
      Object.keys(names).filter((key) => !known.has(key)),
    );
    expect(unknown).toEqual([]);
  });

  it("falls back to the catalogue's name where neither has one", () => {
    expect(currencyName('de', 'xx1', 'Test Money')).toBe('Test Money');
    expect(countryName('de', 'aa', 'Nowhere')).toBe('Nowhere');
    expect(regionName('nl', 'in', 'mh', 'Maharashtra')).toBe('Maharashtra');
    expect(regionName('de', 'au', 'qld', 'Queensland')).toBe('Queensland');
  });
});
