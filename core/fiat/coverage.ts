import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { decimalStringSchema } from '../catalogue/catalogue-files.ts';
import { PROVIDER_ID_PATTERN } from '../exchange/types.ts';
import {
  FIAT_SIDES,
  type FiatQuoteRequest,
  type FiatSide,
  PAYMENT_METHODS,
  type PaymentMethod,
} from './types.ts';

/**
 * What each fiat provider offers and where: fees, payment methods, limits, countries, excluded
 * regions, currencies and coins. It is data (content/fiat/providers.json), read and checked here;
 * no provider's coverage is written in code.
 */

const code = z.string().regex(/^[a-z]{2,3}$/);
const methodSchema = z.strictObject({
  /** The provider's fee for this method, in basis points of the fiat amount. */
  feeBps: z.int().min(0).max(2_000),
  /** Only in these countries; everywhere the provider operates when absent. */
  countries: z.array(code).optional(),
});

export const providerCoverageSchema = z.strictObject({
  id: z.string().regex(PROVIDER_ID_PATTERN),
  name: z.string().min(1),
  /** `sandbox`: simulated by core/fiat/sandbox.ts; otherwise the adapter of that name. */
  kind: z.enum(['sandbox', 'moonpay', 'banxa', 'transak']),
  sides: z.array(z.enum(FIAT_SIDES)).min(1),
  /** The provider's margin on the market price, in basis points; null where it does not publish one. */
  spreadBps: z.int().min(0).max(2_000).nullable(),
  /** The least fee per order, in USD (converted to the order's currency). */
  minFeeUsd: decimalStringSchema,
  paymentMethods: z.partialRecord(z.enum(PAYMENT_METHODS), methodSchema),
  /** Limits per order in USD (converted to the order's currency). */
  limitsUsd: z.strictObject({ min: decimalStringSchema, max: decimalStringSchema }),
  countries: z.union([
    z.strictObject({ all: z.literal(true), except: z.array(code) }),
    z.strictObject({ all: z.literal(false), only: z.array(code) }),
  ]),
  /** Regions (by country) where the provider does not operate, e.g. US states. */
  excludedRegions: z.record(code, z.array(z.string())),
  currencies: z.array(code).min(1),
  /** Coin code → the networks it delivers on. */
  coins: z.record(z.string(), z.array(z.string()).min(1)),
  /** The provider's own currency codes by `coin/network` (real adapters). */
  codes: z.record(z.string(), z.string()).optional(),
});
export type ProviderCoverage = z.infer<typeof providerCoverageSchema>;

const fileSchema = z.object({ providers: z.array(providerCoverageSchema) });
const ratesSchema = z.object({ date: z.string(), rates: z.record(code, decimalStringSchema) });

export function readProviderCoverage(): ProviderCoverage[] {
  return fileSchema.parse(
    JSON.parse(readFileSync(new URL('../../content/fiat/providers.json', import.meta.url), 'utf8')),
  ).providers;
}

/** Units of each fiat currency per US dollar (content/fiat/usd-rates.json). */
export function readUsdRates(): Map<string, string> {
  const file = ratesSchema.parse(
    JSON.parse(readFileSync(new URL('../../content/fiat/usd-rates.json', import.meta.url), 'utf8')),
  );
  return new Map(Object.entries(file.rates));
}

/** Where a fiat order would take place. */
export interface FiatPlace {
  country: string;
  region?: string | undefined;
}

export function operatesIn(provider: ProviderCoverage, place: FiatPlace): boolean {
  const { countries } = provider;
  const country = place.country.toLowerCase();
  const inCountry = countries.all ? !countries.except.includes(country) : countries.only.includes(country);
  if (!inCountry) return false;
  if (!place.region) return true;
  return !(provider.excludedRegions[country] ?? []).includes(place.region.toLowerCase());
}

/** The payment methods the provider takes in a country, cheapest first. */
export function methodsIn(provider: ProviderCoverage, country: string): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => {
    const terms = provider.paymentMethods[method];
    return terms !== undefined && (!terms.countries || terms.countries.includes(country));
  }).sort((a, b) => (provider.paymentMethods[a]?.feeBps ?? 0) - (provider.paymentMethods[b]?.feeBps ?? 0));
}

export function servesCoin(provider: ProviderCoverage, coin: string, network?: string): boolean {
  const networks = provider.coins[coin];
  return networks !== undefined && (network === undefined || networks.includes(network));
}

export function servesSide(provider: ProviderCoverage, side: FiatSide): boolean {
  return provider.sides.includes(side);
}

/**
 * Why a ramp's coverage does not serve a quote request (the side, the place, the currency, the
 * coin on its network, the payment method there), or null when it does: the first check of every
 * ramp's quote, sandbox and real.
 */
export function unservedBecause(provider: ProviderCoverage, request: FiatQuoteRequest): string | null {
  if (!servesSide(provider, request.side)) return `does not ${request.side}`;
  if (!operatesIn(provider, request)) return 'does not operate there';
  if (!provider.currencies.includes(request.fiat)) return `does not take ${request.fiat}`;
  if (!servesCoin(provider, request.coin, request.network)) return 'does not serve the coin';
  if (!methodsIn(provider, request.country).includes(request.paymentMethod)) {
    return 'does not take this payment method there';
  }
  return null;
}
