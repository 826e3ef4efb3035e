import type { MemoKind } from '../../core/address/networks.ts';
import type { TFunction } from '../i18n/i18n.ts';
import type { ApiProblem } from '../lib/api-client.ts';

/** A network's memo ("Destination tag") named in the page language. */
export function memoLabel(t: TFunction, kind: MemoKind): string {
  return t(`exchange.memoNames.${kind}`);
}

/**
 * The text to show for an API error: limits get their own sentence with the coin, everything else
 * shows the server's (already translated) message, or a generic one when there is none.
 */
export function problemText(t: TFunction, error: ApiProblem, coin?: string): string {
  const limit = (name: 'min' | 'max') => {
    const value = error.details?.[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  };
  const min = limit('min');
  const max = limit('max');
  if (error.code === 'amount_below_min' && min && coin) {
    return t('exchange.errors.min', { amount: min, coin: coin.toUpperCase() });
  }
  if (error.code === 'amount_above_max' && max && coin) {
    return t('exchange.errors.max', { amount: max, coin: coin.toUpperCase() });
  }
  if (error.message) return error.message;
  return error.status === 0 ? t('exchange.errors.network') : t('exchange.errors.generic');
}

/** Why an address is invalid (the reason codes of GET /api/v1/addresses/validate), in the page language. */
export function addressReason(t: TFunction, reason: string | undefined, network: string): string {
  if (reason === 'checksum' || reason === 'network')
    return t(`exchange.address.reasons.${reason}`, { network });
  return t('exchange.address.invalid', { network });
}
