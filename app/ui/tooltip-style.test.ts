import { describe, expect, it } from 'vitest';
import { arrowStyle, describedBy, tooltipClassName, tooltipStyle } from './tooltip-style.ts';

describe('describedBy', () => {
  it('adds the tooltip to the trigger’s own descriptions only while mounted', () => {
    expect(describedBy('hint', 'tip', true)).toBe('hint tip');
    expect(describedBy(undefined, 'tip', true)).toBe('tip');
    expect(describedBy('hint', 'tip', false)).toBe('hint');
    expect(describedBy(undefined, 'tip', false)).toBeUndefined();
  });
});

describe('tooltipClassName', () => {
  it('is opaque only when open and placed, with the caller’s classes last', () => {
    expect(tooltipClassName('open', true)).toMatch(/ opacity-100$/);
    expect(tooltipClassName('open', false)).toMatch(/ opacity-0$/);
    expect(tooltipClassName('closing', true)).toMatch(/ opacity-0$/);
    expect(tooltipClassName('open', true, 'w-40')).toMatch(/ opacity-100 w-40$/);
  });
});

describe('tooltipStyle', () => {
  const placed = { x: 12, y: -30, placement: 'top' as const, arrow: 20 };

  it('is hidden until placed, then translated to its place', () => {
    expect(tooltipStyle(null, 'open', 150)).toMatchObject({ visibility: 'hidden', transform: undefined });
    expect(tooltipStyle(placed, 'open', 150)).toMatchObject({
      visibility: undefined,
      transform: 'translate3d(12px, -30px, 0)',
    });
  });

  it('fades in fast and out over the dispose time, without catching the pointer while closing', () => {
    expect(tooltipStyle(placed, 'open', 150)).toMatchObject({
      transitionDuration: '100ms',
      pointerEvents: undefined,
    });
    expect(tooltipStyle(placed, 'closing', 150)).toMatchObject({
      transitionDuration: '150ms',
      pointerEvents: 'none',
    });
  });
});

describe('arrowStyle', () => {
  it('sits on the edge facing the trigger, centred on the offset', () => {
    expect(arrowStyle('top', 20)).toEqual({ bottom: -4, left: 16 });
    expect(arrowStyle('bottom', 20)).toEqual({ top: -4, left: 16 });
    expect(arrowStyle('left', 10)).toEqual({ right: -4, top: 6 });
    expect(arrowStyle('right', 10)).toEqual({ left: -4, top: 6 });
  });
});
