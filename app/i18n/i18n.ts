import { createInstance, type i18n } from 'i18next';
import type { Dictionary } from '../../core/i18n/dictionaries.ts';
import { DEFAULT_LANG, type Lang } from '../../core/i18n/languages.ts';

export type Dictionaries = Partial<Record<Lang, Dictionary>>;

/** A synchronous i18next instance over the given dictionaries, English as the fallback. */
export function createI18n(lang: Lang, dictionaries: Dictionaries): i18n {
  const instance = createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    resources: Object.fromEntries(
      Object.entries(dictionaries).map(([code, dictionary]) => [code, { translation: dictionary }]),
    ),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
