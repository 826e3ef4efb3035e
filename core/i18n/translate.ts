import type { Dictionary } from './dictionaries.ts';
import { resolveParticles } from './korean.ts';
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

/** CLDR plural categories; a dictionary node whose keys are only these (with `other`) is a plural text. */
const PLURAL_CATEGORIES: ReadonlySet<string> = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

export function isPluralNode(node: Dictionary): boolean {
  const keys = Object.keys(node);
  return 'other' in node && keys.every((key) => PLURAL_CATEGORIES.has(key) && typeof node[key] === 'string');
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in `lang` (Intl.PluralRules: 'one', 'few', 'many', 'other', ...). */
export function pluralCategory(lang: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

/** The form of a plural text for `count`: `{ "one": "{{count}} coin", "other": "{{count}} coins" }`. */
function pluralText(
  dictionary: Dictionary | undefined,
  lang: string,
  key: string,
  count: number,
): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'object' || !isPluralNode(node)) return undefined;
  const form = node[pluralCategory(lang, count)] ?? node.other;
  return typeof form === 'string' ? form : undefined;
}

/**
 * The text at `key` in the language, else in English, with `{{name}}` placeholders filled. With a
 * numeric `count`, a plural text takes the form the language's plural rules choose for it.
 */
export function translate(
  dictionaries: ReadonlyMap<string, Dictionary>,
  lang: Lang,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const count = values.count;
  const text =
    (typeof count === 'number'
      ? (pluralText(dictionaries.get(lang), lang, key, count) ??
        pluralText(dictionaries.get(DEFAULT_LANG), DEFAULT_LANG, key, count))
      : undefined) ??
    lookup(dictionaries.get(lang), key) ??
    lookup(dictionaries.get(DEFAULT_LANG), key) ??
    key;
  if (!text.includes('{{')) return text;
  const filled = text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
  // Korean writes a particle after a value in its fallback form (`{{coin}}을(를)`): pick the one
  // the filled-in value takes.
  return lang === 'ko' ? resolveParticles(filled) : filled;
}
