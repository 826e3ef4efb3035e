/** SPEC §9: between pages of the same layout the view glides to the element marked `anchor`, 70 px above it. */
export const ANCHOR_OFFSET_PX = 70;
export const ANCHOR_SELECTOR = '[data-anchor]';

export type ScrollDecision =
  | { kind: 'restore'; top: number }
  | { kind: 'hash'; element: Element }
  | { kind: 'anchor'; top: number }
  | { kind: 'top' }
  | { kind: 'none' };

export interface ScrollInputs {
  /** The router's verdict: a saved position (back/forward), `false` (no scrolling), or null. */
  restoreScrollPosition: number | false | null;
  preventScrollReset: boolean;
  /** The element the URL's hash names, if any. */
  hashTarget: Element | null;
  /** The previous page had the same layout as this one. */
  sameLayout: boolean;
  /** The anchor element's top relative to the document, if the page marks one. */
  anchorTop: number | null;
}

/**
 * Where the view goes after a navigation (SPEC §9): back/forward restore their position; a hash
 * scrolls to its target (the browser honours its `scroll-margin`); between pages of the same
 * layout to the anchor minus 70 px; otherwise to the top.
 */
export function decideScroll(inputs: ScrollInputs): ScrollDecision {
  if (inputs.restoreScrollPosition === false) return { kind: 'none' };
  if (typeof inputs.restoreScrollPosition === 'number')
    return { kind: 'restore', top: inputs.restoreScrollPosition };
  if (inputs.hashTarget) return { kind: 'hash', element: inputs.hashTarget };
  if (inputs.sameLayout && inputs.anchorTop !== null) {
    return { kind: 'anchor', top: Math.max(0, inputs.anchorTop - ANCHOR_OFFSET_PX) };
  }
  if (inputs.preventScrollReset) return { kind: 'none' };
  return { kind: 'top' };
}
