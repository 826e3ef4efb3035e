import { describe, expect, it } from 'vitest';
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
  });

  it("falls back to the catalogue's name where neither has one", () => {
    expect(currencyName('de', 'xx1', 'Test Money')).toBe('Test Money');
    expect(countryName('de', 'aa', 'Nowhere')).toBe('Nowhere');
    expect(regionName('nl', 'in', 'mh', 'Maharashtra')).toBe('Maharashtra');
  });
});
