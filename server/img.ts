import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { Handler } from 'hono';
import { LRUCache } from 'lru-cache';
import sharp, { type Sharp } from 'sharp';
import {
  IMAGE_FITS,
  IMAGE_FOCUS,
  IMAGE_FORMATS,
  IMAGE_SERVICE,
  type ImageFit,
  type ImageFocus,
  type ImageFormat,
} from '../core/images/protocol.ts';
import { coinIcon } from './icons.ts';
import { RenderQueue } from './render-queue.ts';

/** A parsed, validated `/img` request. */
export interface ImageQuery {
  /** Same-site path of the original. */
  src: string;
  width?: number;
  height?: number;
  fit: ImageFit;
  format: ImageFormat;
  quality?: number;
  /** `#rrggbb` or `#rrggbbaa`. */
  background?: string;
  focus: ImageFocus;
  blur?: number;
  color?: 'main' | 'mean';
  version?: string;
}

export type ParseResult = { ok: true; query: ImageQuery; key: string } | { ok: false; message: string };

const PARAMS = ['src', 'w', 'h', 'fit', 'f', 'q', 'bg', 'focus', 'blur', 'color', 'v'] as const;
const SOURCE_TYPES = new Set(['.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif', '.svg']);
const SAFE_PATH = /^\/[A-Za-z0-9._~@\-/]{1,300}$/;
const SIZE = /^[1-9][0-9]{0,5}$/;
const QUALITY = /^(?:100|[1-9][0-9]?)$/;
const HEX = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const BLUR = /^(?:[0-9]{1,3})(?:\.[0-9]{1,2})?$/;
const VERSION = /^[A-Za-z0-9_-]{1,32}$/;
/**
 * The strongest blur served: the placeholders use 3, and a wide blur of a large image costs
 * seconds of CPU (sigma 100 on 2048 × 2048 avif: about 15 s).
 */
const MAX_BLUR = 20;

function includes<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** Whether a path names a file below the site root: no traversal, hidden files, URLs or odd characters. */
export function isSafeSourcePath(path: string): boolean {
  if (!SAFE_PATH.test(path) || path.startsWith('//')) return false;
  const segments = path.slice(1).split('/');
  return segments.every((segment) => segment !== '' && !segment.startsWith('.'));
}

/** `#abc` → `#aabbcc`; `abcd` → `#aabbccdd`; lower case. */
function normalizeHex(value: string): string {
  const digits = value.replace(/^#/, '').toLowerCase();
  return `#${digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

/**
 * Validates the query of `/img`. Every parameter is checked; unknown and repeated ones are refused.
 * Sizes above the maximum (2048 px) are scaled down together, keeping the aspect ratio. The key is
 * the canonical form of the request, equal for equal images.
 */
export function parseImageQuery(search: URLSearchParams): ParseResult {
  const seen = new Set<string>();
  for (const name of search.keys()) {
    if (!includes(PARAMS, name)) return { ok: false, message: `Unknown parameter '${name}'` };
    if (seen.has(name)) return { ok: false, message: `Parameter '${name}' given more than once` };
    seen.add(name);
  }
  const get = (name: (typeof PARAMS)[number]) => search.get(name) ?? undefined;

  const src = get('src');
  if (!src) return { ok: false, message: "Parameter 'src' is required" };
  if (!isSafeSourcePath(src)) {
    return { ok: false, message: "Parameter 'src' must be a path on this site, such as /social-card.png" };
  }
  if (!SOURCE_TYPES.has(extname(src).toLowerCase())) {
    return { ok: false, message: `Parameter 'src' must name an image (${[...SOURCE_TYPES].join(', ')})` };
  }

  const sizes: { width?: number; height?: number } = {};
  for (const [name, field] of [
    ['w', 'width'],
    ['h', 'height'],
  ] as const) {
    const value = get(name);
    if (value === undefined) continue;
    if (!SIZE.test(value))
      return { ok: false, message: `Parameter '${name}' must be a positive whole number` };
    sizes[field] = Number(value);
  }
  const largest = Math.max(sizes.width ?? 0, sizes.height ?? 0);
  if (largest > IMAGE_SERVICE.maxSize) {
    const scale = IMAGE_SERVICE.maxSize / largest;
    if (sizes.width) sizes.width = Math.max(1, Math.round(sizes.width * scale));
    if (sizes.height) sizes.height = Math.max(1, Math.round(sizes.height * scale));
  }

  const fit = get('fit') ?? 'cover';
  if (!includes(IMAGE_FITS, fit))
    return { ok: false, message: `Parameter 'fit' must be one of ${IMAGE_FITS.join(', ')}` };
  const format = get('f') ?? IMAGE_SERVICE.format;
  if (!includes(IMAGE_FORMATS, format)) {
    return { ok: false, message: `Parameter 'f' must be one of ${IMAGE_FORMATS.join(', ')}` };
  }
  const q = get('q');
  if (q !== undefined && !QUALITY.test(q))
    return { ok: false, message: "Parameter 'q' must be a whole number from 1 to 100" };
  const bg = get('bg');
  if (bg !== undefined && !HEX.test(bg))
    return { ok: false, message: "Parameter 'bg' must be a hex colour such as ff8800" };
  const focus = get('focus') ?? 'center';
  if (!includes(IMAGE_FOCUS, focus)) {
    return { ok: false, message: `Parameter 'focus' must be one of ${IMAGE_FOCUS.join(', ')}` };
  }
  const blurText = get('blur');
  const blur = blurText === undefined ? undefined : Number(blurText);
  if (
    blurText !== undefined &&
    (!BLUR.test(blurText) || (blur as number) < 0.3 || (blur as number) > MAX_BLUR)
  ) {
    return { ok: false, message: `Parameter 'blur' must be a number from 0.3 to ${MAX_BLUR}` };
  }
  const color = get('color');
  if (color !== undefined && color !== 'main' && color !== 'mean') {
    return { ok: false, message: "Parameter 'color' must be main or mean" };
  }
  const version = get('v');
  if (version !== undefined && !VERSION.test(version)) {
    return { ok: false, message: "Parameter 'v' must be up to 32 letters, digits, - or _" };
  }

  const query: ImageQuery = {
    src,
    ...sizes,
    fit,
    format,
    quality: q === undefined ? undefined : Number(q),
    background: bg === undefined ? undefined : normalizeHex(bg),
    focus,
    blur,
    color,
    version,
  };
  // The version only busts browser and CDN caches: it changes nothing in the image, so it is not
  // part of the render key, and a new `v` is never a new render.
  const key = JSON.stringify([
    query.src,
    query.width,
    query.height,
    query.fit,
    query.format,
    query.quality,
    query.background,
    query.focus,
    query.blur,
    query.color,
  ]);
  return { ok: true, query, key };
}

/** The bytes of an original, or null when there is none. */
export type SourceLoader = (src: string) => Promise<Buffer | null>;

/** Originals from the client build's public files, plus the generated coin icons (`/icons/coins/{code}.svg`). */
export function fileSource(root: string): SourceLoader {
  const base = resolve(root);
  return async (src) => {
    const coin = /^\/icons\/coins\/([a-z0-9]{1,20})\.svg$/.exec(src);
    if (coin) {
      const svg = coinIcon(coin[1] as string);
      return svg === null ? null : Buffer.from(svg);
    }
    try {
      // Resolved through symbolic links, the file must still lie inside the root.
      const [realBase, file] = await Promise.all([realpath(base), realpath(resolve(base, `.${src}`))]);
      if (!file.startsWith(realBase + sep)) return null;
      return await readFile(file);
    } catch {
      return null;
    }
  };
}

interface Rendered {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
}

const POSITIONS: Record<ImageFocus, string | number> = {
  center: 'centre',
  top: 'top',
  bottom: 'bottom',
  left: 'left',
  right: 'right',
  entropy: sharp.strategy.entropy,
  attention: sharp.strategy.attention,
};

/** sharp's colour from `#rrggbb[aa]`. */
function rgba(hex: string): { r: number; g: number; b: number; alpha: number } {
  const digits = hex.slice(1);
  const part = (index: number) => Number.parseInt(digits.slice(index, index + 2), 16);
  return { r: part(0), g: part(2), b: part(4), alpha: digits.length === 8 ? part(6) / 255 : 1 };
}

const MAX_INPUT_PIXELS = 50_000_000;

/** Renders one variant of an original. Throws on an original sharp cannot read. */
export async function renderImage(input: Buffer, query: ImageQuery): Promise<Rendered> {
  const isSvg = input.subarray(0, 1024).toString('utf8').includes('<svg');
  let density: number | undefined;
  if (isSvg && (query.width || query.height)) {
    // Vector originals are drawn at the density that gives the asked size, not scaled up blurry.
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const scale = Math.max(
      query.width && meta.width ? query.width / meta.width : 0,
      query.height && meta.height ? query.height / meta.height : 0,
    );
    if (scale > 0) density = Math.min(Math.max(72 * scale, 1), 2400);
  }
  const open = () => sharp(input, { density, limitInputPixels: MAX_INPUT_PIXELS, animated: false });

  let image: Sharp;
  if (query.color) {
    const stats = await open().stats();
    const [r, g, b, a] = stats.channels.map((channel) => Math.round(channel.mean));
    const pixel =
      query.color === 'main'
        ? { ...stats.dominant, alpha: 1 }
        : {
            r: r ?? 0,
            g: g ?? r ?? 0,
            b: b ?? r ?? 0,
            alpha: a === undefined || stats.channels.length < 4 ? 1 : a / 255,
          };
    image = sharp({ create: { width: 1, height: 1, channels: 4, background: pixel } });
  } else {
    const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
    const background = query.background
      ? rgba(query.background)
      : query.format === 'jpeg'
        ? { r: 255, g: 255, b: 255, alpha: 1 }
        : transparent;
    image = open().rotate();
    if (query.width || query.height) {
      image = image.resize({
        width: query.width,
        height: query.height,
        fit: query.fit,
        position: POSITIONS[query.focus],
        background,
      });
    }
    if (query.background || query.format === 'jpeg') image = image.flatten({ background });
    if (query.blur !== undefined) image = image.blur(query.blur);
  }

  const quality = query.quality;
  switch (query.format) {
    case 'webp':
      image = image.webp({ quality: quality ?? 80 });
      break;
    case 'avif':
      image = image.avif({ quality: quality ?? 60 });
      break;
    case 'jpeg':
      image = image.jpeg({ quality: quality ?? 80, mozjpeg: true });
      break;
    case 'png':
      image = image.png(
        quality === undefined ? { compressionLevel: 9 } : { quality, palette: true, compressionLevel: 9 },
      );
      break;
  }
  const body = new Uint8Array(await image.toBuffer());
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, type: `image/${query.format}`, etag };
}

export interface ImageHandlerOptions {
  /** Folder of the client build; originals are its public files. */
  root: string;
  /** Where originals come from (default: files under `root` and the coin icons). */
  load?: SourceLoader;
  /** Memory for rendered variants (bytes, default 64 MB). */
  cacheBytes?: number;
  /**
   * Renders at once (default 2): sharp works on libuv's thread pool, which compression and file
   * reads share, so renders take at most half of it.
   */
  concurrentRenders?: number;
  /** Renders waiting for a turn before new ones are refused with 503 (default 16). */
  queuedRenders?: number;
}

export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

class NotFound extends Error {}
/** Too many renders waiting: the request is refused rather than queued behind seconds of work. */
class Busy extends Error {}

/**
 * The `/img` endpoint: resizes and converts the site's own images with sharp. Query: `src` (a
 * same-site path), `w`, `h`, `fit` (cover | contain), `f` (webp | png | jpeg | avif), `q` (1-100),
 * `bg` (hex), `focus` (center | top | bottom | left | right | entropy | attention), `blur`,
 * `color` (main | mean: one pixel of that colour), `v` (a version to bust caches). Bad input is a
 * 400, a missing original a 404, an unreadable one a 422, all as JSON. Results are kept in an LRU
 * cache (one entry for every `v` of an image) and served as immutable with an ETag. At most
 * `concurrentRenders` renders run at once; past `queuedRenders` waiting, new ones get 503.
 */
export function createImageHandler({
  root,
  load = fileSource(root),
  cacheBytes = 64 * 1024 * 1024,
  concurrentRenders = 2,
  queuedRenders = 16,
}: ImageHandlerOptions): Handler {
  const queue = new RenderQueue(concurrentRenders);
  const cache = new LRUCache<string, Rendered>({
    maxSize: cacheBytes,
    sizeCalculation: (entry) => Math.max(1, entry.body.byteLength),
  });
  const pending = new Map<string, Promise<Rendered>>();

  const render = (key: string, query: ImageQuery): Promise<Rendered> => {
    const cached = cache.get(key);
    if (cached) return Promise.resolve(cached);
    let job = pending.get(key);
    if (!job) {
      if (queue.waiting >= queuedRenders) return Promise.reject(new Busy());
      job = queue
        .run(async () => {
          const input = await load(query.src);
          if (!input) throw new NotFound(`No such image: ${query.src}`);
          const rendered = await renderImage(input, query);
          cache.set(key, rendered);
          return rendered;
        })
        .finally(() => pending.delete(key));
      pending.set(key, job);
    }
    return job;
  };

  return async (c) => {
    const parsed = parseImageQuery(new URL(c.req.url).searchParams);
    c.header('Cache-Control', 'no-store');
    if (!parsed.ok) return c.json({ error: { code: 'invalid_image_request', message: parsed.message } }, 400);
    let rendered: Rendered;
    try {
      rendered = await render(parsed.key, parsed.query);
    } catch (error) {
      if (error instanceof NotFound)
        return c.json({ error: { code: 'image_not_found', message: error.message } }, 404);
      if (error instanceof Busy) {
        c.header('Retry-After', '1');
        return c.json(
          { error: { code: 'image_busy', message: 'Too many images being made; try again' } },
          503,
        );
      }
      return c.json(
        { error: { code: 'unsupported_image', message: `Cannot read image: ${parsed.query.src}` } },
        422,
      );
    }
    c.header('Cache-Control', IMAGE_CACHE_CONTROL);
    c.header('ETag', rendered.etag);
    const match = c.req.header('if-none-match');
    if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === rendered.etag)) {
      return c.body(null, 304);
    }
    c.header('Content-Type', rendered.type);
    c.header('Content-Length', String(rendered.body.byteLength));
    return c.body(rendered.body);
  };
}
