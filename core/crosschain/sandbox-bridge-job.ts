import type { Logger } from 'pino';
import type { DexNetwork } from '../dex/networks.ts';
import { SANDBOX_QUOTE_AFTER_START_MS, type SandboxChainSet } from '../dex/sandbox/chain-set.ts';
import type { SandboxChain } from '../dex/sandbox-file.ts';
import { type Job, type JobDependency, startRepeatingJob } from '../job-backoff.ts';
import type { CrossChainRouteSource } from './lifi.ts';

/** The chains of DEX_SANDBOX_FILE with a sandbox bridge: two or more make a bridge. */
export function bridgedSandboxChains(chains: SandboxChain[]): SandboxChain[] {
  const bridged = chains.filter((chain) => chain.bridge);
  return bridged.length >= 2 ? bridged : [];
}

/**
 * The sandbox bridge as a route source, its code (viem) loaded at its first quote or status, so the
 * server's start never loads viem (docs/decisions/009). A quote or status starts the two chains
 * when they are planned and not running yet. `etaSeconds`: the relayer's interval and a
 * confirmation, rounded up.
 */
export function lazySandboxBridge(
  chains: SandboxChainSet,
  options: { etaSeconds: number },
): CrossChainRouteSource {
  let module: Promise<typeof import('./sandbox-bridge.ts')> | null = null;
  let built: { chains: SandboxChain[]; source: CrossChainRouteSource } | null = null;
  const source = async (from: Pick<DexNetwork, 'chainId'>, to: Pick<DexNetwork, 'chainId'>) => {
    module ??= import('./sandbox-bridge.ts');
    const [loaded] = await Promise.all([module, chains.ensure(from), chains.ensure(to)]);
    // Built again when a chain has started since: it then knows every running one.
    if (built?.chains !== chains.list()) {
      built = {
        chains: chains.list(),
        source: new loaded.SandboxBridgeSource(bridgedSandboxChains(chains.list()), options),
      };
    }
    return built.source;
  };
  const bridged = (network: Pick<DexNetwork, 'chainId'>) => {
    const chain = chains.find(network);
    return chain?.bridge ? chain : undefined;
  };
  const symbolOf = (network: Pick<DexNetwork, 'chainId'>, address: string) =>
    bridged(network)?.tokens.find((token) => token.address === address)?.symbol;
  return {
    id: 'sandbox-bridge',
    name: 'Sandbox Bridge',
    supports: (from, to) =>
      from.chainId !== to.chainId &&
      chains.covers(from) &&
      chains.covers(to) &&
      (bridged(from) !== undefined || chains.find(from) === undefined) &&
      (bridged(to) !== undefined || chains.find(to) === undefined),
    // A token of one sandbox chain to the token of the same symbol on the other (a chain not
    // running yet: any token planned for it; the quote then tells).
    serves: (from, fromToken, to, toToken) => {
      const planned = (network: Pick<DexNetwork, 'chainId'>, address: string) =>
        chains.find(network) === undefined && chains.plannedTokens(network)?.has(address) === true;
      const fromSymbol = symbolOf(from, fromToken);
      const toSymbol = symbolOf(to, toToken);
      if (fromSymbol !== undefined && toSymbol !== undefined) return fromSymbol === toSymbol;
      return (
        (fromSymbol !== undefined || planned(from, fromToken)) &&
        (toSymbol !== undefined || planned(to, toToken))
      );
    },
    quote: async (request, signal) => {
      const running =
        chains.find(request.fromNetwork) !== undefined && chains.find(request.toNetwork) !== undefined;
      const started = await source(request.fromNetwork, request.toNetwork);
      // A chain that had to start first: the quote gets its time afresh after the start.
      return started.quote(request, running ? signal : AbortSignal.timeout(SANDBOX_QUOTE_AFTER_START_MS));
    },
    status: async (txHash, from, to, tool, signal) =>
      (await source(from, to)).status(txHash, from, to, tool, signal),
  };
}

/** viem's errors for a node that did not answer, and the network errors beneath them. */
const UNREACHABLE_NAMES = new Set(['HttpRequestError', 'TimeoutError', 'AbortError', 'SocketClosedError']);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'UND_ERR_SOCKET']);

/** Whether an error (or one it wraps) says a sandbox chain's RPC did not answer. */
export function isSandboxChainUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const { name, code, cause } = current as { name?: unknown; code?: unknown; cause?: unknown };
    if (typeof name === 'string' && UNREACHABLE_NAMES.has(name)) return true;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    current = cause;
  }
  return false;
}

/** The relayer depends on the sandbox chains' RPC, not on the database: its outage says so. */
export const SANDBOX_CHAIN_DEPENDENCY: JobDependency = {
  unavailable: isSandboxChainUnreachable,
  down: 'Sandbox chain not answering; relayer backing off until it does',
  back: 'Sandbox chain answering again; relayer resumed',
};

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
  let relayer: { chains: SandboxChain[]; relayer: { runOnce(): Promise<number> } } | null = null;
  return startRepeatingJob({
    job: 'sandbox-bridge-relayer',
    intervalMs,
    log,
    runAtStart: false,
    dependency: SANDBOX_CHAIN_DEPENDENCY,
    run: async () => {
      // Two running chains at least (they start on first use); the relayer is made again when
      // another has started (it reads each chain's deposits from its first block; a deposit
      // released before stays released).
      const bridged = bridgedSandboxChains(chains.list());
      if (bridged.length === 0) return;
      if (relayer?.chains !== chains.list()) {
        const { SandboxBridgeRelayer } = await import('./sandbox-bridge.ts');
        relayer = { chains: chains.list(), relayer: new SandboxBridgeRelayer(bridged) };
      }
      const released = await relayer.relayer.runOnce();
      if (released > 0) log.info({ released }, 'Sandbox bridge: deposits released');
    },
  });
}
