import type { Logger } from 'pino';
import type { SandboxChain } from '../dex/sandbox-file.ts';
import { type Job, startRepeatingJob } from '../job-backoff.ts';
import type { CrossChainRouteSource } from './lifi.ts';

/** The chains of DEX_SANDBOX_FILE with a sandbox bridge: two or more make a bridge. */
export function bridgedSandboxChains(chains: SandboxChain[]): SandboxChain[] {
  const bridged = chains.filter((chain) => chain.bridge);
  return bridged.length >= 2 ? bridged : [];
}

/**
 * The sandbox bridge as a route source, its code (viem) loaded at its first quote or status, so the
 * server's start never loads viem (docs/decisions/009). `etaSeconds`: the relayer's interval and a
 * confirmation, rounded up.
 */
export function lazySandboxBridge(
  chains: SandboxChain[],
  options: { etaSeconds: number },
): CrossChainRouteSource {
  const chainIds = new Set(chains.map((chain) => chain.chainId));
  const byId = new Map(chains.map((chain) => [chain.chainId, chain]));
  let loaded: Promise<CrossChainRouteSource> | null = null;
  const source = () =>
    (loaded ??= import('./sandbox-bridge.ts').then(
      (module) => new module.SandboxBridgeSource(chains, options),
    ));
  return {
    id: 'sandbox-bridge',
    name: 'Sandbox Bridge',
    supports: (from, to) =>
      from.chainId !== to.chainId && chainIds.has(from.chainId) && chainIds.has(to.chainId),
    // A token of one sandbox chain to the token of the same symbol on the other.
    serves: (from, fromToken, to, toToken) => {
      const symbol = byId.get(from.chainId)?.tokens.find((token) => token.address === fromToken)?.symbol;
      return (
        symbol !== undefined &&
        byId.get(to.chainId)?.tokens.some((token) => token.address === toToken && token.symbol === symbol) ===
          true
      );
    },
    quote: async (request, signal) => (await source()).quote(request, signal),
    status: async (txHash, from, to, tool, signal) => (await source()).status(txHash, from, to, tool, signal),
  };
}

/**
 * The sandbox bridge's relayer as a background job of the server: every `intervalMs` it releases
 * on the destination chains the deposits made on the source chains (core/crosschain/sandbox-bridge.ts).
 * A local chain that is down is retried with the jobs' backoff (core/job-backoff.ts).
 */
export function startSandboxBridgeJob(options: {
  chains: SandboxChain[];
  intervalMs: number;
  log: Logger;
}): Job {
  const { chains, intervalMs, log } = options;
  let relayer: Promise<{ runOnce(): Promise<number> }> | null = null;
  return startRepeatingJob({
    job: 'sandbox-bridge-relayer',
    intervalMs,
    log,
    runAtStart: false,
    run: async () => {
      relayer ??= import('./sandbox-bridge.ts').then((module) => new module.SandboxBridgeRelayer(chains));
      const released = await (await relayer).runOnce();
      if (released > 0) log.info({ released }, 'Sandbox bridge: deposits released');
    },
  });
}
