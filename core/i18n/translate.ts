import type { Dictionary } from './dictionaries.ts';
import { DEFAULT_LANG, type Lang } from './languages.ts';

/** The text at a dotted key (`pages.home.title`), or undefined. */
export function lookup(dictionary: Dictionary | undefined, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * Server-side text outside React (API error messages): the key in the language, else in English,
 * with `{{name}}` placeholders filled.
 */
export function translate(
  dictionaries: ReadonlyMap<string, Dictionary>,
  lang: Lang,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const text = lookup(dictionaries.get(lang), key) ?? lookup(dictionaries.get(DEFAULT_LANG), key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
