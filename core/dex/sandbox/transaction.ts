/**
 * A transaction of a sandbox chain as the site's transaction view shows it (no block explorer
 * knows these chains): its receipt, its block, and its logs read as token movements (ERC-20
 * Transfer, WETH Deposit and Withdrawal), named and scaled from the chain's own token list.
 */
import { createPublicClient, decodeEventLog, erc20Abi, type Hex, http, parseAbi } from 'viem';
import { type SandboxChain, sandboxChainNetwork } from '../sandbox-file.ts';

type Address = `0x${string}`;

const wethAbi = parseAbi([
  'event Deposit(address indexed dst, uint256 wad)',
  'event Withdrawal(address indexed src, uint256 wad)',
]);

/** One token movement a log tells: a transfer, or the gas token wrapped (deposit) or unwrapped. */
export interface SandboxTokenMovement {
  kind: 'transfer' | 'deposit' | 'withdrawal';
  token: Address;
  /** The token's symbol and decimals from the chain's list; null for a contract not on it. */
  symbol: string | null;
  decimals: number | null;
  from: Address | null;
  to: Address | null;
  /** Base units, as a decimal string. */
  amount: string;
}

export interface SandboxTransactionView {
  chainId: number;
  hash: Hex;
  status: 'success' | 'reverted';
  blockNumber: string;
  blockHash: Hex;
  /** Seconds since the epoch. */
  timestamp: number;
  from: Address;
  to: Address | null;
  /** Gas token sent with the transaction, base units. */
  value: string;
  gasUsed: string;
  /** Gas token paid for gas, base units. */
  fee: string;
  /** Logs read as token movements; logs of other events are counted, not shown. */
  movements: SandboxTokenMovement[];
  otherLogs: number;
}

interface RawLog {
  address: Address;
  topics: readonly Hex[];
  data: Hex;
}

/** The symbols and decimals of the chain's contracts: its tokens and its wrapped gas token. */
export function sandboxTokenBook(chain: SandboxChain): Map<string, { symbol: string; decimals: number }> {
  const book = new Map<string, { symbol: string; decimals: number }>();
  const native = sandboxChainNetwork(chain)?.native;
  book.set(chain.weth.toLowerCase(), {
    symbol: `W${native?.symbol ?? 'ETH'}`,
    decimals: native?.decimals ?? 18,
  });
  for (const token of chain.tokens) {
    book.set(token.address.toLowerCase(), { symbol: token.symbol, decimals: token.decimals });
  }
  return book;
}

/** The token movements among `logs`, and how many logs are something else. */
export function decodeTokenMovements(
  logs: readonly RawLog[],
  book: Map<string, { symbol: string; decimals: number }>,
): { movements: SandboxTokenMovement[]; otherLogs: number } {
  const movements: SandboxTokenMovement[] = [];
  let otherLogs = 0;
  for (const log of logs) {
    const token = log.address.toLowerCase() as Address;
    const known = book.get(token) ?? null;
    const base = { token, symbol: known?.symbol ?? null, decimals: known?.decimals ?? null };
    const topics = log.topics as [Hex, ...Hex[]];
    try {
      const event = decodeEventLog({ abi: [...erc20Abi, ...wethAbi], data: log.data, topics });
      if (event.eventName === 'Transfer') {
        movements.push({
          kind: 'transfer',
          ...base,
          from: event.args.from.toLowerCase() as Address,
          to: event.args.to.toLowerCase() as Address,
          amount: event.args.value.toString(),
        });
        continue;
      }
      if (event.eventName === 'Deposit') {
        const to = event.args.dst.toLowerCase() as Address;
        movements.push({ kind: 'deposit', ...base, from: null, to, amount: event.args.wad.toString() });
        continue;
      }
      if (event.eventName === 'Withdrawal') {
        const from = event.args.src.toLowerCase() as Address;
        movements.push({ kind: 'withdrawal', ...base, from, to: null, amount: event.args.wad.toString() });
        continue;
      }
    } catch {
      // Not one of these events (or an ERC-721 Transfer, whose amount is an indexed id).
    }
    otherLogs += 1;
  }
  return { movements, otherLogs };
}

/** The transaction `hash` of the sandbox chain, mined; null when the chain has no such receipt. */
export async function readSandboxTransaction(
  chain: SandboxChain,
  hash: Hex,
): Promise<SandboxTransactionView | null> {
  const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 }) });
  let receipt: Awaited<ReturnType<typeof client.getTransactionReceipt>>;
  try {
    receipt = await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return null;
    throw error;
  }
  const [transaction, block] = await Promise.all([
    client.getTransaction({ hash }),
    client.getBlock({ blockHash: receipt.blockHash }),
  ]);
  const { movements, otherLogs } = decodeTokenMovements(receipt.logs, sandboxTokenBook(chain));
  return {
    chainId: chain.chainId,
    hash: receipt.transactionHash,
    status: receipt.status,
    blockNumber: receipt.blockNumber.toString(),
    blockHash: receipt.blockHash,
    timestamp: Number(block.timestamp),
    from: receipt.from.toLowerCase() as Address,
    to: receipt.to ? (receipt.to.toLowerCase() as Address) : null,
    value: transaction.value.toString(),
    gasUsed: receipt.gasUsed.toString(),
    fee: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
    movements,
    otherLogs,
  };
}
