import type { Dictionary } from './dictionaries.ts';
import { DEFAULT_LANG, type Lang } from './languages.ts';

/** Texts already looked up, per dictionary: a page asks for the same few hundred keys every render. */
const resolved = new WeakMap<Dictionary, Map<string, string | undefined>>();

/** The text at a dotted key (`pages.home.title`), or undefined. */
export function lookup(dictionary: Dictionary | undefined, key: string): string | undefined {
  if (!dictionary) return undefined;
  let texts = resolved.get(dictionary);
  if (!texts) {
    texts = new Map();
    resolved.set(dictionary, texts);
  }
  if (texts.has(key)) return texts.get(key);
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  const text = typeof node === 'string' ? node : undefined;
  texts.set(key, text);
  return text;
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
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
