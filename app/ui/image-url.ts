import {
  IMAGE,
  IMAGE_BREAKPOINTS,
  type ImageFit,
  type ImageFocus,
  type ImageFormat,
  type ImagePlaceholder,
} from './constants.ts';

/** The path of the image service (server/img.ts). */
export const IMAGE_ENDPOINT = '/img';

/** What the image service is asked for; parameter names as in its query. */
export interface ImageRequest {
  /** A same-site path of the original (`/social-card.png`). */
  src: string;
  width?: number;
  height?: number;
  fit?: ImageFit;
  format?: ImageFormat;
  quality?: number;
  /** Hex colour behind transparent or letterboxed parts (`#0f172a`). */
  background?: string;
  focus?: ImageFocus;
  blur?: number;
  /** Instead of the image, one pixel of its dominant (`main`) or average (`mean`) colour. */
  color?: 'main' | 'mean';
  /** Cache-busting version of the original. */
  version?: string;
}

/** Whether `src` is one the image service can read: a same-site path, not a URL. */
export function isServiceSource(src: string): boolean {
  return src.startsWith('/') && !src.startsWith('//') && !src.includes('\\');
}

/** A width and height scaled down together so neither exceeds the service's maximum. */
export function capSize(width: number | undefined, height: number | undefined, max: number = IMAGE.maxSize) {
  const largest = Math.max(width ?? 0, height ?? 0);
  if (largest <= max) return { width, height };
  const scale = max / largest;
  return {
    width: width === undefined ? undefined : Math.max(1, Math.round(width * scale)),
    height: height === undefined ? undefined : Math.max(1, Math.round(height * scale)),
  };
}

/** The service URL of one variant; parameters in a fixed order, so equal requests share a cache entry. */
export function imageUrl(request: ImageRequest): string {
  const { width, height } = capSize(
    request.width === undefined ? undefined : Math.round(request.width),
    request.height === undefined ? undefined : Math.round(request.height),
  );
  const query = new URLSearchParams({ src: request.src });
  if (width) query.set('w', String(width));
  if (height) query.set('h', String(height));
  if (request.fit && width && height) query.set('fit', request.fit);
  query.set('f', request.format ?? IMAGE.format);
  if (request.quality !== undefined) query.set('q', String(request.quality));
  if (request.background) query.set('bg', request.background.replace(/^#/, ''));
  if (request.focus && request.focus !== 'center') query.set('focus', request.focus);
  if (request.blur !== undefined) query.set('blur', String(request.blur));
  if (request.color) query.set('color', request.color);
  if (request.version) query.set('v', request.version);
  return `${IMAGE_ENDPOINT}?${query.toString()}`;
}

/** The densities offered for a maximum device pixel ratio (SPEC §9: 1 and 2, ratio between 1 and 2). */
export function densitiesFor(maxDpr: number = IMAGE.maxDpr): number[] {
  const cap = Math.min(Math.max(Number.isFinite(maxDpr) ? maxDpr : IMAGE.maxDpr, IMAGE.minDpr), IMAGE.maxDpr);
  return IMAGE.densities.filter((density) => density <= cap);
}

/** `srcset` with density descriptors: each density gets the display size times that density. */
export function buildSrcSet(request: ImageRequest, maxDpr: number = IMAGE.maxDpr): string {
  return densitiesFor(maxDpr)
    .map(
      (density) =>
        `${imageUrl({
          ...request,
          width: request.width === undefined ? undefined : request.width * density,
          height: request.height === undefined ? undefined : request.height * density,
        })} ${density}x`,
    )
    .join(', ');
}

/**
 * `srcset` with width descriptors for an image whose displayed width is not known: one variant per
 * image breakpoint (and its double, up to the service's maximum), heights following `ratio` (w / h).
 */
export function buildResponsiveSrcSet(
  request: Omit<ImageRequest, 'width' | 'height'>,
  ratio?: number,
  maxDpr: number = IMAGE.maxDpr,
): string {
  const widths = new Set<number>();
  for (const width of Object.values(IMAGE_BREAKPOINTS)) {
    for (const density of densitiesFor(maxDpr)) widths.add(Math.min(width * density, IMAGE.maxSize));
  }
  return [...widths]
    .sort((a, b) => a - b)
    .map((width) => {
      const height = ratio && ratio > 0 ? Math.max(1, Math.round(width / ratio)) : undefined;
      return `${imageUrl({ ...request, width, height })} ${width}w`;
    })
    .join(', ');
}

/** The placeholder's size: at most 10 × 10 px with the image's aspect ratio. */
export function placeholderSize(ratio?: number): { width: number; height: number } {
  const { width, height } = IMAGE.placeholder;
  if (!ratio || !Number.isFinite(ratio) || ratio <= 0) return { width, height };
  return ratio >= 1
    ? { width, height: Math.max(1, Math.round(height / ratio)) }
    : { width: Math.max(1, Math.round(width * ratio)), height };
}

/**
 * The URL of the image shown while the real one loads: a 10 × 10, quality 50, blur 3 preview, or one
 * pixel of the main or mean colour; null for none.
 */
export function placeholderUrl(request: ImageRequest, kind: ImagePlaceholder, ratio?: number): string | null {
  switch (kind) {
    case 'none':
      return null;
    case 'maincolor':
    case 'meancolor':
      return imageUrl({
        src: request.src,
        format: request.format,
        version: request.version,
        color: kind === 'maincolor' ? 'main' : 'mean',
      });
    case 'preview': {
      const size = placeholderSize(ratio);
      return imageUrl({
        ...request,
        ...size,
        quality: IMAGE.placeholder.quality,
        blur: IMAGE.placeholder.blur,
      });
    }
  }
}

export interface SizedImage {
  naturalWidth?: unknown;
  naturalHeight?: unknown;
  currentSrc?: string;
  src?: string;
}

/** SPEC §8: the natural size of a loaded image, or 0 × 0 with a warning when it cannot be read. */
export function naturalSize(
  image: SizedImage,
  warn: (message: string, detail?: unknown) => void = console.warn,
): { width: number; height: number } {
  const { naturalWidth: width, naturalHeight: height } = image;
  if (
    typeof width !== 'number' ||
    typeof height !== 'number' ||
    !Number.isFinite(width) ||
    !Number.isFinite(height) ||
    width <= 0 ||
    height <= 0
  ) {
    warn('Image size unreadable, taken as 0', image.currentSrc || image.src);
    return { width: 0, height: 0 };
  }
  return { width, height };
}
