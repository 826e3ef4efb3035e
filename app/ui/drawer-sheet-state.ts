/** A drawer's life: mounted off-screen (`opening`), slid in (`open`), slid out (`closing`), removed. */
export type DrawerPhase = 'closed' | 'opening' | 'open' | 'closing';

/** The phase a drawer moves to when its `open` prop becomes `open`. */
export function phaseOnOpenChange(current: DrawerPhase, open: boolean): DrawerPhase {
  if (open) return current === 'closed' ? 'opening' : current === 'closing' ? 'open' : current;
  return current === 'closed' ? current : 'closing';
}

/**
 * Where Tab (or Shift+Tab) from `current` goes in a focus trap: from the last item (or from outside)
 * back to the first, from the first (or the panel, or outside) back to the last; null where the
 * browser's own order stays inside. With nothing to focus, the panel itself.
 */
export function focusTrapTarget<T>({
  items,
  current,
  panel,
  inside,
  backwards,
}: {
  /** What Tab reaches inside the panel, in order. */
  items: readonly T[];
  /** What has focus now. */
  current: unknown;
  panel: T;
  /** Whether `current` is inside the panel. */
  inside: boolean;
  /** Shift+Tab. */
  backwards: boolean;
}): T | null {
  const first = items[0];
  const last = items.at(-1);
  if (first === undefined || last === undefined) return panel;
  if (backwards) return current === first || current === panel || !inside ? last : null;
  return current === last || !inside ? first : null;
}

/** The panel's transform: following a drag, in place when shown, off-screen otherwise. */
export function panelTransform(axis: 'X' | 'Y', drag: number | null, shown: boolean): string {
  if (drag !== null) return `translate${axis}(${drag}px)`;
  return shown ? 'translate3d(0, 0, 0)' : `translate${axis}(100%)`;
}

/** The overlay's opacity: fading with a drag towards closing, none when not shown. */
export function overlayOpacity(shown: boolean, drag: number | null, size: number): number {
  if (!shown) return 0;
  return drag !== null && drag > 0 ? Math.max(0, 1 - drag / Math.max(1, size)) : 1;
}
