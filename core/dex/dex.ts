import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import type { Config } from '../config.ts';
import { DEX_NETWORKS, type DexNetwork, dexNetwork, NATIVE_TOKEN } from './networks.ts';
import { readSandboxFile, type SandboxChain } from './sandbox-file.ts';
import { configTokens, type DexToken, DexTokenStore, upsertConfigTokens } from './tokens.ts';
import type { Address, DexRoute, DexRouteSource } from './types.ts';
import { ZeroExSource } from './zerox.ts';

export type DexQuoteErrorCode =
  | 'dex_unknown_network'
  | 'dex_network_unavailable'
  | 'dex_unknown_token'
  | 'dex_same_token'
  | 'dex_no_route'
  | 'cross_chain_same_network'
  | 'cross_chain_unavailable';

export class DexQuoteError extends Error {
  override name = 'DexQuoteError';
  readonly code: DexQuoteErrorCode;
  readonly status: 404 | 422;
  readonly field: string | undefined;
  constructor(code: DexQuoteErrorCode, status: 404 | 422, field?: string) {
    super(code);
    this.code = code;
    this.status = status;
    this.field = field;
  }
}

/** A network as the page and the API show it: configured or not, and where its chain runs. */
export interface DexNetworkInfo {
  network: DexNetwork;
  /** The JSON-RPC URL the server reads the chain through (balances, reserves, receipts), if any. */
  rpcUrl: string | null;
  /** True when the network is one of the local sandbox chains of DEX_SANDBOX_FILE. */
  sandbox: boolean;
  /** Ids of the route sources that quote on it; none means swaps are unavailable there. */
  sources: string[];
}

export interface DexQuoteInput {
  network: string;
  sellToken: string;
  buyToken: string;
  sellAmount: bigint;
  slippageBps: number;
  taker?: Address;
}

export interface DexQuoteResult {
  network: DexNetwork;
  sellToken: DexToken;
  buyToken: DexToken;
  sellAmount: bigint;
  slippageBps: number;
  taker: Address | null;
  /** Best first: the most bought; the failures of other sources are left out. */
  routes: DexRoute[];
}

/** The routes in the order offered: the most bought first, then the least gas. */
export function rankRoutes(routes: readonly DexRoute[]): DexRoute[] {
  return [...routes].sort((a, b) =>
    a.buyAmount === b.buyAmount
      ? a.gas < b.gas
        ? -1
        : a.gas > b.gas
          ? 1
          : 0
      : a.buyAmount > b.buyAmount
        ? -1
        : 1,
  );
}

/** True when the taker must approve the allowance target before the swap: exact amount is enough. */
export function needsApproval(
  route: Pick<DexRoute, 'allowanceTarget' | 'allowance' | 'sellAmount'>,
): boolean {
  return route.allowanceTarget !== null && route.allowance !== null && route.allowance < route.sellAmount;
}

/**
 * DEX swaps (core/dex): the five networks with their RPC endpoints and route sources, their token
 * lists, and quotes from every source in parallel (a timeout each, failures dropped, best first).
 */
export class DexService {
  readonly tokens: DexTokenStore;
  readonly #db: Database;
  readonly #log: Logger;
  readonly #sources: DexRouteSource[];
  readonly #timeoutMs: number;
  readonly #rpcUrls = new Map<number, string>();
  readonly #sandboxChains: SandboxChain[];
  readonly #tokenListFile: string | undefined;
  #configTokens: Promise<void> | null = null;

  constructor(options: {
    config: Config;
    db: Database;
    log: Logger;
    /** Route sources instead of those the configuration gives (tests). */
    sources?: DexRouteSource[];
  }) {
    const { config, db, log } = options;
    this.#db = db;
    this.#log = log;
    this.tokens = new DexTokenStore(db);
    this.#timeoutMs = config.QUOTE_TIMEOUT_MS;
    this.#tokenListFile = config.DEX_TOKEN_LIST_FILE;
    this.#sandboxChains = readSandboxFile(config.DEX_SANDBOX_FILE);
    for (const chain of this.#sandboxChains) this.#rpcUrls.set(chain.chainId, chain.rpcUrl);
    for (const network of DEX_NETWORKS) {
      const url = (config as unknown as Record<string, string | undefined>)[
        `DEX_RPC_URL_${network.configKey}`
      ];
      if (url) this.#rpcUrls.set(network.chainId, url);
    }
    this.#sources = options.sources ?? [
      ...(this.#sandboxChains.length > 0 ? [lazySandboxAggregator(this.#sandboxChains)] : []),
      ...(config.ZEROX_API_KEY
        ? [new ZeroExSource({ apiKey: config.ZEROX_API_KEY, baseUrl: config.ZEROX_API_URL })]
        : []),
    ];
  }

  networks(): DexNetworkInfo[] {
    return DEX_NETWORKS.map((network) => ({
      network,
      rpcUrl: this.#rpcUrls.get(network.chainId) ?? null,
      sandbox: this.#sandboxChains.some((chain) => chain.chainId === network.chainId),
      sources: this.#sources.filter((source) => source.supports(network)).map((source) => source.id),
    }));
  }

  async tokenList(network: DexNetwork): Promise<DexToken[]> {
    await this.#ensureConfigTokens();
    return this.tokens.list(network);
  }

  async quote(input: DexQuoteInput): Promise<DexQuoteResult> {
    const network = dexNetwork(input.network);
    if (!network) throw new DexQuoteError('dex_unknown_network', 404, 'network');
    const sources = this.#sources.filter((source) => source.supports(network));
    if (sources.length === 0) throw new DexQuoteError('dex_network_unavailable', 422, 'network');
    await this.#ensureConfigTokens();
    const sellToken = await this.tokens.find(network, input.sellToken);
    if (!sellToken) throw new DexQuoteError('dex_unknown_token', 422, 'sellToken');
    const buyToken = await this.tokens.find(network, input.buyToken);
    if (!buyToken) throw new DexQuoteError('dex_unknown_token', 422, 'buyToken');
    if (sellToken.address === buyToken.address) throw new DexQuoteError('dex_same_token', 422, 'buyToken');

    const request = {
      network,
      sellToken,
      buyToken,
      sellAmount: input.sellAmount,
      slippageBps: input.slippageBps,
      ...(input.taker ? { taker: input.taker } : {}),
    };
    const answers = await Promise.all(
      sources.map(async (source) => {
        const signal = AbortSignal.timeout(this.#timeoutMs);
        try {
          return await source.quote(request, signal);
        } catch (error) {
          this.#log.warn(
            { err: error, source: source.id, chainId: network.chainId },
            'A DEX route source failed',
          );
          return null;
        }
      }),
    );
    const routes = rankRoutes(
      answers.filter((route): route is DexRoute => route !== null && route.buyAmount > 0n),
    );
    if (routes.length === 0) throw new DexQuoteError('dex_no_route', 422);
    return {
      network,
      sellToken,
      buyToken,
      sellAmount: input.sellAmount,
      slippageBps: input.slippageBps,
      taker: input.taker ?? null,
      routes,
    };
  }

  /** The sandbox chains' tokens and DEX_TOKEN_LIST_FILE's, written once per process before the first read. */
  #ensureConfigTokens(): Promise<void> {
    this.#configTokens ??= (async () => {
      const lists: unknown[] = this.#sandboxChains.map((chain) => ({
        tokens: chain.tokens.map((token) => ({ ...token, chainId: chain.chainId })),
      }));
      if (this.#tokenListFile) lists.push(JSON.parse(readFileSync(this.#tokenListFile, 'utf8')));
      for (const list of lists) await upsertConfigTokens(this.#db, configTokens(list));
    })().catch((error: unknown) => {
      this.#configTokens = null;
      throw error;
    });
    return this.#configTokens;
  }
}

/**
 * The sandbox aggregator (viem) loaded at its first quote: a node without sandbox chains, and the
 * server's start, never load viem (docs/decisions/009).
 */
function lazySandboxAggregator(chains: SandboxChain[]): DexRouteSource {
  const chainIds = new Set(chains.map((chain) => chain.chainId));
  let loaded: Promise<DexRouteSource> | null = null;
  return {
    id: 'sandbox',
    name: 'Sandbox AMM',
    supports: (network) => chainIds.has(network.chainId),
    async quote(request, signal) {
      loaded ??= import('./sandbox-aggregator.ts').then((module) => new module.SandboxAggregator(chains));
      return (await loaded).quote(request, signal);
    },
  };
}

export { NATIVE_TOKEN };
