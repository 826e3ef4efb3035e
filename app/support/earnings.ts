/**
 * The partner fee calculator's arithmetic (/for-partners). Pure, for the page and its tests.
 * - affiliate: 0.2% of the volume its referral link brings
 * - API: up to 50% of our service fee (SERVICE_FEE_BPS basis points of each swap)
 */
export const AFFILIATE_SHARE = 0.002;
export const API_REVENUE_SHARE = 0.5;

export interface Earnings {
  monthly: number;
  yearly: number;
}

/** Earnings for a monthly volume in USD; nothing for a volume that is not a positive number. */
export function partnerEarnings(
  monthlyVolume: number,
  model: 'affiliate' | 'api',
  serviceFeeBps: number,
): Earnings {
  if (!Number.isFinite(monthlyVolume) || monthlyVolume <= 0) return { monthly: 0, yearly: 0 };
  const rate = model === 'affiliate' ? AFFILIATE_SHARE : (serviceFeeBps / 10_000) * API_REVENUE_SHARE;
  const monthly = Math.round(monthlyVolume * rate * 100) / 100;
  return { monthly, yearly: Math.round(monthly * 12 * 100) / 100 };
}

/** The volume field's text as a number: digits with any grouping (spaces, commas, dots) dropped. */
export function parseVolume(text: string): number {
  const digits = text.replace(/[\s,.'\u00a0\u202f]/g, '');
  return /^\d{1,13}$/.test(digits) ? Number(digits) : Number.NaN;
}
