import type { DexNetwork } from './networks.ts';
import type { DexToken } from './tokens.ts';

export type Address = `0x${string}`;

export interface DexQuoteRequest {
  network: DexNetwork;
  sellToken: DexToken;
  buyToken: DexToken;
  /** Base units of the sell token. */
  sellAmount: bigint;
  /** How far below the quote the swap may pay before it reverts, in basis points. */
  slippageBps: number;
  /** The wallet that will sign; without it a route has no transaction and no allowance reading. */
  taker?: Address;
}

/** One hop of a route: a pool (or a share of the amount through a source) from one token to another. */
export interface DexRouteStep {
  source: string;
  tokenIn: string;
  tokenOut: string;
  /** Share of the amount through this step, in basis points (10,000 for a single path). */
  proportionBps: number;
}

/** A route a source offers: what it pays, the least it may pay, what it costs and how to send it. */
export interface DexRoute {
  /** Id of the source (`sandbox`, `0x`). */
  source: string;
  sourceName: string;
  sellAmount: bigint;
  buyAmount: bigint;
  /** buyAmount less the slippage: the transaction reverts below it. */
  minBuyAmount: bigint;
  /** Basis points the trade moves the price, when the source says. */
  priceImpactBps: number | null;
  /** Gas units the swap takes (an estimate). */
  gas: bigint;
  /** Wei per gas unit, when known. */
  gasPrice: bigint | null;
  steps: DexRouteStep[];
  /** The contract the sell token must be approved to (null when selling the gas token). */
  allowanceTarget: Address | null;
  /** The taker's current allowance to the target (null without a taker or for the gas token). */
  allowance: bigint | null;
  /** The swap transaction for the taker (null without a taker). */
  transaction: { to: Address; data: `0x${string}`; value: bigint } | null;
}

/** A same-chain route source: the sandbox aggregator or an aggregator's API. */
export interface DexRouteSource {
  readonly id: string;
  readonly name: string;
  supports(network: DexNetwork): boolean;
  /** A route, or null when the source has none for this pair and amount. Throws on a failure. */
  quote(request: DexQuoteRequest, signal: AbortSignal): Promise<DexRoute | null>;
}
