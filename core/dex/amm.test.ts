import { describe, expect, it } from 'vitest';
import { getAmountOut, minimumOut, quotePath } from './amm.ts';

describe('v2 arithmetic', () => {
  it('pays what UniswapV2Library.getAmountOut pays', () => {
    // 1 token into a 100/200 pool: 1·997·200 / (100·1000 + 997) = 1.974...
    expect(getAmountOut(10n ** 18n, 100n * 10n ** 18n, 200n * 10n ** 18n)).toBe(1974316068794122597n);
    expect(getAmountOut(0n, 1n, 1n)).toBe(0n);
  });

  it('takes the slippage off the quote, rounding down', () => {
    expect(minimumOut(1_000_000n, 50)).toBe(995_000n);
    expect(minimumOut(999n, 100)).toBe(989n); // 989.01 → 989
    expect(minimumOut(1_000n, 0)).toBe(1_000n);
    expect(() => minimumOut(1_000n, 5_001)).toThrow(RangeError);
    expect(() => minimumOut(1_000n, 0.5)).toThrow(RangeError);
  });

  it('measures price impact against the pools’ prices after fees', () => {
    const deep = quotePath(10n ** 18n, [{ reserveIn: 10n ** 30n, reserveOut: 10n ** 30n }]);
    expect(deep.priceImpactBps).toBe(0);
    // Selling 10 % of the pool's reserve moves the price by about 9 %.
    const big = quotePath(10n ** 19n, [{ reserveIn: 10n ** 20n, reserveOut: 10n ** 20n }]);
    expect(big.priceImpactBps).toBeGreaterThan(880);
    expect(big.priceImpactBps).toBeLessThan(920);
  });

  it('chains two pools', () => {
    const a = getAmountOut(1000n, 10n ** 9n, 2n * 10n ** 9n);
    const b = getAmountOut(a, 10n ** 9n, 3n * 10n ** 9n);
    expect(
      quotePath(1000n, [
        { reserveIn: 10n ** 9n, reserveOut: 2n * 10n ** 9n },
        { reserveIn: 10n ** 9n, reserveOut: 3n * 10n ** 9n },
      ]).amountOut,
    ).toBe(b);
  });
});
