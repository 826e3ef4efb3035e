import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { TooltipPlacement } from './constants.ts';
import { useIsomorphicLayoutEffect } from './hooks.ts';
import { computeTooltipPosition } from './tooltip-position.ts';
import type { PlacedTooltip, TooltipPhase } from './tooltip-style.ts';

export interface TooltipTiming {
  showDelayMs: number;
  hideDelayMs: number;
  disposeMs: number;
  /** Never opens while true (and closes when it becomes true). */
  disabled: boolean;
  onOpenChange?: ((open: boolean) => void) | undefined;
}

/**
 * A tooltip's open state: shown after the show delay, hidden after the hide delay, then `closing`
 * for the dispose time before `closed`. Pinned (by a click or a touch) it stays open until a
 * press elsewhere, Escape, or another click. Escape is caught before a dialog around the tooltip
 * sees it.
 */
export function useTooltipState(
  { showDelayMs, hideDelayMs, disposeMs, disabled, onOpenChange }: TooltipTiming,
  triggerRef: RefObject<HTMLElement | null>,
  tooltipRef: RefObject<HTMLElement | null>,
) {
  const [phase, setPhaseState] = useState<TooltipPhase>('closed');
  const phaseRef = useRef<TooltipPhase>('closed');
  const pinned = useRef(false);
  const timers = useRef<{
    show?: ReturnType<typeof setTimeout>;
    hide?: ReturnType<typeof setTimeout>;
    dispose?: ReturnType<typeof setTimeout>;
  }>({});

  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  const setPhase = useCallback((next: TooltipPhase, sync = true) => {
    const before = phaseRef.current;
    if (before === next) return;
    phaseRef.current = next;
    // Shown and hidden exactly when the delays say, not whenever the scheduler gets to it (but
    // never synchronously from inside React's own effects).
    if (sync) flushSync(() => setPhaseState(next));
    else setPhaseState(next);
    if (next === 'open') onOpenChangeRef.current?.(true);
    else if (before === 'open') onOpenChangeRef.current?.(false);
  }, []);

  const clearTimers = useCallback(() => {
    clearTimeout(timers.current.show);
    clearTimeout(timers.current.hide);
    clearTimeout(timers.current.dispose);
    timers.current = {};
  }, []);
  useEffect(() => clearTimers, [clearTimers]);

  const show = useCallback(() => {
    clearTimers();
    setPhase('open');
  }, [clearTimers, setPhase]);

  const close = useCallback(
    (sync = true) => {
      clearTimers();
      pinned.current = false;
      if (phaseRef.current === 'closed') return;
      setPhase('closing', sync);
      timers.current.dispose = setTimeout(() => setPhase('closed'), disposeMs);
    },
    [clearTimers, disposeMs, setPhase],
  );

  const requestShow = useCallback(() => {
    if (disabled) return;
    clearTimeout(timers.current.hide);
    if (phaseRef.current === 'open') return;
    if (phaseRef.current === 'closing' || showDelayMs <= 0) return show();
    clearTimeout(timers.current.show);
    timers.current.show = setTimeout(show, showDelayMs);
  }, [disabled, show, showDelayMs]);

  const requestHide = useCallback(() => {
    clearTimeout(timers.current.show);
    if (phaseRef.current !== 'open') return;
    clearTimeout(timers.current.hide);
    if (hideDelayMs <= 0) close();
    else timers.current.hide = setTimeout(close, hideDelayMs);
  }, [close, hideDelayMs]);

  useEffect(() => {
    if (disabled) close(false);
  }, [disabled, close]);

  const mounted = phase !== 'closed';

  // Escape closes the tooltip first (before a dialog around it); a press elsewhere closes a pinned one.
  useEffect(() => {
    if (!mounted) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || phaseRef.current !== 'open') return;
      event.stopPropagation();
      close();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!pinned.current || !target) return;
      if (triggerRef.current?.contains(target) || tooltipRef.current?.contains(target)) return;
      close();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [mounted, close, triggerRef, tooltipRef]);

  return { phase, phaseRef, pinned, mounted, show, close, requestShow, requestHide };
}

/**
 * Where a mounted tooltip goes next to its trigger (flipped and slid to stay in the viewport),
 * followed through scrolling, resizing and changes of either's size. Null until measured.
 */
export function useTooltipPosition(
  mounted: boolean,
  triggerRef: RefObject<HTMLElement | null>,
  tooltipRef: RefObject<HTMLElement | null>,
  { placement, distance, content }: { placement: TooltipPlacement; distance: number; content: unknown },
): PlacedTooltip | null {
  const [position, setPosition] = useState<PlacedTooltip | null>(null);

  const update = useCallback(() => {
    const trigger = triggerRef.current;
    const tooltip = tooltipRef.current;
    if (!trigger || !tooltip) return;
    // The tooltip sits at (0, 0) of its containing block plus a translation: the block's origin in
    // the viewport is the tooltip's box minus that translation.
    const box = tooltip.getBoundingClientRect();
    const current = new DOMMatrixReadOnly(getComputedStyle(tooltip).transform);
    const originX = box.left - current.m41;
    const originY = box.top - current.m42;
    const anchor = trigger.getBoundingClientRect();
    const next = computeTooltipPosition({
      anchor,
      size: { width: tooltip.offsetWidth, height: tooltip.offsetHeight },
      placement,
      distance,
      viewport: { width: document.documentElement.clientWidth, height: window.innerHeight },
    });
    setPosition({
      x: Math.round(next.left - originX),
      y: Math.round(next.top - originY),
      placement: next.placement,
      arrow: Math.round(next.arrow),
    });
  }, [placement, distance, triggerRef, tooltipRef]);

  useIsomorphicLayoutEffect(() => {
    if (!mounted) {
      setPosition(null);
      return;
    }
    update();
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    if (tooltipRef.current) observer?.observe(tooltipRef.current);
    if (triggerRef.current) observer?.observe(triggerRef.current);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
    };
  }, [mounted, update, content]);

  return position;
}
