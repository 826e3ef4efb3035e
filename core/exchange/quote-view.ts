import type { QuoteView } from './contract.ts';
import type { Quote } from './quotes.ts';

/**
 * A quote as its clients read it (POST /api/v1/quotes, and the swap step the server renders):
 * coin codes and networks flat, each offer with its provider's name, the expiry as an ISO time.
 */
export function quoteView(quote: Quote, providerName: (id: string) => string): QuoteView {
  const { from, to, expiresAt, offers, ...rest } = quote;
  return {
    ...rest,
    from: from.coin,
    fromNetwork: from.network,
    to: to.coin,
    toNetwork: to.network,
    providerName: providerName(quote.provider),
    ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
    offers: offers.map((offer) => ({ ...offer, providerName: providerName(offer.provider) })),
  };
}
