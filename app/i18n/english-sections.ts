import type { Dictionary } from '../../core/i18n/dictionaries.ts';
import { DEFAULT_LANG } from '../../core/i18n/languages.ts';
import { i18nClient } from './client-instance.ts';
import { mergeSections } from './i18n.ts';

/** Sections registered before the browser's translations exist (route modules load first). */
let early: Dictionary = {};

/**
 * Adds an English section that only some pages use (vite.config.ts `PAGE_SECTIONS`): their route
 * modules call this with `virtual:english-section/{name}`. The server's dictionaries are whole, so
 * there it changes nothing.
 */
export function addEnglishSection(name: string, texts: Dictionary): void {
  addEnglishTexts({ [name]: texts });
}

/** Adds English sections, or texts to sections the catalogue has in part (app/i18n/english-deferred.ts). */
export function addEnglishTexts(sections: Dictionary): void {
  if (typeof document === 'undefined') return;
  const i18n = i18nClient.current;
  if (i18n) i18n.extendDictionary(DEFAULT_LANG, sections);
  else early = mergeSections(early, sections);
}

/** The sections registered before start, for the English dictionary the browser starts with. */
export function earlyEnglishSections(): Dictionary {
  return early;
}
