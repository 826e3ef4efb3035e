import { PROVIDER_ID_PATTERN } from '../../core/exchange/types.ts';
import type { DirectQuoteRequest } from './types.ts';

/**
 * The swap step's address query: /swap?from=btc&fromNetwork=bitcoin&to=eth&toNetwork=ethereum&amount=0.1&rate=fixed,
 * the quote request it leads to without the promo code (entered on the step itself).
 */
export type SwapQuery = Omit<DirectQuoteRequest, 'promoCode'>;

export function swapSearch(query: SwapQuery): string {
  const params = new URLSearchParams({
    from: query.from,
    fromNetwork: query.fromNetwork,
    to: query.to,
    toNetwork: query.toNetwork,
    amount: query.amount,
    rate: query.rateType,
  });
  if (query.provider) params.set('provider', query.provider);
  return `?${params.toString()}`;
}

/** The values of a swap query, codes lowercased; checking them against the catalogue is the loader's job. */
export function readSwapSearch(search: URLSearchParams): Partial<SwapQuery> {
  const get = (name: string) => search.get(name)?.trim() || undefined;
  const out: Partial<SwapQuery> = {};
  const from = get('from')?.toLowerCase();
  const to = get('to')?.toLowerCase();
  const fromNetwork = get('fromNetwork')?.toLowerCase();
  const toNetwork = get('toNetwork')?.toLowerCase();
  const amount = get('amount');
  const rate = get('rate')?.toLowerCase();
  const provider = get('provider')?.toLowerCase();
  if (from) out.from = from;
  if (to) out.to = to;
  if (fromNetwork) out.fromNetwork = fromNetwork;
  if (toNetwork) out.toNetwork = toNetwork;
  if (amount) out.amount = amount;
  if (rate === 'fixed' || rate === 'float') out.rateType = rate;
  if (provider && PROVIDER_ID_PATTERN.test(provider)) out.provider = provider;
  return out;
}
