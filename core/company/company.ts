import { and, count, countDistinct, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { swapEvents, swaps } from '../../db/schema.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { exchangePairCount } from '../directory/pairs.ts';
import type { LiquidityProvider } from '../exchange/types.ts';

/**
 * The figures the about page and the home page count from the catalogue. Countries and fiat
 * currencies are not among them: the site states those once, as SPEC §1 words them, in the
 * dictionaries' `home.facts.countries` and `home.facts.fiat` (the home page, /about-us, /press and
 * /fiat all show that one statement).
 */
export interface CompanyFigures {
  coins: number;
  networks: number;
  /** Ordered coin pairs the exchange lists (every coin to every other). */
  pairs: number;
}

/** One liquidity provider as the public provider pages show it. */
export interface ProviderStats {
  id: string;
  name: string;
  /** The provider's usual spread in basis points, or null when it publishes none. */
  spreadBps: number | null;
  fixedRate: boolean;
  /** Distinct coin pairs (from → to) of the swaps it has carried for us. */
  pairsServed: number;
  /** Swaps it has carried for us, and how many of them finished. */
  swaps: number;
  finished: number;
  /** Mean time from creation to `finished` of its finished swaps, in seconds; null before the first. */
  averageCompletionSeconds: number | null;
  /** Catalogue coins it serves on at least one network (the registry's coverage); null where unknown. */
  coins: number | null;
}

/** A coin on one network, as a provider's coverage is checked against the catalogue. */
export interface CoveredAsset {
  coin: string;
  network: string;
}

/** A configured source beside the instant-exchange providers: a fiat ramp, a DEX or a bridge source. */
export interface LiquiditySource {
  id: string;
  name: string;
  kind: 'fiat' | 'dex' | 'bridge';
  serves(asset: CoveredAsset): boolean;
}

/** One such source as the public provider pages show it: what it serves of our catalogue. */
export interface SourceStats {
  id: string;
  name: string;
  kind: LiquiditySource['kind'];
  /** Catalogue coins it serves on at least one network. */
  coins: number;
  /** Catalogue networks on which it serves at least one coin. */
  networks: number;
}

export interface CompanyDeps {
  db: Database;
  catalogue: Pick<Catalogue, 'coins'>;
  providers: readonly Pick<LiquidityProvider, 'id' | 'name' | 'profile' | 'supportsFixed'>[];
  /** The fiat ramps, DEX and bridge sources this environment has switched on (none when absent). */
  sources?: readonly LiquiditySource[];
  /** Which catalogue assets an instant-exchange provider serves (the registry's coverage). */
  coverage?: (providerId: string) => ((asset: CoveredAsset) => boolean) | undefined;
  /** How long computed figures are reused, in ms (default one minute). */
  ttlMs?: number;
  now?: () => number;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/**
 * The company's figures and the providers' live figures, computed from the catalogue and our own
 * swaps and reused for a minute so that busy pages do not count the swaps table on every render.
 */
export class CompanyService {
  readonly #deps: CompanyDeps;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #figures: Cached<CompanyFigures> | null = null;
  #providers: Cached<ProviderStats[]> | null = null;
  #sources: Cached<SourceStats[]> | null = null;

  constructor(deps: CompanyDeps) {
    this.#deps = deps;
    this.#ttlMs = deps.ttlMs ?? 60_000;
    this.#now = deps.now ?? Date.now;
  }

  figures(): Promise<CompanyFigures> {
    this.#figures = this.#fresh(this.#figures, () => this.#countFigures());
    return this.#figures.value;
  }

  providerStats(): Promise<ProviderStats[]> {
    this.#providers = this.#fresh(this.#providers, () => this.#countProviders());
    return this.#providers.value;
  }

  /** The configured fiat ramps, DEX and bridge sources, each with its coverage of the catalogue. */
  sourceStats(): Promise<SourceStats[]> {
    this.#sources = this.#fresh(this.#sources, () => this.#countSources());
    return this.#sources.value;
  }

  async #assets(): Promise<CoveredAsset[]> {
    const coins = await this.#deps.catalogue.coins();
    return coins.flatMap((coin) =>
      coin.assets.map((asset) => ({ coin: coin.code, network: asset.network.id })),
    );
  }

  async #countSources(): Promise<SourceStats[]> {
    const sources = this.#deps.sources ?? [];
    if (sources.length === 0) return [];
    const assets = await this.#assets();
    return sources.map((source) => {
      const served = assets.filter((asset) => source.serves(asset));
      return {
        id: source.id,
        name: source.name,
        kind: source.kind,
        coins: new Set(served.map((asset) => asset.coin)).size,
        networks: new Set(served.map((asset) => asset.network)).size,
      };
    });
  }

  #fresh<T>(cached: Cached<T> | null, compute: () => Promise<T>): Cached<T> {
    const now = this.#now();
    if (cached && now - cached.at < this.#ttlMs) return cached;
    const value = compute();
    // A failed count is not kept: the next call tries again.
    value.catch(() => {
      if (this.#figures?.value === value) this.#figures = null;
      if (this.#providers?.value === value) this.#providers = null;
      if (this.#sources?.value === value) this.#sources = null;
    });
    return { at: now, value };
  }

  async #countFigures(): Promise<CompanyFigures> {
    const coins = await this.#deps.catalogue.coins();
    const networks = new Set(coins.flatMap((coin) => coin.assets.map((asset) => asset.network.id)));
    return {
      coins: coins.length,
      networks: networks.size,
      pairs: exchangePairCount(coins.length),
    };
  }

  async #countProviders(): Promise<ProviderStats[]> {
    const { db, providers } = this.#deps;
    const finishedAt = db
      .select({ swapId: swapEvents.swapId, at: sql<Date>`min(${swapEvents.at})`.as('finished_at') })
      .from(swapEvents)
      .where(eq(swapEvents.status, 'finished'))
      .groupBy(swapEvents.swapId)
      .as('finished_events');
    const [assets, totals, completions] = await Promise.all([
      this.#deps.coverage ? this.#assets() : Promise.resolve([] as CoveredAsset[]),
      db
        .select({
          provider: swaps.provider,
          swaps: count(),
          pairs: countDistinct(sql`${swaps.fromCoin} || '>' || ${swaps.toCoin}`),
        })
        .from(swaps)
        .groupBy(swaps.provider),
      db
        .select({
          provider: swaps.provider,
          finished: count(),
          seconds: sql<string | null>`avg(extract(epoch from (${finishedAt.at} - ${swaps.createdAt})))`,
        })
        .from(swaps)
        .innerJoin(finishedAt, eq(finishedAt.swapId, swaps.id))
        .where(and(eq(swaps.status, 'finished')))
        .groupBy(swaps.provider),
    ]);
    const totalBy = new Map(totals.map((row) => [row.provider, row]));
    const doneBy = new Map(completions.map((row) => [row.provider, row]));
    return providers.map((provider) => {
      const total = totalBy.get(provider.id);
      const done = doneBy.get(provider.id);
      const seconds = done?.seconds == null ? null : Math.round(Number(done.seconds));
      const serves = this.#deps.coverage?.(provider.id);
      return {
        id: provider.id,
        name: provider.name,
        spreadBps: provider.profile?.spreadBps ?? null,
        fixedRate: provider.supportsFixed ?? false,
        pairsServed: total?.pairs ?? 0,
        swaps: total?.swaps ?? 0,
        finished: done?.finished ?? 0,
        averageCompletionSeconds: seconds,
        coins: serves ? new Set(assets.filter(serves).map((asset) => asset.coin)).size : null,
      };
    });
  }
}
