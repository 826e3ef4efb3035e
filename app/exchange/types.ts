import type { PublicCoin } from '../../core/catalogue/catalogue.ts';
import type {
  AddressValidation,
  QuoteRequest as ContractQuoteRequest,
  PairView,
  QuoteView,
} from '../../core/exchange/contract.ts';
import type { SwapView } from '../../core/exchange/swaps.ts';
import { FINAL_STATUSES, type RateType, type SwapStatus } from '../../core/exchange/types.ts';

export { FINAL_STATUSES, type RateType, type SwapStatus, type SwapView };

/** A coin as GET /api/v1/coins lists it (the catalogue's public view); its main network comes first. */
export type Coin = PublicCoin;
/** One of a coin's networks, with its limits, memo rule and decimals. */
export type CoinNetwork = PublicCoin['networks'][number];

/** One side of a pair: a coin on one of its networks. */
export interface Side {
  coin: Coin;
  network: string;
}

/** What the API answers (core/exchange/contract.ts); the app reads its responses as these. */
export type PairInfo = PairView;
export type Quote = QuoteView;
/** The app always knows both networks. */
export type QuoteRequest = ContractQuoteRequest & { fromNetwork: string; toNetwork: string };
/** A quote for an amount to send (the swap step's, and the form's unless reversed). */
export type DirectQuoteRequest = Omit<QuoteRequest, 'amountTo'> & { amount: string };
/** One provider's offer in a quote. */
export type Offer = QuoteView['offers'][number];
export type AddressCheck = AddressValidation;

/** The statuses of a swap that goes well, in order. */
export const MAIN_STATUSES = [
  'waiting',
  'confirming',
  'exchanging',
  'sending',
  'finished',
] as const satisfies readonly SwapStatus[];

/** Statuses that leave the main path. */
export const SIDE_STATUSES = [
  'hold',
  'action_needed',
  'refunding',
  'failed',
  'refunded',
  'expired',
] as const satisfies readonly SwapStatus[];

export function networkOf(coin: Coin, network: string): CoinNetwork | undefined {
  return coin.networks.find((candidate) => candidate.network === network);
}
