/**
 * The design system's breakpoints and constants (SPEC §9), in one module. Components read them from
 * here; nothing else in app/ui hard-codes these numbers.
 */

/** Image breakpoints (px): the widths responsive images are generated for. */
export const IMAGE_BREAKPOINTS = {
  xs: 320,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  '2xl': 1536,
} as const;
export type ImageBreakpoint = keyof typeof IMAGE_BREAKPOINTS;

/** The mobile layout applies up to and including this width (px). */
export const MOBILE_MAX_WIDTH = 991;
/** Media query matching the mobile layout. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

/** Header height (px): small screens, larger screens. */
export const HEADER_HEIGHT = { sm: 56, lg: 64 } as const;

export const IMAGE = {
  /** Pixel densities offered in `srcset`. */
  densities: [1, 2] as readonly number[],
  /** The low-quality preview shown while the image loads. */
  placeholder: { width: 10, height: 10, quality: 50, blur: 3 },
  /** Largest device pixel ratio served (default), and the smallest allowed setting. */
  maxDpr: 2,
  minDpr: 1,
  /** Placeholder re-measure debounce on resize (ms). */
  placeholderResizeDebounceMs: 100,
  /** Fade-in of a loaded image (ms). */
  transitionMs: 400,
} as const;

export const IMAGE_PLACEHOLDERS = ['preview', 'maincolor', 'meancolor', 'none'] as const;
export type ImagePlaceholder = (typeof IMAGE_PLACEHOLDERS)[number];

/** Top loading indicator (ms, px). */
export const LOADING_INDICATOR = {
  /** Navigations shorter than this never show the bar. */
  throttleMs: 200,
  /** The bar grows towards its end over this time. */
  durationMs: 2000,
  heightPx: 3,
  /** The full bar stays this long after the navigation finished, then fades. */
  hideDelayMs: 500,
  /** After fading, the bar resets to empty after this long. */
  resetDelayMs: 400,
} as const;

export type TooltipTrigger = 'hover' | 'focus' | 'click' | 'touch';
export type TooltipPlacement = 'top' | 'bottom' | 'left' | 'right';

export interface TooltipOptions {
  /** From the trigger (pointer in, focus, press) to the tooltip showing (ms). */
  showDelayMs: number;
  /** From the pointer or focus leaving to the tooltip hiding (ms). */
  hideDelayMs: number;
  /** From hiding to the tooltip leaving the page; it fades out meanwhile (ms). */
  disposeMs: number;
  /** Gap between the trigger and the tooltip (px). */
  distance: number;
  placement: TooltipPlacement;
  triggers: readonly TooltipTrigger[];
}

/** Every tooltip unless told otherwise: 200 ms to show, disposed 150 ms after hiding, 5 px away. */
export const TOOLTIP_DEFAULT: TooltipOptions = {
  showDelayMs: 200,
  hideDelayMs: 0,
  disposeMs: 150,
  distance: 5,
  placement: 'top',
  triggers: ['hover', 'focus'],
};

/** The tooltip of a button: at once, lingering 300 ms, 10 px above it, for mouse, click and touch. */
export const TOOLTIP_BUTTON: TooltipOptions = {
  ...TOOLTIP_DEFAULT,
  showDelayMs: 0,
  hideDelayMs: 300,
  distance: 10,
  placement: 'top',
  triggers: ['hover', 'click', 'touch'],
};

export const BUTTON_COLORS = ['primary', 'secondary', 'ghost', 'danger'] as const;
export type ButtonColor = (typeof BUTTON_COLORS)[number];
export const BUTTON_SIZES = ['sm', 'md', 'lg'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];
export const BUTTON_DEFAULTS: { color: ButtonColor; size: ButtonSize } = { color: 'primary', size: 'md' };

export const DRAWER = {
  /** A drag past this share of the drawer's height (width when it opens from the right) closes it. */
  closeThreshold: 0.5,
  /** A release faster than this (px/ms, in the closing direction) closes it whatever the distance. */
  swipeVelocity: 0.4,
  /** Open and close animation (ms). */
  animationMs: 500,
  /** Default maximum width (px). */
  maxWidth: 430,
} as const;

/** Fallback delay when `requestIdleCallback` is missing (ms). */
export const IDLE_CALLBACK_FALLBACK_MS = 50;

/** Desktop navigation submenus (SPEC §4 "Desktop navigation"). */
export const NAV_MENU = {
  /** Pointer resting on a trigger opens its submenu after this long (ms). */
  openDelayMs: 200,
  /** With a submenu open, moving to another trigger switches after this long (ms). */
  switchDelayMs: 150,
  /** After a submenu closed, a trigger entered within this window opens at once (ms). */
  skipDelayMs: 300,
  /** Pointer leaving the trigger and its submenu closes it after this long (ms). */
  closeDelayMs: 150,
} as const;
