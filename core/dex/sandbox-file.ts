import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DEX_NETWORK_IDS, dexNetwork, dexNetworkByChainId } from './networks.ts';

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => value.toLowerCase() as `0x${string}`);

export const sandboxChainSchema = z.object({
  chainId: z.number().int().positive(),
  /**
   * The DEX network the chain stands in for. Without it, the network of the same chain id (the
   * tests' chains); the sandbox chains of the default start name it and keep their own chain id.
   */
  network: z.enum(DEX_NETWORK_IDS).optional(),
  rpcUrl: z.url(),
  weth: address,
  factory: address,
  router: address,
  /** The sandbox bridge on this chain (core/dex/sandbox/SandboxBridge.sol), when deployed. */
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
 * DEX_SANDBOX_FILE: Uniswap v2 deployments on local chains (written by tests/support/chain.ts).
 * Each chain stands in for the DEX network of its chain id: its RPC, its pools for the sandbox
 * aggregator and its tokens for the token list.
 */
export function readSandboxFile(path: string | undefined): SandboxChain[] {
  if (!path) return [];
  const json = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  return z.object({ chains: z.array(sandboxChainSchema) }).parse(json).chains;
}

/**
 * The chain id of the DEX network a sandbox chain stands in for: how the services find it from a
 * network (its tokens, pools and bridge are filed under the network's chain id). Its own
 * `chainId` is what wallets and transactions use.
 */
export function sandboxNetworkChainId(chain: Pick<SandboxChain, 'chainId' | 'network'>): number {
  return chain.network ? (dexNetwork(chain.network)?.chainId ?? chain.chainId) : chain.chainId;
}

/** The network a sandbox chain stands in for, if it is one of the five. */
export function sandboxChainNetwork(chain: Pick<SandboxChain, 'chainId' | 'network'>) {
  return dexNetworkByChainId(sandboxNetworkChainId(chain));
}
