import { readCookie } from '../core/cookies.ts';
import {
  DEFAULT_LANG,
  isLang,
  LANG_COOKIE,
  type Lang,
  parseAcceptLanguage,
  pickLanguage,
} from '../core/i18n/languages.ts';
import { isCrawler } from '../core/user-agents.ts';

/**
 * SPEC §4: on the root path only, a visitor is sent to their language: the stored choice first,
 * then the browser's languages, else English (no redirect). Crawlers always get the English root.
 * The target is never `/`, so this cannot loop.
 */
export function rootLanguageRedirect(headers: Headers): Lang | null {
  if (isCrawler(headers.get('user-agent'))) return null;
  const stored = readCookie(headers.get('cookie'), LANG_COOKIE);
  const lang = isLang(stored)
    ? stored
    : (pickLanguage(parseAcceptLanguage(headers.get('accept-language'))) ?? DEFAULT_LANG);
  return lang === DEFAULT_LANG ? null : lang;
}
