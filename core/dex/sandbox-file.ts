import { readFileSync } from 'node:fs';
import { z } from 'zod';

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => value.toLowerCase() as `0x${string}`);

export const sandboxChainSchema = z.object({
  chainId: z.number().int().positive(),
  rpcUrl: z.url(),
  weth: address,
  factory: address,
  router: address,
  /** The sandbox bridge on this chain (core/dex/testing/SandboxBridge.sol), when deployed. */
  bridge: z
    .object({
      address,
      /** The unlocked account of the local node that signs the releases. */
      relayer: address,
      feeBps: z.number().int().min(0).max(9_999),
    })
    .optional(),
  tokens: z.array(
    z.object({
      address,
      symbol: z.string().min(1).max(20),
      name: z.string().min(1).max(80),
      decimals: z.number().int().min(0).max(36),
    }),
  ),
});
export type SandboxChainFile = z.input<typeof sandboxChainSchema>;
export type SandboxChain = z.output<typeof sandboxChainSchema>;

/**
 * DEX_SANDBOX_FILE: Uniswap v2 deployments on local chains (written by core/dex/testing/chain.ts).
 * Each chain stands in for the DEX network of its chain id: its RPC, its pools for the sandbox
 * aggregator and its tokens for the token list.
 */
export function readSandboxFile(path: string | undefined): SandboxChain[] {
  if (!path) return [];
  const json = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  return z.object({ chains: z.array(sandboxChainSchema) }).parse(json).chains;
}
