import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { DataSource, DataVersions } from '../core/data-versions.ts';

/**
 * Rendered sitemaps kept gzipped in memory (the XML gzips ~90:1, a 24 MB child to about a quarter of a MB), each
 * while the versions of the data it was rendered from are current, bounded by bytes (least recently
 * used go first). Concurrent misses of one sitemap share one render, and a render hands the event
 * loop back after every chunk, so health checks and pages answer while a large child is built.
 */
export class SitemapCache {
  readonly #entries: LRUCache<string, Entry>;
  readonly #versions: DataVersions;
  readonly #rendering = new Map<string, { versions: number[]; gzip: Promise<Buffer | null> }>();

  constructor(options: { versions: DataVersions; maxBytes: number }) {
    this.#versions = options.versions;
    this.#entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.gzip.length),
    });
  }

  /** The stored sitemap at `key`, when its data has not changed since it was rendered. */
  peek(key: string, data: readonly DataSource[]): Buffer | undefined {
    const entry = this.#entries.get(key);
    return entry && this.#versions.current(data, entry.versions) ? entry.gzip : undefined;
  }

  /**
   * The sitemap at `key` gzipped: stored, being rendered, or rendered now from the chunks `render`
   * gives (null from `render`: no such sitemap, answered to every waiting request and not stored).
   */
  gzip(
    key: string,
    data: readonly DataSource[],
    render: () => Promise<Iterator<string, unknown, undefined> | null>,
  ): Promise<Buffer | null> {
    const stored = this.peek(key, data);
    if (stored) return Promise.resolve(stored);
    const running = this.#rendering.get(key);
    if (running && this.#versions.current(data, running.versions)) return running.gzip;
    // Versions before the render: a change while it runs leaves the result already stale.
    const versions = this.#versions.snapshot();
    const gzip = render()
      .then((chunks) => (chunks ? gzipChunks(chunks) : null))
      .then((bytes) => {
        if (bytes && this.#versions.current(data, versions))
          this.#entries.set(key, { gzip: bytes, versions });
        return bytes;
      })
      .finally(() => {
        if (this.#rendering.get(key)?.gzip === gzip) this.#rendering.delete(key);
      });
    this.#rendering.set(key, { versions, gzip });
    return gzip;
  }

  /** Bytes held (gzipped sitemaps). */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }
}

interface Entry {
  gzip: Buffer;
  versions: number[];
}

/** The chunks gzipped, one chunk per turn of the event loop (compression runs off the main thread). */
export async function gzipChunks(chunks: Iterator<string, unknown, undefined>): Promise<Buffer> {
  const out: Buffer[] = [];
  async function* source() {
    try {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        yield next.value;
        await nextTurn();
      }
    } finally {
      chunks.return?.(undefined);
    }
  }
  await pipeline(source, createGzip(), async (gzipped: AsyncIterable<Buffer>) => {
    for await (const piece of gzipped) out.push(piece);
  });
  return Buffer.concat(out);
}

/** Whether an Accept-Encoding header takes gzip (RFC 9110 §12.5.3: named or `*`, with q above 0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let star = false;
  for (const item of acceptEncoding.split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const accepted = !q || Number(q.slice(2)) > 0;
    if (name.trim() === 'gzip' || name.trim() === 'x-gzip') return accepted;
    if (name.trim() === '*') star = accepted;
  }
  return star;
}

/** The gzipped bytes as they are (for a client that takes gzip), or unzipped as a stream. */
export function gzippedBody(
  gzip: Buffer,
  acceptEncoding: string | undefined,
): { body: BodyInit; headers: Record<string, string> } {
  if (acceptsGzip(acceptEncoding)) {
    return {
      body: new Uint8Array(gzip.buffer as ArrayBuffer, gzip.byteOffset, gzip.byteLength),
      headers: { 'Content-Encoding': 'gzip', 'Content-Length': String(gzip.length) },
    };
  }
  const stream = Readable.from([gzip]).pipe(createGunzip());
  return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, headers: {} };
}
