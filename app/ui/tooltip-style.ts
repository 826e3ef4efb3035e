import type { CSSProperties } from 'react';
import type { TooltipPlacement } from './constants.ts';

export type TooltipPhase = 'closed' | 'open' | 'closing';

/** Where the tooltip is drawn: its translation in its containing block, its side and arrow offset. */
export interface PlacedTooltip {
  x: number;
  y: number;
  placement: TooltipPlacement;
  arrow: number;
}

/** The trigger's `aria-describedby`: its own ids, plus the tooltip's while the tooltip is mounted. */
export function describedBy(
  own: string | undefined,
  tooltipId: string,
  mounted: boolean,
): string | undefined {
  return [own, mounted ? tooltipId : undefined].filter(Boolean).join(' ') || undefined;
}

/** The tooltip's classes: visible once open and placed, faded otherwise. */
export function tooltipClassName(phase: TooltipPhase, placed: boolean, className?: string): string {
  return `absolute top-0 left-0 z-50 max-w-xs rounded-md bg-ink px-2.5 py-1.5 text-sm text-white shadow-lg transition-opacity ease-out motion-reduce:transition-none ${
    phase === 'open' && placed ? 'opacity-100' : 'opacity-0'
  }${className ? ` ${className}` : ''}`;
}

/** The tooltip's inline style: hidden until placed, fading in fast and out over the dispose time. */
export function tooltipStyle(
  position: PlacedTooltip | null,
  phase: TooltipPhase,
  disposeMs: number,
): CSSProperties {
  return {
    transform: position ? `translate3d(${position.x}px, ${position.y}px, 0)` : undefined,
    visibility: position ? undefined : 'hidden',
    transitionDuration: `${phase === 'open' ? 100 : disposeMs}ms`,
    pointerEvents: phase === 'open' ? undefined : 'none',
  };
}

/** The arrow's place on the tooltip's edge facing the trigger. */
export function arrowStyle(placement: TooltipPlacement, offset: number): CSSProperties {
  switch (placement) {
    case 'top':
      return { bottom: -4, left: offset - 4 };
    case 'bottom':
      return { top: -4, left: offset - 4 };
    case 'left':
      return { right: -4, top: offset - 4 };
    case 'right':
      return { left: -4, top: offset - 4 };
  }
}
