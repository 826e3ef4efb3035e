import { z } from 'zod';
import type { DexNetwork } from '../dex/networks.ts';
import type { DexToken } from '../dex/tokens.ts';
import type { Address } from '../dex/types.ts';
import { BRIDGE_STATUSES, type BridgeStatus } from './status.ts';

export interface CrossChainQuoteRequest {
  fromNetwork: DexNetwork;
  toNetwork: DexNetwork;
  fromToken: DexToken;
  toToken: DexToken;
  /** Base units of the token sent on the source chain. */
  fromAmount: bigint;
  /** The wallet that signs on the source chain. */
  fromAddress: Address;
  /** Where the tokens land on the destination chain (the same wallet unless given). */
  toAddress?: Address;
  slippageBps: number;
}

/** A cross-chain route: the bridge (and swaps) it uses, what lands, how long it takes, what to sign. */
export interface CrossChainRoute {
  source: string;
  sourceName: string;
  /** The bridge or exchange LI.FI calls a tool (`stargate`, `across`, …). */
  tool: string;
  toolName: string;
  fromAmount: bigint;
  toAmount: bigint;
  toAmountMin: bigint;
  /** Seconds until the tokens land, as the source estimates. */
  durationSeconds: number;
  /** Fees taken in tokens by the bridge (not the gas). */
  fees: { name: string; amount: bigint; symbol: string }[];
  /** Gas of the source transaction in wei of the source chain's gas token. */
  gasCost: bigint | null;
  steps: {
    type: string;
    tool: string;
    fromChainId: number;
    toChainId: number;
    fromSymbol: string;
    toSymbol: string;
  }[];
  approvalAddress: Address | null;
  transaction: { to: Address; data: `0x${string}`; value: bigint; chainId: number } | null;
}

export interface BridgeTransferStatus {
  status: BridgeStatus;
  substatus: string | null;
  /** The destination chain's transaction once the transfer landed. */
  receivingTxHash: string | null;
  receivedAmount: bigint | null;
}

export interface CrossChainRouteSource {
  readonly id: string;
  readonly name: string;
  supports(from: DexNetwork, to: DexNetwork): boolean;
  /** Whether it bridges this token to that one (token addresses, lowercase); any when absent. */
  serves?(from: DexNetwork, fromToken: string, to: DexNetwork, toToken: string): boolean;
  quote(request: CrossChainQuoteRequest, signal: AbortSignal): Promise<CrossChainRoute | null>;
  status(
    txHash: string,
    from: DexNetwork,
    to: DexNetwork,
    tool: string,
    signal: AbortSignal,
  ): Promise<BridgeTransferStatus>;
}

const amount = z.string().regex(/^\d+$/).transform(BigInt);
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => value.toLowerCase() as Address);
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const token = z.object({ symbol: z.string(), chainId: z.number().int() }).passthrough();
const costs = z
  .array(z.object({ name: z.string().optional(), amount: amount, token }).passthrough())
  .nullish();

/** The fields of LI.FI's `GET /v1/quote` step we read (docs.li.fi, API reference "Get a quote"). */
const stepSchema = z.object({
  type: z.string(),
  tool: z.string(),
  toolDetails: z.object({ key: z.string(), name: z.string() }).passthrough().nullish(),
  action: z.object({
    fromChainId: z.number().int(),
    toChainId: z.number().int(),
    fromToken: token,
    toToken: token,
  }),
  estimate: z.object({
    approvalAddress: address.nullish(),
    fromAmount: amount,
    toAmount: amount,
    toAmountMin: amount,
    executionDuration: z.coerce.number().nonnegative(),
    feeCosts: costs,
    gasCosts: costs,
  }),
  includedSteps: z
    .array(
      z.object({
        type: z.string(),
        tool: z.string(),
        action: z.object({
          fromChainId: z.number(),
          toChainId: z.number(),
          fromToken: token,
          toToken: token,
        }),
      }),
    )
    .nullish(),
  transactionRequest: z
    .object({ to: address, data: hex, value: z.string(), chainId: z.number().int().optional() })
    .passthrough()
    .nullish(),
});

/** `GET /v1/status` (docs.li.fi, "Check the status of a cross-chain transfer"). */
const statusSchema = z.object({
  status: z.enum(BRIDGE_STATUSES),
  substatus: z.string().nullish(),
  receiving: z.object({ txHash: z.string().nullish(), amount: z.string().nullish() }).passthrough().nullish(),
});

export class LiFiError extends Error {
  override name = 'LiFiError';
}

/** LI.FI chains among ours (all five). */
const LIFI_CHAINS = new Set([1, 10, 56, 137, 42161]);

/**
 * LI.FI's REST API (`https://li.quest/v1`): `/quote` gives the best bridge route with its
 * transaction, `/status` follows the transfer until it lands. The key (`x-lifi-api-key`) is
 * optional and only raises the rate limits; it is sent from the server, never the browser.
 */
export class LiFiSource implements CrossChainRouteSource {
  readonly id = 'lifi';
  readonly name = 'LI.FI';
  readonly #baseUrl: string;
  readonly #apiKey: string | undefined;
  readonly #fetch: typeof fetch;
  readonly #offNetwork: (network: DexNetwork) => boolean;

  /**
   * `offNetwork`: networks LI.FI must not serve here, those a sandbox chain stands in for: its
   * routes are mainnet transactions, which a page about a sandbox network must never offer.
   */
  constructor(options: {
    baseUrl: string;
    apiKey?: string;
    fetch?: typeof fetch;
    offNetwork?: (network: DexNetwork) => boolean;
  }) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#apiKey = options.apiKey;
    this.#fetch = options.fetch ?? fetch;
    this.#offNetwork = options.offNetwork ?? (() => false);
  }

  supports(from: DexNetwork, to: DexNetwork): boolean {
    return (
      from.chainId !== to.chainId &&
      LIFI_CHAINS.has(from.chainId) &&
      LIFI_CHAINS.has(to.chainId) &&
      !this.#offNetwork(from) &&
      !this.#offNetwork(to)
    );
  }

  async #get(
    path: string,
    params: Record<string, string>,
    signal: AbortSignal,
  ): Promise<{ status: number; body: unknown }> {
    const response = await this.#fetch(`${this.#baseUrl}${path}?${new URLSearchParams(params)}`, {
      headers: { accept: 'application/json', ...(this.#apiKey ? { 'x-lifi-api-key': this.#apiKey } : {}) },
      signal,
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  async quote(request: CrossChainQuoteRequest, signal: AbortSignal): Promise<CrossChainRoute | null> {
    const { status, body } = await this.#get(
      '/quote',
      {
        fromChain: String(request.fromNetwork.chainId),
        toChain: String(request.toNetwork.chainId),
        fromToken: request.fromToken.address,
        toToken: request.toToken.address,
        fromAmount: request.fromAmount.toString(),
        fromAddress: request.fromAddress,
        ...(request.toAddress ? { toAddress: request.toAddress } : {}),
        slippage: String(request.slippageBps / 10_000),
        integrator: 'swapgate',
      },
      signal,
    );
    // 404 with code 1002 (NoQuoteError): no bridge serves this transfer.
    if (status === 404) return null;
    if (status !== 200) throw new LiFiError(`LI.FI answered ${status}`);
    const parsed = stepSchema.safeParse(body);
    if (!parsed.success) throw new LiFiError('LI.FI answered an unexpected body');
    const step = parsed.data;
    const gas = step.estimate.gasCosts ?? [];
    const tx = step.transactionRequest;
    return {
      source: this.id,
      sourceName: this.name,
      tool: step.tool,
      toolName: step.toolDetails?.name ?? step.tool,
      fromAmount: step.estimate.fromAmount,
      toAmount: step.estimate.toAmount,
      toAmountMin: step.estimate.toAmountMin,
      durationSeconds: Math.round(step.estimate.executionDuration),
      fees: (step.estimate.feeCosts ?? []).map((fee) => ({
        name: fee.name ?? '',
        amount: fee.amount,
        symbol: fee.token.symbol,
      })),
      gasCost: gas.length > 0 ? gas.reduce((sum, cost) => sum + cost.amount, 0n) : null,
      steps: (step.includedSteps?.length ? step.includedSteps : [step]).map((included) => ({
        type: included.type,
        tool: included.tool,
        fromChainId: included.action.fromChainId,
        toChainId: included.action.toChainId,
        fromSymbol: included.action.fromToken.symbol,
        toSymbol: included.action.toToken.symbol,
      })),
      approvalAddress: step.estimate.approvalAddress ?? null,
      transaction: tx
        ? {
            to: tx.to,
            data: tx.data as `0x${string}`,
            value: BigInt(tx.value),
            chainId: tx.chainId ?? request.fromNetwork.chainId,
          }
        : null,
    };
  }

  async status(txHash: string, from: DexNetwork, to: DexNetwork, tool: string, signal: AbortSignal) {
    const { status, body } = await this.#get(
      '/status',
      { txHash, fromChain: String(from.chainId), toChain: String(to.chainId), bridge: tool },
      signal,
    );
    if (status !== 200 && status !== 404) throw new LiFiError(`LI.FI answered ${status}`);
    const parsed = statusSchema.safeParse(body);
    if (!parsed.success) throw new LiFiError('LI.FI answered an unexpected status');
    const receiving = parsed.data.receiving;
    return {
      status: parsed.data.status,
      substatus: parsed.data.substatus ?? null,
      receivingTxHash: receiving?.txHash ?? null,
      receivedAmount: receiving?.amount && /^\d+$/.test(receiving.amount) ? BigInt(receiving.amount) : null,
    };
  }
}
