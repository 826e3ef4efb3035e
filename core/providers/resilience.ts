import type { CrossChainRouteSource } from '../crosschain/lifi.ts';
import type { DexRouteSource } from '../dex/types.ts';
import {
  type LiquidityProvider,
  ProviderError,
  type ProviderQuote,
  type ProviderSwap,
  type ProviderSwapRequest,
  type QuoteRequest,
  type ReverseQuoteRequest,
} from '../exchange/types.ts';
import { CircuitGuard, type CircuitName, type ResilienceOptions } from '../resilience.ts';

/**
 * Resilience per provider on cockatiel (core/resilience.ts, docs/decisions/016): a circuit breaker opens after
 * `breakAfter` failures in a row, so a provider that is down drops out of the comparison at once
 * instead of costing every quote its timeout, and half-opens after `halfOpenAfterMs` to come back on
 * its own. Reads that are safe to repeat (quotes, status) are retried with exponential backoff while
 * the caller's deadline allows; creating a swap is never retried (it could create two).
 *
 * Only failures count ('upstream_error'): a pair the provider does not serve, an amount out of its
 * limits or a bad address are answers, not faults. The deadline itself stays with the caller
 * (QuoteService's withDeadline): the signal reaches every attempt.
 */

const isFailure = (error: unknown) => error instanceof ProviderError && error.code === 'upstream_error';

/** What a caller sees while a provider's breaker is open. */
export function isCircuitOpen(error: unknown): boolean {
  return error instanceof ProviderError && error.message.includes('circuit open');
}

export class ResilientProvider implements LiquidityProvider {
  readonly id: string;
  readonly name: string;
  readonly supportsFixed?: boolean;
  readonly profile?: LiquidityProvider['profile'];
  readonly reverseQuote?: (request: ReverseQuoteRequest, signal: AbortSignal) => Promise<ProviderQuote>;
  readonly #inner: LiquidityProvider;
  readonly #guard: CircuitGuard;

  constructor(inner: LiquidityProvider, options: ResilienceOptions = {}) {
    this.#inner = inner;
    this.id = inner.id;
    this.name = inner.name;
    if (inner.supportsFixed !== undefined) this.supportsFixed = inner.supportsFixed;
    if (inner.profile) this.profile = inner.profile;
    this.#guard = new CircuitGuard(
      isFailure,
      () =>
        new ProviderError(this.id, 'upstream_error', `${this.name}: circuit open after repeated failures`),
      options,
    );
    const reverse = inner.reverseQuote?.bind(inner);
    if (reverse) {
      this.reverseQuote = (request, signal) => this.#guard.read((s) => reverse(request, s), signal);
    }
  }

  /** The breaker's state now: `open` while the provider is skipped after repeated failures. */
  get circuit(): CircuitName {
    return this.#guard.circuit;
  }

  /** The adapter this one guards (for checks that need the provider's own methods). */
  get inner(): LiquidityProvider {
    return this.#inner;
  }

  quote(request: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    return this.#guard.read((s) => this.#inner.quote(request, s), signal);
  }

  getSwap(providerSwapId: string, signal: AbortSignal): Promise<ProviderSwap> {
    return this.#guard.read((s) => this.#inner.getSwap(providerSwapId, s), signal);
  }

  createSwap(request: ProviderSwapRequest, signal: AbortSignal): Promise<ProviderSwap> {
    return this.#guard.once((s) => this.#inner.createSwap(request, s), signal);
  }
}

/** What a caller sees while a route source's breaker is open (DEX and bridge sources). */
export class SourceCircuitOpenError extends Error {
  override name = 'SourceCircuitOpenError';
}

/**
 * The same resilience for the DEX and bridge route sources (core/dex, core/crosschain), whose calls
 * are all reads (a quote, a transfer's status): a circuit breaker per source that opens after
 * `breakAfter` failures in a row and half-opens after `halfOpenAfterMs`, and a retry with backoff
 * while the caller's deadline allows. A source answering "no route" returns null: not a failure.
 */
export class SourceGuard extends CircuitGuard {
  constructor(name: string, options: ResilienceOptions = {}) {
    super(
      isSourceFailure,
      () => new SourceCircuitOpenError(`${name}: circuit open after repeated failures`),
      options,
    );
  }
}

/** A source's request that was refused as malformed by us is still its failure; only open circuits are not. */
const isSourceFailure = (error: unknown) => !(error instanceof SourceCircuitOpenError);

/** A DEX route source behind its own SourceGuard: it drops out while failing and comes back alone. */
export function resilientDexSource(source: DexRouteSource, options?: ResilienceOptions): DexRouteSource {
  const guard = new SourceGuard(source.name, options);
  return {
    id: source.id,
    name: source.name,
    supports: (network) => source.supports(network),
    quote: (request, signal) => guard.read((inner) => source.quote(request, inner), signal),
  };
}

/** A bridge route source behind its own SourceGuard (quotes and transfer status are both reads). */
export function resilientCrossChainSource(
  source: CrossChainRouteSource,
  options?: ResilienceOptions,
): CrossChainRouteSource {
  const guard = new SourceGuard(source.name, options);
  const serves = source.serves?.bind(source);
  return {
    id: source.id,
    name: source.name,
    supports: (from, to) => source.supports(from, to),
    ...(serves ? { serves } : {}),
    quote: (request, signal) => guard.read((inner) => source.quote(request, inner), signal),
    status: (txHash, from, to, tool, signal) =>
      guard.read((inner) => source.status(txHash, from, to, tool, inner), signal),
  };
}
