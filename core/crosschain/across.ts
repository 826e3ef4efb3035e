import { z } from 'zod';
import { type DexNetwork, NATIVE_TOKEN } from '../dex/networks.ts';
import type { Address } from '../dex/types.ts';
import type {
  BridgeTransferStatus,
  CrossChainQuoteRequest,
  CrossChainRoute,
  CrossChainRouteSource,
} from './lifi.ts';

/**
 * The Across Swap API (docs.across.to, API reference "Get swap approval data" and "Track the
 * lifecycle of a deposit"): `GET /swap/approval` with `tradeType=exactInput` gives the transfer's
 * quote (`inputAmount`, `expectedOutputAmount`, `minOutputAmount`, `expectedFillTime`, the fee
 * breakdown in `steps.bridge.fees`), the allowance check (`checks.allowance.spender`) and the
 * ready-to-send `swapTx`; `GET /deposit/status?depositTxnRef=` follows the deposit by its source
 * transaction: `pending`, `filled` (with `fillTxnRef`), `expired` (not filled by its deadline: the
 * refund follows on the origin chain) or `refunded`. Production requests carry the API key as a
 * bearer token; the integrator id (2 bytes of hex) attributes the volume. Errors are
 * `{type: "AcrossApiError", code, status, message, param}`.
 */

/** Across chains among ours (docs: contracts on Ethereum, BNB Smart Chain, Polygon, Arbitrum, OP). */
const ACROSS_CHAINS = new Set([1, 10, 56, 137, 42161]);

/** Answers that mean "Across has no route for this transfer", not a fault. */
export const ACROSS_NO_ROUTE_CODES: ReadonlySet<string> = new Set([
  'AMOUNT_TOO_LOW',
  'AMOUNT_TOO_HIGH',
  'ROUTE_NOT_ENABLED',
  'SWAP_LIQUIDITY_INSUFFICIENT',
  'SWAP_QUOTE_UNAVAILABLE',
]);

const amount = z.string().regex(/^\d+$/).transform(BigInt);
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => value.toLowerCase() as Address);
const token = z.object({ address: z.string(), chainId: z.number().int(), symbol: z.string() }).passthrough();
const swapStep = z
  .object({ tokenIn: token, tokenOut: token, swapProvider: z.object({ name: z.string() }).passthrough() })
  .passthrough()
  .nullish();

const approvalSchema = z.object({
  checks: z
    .object({ allowance: z.object({ spender: address, actual: amount, expected: amount }).passthrough() })
    .passthrough()
    .nullish(),
  steps: z.object({
    originSwap: swapStep,
    bridge: z
      .object({
        tokenIn: token,
        tokenOut: token,
        fees: z.object({ amount: amount, token }).passthrough(),
        provider: z.string().nullish(),
      })
      .passthrough(),
    destinationSwap: swapStep,
  }),
  inputAmount: amount,
  expectedOutputAmount: amount,
  minOutputAmount: amount,
  expectedFillTime: z.number().nonnegative(),
  swapTx: z
    .object({
      chainId: z.number().int(),
      to: address,
      data: z.string().regex(/^0x[0-9a-fA-F]*$/),
      value: amount.nullish(),
      gas: amount.nullish(),
      maxFeePerGas: amount.nullish(),
    })
    .passthrough(),
  fees: z
    .object({ originGas: z.object({ amount: amount }).passthrough().nullish() })
    .passthrough()
    .nullish(),
});

const statusSchema = z
  .object({
    status: z.enum(['pending', 'filled', 'expired', 'refunded']),
    fillTxnRef: z.string().nullish(),
    fillTx: z.string().nullish(),
    destinationChainId: z.coerce.number().int().nullish(),
  })
  .passthrough();

const errorSchema = z.object({ code: z.string().optional(), status: z.number().optional() }).passthrough();

export class AcrossError extends Error {
  override name = 'AcrossError';
}

export interface AcrossOptions {
  /** https://app.across.to/api, or the local fake. */
  baseUrl: string;
  apiKey: string;
  /** `0x` and 4 hex digits, as Across issues it. */
  integratorId?: string;
  fetch?: typeof fetch;
  /** Networks Across must not serve here: those a sandbox chain stands in for (as for LI.FI). */
  offNetwork?: (network: DexNetwork) => boolean;
}

export class AcrossSource implements CrossChainRouteSource {
  readonly id = 'across';
  readonly name = 'Across';
  readonly #options: AcrossOptions;
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;

  constructor(options: AcrossOptions) {
    this.#options = options;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#fetch = options.fetch ?? fetch;
  }

  supports(from: DexNetwork, to: DexNetwork): boolean {
    const off = this.#options.offNetwork ?? (() => false);
    return (
      from.chainId !== to.chainId &&
      ACROSS_CHAINS.has(from.chainId) &&
      ACROSS_CHAINS.has(to.chainId) &&
      !off(from) &&
      !off(to)
    );
  }

  async #get(path: string, params: Record<string, string>, signal: AbortSignal) {
    const response = await this.#fetch(`${this.#baseUrl}${path}?${new URLSearchParams(params)}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${this.#options.apiKey}` },
      signal,
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  }

  async quote(request: CrossChainQuoteRequest, signal: AbortSignal): Promise<CrossChainRoute | null> {
    const { status, body } = await this.#get(
      '/swap/approval',
      {
        tradeType: 'exactInput',
        amount: request.fromAmount.toString(),
        inputToken: request.fromToken.address,
        outputToken: request.toToken.address,
        originChainId: String(request.fromNetwork.chainId),
        destinationChainId: String(request.toNetwork.chainId),
        depositor: request.fromAddress,
        recipient: request.toAddress ?? request.fromAddress,
        // A ratio, not a percentage: 0.005 is 0.5 %.
        slippage: String(request.slippageBps / 10_000),
        ...(this.#options.integratorId ? { integratorId: this.#options.integratorId } : {}),
      },
      signal,
    );
    if (status !== 200) {
      const error = errorSchema.safeParse(body);
      const code = error.success ? error.data.code : undefined;
      // 404: a token Across does not know; 400 with a routing code: no route for this transfer.
      if (status === 404 || (status === 400 && code && ACROSS_NO_ROUTE_CODES.has(code))) return null;
      throw new AcrossError(`Across answered ${status}${code ? ` (${code})` : ''}`);
    }
    const parsed = approvalSchema.safeParse(body);
    if (!parsed.success) throw new AcrossError('Across answered an unexpected quote');
    const quote = parsed.data;
    const tx = quote.swapTx;
    if (tx.chainId !== request.fromNetwork.chainId) {
      throw new AcrossError('Across answered a transaction for another chain');
    }
    const native = request.fromToken.address === NATIVE_TOKEN.toLowerCase();
    const bridge = quote.steps.bridge;
    const gasCost =
      quote.fees?.originGas?.amount ?? (tx.gas && tx.maxFeePerGas ? tx.gas * tx.maxFeePerGas : null);
    const swap = (step: NonNullable<typeof quote.steps.originSwap>, chainId: number) => ({
      type: 'swap',
      tool: step.swapProvider.name,
      fromChainId: chainId,
      toChainId: chainId,
      fromSymbol: step.tokenIn.symbol,
      toSymbol: step.tokenOut.symbol,
    });
    return {
      source: this.id,
      sourceName: this.name,
      tool: 'across',
      toolName: this.name,
      fromAmount: quote.inputAmount,
      toAmount: quote.expectedOutputAmount,
      toAmountMin: quote.minOutputAmount,
      durationSeconds: Math.round(quote.expectedFillTime),
      fees: [{ name: this.name, amount: bridge.fees.amount, symbol: bridge.fees.token.symbol }],
      gasCost,
      steps: [
        ...(quote.steps.originSwap ? [swap(quote.steps.originSwap, request.fromNetwork.chainId)] : []),
        {
          type: 'cross',
          tool: 'across',
          fromChainId: request.fromNetwork.chainId,
          toChainId: request.toNetwork.chainId,
          fromSymbol: bridge.tokenIn.symbol,
          toSymbol: bridge.tokenOut.symbol,
        },
        ...(quote.steps.destinationSwap
          ? [swap(quote.steps.destinationSwap, request.toNetwork.chainId)]
          : []),
      ],
      approvalAddress: native ? null : (quote.checks?.allowance.spender ?? tx.to),
      transaction: { to: tx.to, data: tx.data as `0x${string}`, value: tx.value ?? 0n, chainId: tx.chainId },
    };
  }

  async status(
    txHash: string,
    _from: DexNetwork,
    to: DexNetwork,
    _tool: string,
    signal: AbortSignal,
  ): Promise<BridgeTransferStatus> {
    const { status, body } = await this.#get('/deposit/status', { depositTxnRef: txHash }, signal);
    // Not indexed yet (the indexer runs every ~10 s), or not an Across deposit.
    if (status === 404)
      return { status: 'NOT_FOUND', substatus: null, receivingTxHash: null, receivedAmount: null };
    if (status !== 200) throw new AcrossError(`Across answered ${status}`);
    const parsed = statusSchema.safeParse(body);
    if (!parsed.success) throw new AcrossError('Across answered an unexpected status');
    const deposit = parsed.data;
    const none = { receivingTxHash: null, receivedAmount: null };
    // A deposit to another chain than the one asked about is not this transfer.
    if (deposit.destinationChainId && deposit.destinationChainId !== to.chainId) {
      return { status: 'INVALID', substatus: 'OTHER_DESTINATION', ...none };
    }
    switch (deposit.status) {
      case 'pending':
        return { status: 'PENDING', substatus: null, ...none };
      case 'filled':
        return {
          status: 'DONE',
          substatus: 'COMPLETED',
          receivingTxHash: deposit.fillTxnRef ?? deposit.fillTx ?? null,
          receivedAmount: null,
        };
      case 'expired':
        // Not filled by its deadline: Across refunds it on the origin chain.
        return { status: 'FAILED', substatus: 'EXPIRED', ...none };
      case 'refunded':
        return { status: 'FAILED', substatus: 'REFUNDED', ...none };
    }
  }
}
