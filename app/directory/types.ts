import type { MemoKind } from '../../core/address/networks.ts';
import type { ChartPoint, ChartRange, CoinMarket } from '../../core/directory/directory.ts';

export type { ChartPoint, ChartRange, CoinMarket };

/** A coin as the listings show it. */
export interface CoinSummary {
  code: string;
  name: string;
  icon: string;
}

/** A row of the coin list. */
export interface CoinRow extends CoinSummary {
  market: CoinMarket;
  /** Names of the networks it is sent on, main one first. */
  networks: string[];
  /** The coins it is most often swapped for. */
  pairs: CoinSummary[];
}

export interface Pagination {
  page: number;
  pages: number;
  /** Rows in the whole list (or the search result). */
  total: number;
  /** The search, when the list is filtered. */
  query: string;
}

/** A network as the coin page explains it. */
export interface NetworkFacts {
  id: string;
  name: string;
  contract: string | null;
  confirmations: number;
  memo: { name: string; kind: MemoKind; required: boolean } | null;
  /** The token contract on the network's explorer; null for a native coin or without an explorer. */
  explorer: string | null;
  min: string;
  max: string;
}

/** A pair row of the pairs list or a pair page. */
export interface PairRow {
  from: CoinSummary;
  to: CoinSummary;
  /** Market rate: units of `to` per one `from`, from USD prices; null without prices. */
  rate: number | null;
  available: boolean;
  fixedRate: boolean;
  min: string | null;
  max: string | null;
}

/** One provider's offer for the pair page's reference amount. */
export interface ProviderOffer {
  provider: string;
  /** The provider's display name, the same the exchange form and its offers table show. */
  providerName: string;
  amountTo: string;
  rate: string;
}

export type ChartRanges = Record<ChartRange, ChartPoint[]>;
