/** Uniswap v2 arithmetic (x·y = k with a 0.3 % fee) and the slippage bound, in exact integers. */

export const BPS = 10_000n;
/** Slippage the page and the API use when none is given: 0.5 %. */
export const DEFAULT_SLIPPAGE_BPS = 50;
export const MAX_SLIPPAGE_BPS = 5_000;

/** UniswapV2Library.getAmountOut: what `amountIn` buys from a pool holding these reserves. */
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const amountInWithFee = amountIn * 997n;
  return (amountInWithFee * reserveOut) / (reserveIn * 1000n + amountInWithFee);
}

/** The least the swap may pay and still go through: the quote less the slippage, rounded down. */
export function minimumOut(amountOut: bigint, slippageBps: number): bigint {
  if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > MAX_SLIPPAGE_BPS) {
    throw new RangeError(`slippage ${slippageBps} bps is outside 0-${MAX_SLIPPAGE_BPS}`);
  }
  return (amountOut * (BPS - BigInt(slippageBps))) / BPS;
}

export interface Hop {
  reserveIn: bigint;
  reserveOut: bigint;
}

/**
 * Output of a path of pools and its price impact in basis points: how much less it pays than the
 * pools' prices before the trade would (after their fees), 0 for a trade too small to move them.
 */
export function quotePath(
  amountIn: bigint,
  hops: readonly Hop[],
): { amountOut: bigint; priceImpactBps: number } {
  let amount = amountIn;
  // The output at the pools' marginal prices, fee included: amountIn · Π(0.997 · rOut / rIn).
  let numerator = amountIn;
  let denominator = 1n;
  for (const hop of hops) {
    amount = getAmountOut(amount, hop.reserveIn, hop.reserveOut);
    numerator *= 997n * hop.reserveOut;
    denominator *= 1000n * hop.reserveIn;
  }
  if (numerator === 0n || amount === 0n)
    return { amountOut: amount, priceImpactBps: amount === 0n ? 10_000 : 0 };
  // impact = 1 - amountOut / ideal = 1 - amountOut · denominator / numerator
  const shortfall = numerator - amount * denominator;
  const impact = shortfall <= 0n ? 0n : (shortfall * BPS) / numerator;
  return { amountOut: amount, priceImpactBps: Number(impact) };
}
