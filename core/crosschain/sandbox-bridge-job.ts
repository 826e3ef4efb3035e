import type { Logger } from 'pino';
import type { DexNetwork } from '../dex/networks.ts';
import type { SandboxChainSet } from '../dex/sandbox/chain-set.ts';
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
  chains: SandboxChainSet,
  options: { etaSeconds: number },
): CrossChainRouteSource {
  let loaded: Promise<CrossChainRouteSource> | null = null;
  // Built once the planned chains are deployed: it then knows them all.
  const source = () =>
    (loaded ??= Promise.all([import('./sandbox-bridge.ts'), chains.ready()]).then(
      ([module, deployed]) => new module.SandboxBridgeSource(bridgedSandboxChains(deployed), options),
    ));
  const bridged = (network: Pick<DexNetwork, 'chainId'>) => {
    const chain = chains.find(network);
    return chain?.bridge ? chain : undefined;
  };
  return {
    id: 'sandbox-bridge',
    name: 'Sandbox Bridge',
    supports: (from, to) =>
      from.chainId !== to.chainId &&
      chains.covers(from) &&
      chains.covers(to) &&
      (bridged(from) !== undefined || chains.find(from) === undefined) &&
      (bridged(to) !== undefined || chains.find(to) === undefined),
    // A token of one sandbox chain to the token of the same symbol on the other.
    serves: (from, fromToken, to, toToken) => {
      const symbol = bridged(from)?.tokens.find((token) => token.address === fromToken)?.symbol;
      return (
        symbol !== undefined &&
        bridged(to)?.tokens.some((token) => token.address === toToken && token.symbol === symbol) === true
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
  chains: SandboxChainSet;
  intervalMs: number;
  log: Logger;
}): Job {
  const { chains, intervalMs, log } = options;
  let relayer: Promise<{ runOnce(): Promise<number> } | null> | null = null;
  return startRepeatingJob({
    job: 'sandbox-bridge-relayer',
    intervalMs,
    log,
    runAtStart: false,
    run: async () => {
      relayer ??= Promise.all([import('./sandbox-bridge.ts'), chains.ready()]).then(([module, deployed]) => {
        const bridged = bridgedSandboxChains(deployed);
        return bridged.length > 0 ? new module.SandboxBridgeRelayer(bridged) : null;
      });
      const released = (await (await relayer)?.runOnce()) ?? 0;
      if (released > 0) log.info({ released }, 'Sandbox bridge: deposits released');
    },
  });
}
