import { describe, expect, it } from 'vitest';
import {
  comparisonAt,
  comparisonCount,
  comparisonIndex,
  exchangePairAt,
  exchangePairCount,
  listFrom,
  pageCount,
  pageSlice,
} from './pairs.ts';

describe('exchange pairs and comparisons by rank', () => {
  it('lists the top coins first, each pair in both directions', () => {
    const pairs = [...listFrom(6, exchangePairAt)].map(({ from, to }) => `${from}-${to}`);
    expect(pairs).toEqual(['0-1', '1-0', '0-2', '2-0', '1-2', '2-1']);
  });

  it('has every ordered pair of distinct coins exactly once', () => {
    for (const coins of [0, 1, 2, 3, 7, 40]) {
      const count = exchangePairCount(coins);
      const seen = new Set([...listFrom(count, exchangePairAt)].map(({ from, to }) => `${from}-${to}`));
      expect(seen.size).toBe(coins < 2 ? 0 : coins * (coins - 1));
      for (const key of seen) {
        const [from, to] = key.split('-').map(Number) as [number, number];
        expect(from).not.toBe(to);
        expect(Math.max(from, to)).toBeLessThan(coins);
      }
    }
  });

  it('finds the k-th comparison directly, also far into a huge list', () => {
    const count = comparisonCount(1_500);
    expect(count).toBe(1_124_250);
    for (const k of [0, 1, 2, 1_000, 500_000, count - 1]) {
      const { from, to } = comparisonAt(k);
      expect(from).toBeLessThan(to);
      expect(comparisonIndex(from, to)).toBe(k);
      expect(comparisonIndex(to, from)).toBe(k);
    }
    expect(comparisonAt(count - 1)).toEqual({ from: 1_498, to: 1_499 });
  });

  it('pages the list, 404 material past the end', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(101)).toBe(3);
    expect(pageSlice(101, 3)).toEqual({ start: 100, end: 101 });
    expect(pageSlice(101, 4)).toBeNull();
    expect(pageSlice(101, 0)).toBeNull();
    expect(pageSlice(0, 1)).toEqual({ start: 0, end: 0 });
  });
});
