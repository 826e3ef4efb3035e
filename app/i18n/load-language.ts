import { data } from 'react-router';
import type { Dictionary } from '../../core/i18n/dictionaries.ts';
import { DEFAULT_LANG, type Lang } from '../../core/i18n/languages.ts';
import { api } from '../lib/api-client.ts';
import type { I18n } from './i18n.ts';

/**
 * SPEC §4: a loaded language is switched to at once, English is built in, any other is fetched.
 * When the fetch fails the site falls back to English and raises a 500.
 */
export async function loadLanguage(instance: I18n, lang: Lang): Promise<void> {
  if (lang === DEFAULT_LANG || instance.hasDictionary(lang)) {
    instance.changeLanguage(lang);
    return;
  }
  try {
    const dictionary = await api<Dictionary>(`/apiglobal/locale/${lang}`, { lang });
    instance.addDictionary(lang, dictionary);
    instance.changeLanguage(lang);
  } catch (error) {
    instance.changeLanguage(DEFAULT_LANG);
    console.error('Dictionary load failed', lang, error);
    throw data(`Dictionary for '${lang}' could not be loaded`, { status: 500 });
  }
}
