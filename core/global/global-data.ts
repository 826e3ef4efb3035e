import { aliasedTable, and, asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { coins, popularPairs, socialLinks } from '../../db/schema.ts';

/** SPEC §3 "global data": what GET /apiglobal/global answers and the footer shows. */
export interface GlobalData {
  popularCrypto: { coinInfo: { name: string; code: string } }[];
  popularPairs: { pairInfo: { from: { code: string }; to: { code: string } } }[];
  socialMedias: { link: string; logo: string }[];
}

export const GLOBAL_DATA_TTL_MS = 60_000;

/** Reads the global data from the database, without caching. */
export async function readGlobalData(db: Database): Promise<GlobalData> {
  const fromCoin = aliasedTable(coins, 'from_coin');
  const toCoin = aliasedTable(coins, 'to_coin');
  const [coinRows, pairRows, socialRows] = await Promise.all([
    db
      .select({ code: coins.code, name: coins.name })
      .from(coins)
      .where(and(eq(coins.popular, true), eq(coins.enabled, true)))
      .orderBy(asc(coins.rank), asc(coins.code)),
    // Pairs whose coin is switched off are left out until it is back.
    db
      .select({ from: popularPairs.fromCoin, to: popularPairs.toCoin })
      .from(popularPairs)
      .innerJoin(fromCoin, and(eq(fromCoin.code, popularPairs.fromCoin), eq(fromCoin.enabled, true)))
      .innerJoin(toCoin, and(eq(toCoin.code, popularPairs.toCoin), eq(toCoin.enabled, true)))
      .orderBy(asc(popularPairs.rank), asc(popularPairs.fromCoin), asc(popularPairs.toCoin)),
    db
      .select({ network: socialLinks.network, link: socialLinks.link })
      .from(socialLinks)
      .orderBy(asc(socialLinks.rank), asc(socialLinks.network)),
  ]);
  return {
    popularCrypto: coinRows.map((row) => ({ coinInfo: { name: row.name, code: row.code } })),
    popularPairs: pairRows.map((row) => ({ pairInfo: { from: { code: row.from }, to: { code: row.to } } })),
    socialMedias: socialRows.map((row) => ({ link: row.link, logo: row.network })),
  };
}

export interface GlobalDataServiceOptions {
  db: Database;
  log: Logger;
  /** How long a read is served from memory; 60 s by default. */
  ttlMs?: number;
  now?: () => number;
  /** Called when a re-read finds different data (rendered pages that show it are stale). */
  onChange?: () => void;
}

/**
 * The global data, kept in memory and re-read after `ttlMs`. Concurrent callers share one
 * read. When a re-read fails the previous data keeps being served (and the failure is logged);
 * only a first read that fails throws.
 */
export class GlobalDataService {
  readonly #db: Database;
  readonly #log: Logger;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #onChange: (() => void) | undefined;
  #data: GlobalData | null = null;
  #loadedAt = Number.NEGATIVE_INFINITY;
  #loading: Promise<GlobalData> | null = null;

  constructor(options: GlobalDataServiceOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.#ttlMs = options.ttlMs ?? GLOBAL_DATA_TTL_MS;
    this.#now = options.now ?? Date.now;
    this.#onChange = options.onChange;
  }

  /**
   * The current global data. The same object is returned until the next re-read, so callers
   * may key derived values (a serialised body, an ETag) on it; it must not be modified.
   */
  async get(): Promise<GlobalData> {
    if (this.#data && this.#now() - this.#loadedAt < this.#ttlMs) return this.#data;
    this.#loading ??= this.#load().finally(() => {
      this.#loading = null;
    });
    return this.#loading;
  }

  /** Forces the next get() to read the database (after an operator changed the tables). */
  invalidate(): void {
    this.#loadedAt = Number.NEGATIVE_INFINITY;
  }

  async #load(): Promise<GlobalData> {
    const startedAt = this.#now();
    try {
      const data = Object.freeze(await readGlobalData(this.#db));
      const changed = this.#data !== null && JSON.stringify(this.#data) !== JSON.stringify(data);
      this.#data = data;
      if (changed) this.#onChange?.();
      this.#loadedAt = startedAt;
      return data;
    } catch (error) {
      if (!this.#data) throw error;
      this.#log.error({ err: error }, 'Global data could not be read; serving the previous data');
      // Try again after another TTL rather than on every request while the database is down.
      this.#loadedAt = startedAt;
      return this.#data;
    }
  }
}
