import { z } from 'zod';
import type { DexNetwork } from './networks.ts';
import type { Address, DexQuoteRequest, DexRoute, DexRouteSource } from './types.ts';

/** 0x Swap API v2 chains among ours (docs: supported chains). */
const ZEROX_CHAINS = new Set([1, 10, 56, 137, 42161]);

const amount = z.string().regex(/^\d+$/).transform(BigInt);
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => value.toLowerCase() as Address);

/** The fields of GET /swap/allowance-holder/{price,quote} we read (docs.0x.org, Swap API v2). */
const responseSchema = z.union([
  z.object({ liquidityAvailable: z.literal(false) }),
  z.object({
    liquidityAvailable: z.literal(true),
    buyAmount: amount,
    sellAmount: amount,
    minBuyAmount: amount,
    gas: amount.nullish(),
    gasPrice: amount.nullish(),
    issues: z
      .object({
        allowance: z.object({ actual: amount, spender: address }).nullish(),
      })
      .partial()
      .nullish(),
    route: z
      .object({
        fills: z.array(
          z.object({ from: address, to: address, source: z.string(), proportionBps: z.coerce.number() }),
        ),
      })
      .nullish(),
    transaction: z
      .object({
        to: address,
        data: z.string().regex(/^0x[0-9a-fA-F]*$/),
        gas: amount.nullish(),
        gasPrice: amount.nullish(),
        value: amount,
      })
      .nullish(),
  }),
]);

export class ZeroExError extends Error {
  override name = 'ZeroExError';
}

export interface ZeroExOptions {
  apiKey: string;
  /** https://api.0x.org, or the local fake. */
  baseUrl: string;
  fetch?: typeof fetch;
}

/**
 * The 0x Swap API v2 with the AllowanceHolder flow: `/price` without a taker (no transaction),
 * `/quote` with one (the transaction and the taker's allowance in `issues.allowance`). The sell
 * token is approved to the allowance target, then the transaction is sent as given.
 */
export class ZeroExSource implements DexRouteSource {
  readonly id = '0x';
  readonly name = '0x';
  readonly #options: ZeroExOptions;
  readonly #fetch: typeof fetch;

  constructor(options: ZeroExOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? fetch;
  }

  supports(network: DexNetwork): boolean {
    return ZEROX_CHAINS.has(network.chainId);
  }

  async quote(request: DexQuoteRequest, signal: AbortSignal): Promise<DexRoute | null> {
    const endpoint = request.taker ? 'quote' : 'price';
    const params = new URLSearchParams({
      chainId: String(request.network.chainId),
      sellToken: request.sellToken.address,
      buyToken: request.buyToken.address,
      sellAmount: request.sellAmount.toString(),
      slippageBps: String(request.slippageBps),
      ...(request.taker ? { taker: request.taker } : {}),
    });
    const response = await this.#fetch(
      `${this.#options.baseUrl.replace(/\/+$/, '')}/swap/allowance-holder/${endpoint}?${params}`,
      {
        headers: { '0x-api-key': this.#options.apiKey, '0x-version': 'v2', accept: 'application/json' },
        signal,
      },
    );
    if (!response.ok) throw new ZeroExError(`0x answered ${response.status}`);
    const parsed = responseSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new ZeroExError('0x answered an unexpected body');
    const body = parsed.data;
    if (!body.liquidityAvailable) return null;
    const native = request.sellToken.address === '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
    const allowance = body.issues?.allowance ?? null;
    // 0x sends issues.allowance only when the allowance is short; no issue means it is enough.
    const allowanceTarget = native ? null : (allowance?.spender ?? body.transaction?.to ?? null);
    const symbols = new Map([
      [request.sellToken.address, request.sellToken.symbol],
      [request.buyToken.address, request.buyToken.symbol],
    ]);
    return {
      source: this.id,
      sourceName: this.name,
      sellAmount: body.sellAmount,
      buyAmount: body.buyAmount,
      // 0x applies slippageBps itself: its minimum is what the transaction enforces.
      minBuyAmount: body.minBuyAmount,
      priceImpactBps: null,
      gas: body.transaction?.gas ?? body.gas ?? 0n,
      gasPrice: body.transaction?.gasPrice ?? body.gasPrice ?? null,
      steps: (body.route?.fills ?? []).map((fill) => ({
        source: fill.source,
        tokenIn: symbols.get(fill.from) ?? fill.from,
        tokenOut: symbols.get(fill.to) ?? fill.to,
        proportionBps: fill.proportionBps,
      })),
      allowanceTarget,
      allowance: native || !request.taker ? null : allowance ? allowance.actual : request.sellAmount,
      transaction: body.transaction
        ? {
            to: body.transaction.to,
            data: body.transaction.data as `0x${string}`,
            value: body.transaction.value,
          }
        : null,
    };
  }
}
