import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  handleWhen,
  type IPolicy,
  retry,
  wrap,
} from 'cockatiel';

/**
 * The cockatiel policies every upstream call goes through (docs/decisions/016): instant-exchange
 * providers (core/providers/resilience.ts), fiat ramps (core/fiat/resilience.ts) and DEX and bridge
 * route sources. A circuit breaker opens after `breakAfter` failures in a row, so an upstream that
 * is down drops out at once instead of costing every call its timeout, and half-opens after
 * `halfOpenAfterMs` to come back on its own. Reads that are safe to repeat are retried with
 * exponential backoff while the caller's signal allows; writes run once. What counts as a failure
 * and what a caller sees while the breaker is open are each user's own.
 */

export interface ResilienceOptions {
  /** Failures in a row that open the breaker. */
  breakAfter?: number;
  /** How long an open breaker refuses calls before it lets one through to test the upstream. */
  halfOpenAfterMs?: number;
  /** Attempts of a safe read, the first included. */
  readAttempts?: number;
  /** First backoff between read attempts (doubling, with jitter). */
  backoffMs?: number;
}

/** A breaker's state as the operator console shows it. */
export type CircuitName = 'closed' | 'open' | 'half-open' | 'isolated';

/** The console's name of a cockatiel breaker's state. */
export function circuitName(state: CircuitState): CircuitName {
  switch (state) {
    case CircuitState.Open:
      return 'open';
    case CircuitState.HalfOpen:
      return 'half-open';
    case CircuitState.Isolated:
      return 'isolated';
    default:
      return 'closed';
  }
}

/**
 * One upstream's breaker and retry: `read` for calls safe to repeat, `once` for the others.
 * `isFailure` says which errors count against the upstream (and are retried); `circuitOpen` makes
 * the error a caller sees while the breaker refuses calls.
 */
export class CircuitGuard {
  readonly #breaker: CircuitBreakerPolicy;
  readonly #isFailure: (error: unknown) => boolean;
  readonly #circuitOpen: () => Error;
  readonly #attempts: number;
  readonly #backoffMs: number;

  constructor(
    isFailure: (error: unknown) => boolean,
    circuitOpen: () => Error,
    options: ResilienceOptions = {},
  ) {
    this.#isFailure = isFailure;
    this.#circuitOpen = circuitOpen;
    this.#attempts = Math.max(1, options.readAttempts ?? 2);
    this.#backoffMs = options.backoffMs ?? 150;
    this.#breaker = circuitBreaker(handleWhen(isFailure), {
      halfOpenAfter: options.halfOpenAfterMs ?? 30_000,
      breaker: new ConsecutiveBreaker(options.breakAfter ?? 5),
    });
  }

  /** The breaker's state now. */
  get circuit(): CircuitName {
    return circuitName(this.#breaker.state);
  }

  /** A call safe to repeat: retried with backoff on a failure while `signal` allows. */
  read<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    if (this.#attempts <= 1) return this.#run(this.#breaker, call, signal);
    const again = retry(
      handleWhen((error) => this.#isFailure(error) && !signal.aborted),
      {
        maxAttempts: this.#attempts - 1,
        backoff: new ExponentialBackoff({ initialDelay: this.#backoffMs, maxDelay: this.#backoffMs * 8 }),
      },
    );
    return this.#run(wrap(again, this.#breaker), call, signal);
  }

  /** A call not to repeat (it could create something twice): through the breaker only. */
  once<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    return this.#run(this.#breaker, call, signal);
  }

  async #run<T>(policy: IPolicy, call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    try {
      return await policy.execute(({ signal: inner }) => call(inner), signal);
    } catch (error) {
      if (error instanceof BrokenCircuitError) throw this.#circuitOpen();
      throw error;
    }
  }
}
