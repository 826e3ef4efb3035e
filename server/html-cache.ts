import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { DataSource, DataVersions } from '../core/data-versions.ts';

/**
 * A rendered page kept for anonymous GETs. The HTML is stored split at the CSP nonce it was rendered
 * with, so every response carries a fresh nonce (docs/decisions/006).
 */
export interface CachedPage {
  status: number;
  /** Response headers as rendered, without per-response ones (none are stored with a cookie). */
  headers: Readonly<Record<string, string>>;
  /** The HTML around each occurrence of the render's nonce. */
  parts: Buffer[];
  /** Weak validator of the HTML with its nonces left out: the same for every response of it. */
  etag: string;
  /** The data the page is made of. */
  data: readonly DataSource[];
  /** Every data source's version before the page was rendered (DataVersions.snapshot). */
  versions: number[];
  /** A shorter life than the cache's own (a page rendered before all its data was at hand). */
  ttlMs?: number;
}

export interface HtmlCacheOptions {
  /** Memory the stored pages may take, in bytes (least recently used go first). */
  maxBytes: number;
  /** How long a page is served from memory at most, even when none of its data changed. */
  ttlMs: number;
  versions: DataVersions;
}

export type CacheOutcome = 'hit' | 'miss' | 'bypass';

/** Splits rendered HTML at its nonce; the ETag covers the HTML with the nonce left out. */
export function cachedPage(
  html: Buffer | string,
  nonce: string,
  meta: Omit<CachedPage, 'parts' | 'etag'>,
): CachedPage {
  // The page's UTF-8 bytes as rendered, cut at the nonce's bytes (cheaper than a string split and
  // an encoding per part on every cold render).
  const whole = typeof html === 'string' ? Buffer.from(html) : html;
  const separator = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = whole.indexOf(separator); at !== -1; at = whole.indexOf(separator, start)) {
    parts.push(whole.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(whole.subarray(start));
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return { ...meta, parts, etag: `W/"${hash.digest('base64url').slice(0, 27)}"` };
}

/** The page's HTML with `nonce` in every place the render's nonce stood, as the pieces to send. */
export function pageBody(page: CachedPage, nonce: string): Buffer[] {
  const separator = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  for (const [i, part] of page.parts.entries()) {
    if (i > 0) pieces.push(separator);
    pieces.push(part);
  }
  return pieces;
}

function byteSize(page: CachedPage): number {
  let size = 512;
  for (const part of page.parts) size += part.length;
  return size;
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === opaque);
}

/**
 * Rendered pages in memory, bounded by bytes, each valid for `ttlMs` and while the versions of its
 * data are current. Concurrent misses of one key share one render.
 */
export class HtmlCache {
  readonly #pages: LRUCache<string, CachedPage>;
  readonly #versions: DataVersions;
  readonly #rendering = new Map<string, Promise<CachedPage | null>>();

  constructor(options: HtmlCacheOptions) {
    this.#versions = options.versions;
    this.#pages = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes,
      sizeCalculation: byteSize,
      ttl: options.ttlMs,
    });
  }

  /** The stored page for `key` while it is fresh; a page whose data changed is dropped. */
  get(key: string): CachedPage | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    if (this.#versions.current(page.data, page.versions)) return page;
    this.#pages.delete(key);
    return undefined;
  }

  /**
   * Renders `key` once for every concurrent caller: `render` gives the page to store, or null when
   * the response may not be stored (the callers then render for themselves). `leader` tells the
   * caller whose render it was.
   */
  async fill(
    key: string,
    render: () => Promise<CachedPage | null>,
  ): Promise<{ page: CachedPage | null; leader: boolean }> {
    const running = this.#rendering.get(key);
    if (running) return { page: await running, leader: false };
    const promise = render().then((page) => (page ? this.#store(key, page) : null));
    this.#rendering.set(key, promise);
    try {
      return { page: await promise, leader: true };
    } finally {
      this.#rendering.delete(key);
    }
  }

  #store(key: string, page: CachedPage): CachedPage {
    this.#pages.set(key, page, page.ttlMs === undefined ? undefined : { ttl: page.ttlMs });
    return page;
  }

  /** Pages stored and the bytes they take (for tests and metrics). */
  get stats(): { pages: number; bytes: number } {
    return { pages: this.#pages.size, bytes: this.#pages.calculatedSize };
  }
}
