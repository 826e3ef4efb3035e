import { z } from 'zod';
import { NETWORK_IDS, type NetworkId } from '../address/networks.ts';
import { type Catalogue, type CatalogueAsset, payoutDecimals } from '../catalogue/catalogue.ts';
import { Big, isDecimalString, toAmount } from '../exchange/decimal.ts';
import {
  type Asset,
  DECIMAL_NUMBER_PATTERN,
  type Eta,
  ProviderError,
  type ProviderErrorCode,
  type ProviderQuote,
  type RateType,
} from '../exchange/types.ts';

/**
 * What the instant-exchange adapters (sideshift.ts, changelly.ts, exolix.ts, letsexchange.ts,
 * simpleswap.ts) share: one HTTP call that turns every transport, status and shape problem into a
 * ProviderError, the mapping of our network ids to a provider's codes, limits and quote assembly.
 * Each adapter keeps what is its provider's own: endpoints, signing, field names, status and error
 * tables.
 */

/** Our network ids → one provider's network codes; a network left out is one it does not serve. */
export type NetworkCodes = Readonly<Partial<Record<NetworkId, string>>>;

/** The code a provider uses for one of our networks, or null where it does not serve it. */
export function networkCode(codes: NetworkCodes, network: string): string | null {
  return Object.hasOwn(codes, network) ? (codes[network as NetworkId] ?? null) : null;
}

/** Our network id for a provider's network code, or null. */
export function networkFromCode(codes: NetworkCodes, code: string): NetworkId | null {
  const wanted = code.toLowerCase();
  for (const id of NETWORK_IDS) {
    if (codes[id]?.toLowerCase() === wanted) return id;
  }
  return null;
}

/** Amounts arrive as JSON numbers or decimal strings; big.js takes both without float maths here. */
export const amountSchema = z
  .union([z.number().nonnegative(), z.string().trim().regex(DECIMAL_NUMBER_PATTERN)])
  .transform((value) => new Big(value));

/** Amounts the decimal schema rejects ('', null) count as absent. */
export const optionalAmountSchema = z
  .union([amountSchema, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value === '' || value === null || value === undefined ? null : value));

export const AMOUNT_DECIMALS = 18;

export interface HttpAnswer {
  status: number;
  body: unknown;
}

export interface ProviderIdentity {
  readonly id: string;
  readonly name: string;
}

export function providerError(
  provider: ProviderIdentity,
  code: ProviderErrorCode,
  message: string,
  limits?: { min: string; max: string },
): ProviderError {
  return new ProviderError(provider.id, code, message, limits);
}

/**
 * Sends one request and reads its JSON answer, whatever its status: a failed connection, an abort
 * or a body that is not JSON is an 'upstream_error'; the adapter maps the status and body.
 */
export async function requestJson(
  provider: ProviderIdentity,
  fetchImpl: typeof fetch,
  url: URL,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  signal: AbortSignal,
): Promise<HttpAnswer> {
  let status: number;
  let text: string;
  try {
    const response = await fetchImpl(url, {
      method: init.method,
      headers: { accept: 'application/json', ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
      signal,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const why = signal.aborted ? 'timed out or was cancelled' : `failed: ${(error as Error).message}`;
    throw providerError(provider, 'upstream_error', `${provider.name} ${init.method} ${url.pathname} ${why}`);
  }
  try {
    return { status, body: text === '' ? null : JSON.parse(text) };
  } catch {
    throw providerError(
      provider,
      'upstream_error',
      `${provider.name} ${init.method} ${url.pathname} answered ${status} without JSON`,
    );
  }
}

/** The body in the documented shape, or an 'upstream_error' naming what answered. */
export function parseBody<T extends z.ZodType>(
  provider: ProviderIdentity,
  schema: T,
  body: unknown,
  what: string,
): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw providerError(provider, 'upstream_error', `${provider.name} ${what}: unexpected response shape`);
  }
  return parsed.data;
}

export interface ResolvedPair {
  from: CatalogueAsset;
  to: CatalogueAsset;
  fromNetwork: string;
  toNetwork: string;
}

/** Both assets from the catalogue with the provider's network codes; 'pair_unavailable' otherwise. */
export async function resolvePair(
  provider: ProviderIdentity,
  catalogue: Pick<Catalogue, 'asset'>,
  codes: NetworkCodes,
  from: Asset,
  to: Asset,
): Promise<ResolvedPair> {
  const [fromAsset, toAsset] = await Promise.all([
    catalogue.asset(from.coin, from.network),
    catalogue.asset(to.coin, to.network),
  ]);
  const fromNetwork = fromAsset && networkCode(codes, fromAsset.network.id);
  const toNetwork = toAsset && networkCode(codes, toAsset.network.id);
  if (!fromAsset || !toAsset || !fromNetwork || !toNetwork) {
    throw providerError(provider, 'pair_unavailable', `${provider.name} does not serve this pair`);
  }
  return { from: fromAsset, to: toAsset, fromNetwork, toNetwork };
}

/** The provider's limits in `from` units: min rounded up, max down; the catalogue max when it sets none. */
export function limitsOf(min: Big, max: Big | null, from: CatalogueAsset): { min: string; max: string } {
  const decimals = Math.min(from.decimals, AMOUNT_DECIMALS);
  return {
    min: toAmount(min.round(decimals, Big.roundUp), decimals),
    max: max?.gt(0) ? toAmount(max, decimals) : from.max,
  };
}

export function assertAmount(provider: ProviderIdentity, amount: string): Big {
  if (!isDecimalString(amount)) {
    throw providerError(provider, 'amount_out_of_range', `Not a valid amount: "${amount}"`);
  }
  return new Big(amount);
}

export function assertInRange(
  provider: ProviderIdentity,
  amount: Big,
  limits: { min: string; max: string },
): void {
  if (amount.lt(limits.min) || amount.gt(limits.max)) {
    throw providerError(
      provider,
      'amount_out_of_range',
      `Amount must be between ${limits.min} and ${limits.max}`,
      limits,
    );
  }
}

/** A ProviderQuote from what a provider answered, amounts rounded to what each coin carries. */
export function buildQuote(
  provider: ProviderIdentity,
  input: {
    rateType: RateType;
    amountFrom: Big;
    amountTo: Big;
    networkFee: Big | null;
    limits: { min: string; max: string };
    to: CatalogueAsset;
    providerRateId?: string | null;
    expiresAt?: Date | null;
    eta?: Eta | null;
  },
): ProviderQuote {
  const decimals = payoutDecimals(input.to);
  const amountTo = toAmount(input.amountTo, decimals);
  if (new Big(amountTo).lte(0)) {
    throw providerError(provider, 'amount_out_of_range', 'Amount does not cover the fees', input.limits);
  }
  const quote: ProviderQuote = {
    provider: provider.id,
    rateType: input.rateType,
    amountFrom: toAmount(input.amountFrom, AMOUNT_DECIMALS),
    amountTo,
    rate: toAmount(new Big(amountTo).div(input.amountFrom), AMOUNT_DECIMALS),
    networkFee: toAmount(input.networkFee ?? new Big(0), decimals),
    min: input.limits.min,
    max: input.limits.max,
  };
  if (input.eta) quote.eta = input.eta;
  if (input.rateType === 'fixed') {
    if (!input.providerRateId || !input.expiresAt) {
      throw providerError(
        provider,
        'upstream_error',
        `${provider.name}: fixed-rate answer without a rate id`,
      );
    }
    quote.providerRateId = input.providerRateId;
    quote.expiresAt = input.expiresAt;
  }
  return quote;
}

/** Prints a provider amount for a ProviderSwap (18 places at most, no trailing zeros). */
export function printAmount(value: Big, decimals = AMOUNT_DECIMALS): string {
  return toAmount(value, Math.min(decimals, AMOUNT_DECIMALS));
}

/** The coins of our catalogue one provider serves, by its network codes: the coverage report. */
export interface CoverageEntry {
  coin: string;
  network: string;
}

export function coverageOf(
  codes: NetworkCodes,
  assets: readonly CoverageEntry[],
  serves: (asset: CoverageEntry) => boolean = () => true,
): CoverageEntry[] {
  return assets.filter((asset) => networkCode(codes, asset.network) !== null && serves(asset));
}
