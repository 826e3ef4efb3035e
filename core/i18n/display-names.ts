import regionNames from '../../content/catalogue/region-names.json' with { type: 'json' };

/**
 * Names of countries, currencies and regions in the page's language (docs/VOICE.md): the runtime's
 * own `Intl.DisplayNames` for countries (ISO 3166-1) and currencies (ISO 4217); for first-level
 * regions (ISO 3166-2), which Intl does not name, the names in content/catalogue/region-names.json.
 * The catalogue's English name is the fallback only where neither has one.
 */

type Kind = 'region' | 'currency';

/** One formatter per language and kind: the constructor is slow, and pages name hundreds. */
const formatters = new Map<string, Intl.DisplayNames>();

function formatter(lang: string, kind: Kind): Intl.DisplayNames {
  const key = `${lang}:${kind}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DisplayNames([lang], { type: kind, fallback: 'none' });
    formatters.set(key, found);
  }
  return found;
}

function intlName(lang: string, kind: Kind, code: string): string | undefined {
  try {
    return formatter(lang, kind).of(code.toUpperCase()) ?? undefined;
  } catch {
    // A code Intl does not accept (not two letters, not three): the catalogue names it.
    return undefined;
  }
}

/** A country's name in `lang`, e.g. ('pl', 'de') → "Niemcy"; `fallback` when Intl has none. */
export function countryName(lang: string, code: string, fallback: string): string {
  return intlName(lang, 'region', code) ?? fallback;
}

/** A currency's name in `lang`, e.g. ('vi', 'vnd') → "Đồng Việt Nam"; `fallback` when Intl has none. */
export function currencyName(lang: string, code: string, fallback: string): string {
  return intlName(lang, 'currency', code) ?? fallback;
}

const REGION_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = regionNames.names;

/**
 * A first-level region's name in `lang`, e.g. ('pl', 'de', 'nw') → "Nadrenia Północna-Westfalia":
 * the region-names file's name for the language, else `fallback` (the catalogue's English name).
 */
export function regionName(lang: string, country: string, region: string, fallback: string): string {
  return REGION_NAMES[lang]?.[`${country}-${region}`.toLowerCase()] ?? fallback;
}
