import { formatUsd } from '../../core/i18n/format.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import type { Offer, Quote } from './types.ts';

const durationFormats = new Map<string, Intl.NumberFormat>();

function unitFormat(lang: Lang, unit: 'second' | 'minute' | 'hour'): Intl.NumberFormat {
  const key = `${lang}:${unit}`;
  let format = durationFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: 0,
    });
    durationFormats.set(key, format);
  }
  return format;
}

/** The unit a duration reads best in, and the seconds per unit. */
function unitOf(seconds: number): ['second' | 'minute' | 'hour', number] {
  if (seconds < 90) return ['second', 1];
  if (seconds < 90 * 60) return ['minute', 60];
  return ['hour', 3600];
}

/**
 * A duration in seconds, or a range of them, as the language writes it: "45 sec", "6 min",
 * "10–60 min", "2 hr" (Intl unit formats, whole units).
 */
export function formatDuration(value: number | { min: number; max: number }, lang: Lang): string {
  const { min, max } = typeof value === 'number' ? { min: value, max: value } : value;
  const [unit, size] = unitOf(max);
  const format = unitFormat(lang, unit);
  const low = Math.max(1, Math.round(min / size));
  const high = Math.max(1, Math.round(max / size));
  return low === high ? format.format(high) : format.formatRange(low, high);
}

/** The USD value of an amount at a unit price, formatted; null without a price or a number. */
export function usdValue(amount: string | undefined, price: string | null, lang: Lang): string | null {
  if (!amount || !price) return null;
  const value = Number(amount) * Number(price);
  return Number.isFinite(value) && value > 0 ? formatUsd(value, lang) : null;
}

/** Why the chosen offer was chosen, as a dictionary key under exchange.offers. */
export function whyKey(quote: Pick<Quote, 'offers' | 'reverse' | 'rateType'>): string {
  if (quote.offers.length <= 1) return 'exchange.offers.whyOnly';
  if (quote.reverse) return 'exchange.offers.whyReverse';
  return quote.rateType === 'fixed' ? 'exchange.offers.whyFixed' : 'exchange.offers.whyBest';
}

/** An offer's amount the table compares: what it needs sent in a reverse quote, else what it pays. */
export function comparedAmount(quote: Pick<Quote, 'reverse'>, offer: Offer): string {
  return quote.reverse ? offer.amountFrom : offer.amountTo;
}
