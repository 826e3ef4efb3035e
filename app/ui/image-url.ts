import { IMAGE_SERVICE, type ImageRequest, imageUrl } from '../../core/images/protocol.ts';
import { IMAGE, IMAGE_BREAKPOINTS, type ImagePlaceholder } from './constants.ts';

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
    for (const density of densitiesFor(maxDpr)) widths.add(Math.min(width * density, IMAGE_SERVICE.maxSize));
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
