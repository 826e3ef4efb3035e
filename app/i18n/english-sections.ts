import type { Dictionary } from '../../core/i18n/dictionaries.ts';
import { DEFAULT_LANG } from '../../core/i18n/languages.ts';
import { i18nClient } from './client-instance.ts';

/** Sections registered before the browser's translations exist (route modules load first). */
const early: Record<string, Dictionary> = {};

/**
 * Adds an English section that only some pages use (vite.config.ts `PAGE_SECTIONS`): their route
 * modules call this with `virtual:english-section/{name}`. The server's dictionaries are whole, so
 * there it changes nothing.
 */
export function addEnglishSection(name: string, texts: Dictionary): void {
  if (typeof document === 'undefined') return;
  const i18n = i18nClient.current;
  if (i18n) i18n.extendDictionary(DEFAULT_LANG, { [name]: texts });
  else early[name] = texts;
}

/** The sections registered before start, for the English dictionary the browser starts with. */
export function earlyEnglishSections(): Record<string, Dictionary> {
  return early;
}
