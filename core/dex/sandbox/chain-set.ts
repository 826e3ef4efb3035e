import type { DexNetwork } from '../networks.ts';
import { type SandboxChain, sandboxNetworkChainId } from '../sandbox-file.ts';

/**
 * The sandbox chains the services serve: those of DEX_SANDBOX_FILE, known at start, and those the
 * default start runs (core/dex/sandbox/chains.ts), planned at start and deployed in the background
 * after the server listens. Until a planned chain is deployed its network is listed as a sandbox,
 * and what needs the chain waits for it (`ready`).
 */
export class SandboxChainSet {
  #chains: SandboxChain[];
  readonly #planned = new Set<number>();
  #ready: Promise<void> = Promise.resolve();

  constructor(chains: SandboxChain[] = []) {
    this.#chains = [...chains];
  }

  /** Networks whose sandbox chains `deployment` will bring; the set serves them once it resolves. */
  plan(networks: readonly DexNetwork[], deployment: Promise<SandboxChain[]>): void {
    for (const network of networks) this.#planned.add(network.chainId);
    this.#ready = deployment.then(
      (chains) => {
        this.#chains = [...this.#chains, ...chains];
        for (const network of networks) this.#planned.delete(network.chainId);
      },
      () => {
        for (const network of networks) this.#planned.delete(network.chainId);
      },
    );
  }

  /** True when a sandbox chain stands in for this network (deployed or planned). */
  covers(network: Pick<DexNetwork, 'chainId'>): boolean {
    return this.#planned.has(network.chainId) || this.find(network) !== undefined;
  }

  /** The deployed chain standing in for this network. */
  find(network: Pick<DexNetwork, 'chainId'>): SandboxChain | undefined {
    return this.#chains.find((chain) => sandboxNetworkChainId(chain) === network.chainId);
  }

  /** The deployed chain of this (sandbox) chain id: what the site's RPC endpoint forwards to. */
  byChainId(chainId: number): SandboxChain | undefined {
    return this.#chains.find((chain) => chain.chainId === chainId);
  }

  /** The deployed chains now. */
  list(): SandboxChain[] {
    return this.#chains;
  }

  /** The chains once the planned ones are deployed (or failed to). */
  async ready(): Promise<SandboxChain[]> {
    await this.#ready;
    return this.#chains;
  }

  get size(): number {
    return this.#chains.length + this.#planned.size;
  }
}
