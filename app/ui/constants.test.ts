import { describe, expect, it } from 'vitest';
import { IMAGE_SERVICE } from '../../core/images/protocol.ts';
import {
  BUTTON_DEFAULTS,
  DRAWER,
  HEADER_HEIGHT,
  IDLE_CALLBACK_FALLBACK_MS,
  IMAGE,
  IMAGE_BREAKPOINTS,
  LOADING_INDICATOR,
  MOBILE_MAX_WIDTH,
  MOBILE_MEDIA_QUERY,
  TOOLTIP_BUTTON,
  TOOLTIP_DEFAULT,
} from './constants.ts';

describe('SPEC §9 constants', () => {
  it('has the breakpoints and layout sizes', () => {
    expect(IMAGE_BREAKPOINTS).toEqual({ xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 });
    expect(MOBILE_MAX_WIDTH).toBe(991);
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 991px)');
    expect(HEADER_HEIGHT).toEqual({ sm: 56, lg: 64 });
  });

  it('has the image settings', () => {
    expect(IMAGE.densities).toEqual([1, 2]);
    expect(IMAGE_SERVICE.format).toBe('webp');
    expect(IMAGE.placeholder).toEqual({ width: 10, height: 10, quality: 50, blur: 3 });
    expect([IMAGE.minDpr, IMAGE.maxDpr]).toEqual([1, 2]);
    expect(IMAGE.placeholderResizeDebounceMs).toBe(100);
    expect(IMAGE.transitionMs).toBe(400);
  });

  it('has the loading indicator timings', () => {
    expect(LOADING_INDICATOR).toEqual({
      throttleMs: 200,
      durationMs: 2000,
      heightPx: 3,
      hideDelayMs: 500,
      resetDelayMs: 400,
    });
  });

  it('has the two tooltip presets', () => {
    expect(TOOLTIP_BUTTON).toMatchObject({
      showDelayMs: 0,
      hideDelayMs: 300,
      distance: 10,
      placement: 'top',
      triggers: ['hover', 'click', 'touch'],
    });
    expect(TOOLTIP_DEFAULT).toMatchObject({ showDelayMs: 200, disposeMs: 150, distance: 5 });
  });

  it('has the button, drawer and idle defaults', () => {
    expect(BUTTON_DEFAULTS).toEqual({ color: 'primary', size: 'md' });
    expect(DRAWER).toEqual({ closeThreshold: 0.5, swipeVelocity: 0.4, animationMs: 500, maxWidth: 430 });
    expect(IDLE_CALLBACK_FALLBACK_MS).toBe(50);
  });
});
