/**
 * What rendered pages are made of, each with a version that moves when its data changes: the HTML
 * cache keeps a page only while the versions it was rendered with are current.
 * - global: the footer's popular coins, pairs and social links (on every page)
 * - catalogue: coins and networks
 * - market: prices and their history
 * - blog: articles, authors and tags (changed by the content sync at start)
 * - reviews: customer reviews (changed when one is added)
 */
export const DATA_SOURCES = ['global', 'catalogue', 'market', 'blog', 'reviews'] as const;
export type DataSource = (typeof DATA_SOURCES)[number];

/**
 * This node's version counters. A change made here is also announced to the other nodes of the
 * deployment (through `announce`, set by server/data-version-sync.ts on PostgreSQL), and theirs
 * arrive through `changedElsewhere`.
 */
export class DataVersions {
  readonly #versions = new Map<DataSource, number>(DATA_SOURCES.map((source) => [source, 0]));
  /** Tells the other nodes; unset where this node is the only one (PGlite). */
  announce: ((source: DataSource) => void) | undefined;

  /** Marks `source` changed: pages rendered from its earlier data are stale, here and on every node. */
  bump(source: DataSource): void {
    this.#increment(source);
    this.announce?.(source);
  }

  /** Another node changed `source`. */
  changedElsewhere(source: DataSource): void {
    this.#increment(source);
  }

  /** Messages from the other nodes may have been missed (a reconnect): every source may have changed. */
  bumpAll(): void {
    for (const source of DATA_SOURCES) this.#increment(source);
  }

  #increment(source: DataSource): void {
    this.#versions.set(source, this.version(source) + 1);
  }

  version(source: DataSource): number {
    return this.#versions.get(source) ?? 0;
  }

  /** Every source's version now, to compare with later. */
  snapshot(): number[] {
    return DATA_SOURCES.map((source) => this.version(source));
  }

  /** Whether `sources` are still at their versions in `snapshot`. */
  current(sources: readonly DataSource[], snapshot: readonly number[]): boolean {
    return sources.every((source) => this.version(source) === snapshot[DATA_SOURCES.indexOf(source)]);
  }
}
