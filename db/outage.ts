import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './errors.ts';

/** Reports further apart than this belong to separate outages (each is logged once). */
const OUTAGE_GAP_MS = 30_000;

/**
 * What this node knows of a database outage. The first request that finds the database
 * unreachable opens it for DATABASE_RETRY_AFTER_SECONDS; pages asked for meanwhile answer the
 * branded 503 at once instead of each waiting for the driver's timeouts, and the first request
 * after that window tries the database again, so the site recovers by itself within seconds of
 * the database coming back.
 */
export class DatabaseOutage {
  #openUntil = 0;
  #lastReport = Number.NEGATIVE_INFINITY;
  readonly #now: () => number;
  readonly #windowMs: number;

  constructor(options: { now?: () => number; windowMs?: number } = {}) {
    this.#now = options.now ?? Date.now;
    this.#windowMs = options.windowMs ?? DATABASE_RETRY_AFTER_SECONDS * 1000;
  }

  /**
   * Records an error. `'new'` when it says the database is unavailable and no such error came in
   * the last 30 s (the caller logs it: once per outage), `'ongoing'` for the others of the same
   * outage, `false` when the error is of another kind.
   */
  report(error: unknown): 'new' | 'ongoing' | false {
    if (!isDatabaseUnavailable(error)) return false;
    const now = this.#now();
    const fresh = now - this.#lastReport > OUTAGE_GAP_MS;
    this.#lastReport = now;
    this.#openUntil = now + this.#windowMs;
    return fresh ? 'new' : 'ongoing';
  }

  /** True while requests should not wait on the database: an outage was seen a moment ago. */
  get open(): boolean {
    return this.#now() < this.#openUntil;
  }
}
