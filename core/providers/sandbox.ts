import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxSwaps } from '../../db/schema.ts';
import { depositAddressFor, depositMemoFor } from '../address/generate.ts';
import { NETWORKS, type NetworkDefinition } from '../address/networks.ts';
import { networkTxHash } from '../address/tx-hash.ts';
import { validateAddress, validateMemo } from '../address/validate.ts';
import { type Catalogue, type CatalogueAsset, payoutDecimals } from '../catalogue/catalogue.ts';
import { Big, isDecimalString, toAmount } from '../exchange/decimal.ts';
import { routeDeposit } from '../exchange/swap-states.ts';
import {
  type Asset,
  type LiquidityProvider,
  type PriceSource,
  ProviderError,
  type ProviderProfile,
  type ProviderQuote,
  type ProviderSwap,
  type ProviderSwapRequest,
  type QuoteRequest,
  type ReverseQuoteRequest,
  type SwapDecision,
  type SwapProblem,
} from '../exchange/types.ts';

/**
 * Sandbox only: what the simulated provider does with a deposit the rules let through. `hold`: an
 * identity check pauses the swap (for as long as an exchange takes) before it goes on; `provider_failure`:
 * the exchange fails and the deposit is sent back.
 */
export const SANDBOX_SCENARIOS = ['hold', 'provider_failure'] as const;
export type SandboxScenario = (typeof SANDBOX_SCENARIOS)[number];

/** How long a sandbox swap stays in each status after its deposit. */
export interface SandboxDelays {
  confirmingMs: number;
  exchangingMs: number;
  sendingMs: number;
}

export interface SandboxProviderConfig {
  id: string;
  name: string;
  /** Spread on every rate, in basis points. */
  spreadBps: number;
  /** Extra margin on fixed rates, in basis points. */
  fixedMarginBps: number;
  /** Flat fee per swap in USD, taken from the payout. */
  feeUsd: string | number;
  /** The provider's limits are the catalogue's min/max times these factors. */
  minFactor: string | number;
  maxFactor: string | number;
  fixedRateTtlMs: number;
  supportsFixed: boolean;
  delays: SandboxDelays;
}

export interface SandboxDeps {
  db: Database;
  catalogue: Catalogue;
  prices: PriceSource;
  now?: () => Date;
}

type SandboxRow = typeof sandboxSwaps.$inferSelect;

interface IssuedRate {
  from: Asset;
  to: Asset;
  amountFrom: Big;
  amountTo: string;
  rate: string;
  expiresAt: Date;
}

interface UsdPrices {
  from: Big;
  to: Big;
}

interface Pricing {
  amountTo: Big;
  networkFee: string;
}

// Fixed-rate ids live in memory only; a restart forgets them and the visitor gets 'rate_expired',
// as with a real provider whose rate lapsed. The bound keeps abandoned quotes from piling up.
const MAX_ISSUED_RATES = 10_000;

const RATE_DECIMALS = 18;

const BPS = new Big(10_000);
/** Fee figures kept per coin and price (prices move a few times a minute at most). */
const FEE_CACHE_ENTRIES = 2_000;

/**
 * Worked-out values shared by the sandbox providers, which price every request from the same USD
 * prices: the decimal division is most of a quote's cost, and each of the three would do the same.
 * Bounded; cleared when full (entries are cheap to work out again).
 */
const shared = new Map<string, Big>();
function sharedValue(key: string, work: () => Big): Big {
  let value = shared.get(key);
  if (!value) {
    value = work();
    if (shared.size >= FEE_CACHE_ENTRIES) shared.clear();
    shared.set(key, value);
  }
  return value;
}

/** Numeric columns may come back with trailing zeros; print them the way they went in. */
function norm(value: string): string {
  return toAmount(new Big(value), RATE_DECIMALS);
}

/** A made-up transaction hash shaped as the network writes its hashes (0x… on EVM networks). */
function fakeHash(kind: string, id: string, network: string): string {
  const hex = createHash('sha256').update(`sandbox-${kind}:${id}`).digest('hex');
  const definition = (NETWORKS as Partial<Record<string, NetworkDefinition>>)[network];
  return networkTxHash(definition?.addressFormat ?? '', hex);
}

function sameAsset(a: Asset, b: Asset): boolean {
  return a.coin === b.coin && a.network === b.network;
}

/**
 * A simulated liquidity provider: quotes from USD prices with its own spread, fee and limits,
 * and keeps its swaps in sandbox_swaps. Status follows the clock after a (simulated) deposit.
 */
export class SandboxProvider implements LiquidityProvider {
  readonly id: string;
  readonly name: string;
  readonly #config: SandboxProviderConfig;
  readonly #db: Database;
  readonly #catalogue: Catalogue;
  readonly #prices: PriceSource;
  readonly #now: () => Date;
  readonly #issued = new Map<string, IssuedRate>();
  readonly #keeps = new Map<number, Big>();
  readonly #feeCache = new Map<string, { networkFee: Big; fee: Big; printed: string }>();
  readonly #limitsCache = new Map<string, { min: string; max: string }>();

  constructor(config: SandboxProviderConfig, deps: SandboxDeps) {
    this.id = config.id;
    this.name = config.name;
    this.#config = config;
    this.#db = deps.db;
    this.#catalogue = deps.catalogue;
    this.#prices = deps.prices;
    this.#now = deps.now ?? (() => new Date());
  }

  get supportsFixed(): boolean {
    return this.#config.supportsFixed;
  }

  get profile(): ProviderProfile {
    return { spreadBps: this.#config.spreadBps };
  }

  async quote(request: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    signal.throwIfAborted();
    const { from, to } = await this.#assets(request.from, request.to);
    if (request.rateType === 'fixed' && !this.#config.supportsFixed) {
      throw this.#error('pair_unavailable', 'Fixed rates are not offered');
    }
    const fixed = request.rateType === 'fixed';
    const prices = await this.#usdPrices(from, to);
    if (!prices) throw this.#error('pair_unavailable', 'No price for this pair');
    const limits = this.#limits(from);
    const amountFrom = this.#checkAmount(request.amountFrom, limits);
    const pricing = this.#pricing(prices, to, amountFrom, fixed);
    if (pricing.amountTo.lte(0)) {
      throw this.#error('amount_out_of_range', 'Amount does not cover the fees', limits);
    }
    const amountTo = toAmount(pricing.amountTo, payoutDecimals(to));
    const rate = toAmount(new Big(amountTo).div(amountFrom), RATE_DECIMALS);
    const quote: ProviderQuote = {
      provider: this.id,
      rateType: request.rateType,
      amountFrom: toAmount(amountFrom, RATE_DECIMALS),
      amountTo,
      rate,
      networkFee: pricing.networkFee,
      min: limits.min,
      max: limits.max,
      eta: this.#eta(),
    };
    if (fixed) {
      const providerRateId = randomBytes(16).toString('base64url');
      const expiresAt = new Date(this.#now().getTime() + this.#config.fixedRateTtlMs);
      this.#issue(providerRateId, {
        from: request.from,
        to: request.to,
        amountFrom,
        amountTo,
        rate,
        expiresAt,
      });
      quote.providerRateId = providerRateId;
      quote.expiresAt = expiresAt;
    }
    return quote;
  }

  /**
   * The pricing inverted: (amountTo + network fee + flat fee) at USD prices, grossed up by the
   * spread, rounded up to the coin's decimals; then quoted forward, so the answer pays at least
   * amountTo and is the same offer a direct quote for that amount gives.
   */
  async reverseQuote(request: ReverseQuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    signal.throwIfAborted();
    const { from, to } = await this.#assets(request.from, request.to);
    if (request.rateType === 'fixed' && !this.#config.supportsFixed) {
      throw this.#error('pair_unavailable', 'Fixed rates are not offered');
    }
    const limits = this.#limits(from);
    if (!isDecimalString(request.amountTo) || new Big(request.amountTo).lte(0)) {
      throw this.#error('amount_out_of_range', `Not a valid amount: "${request.amountTo}"`, limits);
    }
    const prices = await this.#usdPrices(from, to);
    if (!prices) throw this.#error('pair_unavailable', 'No price for this pair');
    const marginBps =
      this.#config.spreadBps + (request.rateType === 'fixed' ? this.#config.fixedMarginBps : 0);
    const networkFee = new Big(to.network.networkFeeUsd).div(prices.to);
    const fee = new Big(this.#config.feeUsd).div(prices.to);
    const decimals = Math.min(from.decimals, RATE_DECIMALS);
    const amountFrom = new Big(request.amountTo)
      .plus(networkFee)
      .plus(fee)
      .times(prices.to)
      .div(prices.from)
      .times(BPS)
      .div(BPS.minus(marginBps))
      .round(decimals, Big.roundUp);
    const printed = toAmount(amountFrom, decimals);
    if (amountFrom.lt(limits.min) || amountFrom.gt(limits.max)) {
      throw new ProviderError(
        this.id,
        'amount_out_of_range',
        `Amount to send must be between ${limits.min} and ${limits.max}`,
        limits,
        printed,
      );
    }
    return this.quote(
      { from: request.from, to: request.to, amountFrom: printed, rateType: request.rateType },
      signal,
    );
  }

  /** The simulated swap's duration once the deposit is in. */
  #eta(): { min: number; max: number } {
    const { confirmingMs, exchangingMs, sendingMs } = this.#config.delays;
    const seconds = Math.ceil((confirmingMs + exchangingMs + sendingMs) / 1000);
    return { min: seconds, max: seconds };
  }

  async createSwap(request: ProviderSwapRequest, signal: AbortSignal): Promise<ProviderSwap> {
    signal.throwIfAborted();
    const { from, to } = await this.#assets(request.from, request.to);
    this.#checkAddresses(request, from, to);
    let amountTo: string;
    let rate: string;
    let rateExpiresAt: Date | null = null;
    if (request.rateType === 'fixed') {
      if (!this.#config.supportsFixed) throw this.#error('pair_unavailable', 'Fixed rates are not offered');
      const issued = this.#takeIssued(request);
      amountTo = issued.amountTo;
      rate = issued.rate;
      rateExpiresAt = issued.expiresAt;
    } else {
      const quote = await this.quote({ ...request, rateType: 'float' }, signal);
      amountTo = quote.amountTo;
      rate = quote.rate;
    }
    // Our markup comes off the payout, as a real provider's partner fee does.
    const partnerFeeBps = request.partnerFeeBps ?? 0;
    amountTo = toAmount(new Big(amountTo).times(10_000 - partnerFeeBps).div(10_000), payoutDecimals(to));
    const limits = this.#limits(from);
    const id = randomBytes(10).toString('hex');
    const seed = new Uint8Array(createHash('sha256').update(id).digest());
    const [row] = await this.#db
      .insert(sandboxSwaps)
      .values({
        id,
        provider: this.id,
        rateType: request.rateType,
        fromCoin: from.coin,
        fromNetwork: from.network.id,
        toCoin: to.coin,
        toNetwork: to.network.id,
        amountFrom: toAmount(new Big(request.amountFrom), RATE_DECIMALS),
        amountTo,
        rate,
        min: limits.min,
        max: limits.max,
        depositAddress: depositAddressFor(from.network.id, seed),
        depositMemo: depositMemoFor(from.network.id, seed) ?? null,
        payoutAddress: request.payoutAddress.trim(),
        payoutMemo: request.payoutMemo ?? null,
        refundAddress: request.refundAddress?.trim() || null,
        partnerFeeBps,
        rateExpiresAt,
        createdAt: this.#now(),
      })
      .returning();
    if (!row) throw this.#error('upstream_error', 'Swap was not stored');
    return this.#toSwap(row);
  }

  async getSwap(providerSwapId: string, signal: AbortSignal): Promise<ProviderSwap> {
    signal.throwIfAborted();
    return this.#toSwap(await this.#load(providerSwapId));
  }

  /**
   * Records the visitor's deposit, as the provider would on seeing it on chain. Only the first
   * deposit counts; the status then moves on with the clock.
   */
  async simulateDeposit(
    providerSwapId: string,
    amount: string,
    options: { at?: Date; scenario?: SandboxScenario } = {},
  ): Promise<ProviderSwap> {
    if (!isDecimalString(amount) || new Big(amount).lte(0)) {
      throw this.#error('amount_out_of_range', `Deposit amount must be a positive decimal, got "${amount}"`);
    }
    const updated = await this.#db
      .update(sandboxSwaps)
      .set({
        depositAmount: amount,
        depositedAt: options.at ?? this.#now(),
        scenario: options.scenario ?? null,
      })
      .where(
        and(
          eq(sandboxSwaps.id, providerSwapId),
          eq(sandboxSwaps.provider, this.id),
          isNull(sandboxSwaps.depositedAt),
        ),
      )
      .returning();
    const row = updated[0];
    if (row) return this.#toSwap(row);
    await this.#load(providerSwapId);
    throw this.#error('upstream_error', `Swap ${providerSwapId} already received its deposit`);
  }

  #error(code: ProviderError['code'], message: string, limits?: { min: string; max: string }): ProviderError {
    return new ProviderError(this.id, code, message, limits);
  }

  async #assets(fromRef: Asset, toRef: Asset): Promise<{ from: CatalogueAsset; to: CatalogueAsset }> {
    const [from, to] = await Promise.all([
      this.#catalogue.asset(fromRef.coin, fromRef.network),
      this.#catalogue.asset(toRef.coin, toRef.network),
    ]);
    if (!from || !to) throw this.#error('pair_unavailable', 'Unknown asset');
    if (from.coin === to.coin && from.network.id === to.network.id) {
      throw this.#error('pair_unavailable', 'Cannot swap an asset for itself');
    }
    return { from, to };
  }

  #limits(from: CatalogueAsset): { min: string; max: string } {
    const key = `${from.min}:${from.max}:${from.decimals}`;
    let limits = this.#limitsCache.get(key);
    if (!limits) {
      limits = this.#workOutLimits(from);
      if (this.#limitsCache.size >= FEE_CACHE_ENTRIES) this.#limitsCache.clear();
      this.#limitsCache.set(key, limits);
    }
    return limits;
  }

  /** The asset's limits scaled by this provider's factors, rounded inwards to its decimals. */
  #workOutLimits(from: CatalogueAsset): { min: string; max: string } {
    const decimals = Math.min(from.decimals, 18);
    const min = new Big(from.min).times(this.#config.minFactor).round(decimals, Big.roundUp);
    const max = new Big(from.max).times(this.#config.maxFactor).round(decimals, Big.roundDown);
    return { min: toAmount(min, decimals), max: toAmount(max, decimals) };
  }

  #checkAmount(amount: string, limits: { min: string; max: string }): Big {
    if (!isDecimalString(amount)) {
      throw this.#error('amount_out_of_range', `Not a valid amount: "${amount}"`, limits);
    }
    const value = new Big(amount);
    if (value.lt(limits.min) || value.gt(limits.max)) {
      throw this.#error(
        'amount_out_of_range',
        `Amount must be between ${limits.min} and ${limits.max}`,
        limits,
      );
    }
    return value;
  }

  async #usdPrices(from: CatalogueAsset, to: CatalogueAsset): Promise<UsdPrices | null> {
    const [priceFrom, priceTo] = await Promise.all([
      this.#prices.usdPrice(from.coin),
      this.#prices.usdPrice(to.coin),
    ]);
    if (!priceFrom || !priceTo) return null;
    const usdFrom = sharedValue(`price:${priceFrom}`, () => new Big(priceFrom));
    const usdTo = sharedValue(`price:${priceTo}`, () => new Big(priceTo));
    if (usdFrom.lte(0) || usdTo.lte(0)) return null;
    return { from: usdFrom, to: usdTo };
  }

  /** amountFrom at USD prices, less spread (and fixed margin), payout network fee and flat fee. */
  #pricing(prices: UsdPrices, to: CatalogueAsset, amountFrom: Big, fixed: boolean): Pricing {
    const marginBps = this.#config.spreadBps + (fixed ? this.#config.fixedMarginBps : 0);
    // amountFrom in `to` at USD prices: the same for every sandbox provider asked for this amount.
    const value = sharedValue(
      `value:${amountFrom.toString()}:${prices.from.toString()}:${prices.to.toString()}`,
      () => amountFrom.times(prices.from).div(prices.to),
    );
    const gross = value.times(this.#keep(marginBps));
    const { networkFee, fee, printed } = this.#fees(prices.to, to);
    return { amountTo: gross.minus(networkFee).minus(fee), networkFee: printed };
  }

  /** The share kept after `marginBps`, worked out once per margin. */
  #keep(marginBps: number): Big {
    let keep = this.#keeps.get(marginBps);
    if (!keep) {
      keep = BPS.minus(marginBps).div(BPS);
      this.#keeps.set(marginBps, keep);
    }
    return keep;
  }

  /**
   * The payout network fee and the flat fee in `to` units at its USD price: the same for every
   * quote until the price moves, so worked out once per price (Big division is the quote's cost).
   */
  #fees(priceTo: Big, to: CatalogueAsset): { networkFee: Big; fee: Big; printed: string } {
    const key = `${to.coin}:${to.network.id}:${priceTo.toString()}:${to.network.networkFeeUsd}`;
    let fees = this.#feeCache.get(key);
    if (!fees) {
      const networkFee = new Big(to.network.networkFeeUsd).div(priceTo);
      fees = {
        networkFee,
        fee: new Big(this.#config.feeUsd).div(priceTo),
        printed: toAmount(networkFee, payoutDecimals(to)),
      };
      if (this.#feeCache.size >= FEE_CACHE_ENTRIES) this.#feeCache.clear();
      this.#feeCache.set(key, fees);
    }
    return fees;
  }

  #issue(id: string, rate: IssuedRate): void {
    if (this.#issued.size >= MAX_ISSUED_RATES) {
      const now = this.#now();
      for (const [key, value] of this.#issued) {
        if (value.expiresAt <= now) this.#issued.delete(key);
      }
      // Still full: forget the oldest ones.
      for (const key of this.#issued.keys()) {
        if (this.#issued.size < MAX_ISSUED_RATES) break;
        this.#issued.delete(key);
      }
    }
    this.#issued.set(id, rate);
  }

  /** A fixed rate is used once, for the pair and amount it was issued for. */
  #takeIssued(request: ProviderSwapRequest): IssuedRate {
    const issued = request.providerRateId ? this.#issued.get(request.providerRateId) : undefined;
    if (!issued || issued.expiresAt <= this.#now()) {
      throw this.#error('rate_expired', 'The fixed rate is unknown or expired');
    }
    const matches =
      sameAsset(issued.from, request.from) &&
      sameAsset(issued.to, request.to) &&
      isDecimalString(request.amountFrom) &&
      issued.amountFrom.eq(request.amountFrom);
    if (!matches) throw this.#error('rate_expired', 'The fixed rate was issued for another pair or amount');
    this.#issued.delete(request.providerRateId ?? '');
    return issued;
  }

  #checkAddresses(request: ProviderSwapRequest, from: CatalogueAsset, to: CatalogueAsset): void {
    if (!validateAddress(to.network.id, request.payoutAddress).valid) {
      throw this.#error('invalid_address', 'Invalid payout address');
    }
    if (request.payoutMemo && !validateMemo(to.network.id, request.payoutMemo).valid) {
      throw this.#error('invalid_address', 'Invalid payout memo');
    }
    if (request.refundAddress && !validateAddress(from.network.id, request.refundAddress).valid) {
      throw this.#error('invalid_address', 'Invalid refund address');
    }
    if (request.refundMemo && !validateMemo(from.network.id, request.refundMemo).valid) {
      throw this.#error('invalid_address', 'Invalid refund memo');
    }
  }

  async #load(providerSwapId: string): Promise<SandboxRow> {
    const [row] = await this.#db
      .select()
      .from(sandboxSwaps)
      .where(and(eq(sandboxSwaps.id, providerSwapId), eq(sandboxSwaps.provider, this.id)));
    if (!row) throw this.#error('not_found', `No swap ${providerSwapId}`);
    return row;
  }

  /**
   * Carries out a decision on a swap in action_needed, or takes the refund address a refunding swap
   * lacks. Repeating the decision already taken changes nothing; another one is refused.
   */
  async resolveSwap(
    providerSwapId: string,
    decision: SwapDecision,
    signal: AbortSignal,
  ): Promise<ProviderSwap> {
    signal.throwIfAborted();
    const row = await this.#load(providerSwapId);
    const current = await this.#toSwap(row);
    if (row.decision) {
      if (row.decision === decision.action) return current;
      throw this.#error('upstream_error', `The swap was already decided: ${row.decision}`);
    }
    const at = this.#now();
    if (decision.action === 'continue') {
      if (current.status !== 'action_needed') throw this.#error('upstream_error', 'Nothing to decide');
      const market = await this.quote(
        {
          from: { coin: row.fromCoin, network: row.fromNetwork },
          to: { coin: row.toCoin, network: row.toNetwork },
          amountFrom: current.amountDeposited ?? '0',
          rateType: 'float',
        },
        signal,
      );
      const to = await this.#catalogue.asset(row.toCoin, row.toNetwork);
      const marketAmountTo = toAmount(
        new Big(market.amountTo).times(10_000 - row.partnerFeeBps).div(10_000),
        to ? payoutDecimals(to) : 8,
      );
      await this.#db
        .update(sandboxSwaps)
        .set({ decision: 'continue', decidedAt: at, marketAmountTo })
        .where(eq(sandboxSwaps.id, row.id));
    } else {
      const waitingForAddress = current.status === 'refunding' && !row.refundAddress;
      if (current.status !== 'action_needed' && !waitingForAddress) {
        throw this.#error('upstream_error', 'Nothing to refund now');
      }
      if (!validateAddress(row.fromNetwork, decision.refundAddress).valid) {
        throw this.#error('invalid_address', 'Invalid refund address');
      }
      if (decision.refundMemo && !validateMemo(row.fromNetwork, decision.refundMemo).valid) {
        throw this.#error('invalid_address', 'Invalid refund memo');
      }
      await this.#db
        .update(sandboxSwaps)
        .set({
          decision: 'refund',
          decidedAt: at,
          refundAddress: decision.refundAddress.trim(),
          refundMemo: decision.refundMemo?.trim() || null,
        })
        .where(eq(sandboxSwaps.id, row.id));
    }
    return this.#toSwap(await this.#load(providerSwapId));
  }

  async #toSwap(row: SandboxRow): Promise<ProviderSwap> {
    const swap: ProviderSwap = {
      providerSwapId: row.id,
      status: 'waiting',
      depositAddress: row.depositAddress,
      amountFrom: norm(row.amountFrom),
      amountTo: norm(row.amountTo),
      limits: { min: norm(row.min), max: norm(row.max) },
    };
    if (row.depositMemo) swap.depositMemo = row.depositMemo;
    if (row.refundAddress) swap.refundAddress = row.refundAddress;
    const now = this.#now().getTime();
    if (!row.depositAmount || !row.depositedAt || row.depositedAt.getTime() > now) return swap;

    swap.amountDeposited = norm(row.depositAmount);
    swap.depositHash = fakeHash('deposit', row.id, row.fromNetwork);
    const { confirmingMs, exchangingMs } = this.#config.delays;
    const confirmed = row.depositedAt.getTime() + confirmingMs;
    if (now < confirmed) return { ...swap, status: 'confirming' };
    const route = routeDeposit(
      {
        rateType: row.rateType === 'fixed' ? 'fixed' : 'float',
        amountFrom: row.amountFrom,
        min: row.min,
        max: row.max,
        rateExpiresAt: row.rateExpiresAt,
      },
      { amount: row.depositAmount, at: row.depositedAt },
    );
    if (route.route === 'refund') return this.#refunding(row, swap, confirmed, route.problem);
    if (route.route === 'action_needed') {
      const decided = row.decidedAt?.getTime() ?? null;
      if (!row.decision || decided === null)
        return { ...swap, status: 'action_needed', problem: route.problem };
      if (row.decision === 'refund') return this.#refunding(row, swap, decided, route.problem);
      return this.#exchanging(row, swap, decided, route.problem, norm(row.marketAmountTo ?? row.amountTo));
    }
    const problem = route.problem ?? undefined;
    if (row.scenario === 'hold') {
      if (now < confirmed + exchangingMs) return { ...swap, status: 'hold', problem: 'hold' };
      return this.#exchanging(row, swap, confirmed + exchangingMs, problem);
    }
    if (row.scenario === 'provider_failure') {
      if (now < confirmed + exchangingMs) return { ...swap, status: 'exchanging' };
      return this.#refunding(row, swap, confirmed + exchangingMs, 'provider_failed');
    }
    return this.#exchanging(row, swap, confirmed, problem);
  }

  /** The exchange and payout, started at `start`; the payout is `amountTo`, else what the deposit buys. */
  async #exchanging(
    row: SandboxRow,
    swap: ProviderSwap,
    start: number,
    problem: SwapProblem | undefined,
    amountTo?: string,
  ): Promise<ProviderSwap> {
    const { exchangingMs, sendingMs } = this.#config.delays;
    const elapsed = this.#now().getTime() - start;
    const deposit = new Big(row.depositAmount ?? '0');
    const payout = amountTo ?? (await this.#paidOut(row, deposit));
    const shown: ProviderSwap = { ...swap, amountTo: payout, ...(problem ? { problem } : {}) };
    if (elapsed < exchangingMs) return { ...shown, status: 'exchanging' };
    shown.payoutHash = fakeHash('payout', row.id, row.toNetwork);
    if (elapsed < exchangingMs + sendingMs) return { ...shown, status: 'sending' };
    return { ...shown, status: 'finished', amountPaidOut: payout };
  }

  /** The deposit sent back, from `start` or once a refund address is given, whichever is later. */
  #refunding(row: SandboxRow, swap: ProviderSwap, start: number, problem: SwapProblem): ProviderSwap {
    const shown: ProviderSwap = { ...swap, status: 'refunding', problem };
    if (!row.refundAddress) return shown;
    const from = Math.max(start, row.decidedAt?.getTime() ?? start);
    if (this.#now().getTime() - from < this.#config.delays.sendingMs) return shown;
    return {
      ...shown,
      status: 'refunded',
      refundHash: fakeHash('refund', row.id, row.fromNetwork),
      amountRefunded: norm(row.depositAmount ?? '0'),
    };
  }

  /** Fixed: the locked rate applied to what arrived. Float: what the deposit is worth now. */
  async #paidOut(row: SandboxRow, deposit: Big): Promise<string> {
    const [from, to] = await Promise.all([
      this.#catalogue.asset(row.fromCoin, row.fromNetwork),
      this.#catalogue.asset(row.toCoin, row.toNetwork),
    ]);
    const decimals = to ? payoutDecimals(to) : 8;
    const proportional = new Big(row.amountTo).times(deposit).div(row.amountFrom);
    if (row.rateType === 'fixed' || !from || !to) return toAmount(proportional, decimals);
    const prices = await this.#usdPrices(from, to);
    // Prices gone since the deposit: pay at the rate of the order rather than nothing.
    const amount = prices
      ? this.#pricing(prices, to, deposit, false)
          .amountTo.times(10_000 - row.partnerFeeBps)
          .div(10_000)
      : proportional;
    return toAmount(amount.gt(0) ? amount : new Big(0), decimals);
  }
}

export const DEFAULT_SANDBOX_DELAYS: SandboxDelays = {
  confirmingMs: 30_000,
  exchangingMs: 30_000,
  sendingMs: 20_000,
};

export interface SandboxProvidersOptions {
  delays?: Partial<SandboxDelays>;
  /** How long a fixed rate of the sandbox providers stays valid; default 10 minutes. */
  fixedRateTtlMs?: number;
}

/**
 * The three standard sandbox providers. They differ on purpose so the comparison has
 * something to compare: alpha is the all-rounder, bravo has wide limits and a small fee,
 * charlie the best spread for large amounts but a big fee, narrow limits and no fixed rates.
 */
export function createSandboxProviders(
  deps: SandboxDeps,
  options: SandboxProvidersOptions = {},
): SandboxProvider[] {
  const delays = { ...DEFAULT_SANDBOX_DELAYS, ...options.delays };
  const fixedRateTtlMs = options.fixedRateTtlMs ?? 10 * 60_000;
  const common = { delays, fixedRateTtlMs };
  const configs: SandboxProviderConfig[] = [
    {
      ...common,
      id: 'sandbox-alpha',
      name: 'Alpha Sandbox',
      spreadBps: 30,
      fixedMarginBps: 100,
      feeUsd: 0,
      minFactor: 1,
      maxFactor: 1,
      supportsFixed: true,
    },
    {
      ...common,
      id: 'sandbox-bravo',
      name: 'Bravo Sandbox',
      spreadBps: 50,
      fixedMarginBps: 80,
      feeUsd: '0.5',
      minFactor: '0.8',
      maxFactor: '1.5',
      supportsFixed: true,
    },
    {
      ...common,
      id: 'sandbox-charlie',
      name: 'Charlie Sandbox',
      spreadBps: 15,
      fixedMarginBps: 0,
      feeUsd: 2,
      minFactor: '1.5',
      maxFactor: '0.6',
      supportsFixed: false,
    },
  ];
  return configs.map((config) => new SandboxProvider(config, deps));
}
