import type { PublicCoin } from '../../core/catalogue/catalogue.ts';
import type { SwapView } from '../../core/exchange/swaps.ts';
import type { RateType, SwapStatus } from '../../core/exchange/types.ts';

export type { RateType, SwapStatus, SwapView };

/** A coin as GET /api/v1/coins lists it (the catalogue's public view); its main network comes first. */
export type Coin = PublicCoin;
/** One of a coin's networks, with its limits, memo rule and decimals. */
export type CoinNetwork = PublicCoin['networks'][number];

/** One side of a pair: a coin on one of its networks. */
export interface Side {
  coin: Coin;
  network: string;
}

export interface PairInfo {
  from: string;
  fromNetwork: string;
  to: string;
  toNetwork: string;
  available: boolean;
  fixedRate: boolean;
  /** Limits over all providers, in `from` units; null when nobody serves the pair. */
  min: string | null;
  max: string | null;
}

export interface Quote {
  rateType: RateType;
  from: string;
  fromNetwork: string;
  to: string;
  toNetwork: string;
  amountFrom: string;
  amountTo: string;
  rate: string;
  min: string;
  max: string;
  provider: string;
  providerName: string;
  networkFee: string;
  serviceFee: string;
  quoteId?: string;
  expiresAt?: string;
  offers: { provider: string; providerName: string; amountTo: string; rate: string }[];
}

export interface QuoteRequest {
  from: string;
  fromNetwork: string;
  to: string;
  toNetwork: string;
  amount: string;
  rateType: RateType;
  promoCode?: string;
}

export interface AddressCheck {
  valid: boolean;
  reason?: string;
  memoValid?: boolean;
}

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
  'failed',
  'refunded',
  'expired',
] as const satisfies readonly SwapStatus[];

/** Statuses after which nothing changes any more (as in core/exchange/types.ts). */
export const FINAL_STATUSES: ReadonlySet<SwapStatus> = new Set(['finished', 'failed', 'refunded', 'expired']);

export function networkOf(coin: Coin, network: string): CoinNetwork | undefined {
  return coin.networks.find((candidate) => candidate.network === network);
}

export function mainNetwork(coin: Coin): string {
  return coin.networks[0]?.network ?? '';
}
