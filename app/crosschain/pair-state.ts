import type { CrossChainQuotesView, CrossChainStatusView } from '../../core/crosschain/contract.ts';
import { FINAL_BRIDGE_STATUSES } from '../../core/crosschain/status.ts';
import { NATIVE_TOKEN, parseUnits } from '../../core/dex/networks.ts';

const NATIVE = NATIVE_TOKEN.toLowerCase();
/** The slippage the routes are quoted with (LI.FI's; the sandbox bridge releases exactly). */
export const SLIPPAGE_BPS = 50;

export type CrossChainRoute = CrossChainQuotesView['routes'][number];

/** The steps of the cross-chain page besides the shared ones: approved, then the transfer followed. */
export type PairStep =
  | { kind: 'approved'; hash: string }
  | { kind: 'tracking'; hash: string; route: CrossChainRoute; status: CrossChainStatusView | null };

interface Side {
  network: { id: string };
  token: { address: string; decimals: number };
}

/** The transfer is over (core/crosschain/status.ts says which statuses are final). */
export function isFinalTransfer(status: CrossChainStatusView): boolean {
  return FINAL_BRIDGE_STATUSES.has(status.status);
}

/** The amount typed, in base units of the token sent (null: none or unreadable). */
export function fromAmountOf(amount: string, from: Side): bigint | null {
  return amount ? parseUnits(amount, from.token.decimals) : null;
}

/**
 * GET /api/v1/cross-chain/quotes for the amount, quoted for the connected wallet (bridges quote
 * for who sends); null without a wallet, an amount or a bridge.
 */
export function crossChainQuotePath(
  from: Side,
  to: Side,
  fromAmount: bigint | null,
  fromAddress: string | null,
  bridges: number,
): string | null {
  if (!fromAddress || !fromAmount || fromAmount <= 0n || bridges === 0) return null;
  return `/api/v1/cross-chain/quotes?${new URLSearchParams({
    fromNetwork: from.network.id,
    toNetwork: to.network.id,
    fromToken: from.token.address,
    toToken: to.token.address,
    fromAmount: fromAmount.toString(),
    fromAddress,
    slippageBps: String(SLIPPAGE_BPS),
  })}`;
}

/** GET /api/v1/cross-chain/status of a sent transfer. */
export function crossChainStatusPath(from: Side, to: Side, hash: string, route: CrossChainRoute): string {
  return `/api/v1/cross-chain/status?${new URLSearchParams({
    source: route.source,
    txHash: hash,
    fromNetwork: from.network.id,
    toNetwork: to.network.id,
    bridge: route.bridge,
  })}`;
}

/**
 * The transaction the wallet sends next for the best route: an approval while the allowance read
 * is short, else the transfer once the allowance is known (or none is needed); nothing until the
 * wallet is `ready` (on the network, balances read and enough of both).
 */
export function crossChainNextAction({
  best,
  ready,
  token,
  allowance,
  fromAmount,
}: {
  best: CrossChainRoute | null;
  ready: boolean;
  token: string;
  allowance: bigint | null;
  fromAmount: bigint | null;
}): 'approve' | 'send' | null {
  if (!ready || !best) return null;
  const native = token === NATIVE;
  if (!native && best.approvalAddress && allowance !== null && fromAmount && allowance < fromAmount) {
    return 'approve';
  }
  return best.transaction && (native || !best.approvalAddress || allowance !== null) ? 'send' : null;
}

/** Decimals of a fee: in the token sent or received (the bridges' own fees), else a gas token's. */
export function feeDecimals(
  symbol: string,
  from: { symbol: string; decimals: number },
  to: { symbol: string; decimals: number },
): number {
  return symbol === from.symbol ? from.decimals : symbol === to.symbol ? to.decimals : 18;
}
