import {
  createPublicClient,
  createWalletClient,
  decodeEventLog,
  encodeFunctionData,
  http,
  type PublicClient,
  parseAbi,
} from 'viem';
import type { DexNetwork } from '../dex/networks.ts';
import { type SandboxChain, sandboxNetworkChainId } from '../dex/sandbox-file.ts';
import type { Address } from '../dex/types.ts';
import type {
  BridgeTransferStatus,
  CrossChainQuoteRequest,
  CrossChainRoute,
  CrossChainRouteSource,
} from './lifi.ts';

export const bridgeAbi = parseAbi([
  'function deposit(address token, uint256 amount, uint256 toChainId, address recipient) returns (uint256 id)',
  'function release(uint256 fromChainId, uint256 depositId, address token, address recipient, uint256 amount)',
  'function released(uint256 fromChainId, uint256 depositId) view returns (bool)',
  'event Deposited(uint256 indexed id, uint256 indexed toChainId, address indexed token, address sender, address recipient, uint256 amount, uint256 amountOut)',
  'event Released(uint256 indexed fromChainId, uint256 indexed depositId, address indexed token, address recipient, uint256 amount)',
]);

/** Gas of a deposit (an ERC-20 transferFrom and an event), measured on the local chain. */
const GAS_DEPOSIT = 90_000n;

export const SANDBOX_BRIDGE_ID = 'sandbox-bridge';
export const SANDBOX_BRIDGE_NAME = 'Sandbox Bridge';

interface BridgedChain {
  chain: SandboxChain & { bridge: NonNullable<SandboxChain['bridge']> };
  client: PublicClient;
}

/** What lands for an amount deposited: the amount less the bridge's fee (rounded as the contract does). */
export function bridgedAmount(amount: bigint, feeBps: number): bigint {
  return amount - (amount * BigInt(feeBps)) / 10_000n;
}

function bridgedChains(chains: SandboxChain[]): Map<number, BridgedChain> {
  const found = new Map<number, BridgedChain>();
  for (const chain of chains) {
    if (!chain.bridge) continue;
    found.set(sandboxNetworkChainId(chain), {
      chain: chain as BridgedChain['chain'],
      client: createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) }) as PublicClient,
    });
  }
  return found;
}

/**
 * The token of the destination chain that a source chain's token is released as (the same
 * symbol), and what lands of an amount of the source token (its decimals may differ).
 */
function released(
  from: SandboxChain,
  to: SandboxChain,
  token: string,
): { address: Address; convert(amount: bigint): bigint } | null {
  const source = from.tokens.find((known) => known.address === token.toLowerCase());
  const target = source ? to.tokens.find((known) => known.symbol === source.symbol) : undefined;
  if (!source || !target) return null;
  const shift = target.decimals - source.decimals;
  return {
    address: target.address as Address,
    convert: (amount) => (shift >= 0 ? amount * 10n ** BigInt(shift) : amount / 10n ** BigInt(-shift)),
  };
}

/**
 * The sandbox bridge between the local chains of DEX_SANDBOX_FILE (SandboxBridge.sol on each):
 * a deposit locks a token on the source chain, the relayer (SandboxBridgeRelayer) releases the
 * token of the same symbol, less the fee, on the destination chain. Quoted from the contract's
 * fee, so what it quotes is what lands.
 */
export class SandboxBridgeSource implements CrossChainRouteSource {
  readonly id = SANDBOX_BRIDGE_ID;
  readonly name = SANDBOX_BRIDGE_NAME;
  readonly #chains: Map<number, BridgedChain>;
  readonly #etaSeconds: number;

  constructor(chains: SandboxChain[], options: { etaSeconds: number }) {
    this.#chains = bridgedChains(chains);
    this.#etaSeconds = options.etaSeconds;
  }

  supports(from: DexNetwork, to: DexNetwork): boolean {
    return from.chainId !== to.chainId && this.#chains.has(from.chainId) && this.#chains.has(to.chainId);
  }

  async quote(request: CrossChainQuoteRequest, signal: AbortSignal): Promise<CrossChainRoute | null> {
    const from = this.#chains.get(request.fromNetwork.chainId);
    const to = this.#chains.get(request.toNetwork.chainId);
    if (!from || !to) return null;
    const target = released(from.chain, to.chain, request.fromToken.address);
    if (!target || target.address !== request.toToken.address.toLowerCase()) return null;
    signal.throwIfAborted();
    const gasPrice = await from.client.getGasPrice();
    const toAmount = target.convert(bridgedAmount(request.fromAmount, from.chain.bridge.feeBps));
    const bridge = from.chain.bridge.address as Address;
    return {
      source: this.id,
      sourceName: this.name,
      tool: this.id,
      toolName: this.name,
      fromAmount: request.fromAmount,
      toAmount,
      // The contract releases exactly what it announced: no slippage.
      toAmountMin: toAmount,
      durationSeconds: this.#etaSeconds,
      fees: [
        {
          name: this.name,
          amount: request.fromAmount - bridgedAmount(request.fromAmount, from.chain.bridge.feeBps),
          symbol: request.fromToken.symbol,
        },
      ],
      gasCost: gasPrice * GAS_DEPOSIT,
      steps: [
        {
          type: 'cross',
          tool: this.id,
          fromChainId: request.fromNetwork.chainId,
          toChainId: request.toNetwork.chainId,
          fromSymbol: request.fromToken.symbol,
          toSymbol: request.toToken.symbol,
        },
      ],
      approvalAddress: bridge,
      transaction: {
        to: bridge,
        data: encodeFunctionData({
          abi: bridgeAbi,
          functionName: 'deposit',
          args: [
            request.fromToken.address as Address,
            request.fromAmount,
            BigInt(request.toNetwork.chainId),
            request.toAddress ?? request.fromAddress,
          ],
        }),
        value: 0n,
        // The chain the wallet signs on: the sandbox chain's own id.
        chainId: from.chain.chainId,
      },
    };
  }

  /** The deposit in the source transaction's receipt, then its release on the destination chain. */
  async status(
    txHash: string,
    fromNetwork: DexNetwork,
    toNetwork: DexNetwork,
  ): Promise<BridgeTransferStatus> {
    const none = { substatus: null, receivingTxHash: null, receivedAmount: null };
    const from = this.#chains.get(fromNetwork.chainId);
    const to = this.#chains.get(toNetwork.chainId);
    if (!from || !to) return { status: 'INVALID', ...none };
    const receipt = await from.client
      .getTransactionReceipt({ hash: txHash as `0x${string}` })
      .catch((error: unknown) => {
        if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return null;
        throw error;
      });
    if (!receipt) return { status: 'NOT_FOUND', ...none };
    if (receipt.status !== 'success') return { status: 'FAILED', ...none };
    const deposit = receipt.logs
      .filter((log) => log.address.toLowerCase() === from.chain.bridge.address)
      .map((log) => {
        try {
          return decodeEventLog({
            abi: bridgeAbi,
            eventName: 'Deposited',
            data: log.data,
            topics: log.topics,
          }).args;
        } catch {
          return null;
        }
      })
      .find((args) => args !== null);
    if (!deposit || deposit.toChainId !== BigInt(toNetwork.chainId)) return { status: 'INVALID', ...none };
    const releases = await to.client.getContractEvents({
      address: to.chain.bridge.address as Address,
      abi: bridgeAbi,
      eventName: 'Released',
      args: { fromChainId: BigInt(fromNetwork.chainId), depositId: deposit.id },
      fromBlock: 0n,
      toBlock: 'latest',
    });
    const release = releases[0];
    if (!release) return { status: 'PENDING', ...none };
    return {
      status: 'DONE',
      substatus: null,
      receivingTxHash: release.transactionHash,
      receivedAmount: release.args.amount ?? null,
    };
  }
}

/**
 * The sandbox bridge's relayer: reads each chain's new `Deposited` events and releases each
 * deposit on its destination chain, signed by the bridge's relayer account (unlocked on the local
 * node). Once per deposit: the contract refuses a second release, and the relayer checks
 * `released` first, so a restart that reads the events again (from block 0) does no harm.
 */
export class SandboxBridgeRelayer {
  readonly #chains: Map<number, BridgedChain>;
  /** The next block to read per chain. */
  readonly #cursor = new Map<number, bigint>();

  constructor(chains: SandboxChain[]) {
    this.#chains = bridgedChains(chains);
  }

  /** Relays the deposits made since the last run; answers how many it released. */
  async runOnce(): Promise<number> {
    let count = 0;
    for (const [chainId, source] of this.#chains) {
      const fromBlock = this.#cursor.get(chainId) ?? 0n;
      const latest = await source.client.getBlockNumber();
      if (latest < fromBlock) continue;
      const deposits = await source.client.getContractEvents({
        address: source.chain.bridge.address as Address,
        abi: bridgeAbi,
        eventName: 'Deposited',
        fromBlock,
        toBlock: latest,
      });
      for (const deposit of deposits) {
        const { id, toChainId, token, recipient, amountOut } = deposit.args;
        if (id === undefined || toChainId === undefined || !token || !recipient || amountOut === undefined)
          continue;
        const destination = this.#chains.get(Number(toChainId));
        const target = destination ? released(source.chain, destination.chain, token) : null;
        // A deposit to a chain or of a token the bridge does not serve stays locked.
        if (!destination || !target) continue;
        const bridge = destination.chain.bridge.address as Address;
        const done = await destination.client.readContract({
          address: bridge,
          abi: bridgeAbi,
          functionName: 'released',
          args: [BigInt(chainId), id],
        });
        if (done) continue;
        const wallet = createWalletClient({
          account: destination.chain.bridge.relayer as Address,
          transport: http(destination.chain.rpcUrl, { retryCount: 0 }),
        });
        const hash = await wallet.sendTransaction({
          to: bridge,
          data: encodeFunctionData({
            abi: bridgeAbi,
            functionName: 'release',
            args: [BigInt(chainId), id, target.address, recipient, target.convert(amountOut)],
          }),
          chain: null,
        });
        const receipt = await destination.client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
        if (receipt.status !== 'success') throw new Error(`release of deposit ${id} reverted`);
        count++;
      }
      this.#cursor.set(chainId, latest + 1n);
    }
    return count;
  }
}
