/**
 * The site's listings of exchange pairs and comparisons, in order of relevance and without storing
 * them: with n coins ranked 0..n-1 there are n(n-1) ordered pairs and n(n-1)/2 comparisons, and
 * the k-th of either is computed directly, so a page of the list or a sitemap of millions of URLs
 * never holds more than it shows.
 *
 * Order: pairs of the top two coins first, then every pair the third coin makes with those above it,
 * and so on (BTC→ETH, ETH→BTC, BTC→USDT, USDT→BTC, ETH→USDT, USDT→ETH, ...).
 */

/** Rows per page of the coin, pair and comparison lists. */
export const LIST_PAGE_SIZE = 50;

/** Ranks (0-based positions in the ranked coin list) of the two sides. */
export interface RankPair {
  from: number;
  to: number;
}

export function exchangePairCount(coins: number): number {
  return coins < 2 ? 0 : coins * (coins - 1);
}

export function comparisonCount(coins: number): number {
  return exchangePairCount(coins) / 2;
}

/** The lower-ranked coin `m` of the k-th comparison: the largest m with m(m-1)/2 ≤ k. */
function outerRank(k: number): number {
  let m = Math.floor((1 + Math.sqrt(1 + 8 * k)) / 2);
  // Guard against floating-point rounding at exact squares.
  while ((m * (m - 1)) / 2 > k) m--;
  while (((m + 1) * m) / 2 <= k) m++;
  return m;
}

/** The k-th comparison (0-based): the better-ranked coin first. */
export function comparisonAt(k: number): RankPair {
  const m = outerRank(k);
  return { from: k - (m * (m - 1)) / 2, to: m };
}

/** The k-th exchange pair (0-based): each comparison in both directions, better-ranked coin first. */
export function exchangePairAt(k: number): RankPair {
  const { from, to } = comparisonAt(Math.floor(k / 2));
  return k % 2 === 0 ? { from, to } : { from: to, to: from };
}

/** The place of a comparison in the list, whatever the order of its coins. */
export function comparisonIndex(a: number, b: number): number {
  const [high, low] = a < b ? [a, b] : [b, a];
  return (low * (low - 1)) / 2 + high;
}

/** Every item of a list of `count`, from `start`, computed one at a time. */
export function* listFrom<T>(count: number, at: (k: number) => T, start = 0): Generator<T> {
  for (let k = start; k < count; k++) yield at(k);
}

/** Number of pages of a list of `count` rows (at least one, so an empty list has its first page). */
export function pageCount(count: number, pageSize = LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The rows of page `page` (1-based) of a list of `count`, or null past the end. */
export function pageSlice(
  count: number,
  page: number,
  pageSize = LIST_PAGE_SIZE,
): { start: number; end: number } | null {
  if (!Number.isInteger(page) || page < 1 || page > pageCount(count, pageSize)) return null;
  const start = (page - 1) * pageSize;
  return { start, end: Math.min(count, start + pageSize) };
}
