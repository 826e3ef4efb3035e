import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';
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

/** A gzip member's header: deflate, no name or time, unknown OS (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const deflated = new WeakMap<CachedPage, Buffer[]>();

/**
 * Each part of the page deflated on its own, made when the page is first asked for gzipped: every
 * part but the last ends on a sync flush (byte-aligned, not final), the last one ends the stream.
 */
function deflatedParts(page: CachedPage): Buffer[] {
  let parts = deflated.get(page);
  if (!parts) {
    const last = page.parts.length - 1;
    parts = page.parts.map((part, i) =>
      deflateRawSync(part, { finishFlush: i === last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }),
    );
    deflated.set(page, parts);
  }
  return parts;
}

/**
 * The page gzipped with `nonce` in every place the render's nonce stood, as the pieces to send:
 * the stored parts' deflate blocks with the nonce between them as a stored (uncompressed) block,
 * and the checksum and length of this response's bytes. Nothing is compressed per response, and
 * every response still carries a nonce of its own (docs/decisions/006).
 */
export function gzipPageBody(page: CachedPage, nonce: string): Buffer[] {
  const parts = deflatedParts(page);
  const separator = Buffer.from(nonce);
  // A stored block that is not the last (RFC 1951 §3.2.4): its header byte, LEN and NLEN, the bytes.
  const nonceBlock = Buffer.alloc(5 + separator.length);
  nonceBlock.writeUInt16LE(separator.length, 1);
  nonceBlock.writeUInt16LE(~separator.length & 0xffff, 3);
  separator.copy(nonceBlock, 5);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const [i, part] of page.parts.entries()) {
    if (i > 0) {
      pieces.push(nonceBlock);
      crc = crc32(separator, crc);
      size += separator.length;
    }
    pieces.push(parts[i] as Buffer);
    crc = crc32(part, crc);
    size += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(trailer);
  return pieces;
}

/** What a stored page takes: its bytes, and a third more for its gzipped parts once asked for. */
function byteSize(page: CachedPage): number {
  let size = 512;
  for (const part of page.parts) size += part.length;
  return Math.ceil(size * 1.35);
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
