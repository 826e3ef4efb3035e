import { api } from '../lib/api-client.ts';
import type { Coin } from './types.ts';

let list: Promise<Coin[]> | null = null;

/** GET /api/v1/coins, fetched once per page load and shared by both pickers; a failure may be retried. */
export function loadCoins(lang: string): Promise<Coin[]> {
  list ??= api<{ coins: Coin[] }>('/api/v1/coins', { lang }).then(
    (answer) => answer.coins,
    (error: unknown) => {
      list = null;
      throw error;
    },
  );
  return list;
}

/** Coins whose code or name contains the search, exact and leading code matches first, then by rank. */
export function searchCoins(coins: readonly Coin[], search: string): Coin[] {
  const query = search.trim().toLowerCase();
  if (!query) return [...coins];
  const score = (coin: Coin): number => {
    const code = coin.code.toLowerCase();
    const name = coin.name.toLowerCase();
    if (code === query) return 0;
    if (code.startsWith(query)) return 1;
    if (name.startsWith(query)) return 2;
    if (code.includes(query) || name.includes(query)) return 3;
    return -1;
  };
  return coins
    .map((coin, index) => ({ coin, index, score: score(coin) }))
    .filter((entry) => entry.score >= 0)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((entry) => entry.coin);
}
