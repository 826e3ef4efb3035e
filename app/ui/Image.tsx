import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import {
  IMAGE_SERVICE,
  type ImageFit,
  type ImageFocus,
  type ImageFormat,
  type ImageRequest,
  imageUrl,
  isServiceSource,
} from '../../core/images/protocol.ts';
import { useTranslation } from '../i18n/react.tsx';
import { IMAGE, type ImagePlaceholder } from './constants.ts';
import { buildResponsiveSrcSet, buildSrcSet, naturalSize, placeholderUrl } from './image-url.ts';

export { naturalSize };

/** SPEC §4 media loading states. */
export type ImageState = 'new' | 'loading' | 'done' | 'error';

export interface ImageProps {
  /** A same-site path (`/social-card.png`); anything else is shown as it is, without resizing. */
  src: string;
  /** Required; `''` for a decorative image. */
  alt: string;
  /** Display width (px). Without it the image fills its container's width (responsive `srcset`). */
  width?: number;
  /** Display height (px). */
  height?: number;
  /** Width / height when only one of them, or neither, is given. */
  ratio?: number;
  /** `sizes` of a responsive image (default `100vw`). */
  sizes?: string;
  /** How the image fills its box: cropped (`cover`, default) or letterboxed (`contain`). */
  mode?: ImageFit;
  focus?: ImageFocus;
  format?: ImageFormat;
  quality?: number;
  /** Hex colour behind transparent or letterboxed parts. */
  background?: string;
  /** What shows while loading (default `preview`, a blurred 10 × 10 version). */
  placeholder?: ImagePlaceholder;
  /** Fade-in time (ms), default 400. */
  transitionMs?: number;
  /** Highest device pixel ratio served, 1 to 2 (default 2). */
  maxDpr?: number;
  /** Above the fold: load at once with high priority instead of lazily. */
  priority?: boolean;
  /** Cache-busting version of the original. */
  version?: string;
  className?: string;
  imgClassName?: string;
  testId?: string;
  onStateChange?: (state: ImageState) => void;
  /** Called after loading with the original's natural size (0 × 0 when it cannot be read). */
  onSize?: (size: { width: number; height: number }) => void;
}

/**
 * An image through the image service (`/img`): 1x and 2x variants (or breakpoint widths when the
 * display width is unknown), a placeholder while loading, a 400 ms fade-in, `cover` or `contain`.
 * Its loading state is on `data-state`: new (server-rendered, not hydrated) → loading → done | error.
 */
export function Image({
  src,
  alt,
  width,
  height,
  ratio: givenRatio,
  sizes,
  mode = 'cover',
  focus,
  format,
  quality,
  background,
  placeholder = 'preview',
  transitionMs = IMAGE.transitionMs,
  maxDpr = IMAGE.maxDpr,
  priority = false,
  version,
  className,
  imgClassName,
  testId,
  onStateChange,
  onSize,
}: ImageProps) {
  const { t } = useTranslation();
  const imgRef = useRef<HTMLImageElement>(null);
  const [state, setStateValue] = useState<ImageState>('new');
  const [faded, setFaded] = useState(false);
  const callbacks = useRef({ onStateChange, onSize });
  callbacks.current = { onStateChange, onSize };

  const ratio = givenRatio ?? (width && height ? width / height : undefined);
  const service = isServiceSource(src);
  const request: ImageRequest = { src, fit: mode, focus, format, quality, background, version };
  const fixed = width !== undefined;
  const requestHeight = height ?? (width && ratio ? Math.round(width / ratio) : undefined);
  const sized: ImageRequest = { ...request, width, height: requestHeight };

  const imgSrc = service ? imageUrl(fixed ? sized : { ...request, width: IMAGE_SERVICE.maxSize / 2 }) : src;
  const srcSet = service
    ? fixed
      ? buildSrcSet(sized, maxDpr)
      : buildResponsiveSrcSet(request, ratio, maxDpr)
    : undefined;
  const preview = service ? placeholderUrl(sized, placeholder, ratio) : null;

  const setState = useCallback((next: ImageState) => {
    setStateValue((previous) => {
      if (previous !== next) callbacks.current.onStateChange?.(next);
      return next;
    });
  }, []);

  const finish = useCallback(
    (image: HTMLImageElement) => {
      callbacks.current.onSize?.(naturalSize(image));
      setState('done');
    },
    [setState],
  );

  // After hydration: loading, unless the browser already finished (events before hydration are lost).
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts whenever the variants change.
  useEffect(() => {
    const image = imgRef.current;
    if (!image) return;
    setFaded(false);
    setState('loading');
    if (!image.complete) return;
    let cancelled = false;
    image.decode().then(
      () => !cancelled && finish(image),
      () => !cancelled && image.complete && setState(image.naturalWidth > 0 ? 'done' : 'error'),
    );
    return () => {
      cancelled = true;
    };
  }, [imgSrc, srcSet, finish, setState]);

  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => setFaded(true), transitionMs);
    return () => clearTimeout(timer);
  }, [state, transitionMs]);

  const boxStyle: CSSProperties = {
    width: width === undefined ? '100%' : width,
    maxWidth: '100%',
    aspectRatio: ratio ? String(ratio) : undefined,
    height: ratio ? 'auto' : height,
    backgroundColor: background && mode === 'contain' ? `#${background.replace(/^#/, '')}` : undefined,
  };
  const showPlaceholder = preview && !faded && state !== 'error';

  return (
    <span
      className={`relative inline-block overflow-hidden align-middle ${state === 'error' ? 'bg-slate-100' : ''}${
        className ? ` ${className}` : ''
      }`}
      style={boxStyle}
      data-state={state}
      data-testid={testId}
      data-mode={mode}
      data-placeholder={placeholder}
    >
      {showPlaceholder && (
        <span
          aria-hidden="true"
          data-part="placeholder"
          className="absolute inset-0 bg-no-repeat"
          style={{
            backgroundImage: `url("${preview}")`,
            backgroundSize: '100% 100%',
            filter: placeholder === 'preview' ? 'blur(6px)' : undefined,
            transform: placeholder === 'preview' ? 'scale(1.1)' : undefined,
          }}
        />
      )}
      <img
        ref={imgRef}
        src={imgSrc}
        srcSet={srcSet}
        sizes={srcSet && !fixed ? (sizes ?? '100vw') : undefined}
        alt={alt}
        width={width}
        height={requestHeight}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        onLoad={(event) => finish(event.currentTarget)}
        onError={() => setState('error')}
        className={`relative block h-full w-full ${mode === 'contain' ? 'object-contain' : 'object-cover'} ${
          state === 'error' ? 'invisible' : ''
        }${imgClassName ? ` ${imgClassName}` : ''}`}
        style={{
          // An image above the fold shows as soon as the browser has it: no fade-in that waits for
          // the page's script, which would hold back the page's largest paint (issue 32).
          opacity: priority || state === 'done' ? 1 : 0,
          transition: priority ? undefined : `opacity ${transitionMs}ms ease-out`,
          objectPosition: focus && ['top', 'bottom', 'left', 'right'].includes(focus) ? focus : undefined,
        }}
      />
      {state === 'error' && (
        <span
          className="absolute inset-0 grid place-items-center p-2 text-center text-xs text-muted"
          data-part="error"
        >
          {t('ui.image.error')}
        </span>
      )}
    </span>
  );
}
