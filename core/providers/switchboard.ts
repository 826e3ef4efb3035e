import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { providerSwitches } from '../../db/schema.ts';

/** How stale another node's view of the switches may be (this node's own changes apply at once). */
export const SWITCHES_TTL_MS = 2_000;

/**
 * Providers an operator switched off in the console (`provider_switches`): quotes skip them at once
 * on this node and within SWITCHES_TTL_MS on the others, without a restart. `enabled` is synchronous
 * (it sits on the quote path) and starts a background refresh when its view is stale.
 */
export class ProviderSwitchboard {
  readonly #db: Database;
  readonly #now: () => number;
  readonly #ttlMs: number;
  #disabled = new Set<string>();
  #loadedAt = Number.NEGATIVE_INFINITY;
  #loading: Promise<void> | null = null;

  constructor(db: Database, options: { now?: () => number; ttlMs?: number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
    this.#ttlMs = options.ttlMs ?? SWITCHES_TTL_MS;
  }

  enabled(providerId: string): boolean {
    if (this.#now() - this.#loadedAt > this.#ttlMs) void this.refresh().catch(() => {});
    return !this.#disabled.has(providerId);
  }

  /** Reads the switches (one query at a time; a failed read keeps the last view). */
  refresh(): Promise<void> {
    this.#loading ??= (async () => {
      try {
        const rows = await this.#db
          .select()
          .from(providerSwitches)
          .where(eq(providerSwitches.enabled, false));
        this.#disabled = new Set(rows.map((row) => row.providerId));
        this.#loadedAt = this.#now();
      } finally {
        this.#loading = null;
      }
    })();
    return this.#loading;
  }

  /** Switches a provider on or off; answers what it was before. */
  async set(providerId: string, enabled: boolean, db: Database = this.#db): Promise<{ before: boolean }> {
    const [row] = await db.select().from(providerSwitches).where(eq(providerSwitches.providerId, providerId));
    await db
      .insert(providerSwitches)
      .values({ providerId, enabled, updatedAt: new Date() })
      .onConflictDoUpdate({ target: providerSwitches.providerId, set: { enabled, updatedAt: new Date() } });
    if (enabled) this.#disabled.delete(providerId);
    else this.#disabled.add(providerId);
    return { before: row?.enabled ?? true };
  }
}

/** One provider's recent answers, as the console shows them. */
export interface ProviderHealthFigures {
  provider: string;
  answers: number;
  errors: number;
  timeouts: number;
  /** Share of answers that were errors or timeouts, 0–1. */
  errorRate: number;
  /** Median and 95th percentile seconds of the recent answers. */
  p50Seconds: number | null;
  p95Seconds: number | null;
  lastErrorAt: Date | null;
}

interface Sample {
  at: number;
  seconds: number;
  outcome: 'ok' | 'error' | 'timeout';
}

/** Provider answers of the last WINDOW_MS on this node (fed by QuoteService's onProviderAnswer). */
export class ProviderHealth {
  static readonly WINDOW_MS = 15 * 60_000;
  static readonly MAX_SAMPLES = 2_000;
  readonly #samples = new Map<string, Sample[]>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  observe(answer: { provider: string; seconds: number; outcome: Sample['outcome'] }): void {
    let list = this.#samples.get(answer.provider);
    if (!list) {
      list = [];
      this.#samples.set(answer.provider, list);
    }
    list.push({ at: this.#now(), seconds: answer.seconds, outcome: answer.outcome });
    // Trimmed in batches (one shift of the array per MAX_SAMPLES answers, not one per answer).
    if (list.length >= 2 * ProviderHealth.MAX_SAMPLES)
      list.splice(0, list.length - ProviderHealth.MAX_SAMPLES);
  }

  figures(provider: string): ProviderHealthFigures {
    const since = this.#now() - ProviderHealth.WINDOW_MS;
    const recent = (this.#samples.get(provider) ?? [])
      .slice(-ProviderHealth.MAX_SAMPLES)
      .filter((sample) => sample.at >= since);
    const errors = recent.filter((sample) => sample.outcome === 'error').length;
    const timeouts = recent.filter((sample) => sample.outcome === 'timeout').length;
    const times = recent.map((sample) => sample.seconds).sort((a, b) => a - b);
    const pick = (q: number) =>
      times.length ? (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? null) : null;
    const lastError = recent.filter((sample) => sample.outcome !== 'ok').at(-1);
    return {
      provider,
      answers: recent.length,
      errors,
      timeouts,
      errorRate: recent.length ? (errors + timeouts) / recent.length : 0,
      p50Seconds: pick(0.5),
      p95Seconds: pick(0.95),
      lastErrorAt: lastError ? new Date(lastError.at) : null,
    };
  }
}
