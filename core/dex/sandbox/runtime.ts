import type { Logger } from 'pino';
import type { DexNetwork } from '../networks.ts';
import { type DexToken, rankTokens } from '../tokens.ts';
import type { SandboxChainSet } from './chain-set.ts';
import type { RunningSandboxChain, SandboxChainPlan } from './chains.ts';

type Address = `0x${string}`;

/** Listed tokens deployed on each sandbox chain (besides the wrapped gas token). */
export const SANDBOX_TOKENS_PER_NETWORK = 10;

export interface SandboxChainsDeps {
  /** The network's tokens (core/dex/dex.ts, DexService.tokenList). */
  tokenList(network: DexNetwork): Promise<DexToken[]>;
  /** Catalogue rank per coin code. */
  coinRanks(): Promise<Map<string, number>>;
  /** Dollar price of a coin code, from the site's market data. */
  usdPrice(code: string): Promise<string | null>;
  log: Logger;
}

/**
 * The plan of a network's sandbox chain: its first listed tokens (catalogue rank) that have a
 * market price, priced from it; null when the gas token has no price.
 */
export async function planSandboxChain(
  network: DexNetwork,
  deps: Omit<SandboxChainsDeps, 'log'>,
): Promise<SandboxChainPlan | null> {
  const price = async (symbol: string) => {
    const text = await deps.usdPrice(symbol.toLowerCase());
    const value = text === null ? Number.NaN : Number(text);
    return Number.isFinite(value) && value > 0 ? value : null;
  };
  const nativeUsd = await price(network.native.symbol);
  if (nativeUsd === null) return null;
  const ranked = rankTokens(await deps.tokenList(network), await deps.coinRanks());
  const tokens: SandboxChainPlan['tokens'] = [];
  const seen = new Set<string>();
  for (const token of ranked) {
    if (tokens.length >= SANDBOX_TOKENS_PER_NETWORK) break;
    if (token.native || token.address === network.wrappedNative.toLowerCase() || seen.has(token.symbol))
      continue;
    const usd = await price(token.symbol);
    if (usd === null) continue;
    seen.add(token.symbol);
    tokens.push({ token, usd });
  }
  return { network, tokens, nativeUsd };
}

/**
 * The sandbox chains the server runs: planned at start (their networks are listed as sandboxes at
 * once), deployed one after the other by `start`, served through `set`. `faucet` gives a claim.
 */
export class SandboxChains {
  readonly #set: SandboxChainSet;
  readonly #networks: DexNetwork[];
  readonly #deps: SandboxChainsDeps;
  readonly #running: RunningSandboxChain[] = [];
  #resolve: (chains: RunningSandboxChain[]) => void = () => {};
  readonly #deployed: Promise<RunningSandboxChain[]>;
  #starting: Promise<void> | null = null;
  #closed = false;

  constructor(options: { set: SandboxChainSet; networks: DexNetwork[]; deps: SandboxChainsDeps }) {
    this.#set = options.set;
    this.#networks = options.networks;
    this.#deps = options.deps;
    this.#deployed = new Promise((resolve) => {
      this.#resolve = resolve;
    });
    this.#set.plan(
      this.#networks,
      this.#deployed.then((running) => running.map((entry) => entry.chain)),
    );
  }

  get networks(): readonly DexNetwork[] {
    return this.#networks;
  }

  /** Deploys the planned chains (after the server listens); a network that fails is left out and logged. */
  start(): Promise<void> {
    this.#starting ??= this.#deploy();
    return this.#starting;
  }

  async #deploy(): Promise<void> {
    const { log } = this.#deps;
    for (const network of this.#networks) {
      // A server stopping meanwhile deploys no more.
      if (this.#closed) break;
      const started = Date.now();
      try {
        const plan = await planSandboxChain(network, this.#deps);
        if (!plan) {
          log.warn({ network: network.id }, 'Sandbox chain: no market price for the gas token; not started');
          continue;
        }
        // viem, Hardhat and EDR load here, not at the server's start.
        const { deploySandboxChain } = await import('./chains.ts');
        const running = await deploySandboxChain(plan);
        this.#running.push(running);
        log.info(
          {
            network: network.id,
            chainId: running.chain.chainId,
            tokens: running.chain.tokens.length,
            ms: Date.now() - started,
          },
          'Sandbox chain deployed',
        );
      } catch (error) {
        log.error({ err: error, network: network.id }, 'Sandbox chain did not start');
      }
    }
    this.#resolve(this.#running);
  }

  /** The deployed chain of this chain id. */
  running(chainId: number): RunningSandboxChain | undefined {
    return this.#running.find((entry) => entry.chain.chainId === chainId);
  }

  /** Sends one faucet claim to `address`: the gas token and each token. Answers the transaction hashes. */
  async faucet(chainId: number, address: Address): Promise<Address[]> {
    const running = this.running(chainId);
    if (!running) throw new Error(`no sandbox chain ${chainId}`);
    const { sendFaucetClaim } = await import('./chains.ts');
    return sendFaucetClaim(running, address);
  }

  /** Stops deploying, waits for the chain being deployed, then stops every chain. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#starting;
    this.#resolve(this.#running);
    await Promise.all(this.#running.map((entry) => entry.close()));
  }
}
