import type { Logger } from 'pino';
import { withDeadline } from '../deadline.ts';
import { DexQuoteError, type DexService } from '../dex/dex.ts';
import { type DexNetwork, dexNetwork } from '../dex/networks.ts';
import type { DexToken } from '../dex/tokens.ts';
import type { Address } from '../dex/types.ts';
import type { BridgeTransferStatus, CrossChainRoute, CrossChainRouteSource } from './lifi.ts';

export interface CrossChainQuoteInput {
  fromNetwork: string;
  toNetwork: string;
  fromToken: string;
  toToken: string;
  fromAmount: bigint;
  fromAddress: Address;
  toAddress?: Address;
  slippageBps: number;
}

export interface CrossChainQuoteResult {
  fromNetwork: DexNetwork;
  toNetwork: DexNetwork;
  fromToken: DexToken;
  toToken: DexToken;
  fromAmount: bigint;
  routes: CrossChainRoute[];
}

/** Most landing first, then the quickest. */
export function rankCrossChainRoutes(routes: readonly CrossChainRoute[]): CrossChainRoute[] {
  return [...routes].sort((a, b) =>
    a.toAmount === b.toAmount ? a.durationSeconds - b.durationSeconds : a.toAmount > b.toAmount ? -1 : 1,
  );
}

/**
 * Cross-chain swaps: a token on one DEX network to a token on another, through the bridges the
 * cross-chain route sources (LI.FI, Across) know; tokens from the networks' lists (core/dex/tokens.ts).
 */
export class CrossChainService {
  readonly #dex: DexService;
  readonly #sources: CrossChainRouteSource[];
  readonly #timeoutMs: number;
  readonly #log: Logger;

  constructor(options: {
    dex: DexService;
    sources: CrossChainRouteSource[];
    timeoutMs: number;
    log: Logger;
  }) {
    this.#dex = options.dex;
    this.#sources = options.sources;
    this.#timeoutMs = options.timeoutMs;
    this.#log = options.log;
  }

  /**
   * Names of the route sources that bridge these networks (none: no bridge is set up), and, given
   * the tokens' addresses, that bridge this token to that one.
   */
  bridges(from: DexNetwork, to: DexNetwork, tokens?: { from: string; to: string }): string[] {
    return this.#sources
      .filter(
        (source) =>
          source.supports(from, to) &&
          (!tokens ||
            !source.serves ||
            source.serves(from, tokens.from.toLowerCase(), to, tokens.to.toLowerCase())),
      )
      .map((source) => source.name);
  }

  /** Every route source (LI.FI, the sandbox bridge) with the network pairs (from, to) it bridges. */
  routeSources(
    networks: readonly DexNetwork[],
  ): { id: string; name: string; routes: [DexNetwork, DexNetwork][] }[] {
    return this.#sources.map((source) => ({
      id: source.id,
      name: source.name,
      routes: networks.flatMap((from) =>
        networks.filter((to) => source.supports(from, to)).map((to): [DexNetwork, DexNetwork] => [from, to]),
      ),
    }));
  }

  /** Where a transfer stands, from the source that routed it (LI.FI's `/status`). */
  async status(input: {
    source: string;
    txHash: string;
    fromNetwork: string;
    toNetwork: string;
    bridge: string;
  }): Promise<BridgeTransferStatus & { fromNetwork: DexNetwork; toNetwork: DexNetwork }> {
    const fromNetwork = dexNetwork(input.fromNetwork);
    if (!fromNetwork) throw new DexQuoteError('dex_unknown_network', 404, 'fromNetwork');
    const toNetwork = dexNetwork(input.toNetwork);
    if (!toNetwork) throw new DexQuoteError('dex_unknown_network', 404, 'toNetwork');
    const source = this.#sources.find(
      (known) => known.id === input.source && known.supports(fromNetwork, toNetwork),
    );
    if (!source) throw new DexQuoteError('cross_chain_unavailable', 422, 'source');
    const status = await source.status(
      input.txHash,
      fromNetwork,
      toNetwork,
      input.bridge,
      AbortSignal.timeout(this.#timeoutMs),
    );
    return { ...status, fromNetwork, toNetwork };
  }

  async quote(input: CrossChainQuoteInput): Promise<CrossChainQuoteResult> {
    const fromNetwork = dexNetwork(input.fromNetwork);
    if (!fromNetwork) throw new DexQuoteError('dex_unknown_network', 404, 'fromNetwork');
    const toNetwork = dexNetwork(input.toNetwork);
    if (!toNetwork) throw new DexQuoteError('dex_unknown_network', 404, 'toNetwork');
    if (fromNetwork.id === toNetwork.id)
      throw new DexQuoteError('cross_chain_same_network', 422, 'toNetwork');
    const sources = this.#sources.filter((source) => source.supports(fromNetwork, toNetwork));
    if (sources.length === 0) throw new DexQuoteError('cross_chain_unavailable', 422, 'toNetwork');
    const fromToken = (await this.#dex.tokenList(fromNetwork)).find((t) => t.address === input.fromToken);
    if (!fromToken) throw new DexQuoteError('dex_unknown_token', 422, 'fromToken');
    const toToken = (await this.#dex.tokenList(toNetwork)).find((t) => t.address === input.toToken);
    if (!toToken) throw new DexQuoteError('dex_unknown_token', 422, 'toToken');
    const request = {
      fromNetwork,
      toNetwork,
      fromToken,
      toToken,
      fromAmount: input.fromAmount,
      fromAddress: input.fromAddress,
      ...(input.toAddress ? { toAddress: input.toAddress } : {}),
      slippageBps: input.slippageBps,
    };
    const answers = await Promise.all(
      sources.map(async (source) => {
        try {
          // The deadline holds even for a source that ignores its signal.
          return await withDeadline((signal) => source.quote(request, signal), this.#timeoutMs);
        } catch (error) {
          this.#log.warn({ err: error, source: source.id }, 'A cross-chain route source failed');
          return null;
        }
      }),
    );
    const routes = rankCrossChainRoutes(answers.filter((route): route is CrossChainRoute => route !== null));
    if (routes.length === 0) throw new DexQuoteError('dex_no_route', 422);
    return { fromNetwork, toNetwork, fromToken, toToken, fromAmount: input.fromAmount, routes };
  }
}
