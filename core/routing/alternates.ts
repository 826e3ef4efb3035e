import { LANGUAGES, type Lang } from '../i18n/languages.ts';
import { localizePath, splitLanguage } from './paths.ts';

/** An hreflang alternate of a page. */
export interface AlternateLink {
  hrefLang: string;
  href: string;
}

/**
 * Regional hreflang variants, each pointing at its language's URL.
 * SPEC §2 names the counts (es 18, fr 14, pt-BR, en 9, de 2, ru 2); these are the regions where
 * the language is official or widely used by our audience.
 */
export const HREFLANG_REGIONS: Partial<Record<Lang, readonly string[]>> = {
  es: [
    'ES',
    'MX',
    'AR',
    'CO',
    'CL',
    'PE',
    'VE',
    'EC',
    'GT',
    'CU',
    'BO',
    'DO',
    'HN',
    'PY',
    'SV',
    'NI',
    'CR',
    'UY',
  ],
  fr: ['FR', 'BE', 'CA', 'CH', 'LU', 'MC', 'SN', 'CI', 'CM', 'MA', 'TN', 'DZ', 'HT', 'ML'],
  pt: ['BR'],
  en: ['US', 'GB', 'AU', 'CA', 'NZ', 'IE', 'ZA', 'IN', 'SG'],
  de: ['AT', 'CH'],
  ru: ['BY', 'KZ'],
};

/** The alternate links of a page (any language's path): the 14 languages, their regional variants and x-default. */
export function alternateLinks(baseUrl: string, pathname: string): AlternateLink[] {
  const { path } = splitLanguage(pathname);
  const links = LANGUAGES.flatMap((lang) => {
    const href = `${baseUrl}${localizePath(lang, path)}`;
    const regions = HREFLANG_REGIONS[lang] ?? [];
    return [{ hrefLang: lang, href }, ...regions.map((region) => ({ hrefLang: `${lang}-${region}`, href }))];
  });
  links.push({ hrefLang: 'x-default', href: `${baseUrl}${path}` });
  return links;
}

/**
 * The 14 languages and x-default only, for an unprefixed `path`: what the sitemaps carry (the
 * regional variants would make them several times larger).
 */
export function languageAlternates(baseUrl: string, path: string): AlternateLink[] {
  const links: AlternateLink[] = LANGUAGES.map((lang) => ({
    hrefLang: lang,
    href: `${baseUrl}${localizePath(lang, path)}`,
  }));
  links.push({ hrefLang: 'x-default', href: `${baseUrl}${path}` });
  return links;
}

/**
 * The Open Graph locale of each language (`og:locale`, territory with an underscore): the region
 * each language's pages are written for, Brazil for Portuguese (docs/VOICE.md).
 */
export const OG_LOCALES: Readonly<Record<Lang, string>> = {
  en: 'en_US',
  nl: 'nl_NL',
  fr: 'fr_FR',
  de: 'de_DE',
  it: 'it_IT',
  ko: 'ko_KR',
  pl: 'pl_PL',
  pt: 'pt_BR',
  ru: 'ru_RU',
  es: 'es_ES',
  vi: 'vi_VN',
  tr: 'tr_TR',
  uk: 'uk_UA',
  ja: 'ja_JP',
};

/** A page's `og:locale` and its `og:locale:alternate`s: the other languages the page exists in. */
export function openGraphLocales(lang: Lang, translated: boolean): { locale: string; alternates: string[] } {
  return {
    locale: OG_LOCALES[lang],
    alternates: translated
      ? LANGUAGES.filter((other) => other !== lang).map((other) => OG_LOCALES[other])
      : [],
  };
}
