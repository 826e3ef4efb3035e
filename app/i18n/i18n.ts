import type { Dictionary } from '../../core/i18n/dictionaries.ts';
import { DEFAULT_LANG, type Lang } from '../../core/i18n/languages.ts';
import { translate } from '../../core/i18n/translate.ts';

export type Dictionaries = Partial<Record<Lang, Dictionary>>;
export type TranslateValues = Record<string, string | number>;
export type TFunction = (key: string, values?: TranslateValues) => string;

/**
 * The site's translations (SPEC §4): dictionaries by language, the active language, and `t` with
 * `{{name}}` placeholders and English as the fallback — the same lookup the server uses for API
 * messages, plural forms by `Intl.PluralRules`. Our own small runtime instead of i18next: the site
 * needs no contexts or namespaces, and it saves some 17 KB of gzipped JavaScript on every page
 * (docs/decisions/005).
 */
export class I18n {
  #language: Lang;
  readonly #dictionaries = new Map<string, Dictionary>();
  readonly #listeners = new Set<() => void>();

  constructor(language: Lang, dictionaries: Dictionaries) {
    this.#language = language;
    for (const [code, dictionary] of Object.entries(dictionaries)) {
      if (dictionary) this.#dictionaries.set(code, dictionary);
    }
  }

  get language(): Lang {
    return this.#language;
  }

  hasDictionary(lang: Lang): boolean {
    return this.#dictionaries.has(lang);
  }

  addDictionary(lang: Lang, dictionary: Dictionary): void {
    this.#dictionaries.set(lang, dictionary);
  }

  /**
   * Adds sections to a language's dictionary: texts a page's module brought along, registered
   * before the page renders. A new object, so no text looked up before is remembered as missing.
   */
  extendDictionary(lang: Lang, sections: Dictionary): void {
    this.#dictionaries.set(lang, mergeSections(this.#dictionaries.get(lang) ?? {}, sections));
  }

  /** Switches the language; components using `useTranslation` render again. */
  changeLanguage(lang: Lang): void {
    if (lang === this.#language) return;
    this.#language = lang;
    for (const listener of this.#listeners) listener();
  }

  /** The text at `key` in the active language, else English, else the key itself. */
  t: TFunction = (key, values) => translate(this.#dictionaries, this.#language, key, values);

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}

/**
 * `base` with `sections` added: a section already there gets the new texts beside its own (the
 * English catalogue's sections without their deferred texts, vite.config.ts `DEFERRED_TEXTS`).
 */
export function mergeSections(base: Dictionary, sections: Dictionary): Dictionary {
  const merged: Dictionary = { ...base };
  for (const [name, texts] of Object.entries(sections)) {
    const current = merged[name];
    merged[name] =
      typeof current === 'object' && typeof texts === 'object' ? { ...current, ...texts } : texts;
  }
  return merged;
}

export function createI18n(lang: Lang, dictionaries: Dictionaries): I18n {
  return new I18n(lang, { [DEFAULT_LANG]: dictionaries[DEFAULT_LANG], ...dictionaries });
}
