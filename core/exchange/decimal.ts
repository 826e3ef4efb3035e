import Big from 'big.js';
import { DECIMAL_PATTERN } from './types.ts';

// Amounts carry up to 18 decimals (EVM tokens); division results keep 30 significant places.
Big.DP = 30;
Big.RM = Big.roundDown;

export { Big };

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/** Prints a decimal without exponent or trailing zeros ("1.500000" → "1.5"). */
export function formatDecimal(value: Big | string): string {
  return new Big(value)
    .toFixed()
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** Rounds down to `decimals` places and prints without exponent or trailing zeros. */
export function toAmount(value: Big, decimals: number): string {
  return formatDecimal(value.round(decimals, Big.roundDown));
}
