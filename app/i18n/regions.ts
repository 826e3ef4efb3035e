import type { Lang } from '../../core/i18n/languages.ts';

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
