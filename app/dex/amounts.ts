import { formatUnits } from '../../core/dex/networks.ts';

/** Short form of an amount for the page: at most 6 decimals, every whole digit. */
export function shortAmount(value: bigint, decimals: number): string {
  const [whole, fraction = ''] = formatUnits(value, decimals).split('.');
  const cut = fraction.slice(0, 6).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : (whole as string);
}

/** The wallet's balances on the page's network: the token sold and the gas token. */
export interface Balances {
  token: bigint;
  native: bigint;
}

/**
 * What the wallet lacks for the transaction: the amount it sells, or (having that) the gas token
 * for `cost` (network fee plus the value sent). Nothing while the balances are unknown.
 */
export function shortfall(
  balances: Balances | null,
  amount: bigint | null,
  cost: bigint,
): { shortBalance: boolean; shortGas: boolean } {
  const shortBalance = !!(balances && amount && balances.token < amount);
  const shortGas = !!(balances && !shortBalance && balances.native < cost);
  return { shortBalance, shortGas };
}
