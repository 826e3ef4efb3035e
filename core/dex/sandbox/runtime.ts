import type { Logger } from 'pino';
import type { DexNetwork } from '../networks.ts';
import type { SandboxChain } from '../sandbox-file.ts';
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
 * once), each started on its first use (a quote, a faucet claim, a call through the site's RPC),
 * one start at a time, and served through `set`. An idle server carries none of them: Hardhat and
 * EDR load with the first (docs/decisions/009). `faucet` gives a claim.
 */
export class SandboxChains {
  readonly #set: SandboxChainSet;
  readonly #networks: DexNetwork[];
  readonly #deps: SandboxChainsDeps;
  readonly #running: RunningSandboxChain[] = [];
  readonly #plans = new Map<number, Promise<SandboxChainPlan | null>>();
  /** Starts run one after the other: one deployment's memory and CPU at a time. */
  #queue: Promise<unknown> = Promise.resolve();
  #planning: Promise<void> | null = null;
  #closed = false;

  constructor(options: { set: SandboxChainSet; networks: DexNetwork[]; deps: SandboxChainsDeps }) {
    this.#set = options.set;
    this.#networks = options.networks;
    this.#deps = options.deps;
    this.#set.plan(this.#networks, (network) => this.#start(network));
  }

  get networks(): readonly DexNetwork[] {
    return this.#networks;
  }

  /**
   * Plans every chain (tokens and prices from the site's data: its token list then shows what the
   * chain will carry), after the server listens; no chain starts here.
   */
  start(): Promise<void> {
    this.#planning ??= (async () => {
      for (const network of this.#networks) await this.#plan(network);
      this.#deps.log.info(
        { networks: this.#networks.map((network) => network.id) },
        'Sandbox chains planned; each starts on first use',
      );
    })();
    return this.#planning;
  }

  #plan(network: DexNetwork): Promise<SandboxChainPlan | null> {
    let plan = this.#plans.get(network.chainId);
    if (!plan) {
      plan = planSandboxChain(network, this.#deps).then(
        (planned) => {
          if (planned) {
            this.#set.planTokens(
              network,
              planned.tokens.map((entry) => entry.token.address),
            );
          } else {
            // Planned again at the next use: the prices may have come meanwhile.
            this.#plans.delete(network.chainId);
          }
          return planned;
        },
        (error: unknown) => {
          this.#plans.delete(network.chainId);
          throw error;
        },
      );
      this.#plans.set(network.chainId, plan);
    }
    return plan;
  }

  /** Deploys one network's chain (after any start under way); null when it cannot start. */
  #start(network: DexNetwork): Promise<SandboxChain | null> {
    const run = this.#queue.then(async () => {
      const { log } = this.#deps;
      if (this.#closed) return null;
      const started = Date.now();
      try {
        const plan = await this.#plan(network);
        if (!plan) {
          log.warn({ network: network.id }, 'Sandbox chain: no market price for the gas token; not started');
          return null;
        }
        // viem, Hardhat and EDR load here, with the first chain, not at the server's start.
        const { deploySandboxChain } = await import('./chains.ts');
        const running = await deploySandboxChain(plan);
        if (this.#closed) {
          await running.close();
          return null;
        }
        this.#running.push(running);
        log.info(
          {
            network: network.id,
            chainId: running.chain.chainId,
            tokens: running.chain.tokens.length,
            ms: Date.now() - started,
          },
          'Sandbox chain started',
        );
        return running.chain;
      } catch (error) {
        log.error({ err: error, network: network.id }, 'Sandbox chain did not start');
        return null;
      }
    });
    this.#queue = run;
    return run;
  }

  /** True when this chain id is one of this server's sandbox chains (running or not yet). */
  serves(chainId: number): boolean {
    return this.#set.plannedBySandboxId(chainId) !== undefined;
  }

  /** The running chain of this chain id. */
  running(chainId: number): RunningSandboxChain | undefined {
    return this.#running.find((entry) => entry.chain.chainId === chainId);
  }

  /** The chain of this chain id, started first when it is not running yet. */
  async use(chainId: number): Promise<RunningSandboxChain | undefined> {
    const network = this.#set.plannedBySandboxId(chainId);
    if (!network) return undefined;
    await this.#set.ensure(network);
    return this.running(chainId);
  }

  /** Sends one faucet claim to `address`: the gas token and each token. Answers the transaction hashes. */
  async faucet(chainId: number, address: Address): Promise<Address[]> {
    const running = await this.use(chainId);
    if (!running) throw new Error(`no sandbox chain ${chainId}`);
    const { sendFaucetClaim } = await import('./chains.ts');
    return sendFaucetClaim(running, address);
  }

  /** Starts no more chains, waits for a start under way, then stops every chain. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue;
    await Promise.all(this.#running.map((entry) => entry.close()));
  }
}
