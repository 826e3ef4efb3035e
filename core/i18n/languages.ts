/** The 14 site languages. English is the default and has no URL prefix. */
export const LANGUAGES = [
  'en',
  'nl',
  'fr',
  'de',
  'it',
  'ko',
  'pl',
  'pt',
  'ru',
  'es',
  'vi',
  'tr',
  'uk',
  'ja',
] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'en';

/** Cookie that stores the visitor's explicit language choice. */
export const LANG_COOKIE = 'i18n_lang';
export const LANG_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface LanguageInfo {
  /** Name in the language itself, shown in the language menu. */
  alias: string;
  /** English name of the language. */
  language: string;
  /** Flag icon name (ISO 3166 country code); English uses the US flag. */
  flag: string;
}

export const LANGUAGE_INFO: Record<Lang, LanguageInfo> = {
  en: { alias: 'English', language: 'English', flag: 'us' },
  nl: { alias: 'Nederlands', language: 'Dutch', flag: 'nl' },
  fr: { alias: 'Français', language: 'French', flag: 'fr' },
  de: { alias: 'Deutsch', language: 'German', flag: 'de' },
  it: { alias: 'Italiano', language: 'Italian', flag: 'it' },
  ko: { alias: '한국어', language: 'Korean', flag: 'kr' },
  pl: { alias: 'Polski', language: 'Polish', flag: 'pl' },
  pt: { alias: 'Português', language: 'Portuguese', flag: 'pt' },
  ru: { alias: 'Русский', language: 'Russian', flag: 'ru' },
  es: { alias: 'Español', language: 'Spanish', flag: 'es' },
  vi: { alias: 'Tiếng Việt', language: 'Vietnamese', flag: 'vn' },
  tr: { alias: 'Türkçe', language: 'Turkish', flag: 'tr' },
  uk: { alias: 'Українська', language: 'Ukrainian', flag: 'ua' },
  ja: { alias: '日本語', language: 'Japanese', flag: 'jp' },
};

export function isLang(value: string | null | undefined): value is Lang {
  return value != null && (LANGUAGES as readonly string[]).includes(value);
}

export interface LanguageEntry extends LanguageInfo {
  code: Lang;
  selected: boolean;
}

/**
 * The language menu: English first, then the browser's language, then the rest by code.
 * `browserLanguages` is the browser's preference list (navigator.languages or Accept-Language).
 */
export function orderedLanguages(current: Lang, browserLanguages: readonly string[]): LanguageEntry[] {
  const browser = browserLanguages.map((tag) => tag.toLowerCase().split('-')[0]).find(isLang);
  const rest = LANGUAGES.filter((code) => code !== 'en' && code !== browser).sort();
  const order: Lang[] = ['en', ...(browser && browser !== 'en' ? [browser] : []), ...rest];
  return order.map((code) => ({ code, ...LANGUAGE_INFO[code], selected: code === current }));
}

/** Parses an Accept-Language header into language tags, best first (q=0 entries dropped). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The first supported language in a preference list, or null. */
export function pickLanguage(tags: readonly string[]): Lang | null {
  for (const tag of tags) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLang(base)) return base;
  }
  return null;
}

export function languageCookie(lang: Lang): string {
  return `${LANG_COOKIE}=${lang}; Max-Age=${LANG_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}
