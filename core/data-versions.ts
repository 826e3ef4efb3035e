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

/** Per-node version counters; a change another node makes reaches this one through its TTLs. */
export class DataVersions {
  readonly #versions = new Map<DataSource, number>(DATA_SOURCES.map((source) => [source, 0]));

  /** Marks `source` changed: pages rendered from its earlier data are stale. */
  bump(source: DataSource): void {
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
