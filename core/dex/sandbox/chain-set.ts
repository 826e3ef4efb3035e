import type { DexNetwork } from '../networks.ts';
import { type SandboxChain, sandboxNetworkChainId } from '../sandbox-file.ts';

/** The time a quote on a sandbox chain has after the chain had to start for it. */
export const SANDBOX_QUOTE_AFTER_START_MS = 5_000;

/** Starts a planned network's sandbox chain: the chain, or null when it cannot start. */
export type SandboxChainStarter = (network: DexNetwork) => Promise<SandboxChain | null>;

/**
 * The sandbox chains the services serve: those of DEX_SANDBOX_FILE, known at start, and those the
 * default start runs (core/dex/sandbox/runtime.ts), planned at start and each started on its first
 * use (`ensure`: a quote, a faucet claim, a call through the site's RPC). A planned network is
 * listed as a sandbox at once; until its chain runs, its token list is the planned one.
 */
export class SandboxChainSet {
  #chains: SandboxChain[];
  /** Planned networks by their own chain id. */
  readonly #planned = new Map<number, DexNetwork>();
  /** The planned tokens' addresses per network (chain id), once planned. */
  readonly #plannedTokens = new Map<number, ReadonlySet<string>>();
  readonly #starting = new Map<number, Promise<SandboxChain | undefined>>();
  #starter: SandboxChainStarter | null = null;

  constructor(chains: SandboxChain[] = []) {
    this.#chains = [...chains];
  }

  /** Networks whose sandbox chains `starter` starts on first use. */
  plan(networks: readonly DexNetwork[], starter: SandboxChainStarter): void {
    for (const network of networks) this.#planned.set(network.chainId, network);
    this.#starter = starter;
  }

  /** The tokens a planned network's chain will carry (the token list shows these meanwhile). */
  planTokens(network: Pick<DexNetwork, 'chainId'>, addresses: readonly string[]): void {
    this.#plannedTokens.set(network.chainId, new Set(addresses.map((address) => address.toLowerCase())));
  }

  plannedTokens(network: Pick<DexNetwork, 'chainId'>): ReadonlySet<string> | undefined {
    return this.#plannedTokens.get(network.chainId);
  }

  /** True when a sandbox chain stands in for this network (running or planned). */
  covers(network: Pick<DexNetwork, 'chainId'>): boolean {
    return this.#planned.has(network.chainId) || this.find(network) !== undefined;
  }

  /** The running chain standing in for this network. */
  find(network: Pick<DexNetwork, 'chainId'>): SandboxChain | undefined {
    return this.#chains.find((chain) => sandboxNetworkChainId(chain) === network.chainId);
  }

  /** The running chain of this (sandbox) chain id: what the site's RPC endpoint forwards to. */
  byChainId(chainId: number): SandboxChain | undefined {
    return this.#chains.find((chain) => chain.chainId === chainId);
  }

  /** The planned network whose sandbox chain has this chain id (running or not). */
  plannedBySandboxId(chainId: number): DexNetwork | undefined {
    for (const network of this.#planned.values()) if (network.sandboxChainId === chainId) return network;
    return undefined;
  }

  /**
   * The chain standing in for this network, started first when it is planned and not running
   * (one start per network at a time; a start that failed is tried again at the next use).
   */
  async ensure(network: Pick<DexNetwork, 'chainId'>): Promise<SandboxChain | undefined> {
    const running = this.find(network);
    if (running) return running;
    const planned = this.#planned.get(network.chainId);
    if (!planned || !this.#starter) return undefined;
    let starting = this.#starting.get(network.chainId);
    if (!starting) {
      const starter = this.#starter;
      starting = (async () => {
        try {
          const chain = await starter(planned);
          if (chain && !this.find(network)) this.#chains = [...this.#chains, chain];
          return chain ?? undefined;
        } finally {
          this.#starting.delete(network.chainId);
        }
      })();
      this.#starting.set(network.chainId, starting);
    }
    return starting;
  }

  /** The running chains now. */
  list(): SandboxChain[] {
    return this.#chains;
  }

  /** Chains running or planned. */
  get size(): number {
    let planned = 0;
    for (const chainId of this.#planned.keys()) if (!this.find({ chainId })) planned++;
    return this.#chains.length + planned;
  }
}
