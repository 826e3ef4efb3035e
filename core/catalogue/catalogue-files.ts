import { z } from 'zod';

/**
 * Catalogue data schemas: coins (content/catalogue/coins.json), fiat currencies (fiat.json)
 * and countries with their regions (countries.json).
 */

import { NETWORK_IDS, NETWORKS, type NetworkId } from '../address/networks.ts';
import { COIN_CODE_PATTERN, DECIMAL_NUMBER_PATTERN } from '../exchange/types.ts';

export { NETWORK_IDS, type NetworkId };

/** Whether token contracts on `network` are 0x-prefixed 20-byte addresses (an EVM network). */
export function isEvmNetwork(network: NetworkId): boolean {
  return NETWORKS[network].addressFormat === 'evm';
}

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Compares two non-negative decimal strings (matching DECIMAL_NUMBER_PATTERN) exactly, without floats. */
export function compareDecimalStrings(a: string, b: string): -1 | 0 | 1 {
  const [aInt = '', aFrac = ''] = a.split('.');
  const [bInt = '', bFrac = ''] = b.split('.');
  const scale = Math.max(aFrac.length, bFrac.length);
  const left = BigInt(aInt + aFrac.padEnd(scale, '0'));
  const right = BigInt(bInt + bFrac.padEnd(scale, '0'));
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

/** Number of digits after the decimal point of a decimal string. */
export function fractionDigits(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

export const decimalStringSchema = z
  .string()
  .regex(DECIMAL_NUMBER_PATTERN, 'Expected a non-negative decimal string, e.g. "0.0005"');

export const slugSchema = z.string().regex(SLUG_PATTERN, 'Expected a lowercase slug, e.g. "united-states"');

export const coinNetworkSchema = z
  .strictObject({
    network: z.enum(NETWORK_IDS),
    /** Token contract (or asset id) on the network; null for the network's native coin. */
    contract: z.string().min(1).nullable(),
    /** On-chain decimals of the coin on this network. */
    decimals: z.number().int().min(0).max(36),
    /** Minimum exchange amount, in coin units. */
    min: decimalStringSchema,
    /** Maximum exchange amount, in coin units. */
    max: decimalStringSchema,
  })
  .refine((network) => compareDecimalStrings(network.min, network.max) < 0, {
    message: 'min must be less than max',
    path: ['max'],
  });

export const coinSchema = z.strictObject({
  code: z.string().regex(COIN_CODE_PATTERN, 'Expected a lowercase coin code, e.g. "btc"'),
  name: z.string().min(1),
  networks: z.array(coinNetworkSchema).min(1),
  popular: z.boolean(),
});

export const fiatSchema = z
  .strictObject({
    /** ISO 4217 code, lowercase. */
    code: z.string().regex(/^[a-z]{3}$/, 'Expected a lowercase ISO 4217 code, e.g. "usd"'),
    name: z.string().min(1),
    symbol: z.string().min(1),
    /** ISO 4217 minor units. */
    decimals: z.number().int().min(0).max(4),
    /** Minimum purchase amount, in this currency. */
    min: decimalStringSchema,
    /** Maximum purchase amount, in this currency. */
    max: decimalStringSchema,
    popular: z.boolean(),
  })
  .refine((fiat) => compareDecimalStrings(fiat.min, fiat.max) < 0, {
    message: 'min must be less than max',
    path: ['max'],
  });

export const regionSchema = z.strictObject({
  /** ISO 3166-2 subdivision code without the country prefix, lowercase (e.g. "ca" for US-CA). */
  code: z.string().regex(/^[a-z0-9]{1,3}$/, 'Expected a lowercase subdivision code, e.g. "ca"'),
  name: z.string().min(1),
  slug: slugSchema,
});

export const countrySchema = z.strictObject({
  /** ISO 3166-1 alpha-2, lowercase. */
  code: z.string().regex(/^[a-z]{2}$/, 'Expected a lowercase ISO 3166-1 alpha-2 code, e.g. "us"'),
  name: z.string().min(1),
  slug: slugSchema,
  /** ISO 4217 code of the country's currency, lowercase; must exist in fiat.json. */
  currency: z.string().regex(/^[a-z]{3}$/, 'Expected a lowercase ISO 4217 code, e.g. "usd"'),
  regions: z.array(regionSchema),
});

export const coinsFileSchema = z.array(coinSchema);
export const fiatFileSchema = z.array(fiatSchema);
export const countriesFileSchema = z.array(countrySchema);

export type CoinNetwork = z.infer<typeof coinNetworkSchema>;
export type Coin = z.infer<typeof coinSchema>;
export type Fiat = z.infer<typeof fiatSchema>;
export type Region = z.infer<typeof regionSchema>;
export type Country = z.infer<typeof countrySchema>;
