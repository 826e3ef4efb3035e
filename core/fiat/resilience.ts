import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  handleWhen,
  type IPolicy,
  retry,
  wrap,
} from 'cockatiel';
import { type CircuitName, circuitName, type ResilienceOptions } from '../providers/resilience.ts';
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

/**
 * A real fiat ramp behind the same cockatiel policies as the instant-exchange adapters
 * (core/providers/resilience.ts, docs/decisions/016): a circuit breaker opens after `breakAfter`
 * failures in a row, so a ramp that is down drops out of the comparison at once and comes back on
 * its own after `halfOpenAfterMs`; quotes and status lookups are retried with backoff while the
 * caller's deadline allows; creating an order is never retried (it could open two checkouts).
 * Only 'upstream_error' counts as a failure: an unserved request or an amount out of limits is an
 * answer. Webhook checks are local and pass straight through.
 */

const isFailure = (error: unknown) => error instanceof FiatProviderError && error.code === 'upstream_error';

export class ResilientFiatProvider implements FiatProvider {
  readonly id: string;
  readonly name: string;
  readonly sandbox?: boolean;
  readonly takesPayoutDetails?: boolean;
  readonly #inner: FiatProvider;
  readonly #breaker: CircuitBreakerPolicy;
  readonly #attempts: number;
  readonly #backoffMs: number;

  constructor(inner: FiatProvider, options: ResilienceOptions = {}) {
    this.#inner = inner;
    this.id = inner.id;
    this.name = inner.name;
    if (inner.sandbox !== undefined) this.sandbox = inner.sandbox;
    if (inner.takesPayoutDetails !== undefined) this.takesPayoutDetails = inner.takesPayoutDetails;
    this.#attempts = Math.max(1, options.readAttempts ?? 2);
    this.#backoffMs = options.backoffMs ?? 150;
    this.#breaker = circuitBreaker(handleWhen(isFailure), {
      halfOpenAfter: options.halfOpenAfterMs ?? 30_000,
      breaker: new ConsecutiveBreaker(options.breakAfter ?? 5),
    });
  }

  /** The adapter this one guards. */
  get inner(): FiatProvider {
    return this.#inner;
  }

  /** The breaker's state now: `open` while the ramp is skipped after repeated failures (the console shows it). */
  get circuit(): CircuitName {
    return circuitName(this.#breaker.state);
  }

  quote(request: FiatQuoteRequest, signal: AbortSignal): Promise<FiatProviderQuote> {
    return this.#read((s) => this.#inner.quote(request, s), signal);
  }

  createOrder(request: FiatOrderRequest, signal: AbortSignal): Promise<ProviderFiatOrder> {
    return this.#run(this.#breaker, (s) => this.#inner.createOrder(request, s), signal);
  }

  getOrder(
    reference: string,
    signal: AbortSignal,
    providerOrderId?: string | null,
  ): Promise<ProviderFiatOrderState | null> {
    return this.#read((s) => this.#inner.getOrder(reference, s, providerOrderId), signal);
  }

  verifyWebhook(headers: Headers, rawBody: string): FiatWebhookEvent | Promise<FiatWebhookEvent> {
    return this.#inner.verifyWebhook(headers, rawBody);
  }

  #read<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    if (this.#attempts <= 1) return this.#run(this.#breaker, call, signal);
    const again = retry(
      handleWhen((error) => isFailure(error) && !signal.aborted),
      {
        maxAttempts: this.#attempts - 1,
        backoff: new ExponentialBackoff({ initialDelay: this.#backoffMs, maxDelay: this.#backoffMs * 8 }),
      },
    );
    return this.#run(wrap(again, this.#breaker), call, signal);
  }

  async #run<T>(policy: IPolicy, call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    try {
      return await policy.execute(({ signal: inner }) => call(inner), signal);
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
