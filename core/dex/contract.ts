import { z } from 'zod';
import { MAX_SLIPPAGE_BPS } from './amm.ts';
import type { DexQuoteResult } from './dex.ts';
import { DEX_NETWORK_IDS } from './networks.ts';
import type { DexToken } from './tokens.ts';

/** The DEX API's contract (GET /api/v1/dex/quotes): amounts in base units as decimal integer strings. */

const addressSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x address of 40 hex digits')
  .transform((value) => value.toLowerCase() as `0x${string}`);
const baseUnits = z.string().regex(/^\d{1,78}$/, 'an integer amount in base units');

export const dexQuoteQuerySchema = z.strictObject({
  network: z.enum(DEX_NETWORK_IDS),
  sellToken: addressSchema.describe(
    'Token address; 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE for the gas token',
  ),
  buyToken: addressSchema.describe(
    'Token address; 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE for the gas token',
  ),
  sellAmount: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,77}$/, 'a positive integer amount in the sell token’s base units'),
  slippageBps: z.coerce.number().int().min(0).max(MAX_SLIPPAGE_BPS).default(50),
  taker: addressSchema.optional().describe('The wallet that will sign: routes then carry their transaction'),
});
export type DexQuoteQuery = z.infer<typeof dexQuoteQuerySchema>;

const tokenSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  icon: z.string(),
});

const routeSchema = z.object({
  source: z.string(),
  sourceName: z.string(),
  sellAmount: baseUnits,
  buyAmount: baseUnits,
  minBuyAmount: baseUnits.describe('The least the swap pays: buyAmount less the slippage'),
  priceImpactBps: z.number().int().nullable(),
  gas: baseUnits.describe('Gas units (estimate)'),
  gasPrice: baseUnits.nullable().describe('Wei per gas unit'),
  networkFee: baseUnits.nullable().describe('gas × gasPrice, in wei of the gas token'),
  steps: z.array(
    z.object({
      source: z.string(),
      tokenIn: z.string(),
      tokenOut: z.string(),
      proportionBps: z.number().int(),
    }),
  ),
  allowanceTarget: z
    .string()
    .nullable()
    .describe('Approve the sell token to this contract first (null for the gas token)'),
  allowance: baseUnits.nullable().describe("The taker's allowance to the target now (null without a taker)"),
  approvalRequired: z.boolean(),
  transaction: z
    .object({ to: z.string(), data: z.string(), value: baseUnits })
    .nullable()
    .describe('The swap transaction for the taker (null without a taker)'),
});

export const dexQuotesSchema = z.object({
  network: z.object({ id: z.enum(DEX_NETWORK_IDS), chainId: z.number().int(), name: z.string() }),
  sellToken: tokenSchema,
  buyToken: tokenSchema,
  sellAmount: baseUnits,
  slippageBps: z.number().int(),
  taker: z.string().nullable(),
  routes: z.array(routeSchema).describe('Best first'),
});
export type DexQuotesView = z.infer<typeof dexQuotesSchema>;
export type DexRouteView = DexQuotesView['routes'][number];

const tokenView = ({ address, symbol, name, decimals, icon }: DexToken) => ({
  address,
  symbol,
  name,
  decimals,
  icon,
});

/**
 * The answer of GET /dex/quotes. `served` is how the site serves the network (DexService.networks):
 * on a sandbox chain, its own chain id and "… (sandbox)" name, which the taker's wallet must use.
 */
export function dexQuotesView(
  result: DexQuoteResult,
  served?: { chainId: number; name: string },
): DexQuotesView {
  return {
    network: {
      id: result.network.id,
      chainId: served?.chainId ?? result.network.chainId,
      name: served?.name ?? result.network.name,
    },
    sellToken: tokenView(result.sellToken),
    buyToken: tokenView(result.buyToken),
    sellAmount: result.sellAmount.toString(),
    slippageBps: result.slippageBps,
    taker: result.taker,
    routes: result.routes.map((route) => ({
      source: route.source,
      sourceName: route.sourceName,
      sellAmount: route.sellAmount.toString(),
      buyAmount: route.buyAmount.toString(),
      minBuyAmount: route.minBuyAmount.toString(),
      priceImpactBps: route.priceImpactBps,
      gas: route.gas.toString(),
      gasPrice: route.gasPrice?.toString() ?? null,
      networkFee: route.gasPrice === null ? null : (route.gas * route.gasPrice).toString(),
      steps: route.steps,
      allowanceTarget: route.allowanceTarget,
      allowance: route.allowance?.toString() ?? null,
      approvalRequired:
        route.allowanceTarget !== null && route.allowance !== null && route.allowance < route.sellAmount,
      transaction: route.transaction
        ? {
            to: route.transaction.to,
            data: route.transaction.data,
            value: route.transaction.value.toString(),
          }
        : null,
    })),
  };
}

/** POST /api/v1/sandbox/networks/{network}/faucet: test coins for an address on a sandbox chain. */
export const sandboxFaucetRequestSchema = z.strictObject({
  address: addressSchema.describe('The address that receives the gas token and the test tokens'),
});

export const sandboxFaucetSchema = z.object({
  network: z.enum(DEX_NETWORK_IDS),
  chainId: z.number().int(),
  /** The transactions that sent the coins, the gas token first. */
  transactions: z.array(z.string()),
});

/** The DEX's response bodies by name, for the OpenAPI document's components (server/api/schemas.ts). */
export const DEX_RESPONSE_SCHEMAS = {
  DexQuotes: dexQuotesSchema,
  SandboxFaucet: sandboxFaucetSchema,
} as const;
