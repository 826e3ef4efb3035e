import { describe, expect, it } from 'vitest';
import { type Dictionary, flattenKeys, loadDictionaries } from './dictionaries.ts';
import { LANGUAGES } from './languages.ts';
import { lookup } from './translate.ts';

const dictionaries = loadDictionaries();
const english = dictionaries.get('en') as Dictionary;
const englishKeys = flattenKeys(english).sort();

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('dictionaries', () => {
  it('exist for exactly the 14 site languages', () => {
    expect([...dictionaries.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  describe.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s', (lang) => {
    const dictionary = dictionaries.get(lang) as Dictionary;

    it('has every English key and no other', () => {
      expect(flattenKeys(dictionary).sort()).toEqual(englishKeys);
    });

    it('has a non-empty text with the same placeholders for every key', () => {
      for (const key of englishKeys) {
        const text = lookup(dictionary, key);
        expect(text, key).toBeTruthy();
        expect(placeholders(text as string), key).toEqual(placeholders(lookup(english, key) as string));
      }
    });

    it('is translated, not copied from English', () => {
      const copied = englishKeys.filter((key) => lookup(dictionary, key) === lookup(english, key));
      // Brand names and a few international words may stay as they are.
      expect(copied.length / englishKeys.length).toBeLessThan(0.1);
    });
  });
});
