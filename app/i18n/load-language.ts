import type { i18n } from 'i18next';
import { data } from 'react-router';
import type { Dictionary } from '../../core/i18n/dictionaries.ts';
import { DEFAULT_LANG, type Lang } from '../../core/i18n/languages.ts';
import { apiFetch } from '../lib/api-client.ts';

/**
 * SPEC §4: a loaded language is switched to at once, English is built in, any other is fetched.
 * When the fetch fails the site falls back to English and raises a 500.
 */
export async function loadLanguage(instance: i18n, lang: Lang): Promise<void> {
  if (lang === DEFAULT_LANG || instance.hasResourceBundle(lang, 'translation')) {
    if (instance.language !== lang) await instance.changeLanguage(lang);
    return;
  }
  try {
    const response = await apiFetch(`/apiglobal/locale/${lang}`, { lang });
    const dictionary = (await response.json()) as Dictionary;
    instance.addResourceBundle(lang, 'translation', dictionary);
    await instance.changeLanguage(lang);
  } catch (error) {
    await instance.changeLanguage(DEFAULT_LANG);
    console.error('Dictionary load failed', lang, error);
    throw data(`Dictionary for '${lang}' could not be loaded`, { status: 500 });
  }
}
