import { describe, expect, it } from 'vitest';
import { type Dictionary, ENGLISH_ONLY_SECTIONS, flattenKeys, loadDictionaries } from './dictionaries.ts';
import { LANGUAGES } from './languages.ts';
import { isPluralNode } from './translate.ts';

const dictionaries = loadDictionaries();
const english = dictionaries.get('en') as Dictionary;
const englishOnly = (key: string) => ENGLISH_ONLY_SECTIONS.some((section) => key.startsWith(`${section}.`));
/** The keys every language has: English's, but for the English-only sections. */
const englishKeys = flattenKeys(english)
  .filter((key) => !englishOnly(key))
  .sort();

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** The node at a dotted key: a text or a plural text's forms. */
function node(dictionary: Dictionary, key: string): string | Dictionary | undefined {
  let found: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
  return found;
}

/** Every text of a key: the text, or each form of a plural text. */
function texts(dictionary: Dictionary, key: string): string[] {
  const found = node(dictionary, key);
  if (typeof found === 'string') return [found];
  return found && isPluralNode(found) ? (Object.values(found) as string[]) : [];
}

describe('dictionaries', () => {
  it('exist for exactly the 14 site languages', () => {
    expect([...dictionaries.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  it('have the English-only sections in English', () => {
    for (const section of ENGLISH_ONLY_SECTIONS) expect(english[section], section).toBeTypeOf('object');
  });

  describe.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s', (lang) => {
    const dictionary = dictionaries.get(lang) as Dictionary;

    it('has every English key and no other', () => {
      expect(flattenKeys(dictionary).sort()).toEqual(englishKeys);
    });

    it('has a non-empty text with the same placeholders for every key', () => {
      for (const key of englishKeys) {
        const own = texts(dictionary, key);
        expect(own.length, key).toBeGreaterThan(0);
        for (const text of own) {
          expect(text, key).toBeTruthy();
          expect(placeholders(text), key).toEqual(placeholders(texts(english, key)[0] ?? ''));
        }
      }
    });

    it("writes every plural text in exactly the language's plural forms", () => {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
      for (const key of englishKeys) {
        const found = node(dictionary, key);
        if (typeof found === 'object') expect(Object.keys(found).sort(), key).toEqual(categories);
      }
    });

    it('is translated, not copied from English', () => {
      const copied = englishKeys.filter(
        (key) => texts(dictionary, key).join() === texts(english, key).join(),
      );
      // Brand names and a few international words may stay as they are.
      expect(copied.length / englishKeys.length).toBeLessThan(0.1);
    });
  });
});
