import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
} from 'cockatiel';
import { type CircuitName, circuitName } from '../providers/resilience.ts';
import {
  type FiatOrderRequest,
  type FiatProvider,
  FiatProviderError,
  type FiatProviderQuote,
  type FiatQuoteRequest,
  type FiatWebhookEvent,
  type ProviderFiatOrder,
  type ProviderFiatOrderState,
} from './types.ts';

export interface FiatResilienceOptions {
  /** Failures in a row that open the breaker. */
  breakAfter?: number;
  /** How long an open breaker refuses calls before it lets one through to test the ramp. */
  halfOpenAfterMs?: number;
}

/** Only the ramp's faults count: an unsupported request or an amount out of range is an answer. */
const isFailure = (error: unknown) => error instanceof FiatProviderError && error.code === 'upstream_error';

/**
 * A ramp (MoonPay, Banxa, a sandbox ramp) behind a cockatiel circuit breaker, like the exchange
 * providers' (core/providers/resilience.ts, docs/decisions/016): after `breakAfter` failures in a row
 * the ramp drops out of the quotes at once instead of costing each its timeout, and it half-opens
 * after `halfOpenAfterMs` to come back on its own. Nothing is retried (a ramp is asked once per
 * payment method already). Webhooks are checked without the breaker: they are the ramp calling us.
 */
export class ResilientFiatProvider implements FiatProvider {
  readonly id: string;
  readonly name: string;
  readonly sandbox?: boolean;
  readonly takesPayoutDetails?: boolean;
  readonly #inner: FiatProvider;
  readonly #breaker: CircuitBreakerPolicy;

  constructor(inner: FiatProvider, options: FiatResilienceOptions = {}) {
    this.#inner = inner;
    this.id = inner.id;
    this.name = inner.name;
    if (inner.sandbox !== undefined) this.sandbox = inner.sandbox;
    if (inner.takesPayoutDetails !== undefined) this.takesPayoutDetails = inner.takesPayoutDetails;
    this.#breaker = circuitBreaker(handleWhen(isFailure), {
      halfOpenAfter: options.halfOpenAfterMs ?? 30_000,
      breaker: new ConsecutiveBreaker(options.breakAfter ?? 5),
    });
  }

  /** The ramp this one guards. */
  get inner(): FiatProvider {
    return this.#inner;
  }

  /** The breaker's state now: `open` while the ramp is skipped after repeated failures. */
  get circuit(): CircuitName {
    return circuitName(this.#breaker.state);
  }

  quote(request: FiatQuoteRequest, signal: AbortSignal): Promise<FiatProviderQuote> {
    return this.#run((s) => this.#inner.quote(request, s), signal);
  }

  createOrder(request: FiatOrderRequest, signal: AbortSignal): Promise<ProviderFiatOrder> {
    return this.#run((s) => this.#inner.createOrder(request, s), signal);
  }

  getOrder(
    reference: string,
    signal: AbortSignal,
    providerOrderId?: string | null,
  ): Promise<ProviderFiatOrderState | null> {
    return this.#run((s) => this.#inner.getOrder(reference, s, providerOrderId), signal);
  }

  verifyWebhook(headers: Headers, rawBody: string): FiatWebhookEvent {
    return this.#inner.verifyWebhook(headers, rawBody);
  }

  async #run<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    try {
      return await this.#breaker.execute(({ signal: inner }) => call(inner), signal);
    } catch (error) {
      if (error instanceof BrokenCircuitError) {
        throw new FiatProviderError(
          this.id,
          'upstream_error',
          `${this.name}: circuit open after repeated failures`,
        );
      }
      throw error;
    }
  }
}
