import type { Context } from 'hono';
import { DEFAULT_LANG, type Lang, parseAcceptLanguage, pickLanguage } from '../../core/i18n/languages.ts';

/** The language an API client asked for (Accept-Language), English when none of ours. */
export function requestLanguage(c: Context): Lang {
  return pickLanguage(parseAcceptLanguage(c.req.header('accept-language'))) ?? DEFAULT_LANG;
}
