/**
 * The image service's URL protocol (server/img.ts answers it, app/ui builds it): the query
 * parameters, their allowed values and the largest size, in one place both sides import.
 */

/** What the service produces when a request does not say. */
export const IMAGE_SERVICE = {
  /** Output format when `f` is absent. */
  format: 'webp',
  /** Largest width or height the service produces (px). */
  maxSize: 2048,
} as const;

export const IMAGE_FORMATS = ['webp', 'png', 'jpeg', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_FITS = ['cover', 'contain'] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];
export const IMAGE_FOCUS = ['center', 'top', 'bottom', 'left', 'right', 'entropy', 'attention'] as const;
export type ImageFocus = (typeof IMAGE_FOCUS)[number];

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
export function capSize(
  width: number | undefined,
  height: number | undefined,
  max: number = IMAGE_SERVICE.maxSize,
) {
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
  query.set('f', request.format ?? IMAGE_SERVICE.format);
  if (request.quality !== undefined) query.set('q', String(request.quality));
  if (request.background) query.set('bg', request.background.replace(/^#/, ''));
  if (request.focus && request.focus !== 'center') query.set('focus', request.focus);
  if (request.blur !== undefined) query.set('blur', String(request.blur));
  if (request.color) query.set('color', request.color);
  if (request.version) query.set('v', request.version);
  return `${IMAGE_ENDPOINT}?${query.toString()}`;
}
