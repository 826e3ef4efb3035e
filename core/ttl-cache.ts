/**
 * A small in-process cache of values that cost a provider call or a database read: each value is
 * fresh for `ttlMs`, then served stale for up to `staleMs` more while one background call renews
 * it; concurrent misses of one key share one call (coalescing); a failed call is not kept; a value
 * read under an older `version()` (core/data-versions.ts) counts as absent. Bounded: the oldest
 * keys go beyond `maxEntries`.
 *
 * `peek` is for renders that may not wait: it answers what is at hand at once (undefined when
 * nothing is) and starts the call in the background, so the next caller finds it.
 */
export interface TtlCacheOptions {
  /** How long a value is fresh. */
  ttlMs: number;
  /** How long after going stale it is still served while renewed (0: not served stale). */
  staleMs?: number;
  maxEntries: number;
  /** The version of the data the values derive from: a value read under another one is dropped. */
  version?: () => number;
  now?: () => number;
}

interface Entry<V> {
  at: number;
  version: number;
  /** The settled value, once the call succeeded. */
  value?: { ok: V };
  /** The call under way (first fill or renewal). */
  pending?: Promise<V>;
}

export class TtlCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #ttlMs: number;
  readonly #staleMs: number;
  readonly #max: number;
  readonly #version: () => number;
  readonly #now: () => number;

  constructor(options: TtlCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#staleMs = options.staleMs ?? 0;
    this.#max = options.maxEntries;
    this.#version = options.version ?? (() => 0);
    this.#now = options.now ?? Date.now;
  }

  /** The value for `key`: the cached one while fresh or stale-but-served, else `load`'s (shared). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.#usable(key);
    if (entry?.value) {
      if (this.#now() - entry.at >= this.#ttlMs) this.#renew(entry, load);
      return Promise.resolve(entry.value.ok);
    }
    if (entry?.pending) return entry.pending;
    return this.#start(key, load);
  }

  /**
   * What is at hand for `key` without waiting: the cached value (fresh or stale-but-served), or
   * undefined. Either way a missing or stale value is fetched in the background (one call per key).
   */
  peek(key: string, load: () => Promise<V>): V | undefined {
    const entry = this.#usable(key);
    if (entry?.value) {
      if (this.#now() - entry.at >= this.#ttlMs) this.#renew(entry, load);
      return entry.value.ok;
    }
    if (!entry?.pending) this.#start(key, load).catch(() => {});
    return undefined;
  }

  /** Forgets every value (e.g. when what they derive from changed). */
  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The entry while it may be served: same version, within fresh + stale time; else dropped. */
  #usable(key: string): Entry<V> | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== this.#version()) {
      this.#entries.delete(key);
      return undefined;
    }
    if (entry.value && this.#now() - entry.at >= this.#ttlMs + this.#staleMs && !entry.pending) {
      this.#entries.delete(key);
      return undefined;
    }
    if (entry.value && this.#now() - entry.at >= this.#ttlMs + this.#staleMs) {
      // Too old to serve; its renewal is under way: wait for that.
      return { at: entry.at, version: entry.version, ...(entry.pending ? { pending: entry.pending } : {}) };
    }
    return entry;
  }

  #start(key: string, load: () => Promise<V>): Promise<V> {
    const version = this.#version();
    const entry: Entry<V> = { at: this.#now(), version };
    const pending = load().then(
      (value) => {
        delete entry.pending;
        entry.value = { ok: value };
        entry.at = this.#now();
        return value;
      },
      (error: unknown) => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
        throw error;
      },
    );
    entry.pending = pending;
    this.#set(key, entry);
    return pending;
  }

  /** A stale value is renewed once in the background; it stays served if the renewal fails. */
  #renew(entry: Entry<V>, load: () => Promise<V>): void {
    if (entry.pending) return;
    const pending = load().then(
      (value) => {
        delete entry.pending;
        entry.value = { ok: value };
        entry.at = this.#now();
        return value;
      },
      (error: unknown) => {
        delete entry.pending;
        throw error;
      },
    );
    pending.catch(() => {});
    entry.pending = pending;
  }

  #set(key: string, entry: Entry<V>): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
