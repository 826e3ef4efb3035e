import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isPluralNode } from './translate.ts';

export type Dictionary = { [key: string]: string | Dictionary };

/**
 * Sections only English has: the blog's pages are English in every language's URL (SPEC §2, §4),
 * so their texts are never shown in another language (docs/decisions/007-english-only-blog.md).
 */
export const ENGLISH_ONLY_SECTIONS: readonly string[] = ['blog'];

export const LOCALES_DIR = fileURLToPath(new URL('../../content/locales/', import.meta.url));

/** Reads every `content/locales/{code}.json` once; the server keeps them in memory. */
export function loadDictionaries(dir: string = LOCALES_DIR): Map<string, Dictionary> {
  const dictionaries = new Map<string, Dictionary>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.json')) continue;
    dictionaries.set(file.slice(0, -5), JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as Dictionary);
  }
  return dictionaries;
}

/** Every leaf key of a dictionary, dotted (`pages.home.title`); a plural text counts as one leaf. */
export function flattenKeys(dictionary: Dictionary, prefix = ''): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'string' || isPluralNode(value)
      ? [`${prefix}${key}`]
      : flattenKeys(value, `${prefix}${key}.`),
  );
}
