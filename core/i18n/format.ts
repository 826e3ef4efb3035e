import type { Lang } from './languages.ts';

/**
 * Numbers as the page's language writes them (SPEC: prices and figures in the page's locale).
 * Formatters are built once per language and kind: Intl constructors are slow.
 */
const cache = new Map<string, Intl.NumberFormat>();

function formatter(lang: Lang, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}:${kind}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.NumberFormat(lang, options);
    cache.set(key, found);
  }
  return found;
}

/**
 * A USD price: cents for prices of a dollar or more, four significant digits below it (SHIB at
 * $0.00001234 stays readable).
 */
export function formatUsd(value: number | string | null, lang: Lang): string {
  if (value === null) return '—';
  const amount = Number(value);
  if (!Number.isFinite(amount)) return '—';
  if (Math.abs(amount) >= 1 || amount === 0) {
    return formatter(lang, 'usd', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }).format(
      amount,
    );
  }
  return formatter(lang, 'usd-small', {
    style: 'currency',
    currency: 'USD',
    maximumSignificantDigits: 4,
  }).format(amount);
}

/** A change as a signed percentage with two decimals: 0.0123 → "+1.23 %" (per locale). */
export function formatChange(change: number | null, lang: Lang): string {
  if (change === null || !Number.isFinite(change)) return '—';
  return formatter(lang, 'change', {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(change);
}

/** A coin amount or a rate: up to eight significant digits, never in exponent form. */
export function formatAmount(value: number | string, lang: Lang): string {
  const amount = Number(value);
  if (!Number.isFinite(amount)) return String(value);
  return formatter(lang, 'amount', { maximumSignificantDigits: 8 }).format(amount);
}

/** A count: 1234 → "1,234" (per locale). */
export function formatCount(value: number, lang: Lang): string {
  return formatter(lang, 'count', {}).format(value);
}

const dateFormats = new Map<Lang, Intl.DateTimeFormat>();

/**
 * A calendar day ("May 14, 2024", "14. Mai 2024"), read in UTC so the server and every visitor's
 * browser write the same day.
 */
export function formatDay(iso: string, lang: Lang): string {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(lang, format);
  }
  return format.format(new Date(iso));
}

/** A share as a percentage with up to two decimals: 0.004 → "0.4%" (per locale). */
export function formatPercent(fraction: number, lang: Lang): string {
  return formatter(lang, 'percent', { style: 'percent', maximumFractionDigits: 2 }).format(fraction);
}

/** A short wait ("45 seconds", "3 minutes"): seconds below 90, else whole minutes rounded up. */
export function formatDuration(seconds: number, lang: Lang): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 90) {
    return formatter(lang, 'seconds', { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(whole);
  }
  return formatter(lang, 'minutes', { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(
    Math.ceil(whole / 60),
  );
}

const dateTimeFormats = new Map<Lang, Intl.DateTimeFormat>();

/** A moment with its time, in UTC ("Nov 25, 2026, 10:05 AM"), for mails: the reader adds "UTC". */
export function formatDateTime(iso: string, lang: Lang): string {
  let format = dateTimeFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    dateTimeFormats.set(lang, format);
  }
  return format.format(new Date(iso));
}

/**
 * An exact decimal string (a coin amount, a rate) as the page's language writes it, every digit
 * kept: "1234.5678" → "1,234.5678" (en), "1.234,5678" (de), "1 234,5678" (fr). No float in between,
 * so 18-decimal token amounts stay exact. Anything that is not a plain decimal is returned as it is.
 */
export function formatDecimal(value: string, lang: Lang): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction] = match;
  const grouping = formatter(lang, 'count', {});
  const decimal = grouping.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return `${sign}${grouping.format(BigInt(whole))}${fraction ? `${decimal}${fraction}` : ''}`;
}
