import type { TooltipPlacement } from './constants.ts';

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface TooltipPosition {
  /** The side actually used: the asked one, or its opposite when the asked one lacks room. */
  placement: TooltipPlacement;
  /** Viewport coordinates of the tooltip's top-left corner. */
  top: number;
  left: number;
  /** The arrow's offset along the tooltip's edge, pointing at the trigger's centre. */
  arrow: number;
}

const OPPOSITE: Record<TooltipPlacement, TooltipPlacement> = {
  top: 'bottom',
  bottom: 'top',
  left: 'right',
  right: 'left',
};

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/** Room left on a side of the trigger for a tooltip of that size and distance. */
function room(
  side: TooltipPlacement,
  anchor: Box,
  size: { width: number; height: number },
  distance: number,
  viewport: { width: number; height: number },
) {
  switch (side) {
    case 'top':
      return anchor.top - distance - size.height;
    case 'bottom':
      return viewport.height - (anchor.top + anchor.height + distance + size.height);
    case 'left':
      return anchor.left - distance - size.width;
    case 'right':
      return viewport.width - (anchor.left + anchor.width + distance + size.width);
  }
}

/**
 * Where a tooltip of `size` goes next to its trigger (`anchor`, viewport coordinates): on the
 * asked side at `distance`, flipped to the opposite side when it would leave the viewport there and
 * fits better on the other, and slid along the edge to stay `padding` inside the viewport.
 */
export function computeTooltipPosition({
  anchor,
  size,
  placement,
  distance,
  viewport,
  padding = 8,
}: {
  anchor: Box;
  size: { width: number; height: number };
  placement: TooltipPlacement;
  distance: number;
  viewport: { width: number; height: number };
  padding?: number;
}): TooltipPosition {
  let side = placement;
  const here = room(side, anchor, size, distance, viewport);
  if (here < padding) {
    const there = room(OPPOSITE[side], anchor, size, distance, viewport);
    if (there > here) side = OPPOSITE[side];
  }
  const centerX = anchor.left + anchor.width / 2;
  const centerY = anchor.top + anchor.height / 2;
  if (side === 'top' || side === 'bottom') {
    const left = clamp(centerX - size.width / 2, padding, viewport.width - size.width - padding);
    const top = side === 'top' ? anchor.top - distance - size.height : anchor.top + anchor.height + distance;
    return { placement: side, top, left, arrow: clamp(centerX - left, 8, size.width - 8) };
  }
  const top = clamp(centerY - size.height / 2, padding, viewport.height - size.height - padding);
  const left = side === 'left' ? anchor.left - distance - size.width : anchor.left + anchor.width + distance;
  return { placement: side, top, left, arrow: clamp(centerY - top, 8, size.height - 8) };
}

/** Something with `querySelector`, a document in the browser. */
export interface ContainerRoot {
  querySelector(selector: string): unknown;
}

/**
 * The element a popover is portalled into: the given element, or the first match of a selector.
 * SPEC §8: a missing container is an error, 'No container for popover'.
 */
export function resolvePopoverContainer<T>(
  target: string | T | null | undefined,
  root: ContainerRoot | undefined = typeof document === 'undefined' ? undefined : document,
): T {
  const found = typeof target === 'string' ? (root?.querySelector(target) as T | null | undefined) : target;
  if (!found) throw new Error('No container for popover');
  return found;
}
