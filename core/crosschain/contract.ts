import { z } from 'zod';
import { MAX_SLIPPAGE_BPS } from '../dex/amm.ts';
import { DEX_NETWORK_IDS } from '../dex/networks.ts';
import type { CrossChainQuoteResult } from './crosschain.ts';
import { BRIDGE_STATUSES } from './status.ts';

const addressSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x address of 40 hex digits')
  .transform((value) => value.toLowerCase() as `0x${string}`);
const baseUnits = z.string().regex(/^\d{1,78}$/);

/** GET /api/v1/cross-chain/quotes: a token on one network to a token on another. */
export const crossChainQuoteQuerySchema = z.strictObject({
  fromNetwork: z.enum(DEX_NETWORK_IDS),
  toNetwork: z.enum(DEX_NETWORK_IDS),
  fromToken: addressSchema.describe('Token address on the source network; 0xEeee…EEeE for its gas token'),
  toToken: addressSchema.describe('Token address on the destination network; 0xEeee…EEeE for its gas token'),
  fromAmount: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,77}$/, 'a positive integer amount in base units'),
  fromAddress: addressSchema.describe('The wallet that signs on the source network'),
  toAddress: addressSchema.optional().describe('Where the tokens land; the same wallet unless given'),
  slippageBps: z.coerce.number().int().min(0).max(MAX_SLIPPAGE_BPS).default(50),
});

/** GET /api/v1/cross-chain/status: a transfer sent on the source network, followed until it lands. */
export const crossChainStatusQuerySchema = z.strictObject({
  source: z.enum(['lifi', 'across', 'sandbox-bridge']).default('lifi'),
  txHash: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'a transaction hash: 0x and 64 hex digits')
    .transform((value) => value.toLowerCase()),
  fromNetwork: z.enum(DEX_NETWORK_IDS),
  toNetwork: z.enum(DEX_NETWORK_IDS),
  bridge: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'the bridge of the route (its `bridge`)'),
});

export const crossChainStatusSchema = z.object({
  status: z.enum(BRIDGE_STATUSES),
  substatus: z.string().nullable(),
  receivingTxHash: z.string().nullable().describe('The destination transaction once the transfer landed'),
  receivingTxUrl: z.string().nullable().describe('That transaction on the destination network’s explorer'),
  receivedAmount: baseUnits.nullable(),
});
export type CrossChainStatusView = z.infer<typeof crossChainStatusSchema>;

const tokenSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  icon: z.string(),
});
const networkSchema = z.object({ id: z.enum(DEX_NETWORK_IDS), chainId: z.number().int(), name: z.string() });

export const crossChainQuotesSchema = z.object({
  fromNetwork: networkSchema,
  toNetwork: networkSchema,
  fromToken: tokenSchema,
  toToken: tokenSchema,
  fromAmount: baseUnits,
  routes: z
    .array(
      z.object({
        source: z.string(),
        sourceName: z.string(),
        bridge: z.string(),
        bridgeName: z.string(),
        toAmount: baseUnits,
        toAmountMin: baseUnits,
        durationSeconds: z.number().int(),
        fees: z.array(z.object({ name: z.string(), amount: baseUnits, symbol: z.string() })),
        gasCost: baseUnits.nullable().describe('Wei of the source network’s gas token'),
        steps: z.array(
          z.object({
            type: z.string(),
            tool: z.string(),
            fromChainId: z.number().int(),
            toChainId: z.number().int(),
            fromSymbol: z.string(),
            toSymbol: z.string(),
          }),
        ),
        approvalAddress: z.string().nullable(),
        transaction: z
          .object({ to: z.string(), data: z.string(), value: baseUnits, chainId: z.number().int() })
          .nullable(),
      }),
    )
    .describe('Best first'),
});
export type CrossChainQuotesView = z.infer<typeof crossChainQuotesSchema>;

export function crossChainQuotesView(result: CrossChainQuoteResult): CrossChainQuotesView {
  const network = (n: CrossChainQuoteResult['fromNetwork']) => ({
    id: n.id,
    chainId: n.chainId,
    name: n.name,
  });
  const token = ({ address, symbol, decimals, icon }: CrossChainQuoteResult['fromToken']) => ({
    address,
    symbol,
    decimals,
    icon,
  });
  return {
    fromNetwork: network(result.fromNetwork),
    toNetwork: network(result.toNetwork),
    fromToken: token(result.fromToken),
    toToken: token(result.toToken),
    fromAmount: result.fromAmount.toString(),
    routes: result.routes.map((route) => ({
      source: route.source,
      sourceName: route.sourceName,
      bridge: route.tool,
      bridgeName: route.toolName,
      toAmount: route.toAmount.toString(),
      toAmountMin: route.toAmountMin.toString(),
      durationSeconds: route.durationSeconds,
      fees: route.fees.map((fee) => ({ ...fee, amount: fee.amount.toString() })),
      gasCost: route.gasCost?.toString() ?? null,
      steps: route.steps,
      approvalAddress: route.approvalAddress,
      transaction: route.transaction
        ? { ...route.transaction, value: route.transaction.value.toString() }
        : null,
    })),
  };
}

/** The cross-chain response bodies by name, for the OpenAPI document's components (server/api/schemas.ts). */
export const CROSS_CHAIN_RESPONSE_SCHEMAS = {
  CrossChainQuotes: crossChainQuotesSchema,
  CrossChainStatus: crossChainStatusSchema,
} as const;
