import { describe, expect, it } from 'vitest';
import { dragOffset, releaseVelocity, shouldClose } from './drawer-gesture.ts';

describe('shouldClose', () => {
  it('closes past half the size', () => {
    expect(shouldClose({ dragged: 201, size: 400, velocity: 0 })).toBe(true);
    expect(shouldClose({ dragged: 200, size: 400, velocity: 0 })).toBe(false);
    expect(shouldClose({ dragged: 120, size: 400, velocity: 0.1 })).toBe(false);
  });

  it('closes on a swipe faster than 0.4 px/ms, whatever the distance', () => {
    expect(shouldClose({ dragged: 20, size: 400, velocity: 0.41 })).toBe(true);
    expect(shouldClose({ dragged: 20, size: 400, velocity: 0.4 })).toBe(false);
  });

  it('stays open when dragged the other way or not at all', () => {
    expect(shouldClose({ dragged: 0, size: 400, velocity: 2 })).toBe(false);
    expect(shouldClose({ dragged: -300, size: 400, velocity: 2 })).toBe(false);
    expect(shouldClose({ dragged: 50, size: 400, velocity: -1 })).toBe(false);
  });

  it('copes with unknown sizes and speeds', () => {
    expect(shouldClose({ dragged: 50, size: 0, velocity: 0 })).toBe(false);
    expect(shouldClose({ dragged: 50, size: 0, velocity: 1 })).toBe(true);
    expect(shouldClose({ dragged: Number.NaN, size: 400, velocity: 1 })).toBe(false);
    expect(shouldClose({ dragged: 300, size: 400, velocity: Number.NaN })).toBe(true);
  });

  it('takes other thresholds', () => {
    expect(shouldClose({ dragged: 150, size: 400, velocity: 0 }, 0.25)).toBe(true);
    expect(shouldClose({ dragged: 10, size: 400, velocity: 0.5 }, 0.5, 1)).toBe(false);
  });
});

describe('releaseVelocity', () => {
  it('measures the last 100 ms of the drag', () => {
    const samples = [
      { position: 0, time: 0 },
      { position: 10, time: 500 },
      { position: 30, time: 550 },
      { position: 60, time: 600 },
    ];
    // 500 → 600 ms: 50 px in 100 ms.
    expect(releaseVelocity(samples)).toBeCloseTo(0.5);
  });

  it('is 0 without movement over time', () => {
    expect(releaseVelocity([])).toBe(0);
    expect(releaseVelocity([{ position: 5, time: 10 }])).toBe(0);
  });

  it('is negative when moving back', () => {
    expect(
      releaseVelocity([
        { position: 100, time: 0 },
        { position: 60, time: 50 },
      ]),
    ).toBeCloseTo(-0.8);
  });
});

describe('dragOffset', () => {
  it('follows towards closing and resists the other way', () => {
    expect(dragOffset(120)).toBe(120);
    expect(dragOffset(-4)).toBe(-4);
    expect(dragOffset(-10_000)).toBe(-24);
  });
});
