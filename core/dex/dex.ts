import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import type { Config } from '../config.ts';
import { withDeadline } from '../deadline.ts';
import { resilientDexSource } from '../providers/resilience.ts';
import { readAllowance } from './allowance.ts';
import { KyberSwapSource } from './kyberswap.ts';
import { DEX_NETWORKS, type DexNetwork, dexNetwork, NATIVE_TOKEN, sandboxNetworkName } from './networks.ts';
import { SANDBOX_QUOTE_AFTER_START_MS, SandboxChainSet } from './sandbox/chain-set.ts';
import { readSandboxFile, type SandboxChain, sandboxNetworkChainId } from './sandbox-file.ts';
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
  /** True when the network runs on a local sandbox chain (DEX_SANDBOX_FILE's or the default start's). */
  sandbox: boolean;
  /** The chain id wallets and transactions use: the sandbox chain's own where it runs on one. */
  chainId: number;
  /** The name shown: "Ethereum (sandbox)" on a sandbox chain of the default start. */
  name: string;
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
  /** Every sandbox chain: DEX_SANDBOX_FILE's and those the default start runs. */
  readonly sandboxChains: SandboxChainSet;
  readonly #tokenListFile: string | undefined;
  #configTokens: Promise<void> | null = null;

  constructor(options: {
    config: Config;
    db: Database;
    log: Logger;
    /** Route sources instead of those the configuration gives (tests). */
    sources?: DexRouteSource[];
    /** The sandbox chains; by default DEX_SANDBOX_FILE's. */
    sandboxChains?: SandboxChainSet;
  }) {
    const { config, db, log } = options;
    this.#db = db;
    this.#log = log;
    this.tokens = new DexTokenStore(db);
    this.#timeoutMs = config.QUOTE_TIMEOUT_MS;
    this.#tokenListFile = config.DEX_TOKEN_LIST_FILE;
    this.#sandboxChains = readSandboxFile(config.DEX_SANDBOX_FILE);
    this.sandboxChains = options.sandboxChains ?? new SandboxChainSet(this.#sandboxChains);
    for (const network of DEX_NETWORKS) {
      const url = (config as unknown as Record<string, string | undefined>)[
        `DEX_RPC_URL_${network.configKey}`
      ];
      if (url) this.#rpcUrls.set(network.chainId, url);
    }
    // The aggregators' APIs side by side, each behind its circuit breaker and retry (SourceGuard).
    const real: DexRouteSource[] = [];
    if (config.ZEROX_API_KEY) {
      real.push(new ZeroExSource({ apiKey: config.ZEROX_API_KEY, baseUrl: config.ZEROX_API_URL }));
    }
    if (config.KYBERSWAP_CLIENT_ID) {
      real.push(
        new KyberSwapSource({
          clientId: config.KYBERSWAP_CLIENT_ID,
          baseUrl: config.KYBERSWAP_API_URL,
          // KyberSwap does not report the taker's allowance: read it on the network's RPC.
          allowanceOf: (network, call, signal) => {
            const url = this.#rpcUrls.get(network.chainId);
            if (!url) return Promise.reject(new Error(`no DEX_RPC_URL_${network.configKey}`));
            return readAllowance(url, call, signal);
          },
        }),
      );
    }
    this.#sources = options.sources ?? [
      lazySandboxAggregator(this.sandboxChains),
      ...real.map((source) => resilientDexSource(source)),
    ];
  }

  networks(): DexNetworkInfo[] {
    return DEX_NETWORKS.map((network) => {
      const sandbox = this.sandboxChains.covers(network);
      // The default start's chains name their network and keep their own chain id.
      const own =
        sandbox && !this.#sandboxChains.some((chain) => sandboxNetworkChainId(chain) === network.chainId);
      return {
        network,
        rpcUrl: this.#rpcUrls.get(network.chainId) ?? this.sandboxChains.find(network)?.rpcUrl ?? null,
        sandbox,
        chainId: own ? network.sandboxChainId : network.chainId,
        name: own ? sandboxNetworkName(network) : network.name,
        sources: this.#sources.filter((source) => source.supports(network)).map((source) => source.id),
      };
    });
  }

  /**
   * The networks a sandbox chain of the default start may stand in for: those no real route source
   * (0x, KyberSwap) serves and no DEX_SANDBOX_FILE chain covers. A configured real network always wins.
   */
  networksForSandboxChains(): DexNetwork[] {
    return DEX_NETWORKS.filter(
      (network) =>
        !this.sandboxChains.covers(network) &&
        !this.#sources.some((source) => source.id !== 'sandbox' && source.supports(network)),
    );
  }

  /**
   * The network's tokens: the gas token, configured tokens, then the default list's. On a sandbox
   * chain of the default start, only those deployed on it (the others have no contract there).
   */
  async tokenList(network: DexNetwork): Promise<DexToken[]> {
    await this.#ensureConfigTokens();
    const tokens = await this.tokens.list(network);
    const chain = this.sandboxChains.find(network);
    // A chain of the default start not running yet: the tokens planned for it.
    const planned = chain ? undefined : this.sandboxChains.plannedTokens(network);
    if (planned) {
      const wrapped = network.wrappedNative.toLowerCase();
      return tokens.filter(
        (token) => token.native || token.address === wrapped || planned.has(token.address),
      );
    }
    if (!chain?.network) return tokens;
    const deployed = new Set<string>([chain.weth, ...chain.tokens.map((token) => token.address)]);
    return tokens.filter((token) => token.native || deployed.has(token.address));
  }

  async quote(input: DexQuoteInput): Promise<DexQuoteResult> {
    const network = dexNetwork(input.network);
    if (!network) throw new DexQuoteError('dex_unknown_network', 404, 'network');
    const sources = this.#sources.filter((source) => source.supports(network));
    if (sources.length === 0) throw new DexQuoteError('dex_network_unavailable', 422, 'network');
    const listed = await this.tokenList(network);
    const sellToken = listed.find((token) => token.address === input.sellToken.toLowerCase());
    if (!sellToken) throw new DexQuoteError('dex_unknown_token', 422, 'sellToken');
    const buyToken = listed.find((token) => token.address === input.buyToken.toLowerCase());
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
        try {
          // The deadline holds even for a source that ignores its signal.
          return await withDeadline((signal) => source.quote(request, signal), this.#timeoutMs);
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
        tokens: chain.tokens.map((token) => ({ ...token, chainId: sandboxNetworkChainId(chain) })),
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
 * server's start, never load viem (docs/decisions/009). A quote on a planned chain starts it.
 */
function lazySandboxAggregator(chains: SandboxChainSet): DexRouteSource {
  let module: Promise<typeof import('./sandbox-aggregator.ts')> | null = null;
  let built: { chains: SandboxChain[]; source: DexRouteSource } | null = null;
  return {
    id: 'sandbox',
    name: 'Sandbox AMM',
    supports: (network) => chains.covers(network),
    async quote(request, signal) {
      const running = chains.find(request.network) !== undefined;
      module ??= import('./sandbox-aggregator.ts');
      const [loaded] = await Promise.all([module, chains.ensure(request.network)]);
      // A chain that had to start first: the quote gets its time afresh after the start.
      const quoteSignal = running ? signal : AbortSignal.timeout(SANDBOX_QUOTE_AFTER_START_MS);
      // Built again when a chain has started since: it then knows every running one.
      if (built?.chains !== chains.list()) {
        built = { chains: chains.list(), source: new loaded.SandboxAggregator(chains.list()) };
      }
      return built.source.quote(request, quoteSignal);
    },
  };
}

export { NATIVE_TOKEN };
