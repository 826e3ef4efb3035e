import { DRAWER } from './constants.ts';

export interface DragRelease {
  /** How far the drawer was dragged towards closing (px); negative when dragged the other way. */
  dragged: number;
  /** The drawer's size along the drag: its height from the bottom, its width from the right (px). */
  size: number;
  /** Speed at release towards closing (px/ms); negative when moving back. */
  velocity: number;
}

/**
 * SPEC §4 / §9: a released drag dismisses the drawer when it went past half its size, or when it was
 * a swipe faster than 0.4 px/ms towards closing.
 */
export function shouldClose(
  { dragged, size, velocity }: DragRelease,
  threshold: number = DRAWER.closeThreshold,
  swipeVelocity: number = DRAWER.swipeVelocity,
): boolean {
  if (!Number.isFinite(dragged) || dragged <= 0) return false;
  if (Number.isFinite(size) && size > 0 && dragged / size > threshold) return true;
  return Number.isFinite(velocity) && velocity > swipeVelocity;
}

export interface DragSample {
  /** Position along the drag axis (px), growing towards closing. */
  position: number;
  /** Time (ms). */
  time: number;
}

/** Only the last moments of a drag tell its release speed. */
const VELOCITY_WINDOW_MS = 100;

/** The speed (px/ms) of the last `VELOCITY_WINDOW_MS` of a drag, 0 when it cannot be told. */
export function releaseVelocity(samples: readonly DragSample[]): number {
  const last = samples.at(-1);
  if (!last) return 0;
  let first = last;
  for (let i = samples.length - 2; i >= 0; i--) {
    const sample = samples[i] as DragSample;
    if (last.time - sample.time > VELOCITY_WINDOW_MS) break;
    first = sample;
  }
  const elapsed = last.time - first.time;
  return elapsed > 0 ? (last.position - first.position) / elapsed : 0;
}

/**
 * The drawer's offset while dragged: it follows the pointer towards closing and resists the other
 * way (it may give a few pixels, never more than `max`).
 */
export function dragOffset(delta: number, max = 24): number {
  if (delta >= 0) return delta;
  return -Math.min(max, Math.sqrt(-delta) * 2);
}
