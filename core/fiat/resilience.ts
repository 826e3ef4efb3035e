import { CircuitGuard, type CircuitName, type ResilienceOptions } from '../resilience.ts';
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
 * (core/resilience.ts, docs/decisions/016): a circuit breaker opens after `breakAfter`
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
  readonly #guard: CircuitGuard;

  constructor(inner: FiatProvider, options: ResilienceOptions = {}) {
    this.#inner = inner;
    this.id = inner.id;
    this.name = inner.name;
    if (inner.sandbox !== undefined) this.sandbox = inner.sandbox;
    if (inner.takesPayoutDetails !== undefined) this.takesPayoutDetails = inner.takesPayoutDetails;
    this.#guard = new CircuitGuard(
      isFailure,
      () =>
        new FiatProviderError(
          this.id,
          'upstream_error',
          `${this.name}: circuit open after repeated failures`,
        ),
      options,
    );
  }

  /** The adapter this one guards. */
  get inner(): FiatProvider {
    return this.#inner;
  }

  /** The breaker's state now: `open` while the ramp is skipped after repeated failures (the console shows it). */
  get circuit(): CircuitName {
    return this.#guard.circuit;
  }

  quote(request: FiatQuoteRequest, signal: AbortSignal): Promise<FiatProviderQuote> {
    return this.#guard.read((s) => this.#inner.quote(request, s), signal);
  }

  createOrder(request: FiatOrderRequest, signal: AbortSignal): Promise<ProviderFiatOrder> {
    return this.#guard.once((s) => this.#inner.createOrder(request, s), signal);
  }

  getOrder(
    reference: string,
    signal: AbortSignal,
    providerOrderId?: string | null,
  ): Promise<ProviderFiatOrderState | null> {
    return this.#guard.read((s) => this.#inner.getOrder(reference, s, providerOrderId), signal);
  }

  verifyWebhook(headers: Headers, rawBody: string): FiatWebhookEvent | Promise<FiatWebhookEvent> {
    return this.#inner.verifyWebhook(headers, rawBody);
  }
}
