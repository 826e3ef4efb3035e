import { z } from 'zod';
import { minimumOut } from './amm.ts';
import { type DexNetwork, NATIVE_TOKEN } from './networks.ts';
import type { Address, DexQuoteRequest, DexRoute, DexRouteSource } from './types.ts';

/**
 * KyberSwap Aggregator API v1 (docs.kyberswap.com, "Aggregator API Specification: EVM Swaps";
 * "Execute A Swap With The Aggregator API"): `GET /{chain}/api/v1/routes` finds the best route and
 * returns its `routeSummary` and the router (MetaAggregationRouterV2) address; `POST
 * /{chain}/api/v1/route/build` takes that summary back verbatim with the sender, the recipient and
 * the slippage (bps) and returns the calldata and the value to send to the router. No API key: the
 * `X-Client-Id` header names the integrator and sets its rate limit. Errors are `{code, message}`:
 * 4008 route not found, 4009 amount above the maximum, 4010 no eligible pools, 4011 token not found
 * (no route for us); anything else is a failure.
 */

/** Our networks by KyberSwap's chain slug (docs: "Supported Exchanges And Networks"). */
export const KYBERSWAP_CHAINS: Readonly<Record<number, string>> = {
  1: 'ethereum',
  56: 'bsc',
  137: 'polygon',
  42161: 'arbitrum',
  10: 'optimism',
};

/** The aggregator's answers that mean "no route for this pair and amount", not a fault. */
export const KYBERSWAP_NO_ROUTE_CODES: ReadonlySet<number> = new Set([4008, 4009, 4010, 4011]);

const amount = z.string().regex(/^\d+$/).transform(BigInt);
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => value.toLowerCase() as Address);

const hopSchema = z
  .object({
    pool: z.string(),
    tokenIn: address,
    tokenOut: address,
    swapAmount: amount,
    amountOut: amount,
    exchange: z.string(),
  })
  .passthrough();

/** `GET /{chain}/api/v1/routes` (GetRouteSuccess): the fields we read; the summary is kept whole. */
const routesSchema = z.object({
  code: z.number(),
  data: z.object({
    routeSummary: z
      .object({
        tokenIn: address,
        amountIn: amount,
        tokenOut: address,
        amountOut: amount,
        gas: amount,
        gasPrice: amount.nullish(),
        route: z.array(z.array(hopSchema)),
      })
      .passthrough(),
    routerAddress: address,
  }),
});

/** `POST /{chain}/api/v1/route/build` (BuildRouteSuccess). */
const buildSchema = z.object({
  code: z.number(),
  data: z.object({
    amountIn: amount,
    amountOut: amount,
    gas: amount,
    data: z.string().regex(/^0x[0-9a-fA-F]*$/),
    routerAddress: address,
    transactionValue: amount,
  }),
});

const errorSchema = z.object({ code: z.number(), message: z.string().optional() }).passthrough();

export class KyberSwapError extends Error {
  override name = 'KyberSwapError';
}

export interface KyberSwapOptions {
  /** `X-Client-Id`: names us to KyberSwap (and is the `source` recorded on chain). */
  clientId: string;
  /** https://aggregator-api.kyberswap.com, or the local fake. */
  baseUrl: string;
  fetch?: typeof fetch;
  /**
   * The taker's allowance of a token to the router, read on the network (KyberSwap does not report
   * it). Absent or failing, the route asks for an approval first: a swap without one would revert.
   */
  allowanceOf?: (
    network: DexNetwork,
    call: { token: Address; owner: Address; spender: Address },
    signal: AbortSignal,
  ) => Promise<bigint>;
}

export class KyberSwapSource implements DexRouteSource {
  readonly id = 'kyberswap';
  readonly name = 'KyberSwap';
  readonly #options: KyberSwapOptions;
  readonly #fetch: typeof fetch;
  readonly #baseUrl: string;

  constructor(options: KyberSwapOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? fetch;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  supports(network: DexNetwork): boolean {
    return network.chainId in KYBERSWAP_CHAINS;
  }

  async #call(
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    signal: AbortSignal,
  ): Promise<{ status: number; body: unknown }> {
    const response = await this.#fetch(`${this.#baseUrl}${path}`, {
      method: init.method,
      headers: {
        accept: 'application/json',
        'x-client-id': this.#options.clientId,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal,
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  /** True when the answer says there is no route (documented codes); throws on any other failure. */
  #noRoute(status: number, body: unknown): boolean {
    const error = errorSchema.safeParse(body);
    if (status !== 200 && error.success && KYBERSWAP_NO_ROUTE_CODES.has(error.data.code)) return true;
    if (status !== 200) {
      throw new KyberSwapError(
        `KyberSwap answered ${status}${error.success ? ` (code ${error.data.code})` : ''}`,
      );
    }
    return false;
  }

  async quote(request: DexQuoteRequest, signal: AbortSignal): Promise<DexRoute | null> {
    const chain = KYBERSWAP_CHAINS[request.network.chainId];
    if (!chain) return null;
    const params = new URLSearchParams({
      tokenIn: request.sellToken.address,
      tokenOut: request.buyToken.address,
      amountIn: request.sellAmount.toString(),
      gasInclude: 'true',
      ...(request.taker ? { origin: request.taker } : {}),
    });
    const found = await this.#call(`/${chain}/api/v1/routes?${params}`, { method: 'GET' }, signal);
    if (this.#noRoute(found.status, found.body)) return null;
    const parsed = routesSchema.safeParse(found.body);
    if (!parsed.success) throw new KyberSwapError('KyberSwap answered an unexpected route');
    const { routeSummary: summary, routerAddress } = parsed.data.data;
    if (summary.amountOut === 0n) return null;

    const native = request.sellToken.address === NATIVE_TOKEN.toLowerCase();
    let buyAmount = summary.amountOut;
    let gas = summary.gas;
    let transaction: DexRoute['transaction'] = null;
    let allowance: bigint | null = null;
    let router = routerAddress;
    if (request.taker) {
      const built = await this.#call(
        `/${chain}/api/v1/route/build`,
        {
          method: 'POST',
          body: {
            // Verbatim, as the build endpoint requires.
            routeSummary: (found.body as { data: { routeSummary: unknown } }).data.routeSummary,
            sender: request.taker,
            recipient: request.taker,
            slippageTolerance: request.slippageBps,
            deadline: Math.floor(Date.now() / 1000) + 20 * 60,
            source: this.#options.clientId,
          },
        },
        signal,
      );
      if (this.#noRoute(built.status, built.body)) return null;
      const tx = buildSchema.safeParse(built.body);
      if (!tx.success) throw new KyberSwapError('KyberSwap answered an unexpected build');
      buyAmount = tx.data.data.amountOut;
      gas = tx.data.data.gas;
      router = tx.data.data.routerAddress;
      transaction = {
        to: router,
        data: tx.data.data.data as `0x${string}`,
        value: tx.data.data.transactionValue,
      };
      if (!native) {
        allowance = this.#options.allowanceOf
          ? await this.#options
              .allowanceOf(
                request.network,
                { token: request.sellToken.address as Address, owner: request.taker, spender: router },
                signal,
              )
              .catch(() => 0n)
          : 0n;
      }
    }

    const symbols = new Map([
      [request.sellToken.address, request.sellToken.symbol],
      [request.buyToken.address, request.buyToken.symbol],
      [NATIVE_TOKEN.toLowerCase(), request.network.native.symbol],
    ]);
    const total = summary.amountIn > 0n ? summary.amountIn : 1n;
    return {
      source: this.id,
      sourceName: this.name,
      sellAmount: summary.amountIn,
      buyAmount,
      // The router reverts below amountOut less slippageTolerance (the build's bps).
      minBuyAmount: minimumOut(buyAmount, request.slippageBps),
      priceImpactBps: null,
      gas,
      gasPrice: summary.gasPrice ?? null,
      steps: summary.route.flatMap((path) => {
        const share = Number(((path[0]?.swapAmount ?? 0n) * 10_000n) / total);
        return path.map((hop) => ({
          source: hop.exchange,
          tokenIn: symbols.get(hop.tokenIn) ?? hop.tokenIn,
          tokenOut: symbols.get(hop.tokenOut) ?? hop.tokenOut,
          proportionBps: share,
        }));
      }),
      allowanceTarget: native ? null : router,
      allowance,
      transaction,
    };
  }
}
