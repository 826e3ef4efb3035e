import type { Coin, Side } from './types.ts';

/** Where the coin list stands. */
export type CoinListState =
  | { status: 'loading' }
  | { status: 'ready'; coins: Coin[] }
  /** `message`: the server's, or empty for a network failure. */
  | { status: 'error'; message: string };

export const LOADING: CoinListState = { status: 'loading' };

/** The list when the dialog opens: a failed list is asked again, a loaded one kept. */
export function listOnOpen(list: CoinListState): CoinListState {
  return list.status === 'error' ? LOADING : list;
}

/** The coins matching the search, none until the list is loaded. */
export function shownCoins(
  list: CoinListState,
  query: string,
  search: (coins: readonly Coin[], query: string) => Coin[],
): Coin[] {
  return list.status === 'ready' ? search(list.coins, query) : [];
}

/** The side's coin as listed (the page may carry it with its chosen network only), else as the page has it. */
export function listedSideCoin(list: CoinListState, side: Side | null): Coin | undefined {
  const listed =
    list.status === 'ready' ? list.coins.find((coin) => coin.code === side?.coin.code) : undefined;
  return listed ?? side?.coin;
}

/**
 * The code of the coin whose networks are on show: the one chosen by its networks button, or
 * before any choice (`expanded` undefined) the side's coin when it has several; null for none.
 */
export function expandedCoin(expanded: string | null | undefined, sideCoin: Coin | undefined): string | null {
  if (expanded !== undefined) return expanded;
  return sideCoin && sideCoin.networks.length > 1 ? sideCoin.code : null;
}
