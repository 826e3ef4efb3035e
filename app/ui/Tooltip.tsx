import {
  cloneElement,
  type ReactElement,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from '../i18n/react.tsx';
import {
  TOOLTIP_BUTTON,
  TOOLTIP_DEFAULT,
  type TooltipOptions,
  type TooltipPlacement,
  type TooltipTrigger,
} from './constants.ts';
import { useIsomorphicLayoutEffect } from './hooks.ts';
import { computeTooltipPosition, resolvePopoverContainer } from './tooltip-position.ts';

export type TooltipPreset = 'default' | 'button';
type Phase = 'closed' | 'open' | 'closing';

export interface TooltipProps extends Partial<TooltipOptions> {
  /** The tooltip's text (or short rich content; no interactive elements). */
  content: ReactNode;
  /** The trigger: one element that can take focus and `aria-describedby`. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  /** `button`: SPEC §9 tooltip button (0 / 300 ms, 10 px, top, hover + click + touch); else the default. */
  preset?: TooltipPreset;
  /** Where the tooltip is portalled: an element or a selector (default `body`). Missing: an error. */
  container?: string | HTMLElement | null;
  /** Never opens while true. */
  disabled?: boolean;
  /** Called when the tooltip shows or hides. */
  onOpenChange?: (open: boolean) => void;
  className?: string;
  /** Test id of the tooltip element. */
  testId?: string;
}

/** The options of a preset with the given overrides. */
export function tooltipOptions(
  preset: TooltipPreset,
  overrides: Partial<TooltipOptions> = {},
): TooltipOptions {
  const base = preset === 'button' ? TOOLTIP_BUTTON : TOOLTIP_DEFAULT;
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  return { ...base, ...defined };
}

/** After a touch opened the tooltip, the click the browser synthesises from it is not a toggle. */
const TOUCH_CLICK_WINDOW_MS = 700;

/**
 * A tooltip (WAI-ARIA tooltip pattern): `role="tooltip"`, referenced by the trigger's
 * `aria-describedby` while shown, closed by Escape, kept open while the pointer is over it. Shown
 * on the preset's triggers after its show delay, hidden after its hide delay, then faded and
 * removed after the dispose time. Positioned next to its trigger inside the container it is
 * portalled into, flipped and slid to stay in the viewport.
 */
export function Tooltip({
  content,
  children,
  preset = 'default',
  container = 'body',
  disabled = false,
  onOpenChange,
  className,
  testId,
  ...overrides
}: TooltipProps) {
  const options = tooltipOptions(preset, overrides);
  const { showDelayMs, hideDelayMs, disposeMs, distance, placement, triggers } = options;
  const has = (trigger: TooltipTrigger) => triggers.includes(trigger);
  const id = `tooltip-${useId()}`;
  const [phase, setPhaseState] = useState<Phase>('closed');
  const phaseRef = useRef<Phase>('closed');
  const pinned = useRef(false);
  const touchedAt = useRef(0);
  const timers = useRef<{
    show?: ReturnType<typeof setTimeout>;
    hide?: ReturnType<typeof setTimeout>;
    dispose?: ReturnType<typeof setTimeout>;
  }>({});
  const triggerRef = useRef<HTMLSpanElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{
    x: number;
    y: number;
    placement: TooltipPlacement;
    arrow: number;
  } | null>(null);

  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  const setPhase = useCallback((next: Phase, sync = true) => {
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
  }, [mounted, close]);

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
  }, [placement, distance]);

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

  const isMouse = (event: ReactPointerEvent) => event.pointerType === 'mouse' || event.pointerType === 'pen';

  const trigger = cloneElement(children, {
    'aria-describedby':
      [children.props['aria-describedby'], mounted ? id : undefined].filter(Boolean).join(' ') || undefined,
  });

  const target = mounted ? resolvePopoverContainer<HTMLElement>(container) : null;

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only watches its trigger's events. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter and Space on the trigger fire this click. */}
      <span
        ref={triggerRef}
        className="inline-flex"
        data-tooltip-trigger={id}
        onPointerEnter={(event) => {
          if (has('hover') && isMouse(event)) requestShow();
        }}
        onPointerLeave={(event) => {
          if (has('hover') && isMouse(event) && !pinned.current) requestHide();
        }}
        onPointerDown={(event) => {
          if (!has('touch') || isMouse(event) || disabled) return;
          touchedAt.current = Date.now();
          pinned.current = true;
          requestShow();
        }}
        onClick={() => {
          if (!has('click') || disabled) return;
          if (Date.now() - touchedAt.current < TOUCH_CLICK_WINDOW_MS) return;
          if (pinned.current && phaseRef.current === 'open') return close();
          pinned.current = true;
          show();
        }}
        onFocus={() => {
          if (has('focus')) requestShow();
        }}
        onBlur={() => {
          if (has('focus') && !pinned.current) requestHide();
        }}
      >
        {trigger}
      </span>
      {target &&
        createPortal(
          <div
            ref={tooltipRef}
            id={id}
            role="tooltip"
            data-state={phase}
            data-placement={position?.placement ?? placement}
            data-testid={testId}
            onPointerEnter={(event) => {
              if (has('hover') && isMouse(event)) requestShow();
            }}
            onPointerLeave={(event) => {
              if (has('hover') && isMouse(event) && !pinned.current) requestHide();
            }}
            className={`absolute top-0 left-0 z-50 max-w-xs rounded-md bg-ink px-2.5 py-1.5 text-sm text-white shadow-lg transition-opacity ease-out motion-reduce:transition-none ${
              phase === 'open' && position ? 'opacity-100' : 'opacity-0'
            }${className ? ` ${className}` : ''}`}
            style={{
              transform: position ? `translate3d(${position.x}px, ${position.y}px, 0)` : undefined,
              visibility: position ? undefined : 'hidden',
              transitionDuration: `${phase === 'open' ? 100 : disposeMs}ms`,
              pointerEvents: phase === 'open' ? undefined : 'none',
            }}
          >
            {content}
            <span
              aria-hidden="true"
              className="absolute size-2 rotate-45 bg-ink"
              style={arrowStyle(position?.placement ?? placement, position?.arrow ?? 0)}
            />
          </div>,
          target,
        )}
    </>
  );
}

function arrowStyle(placement: TooltipPlacement, offset: number): React.CSSProperties {
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

/** A small "i" button explaining something next to it, with the SPEC §9 tooltip button behaviour. */
export function TooltipButton({
  content,
  label,
  container,
  testId,
  tooltipTestId,
}: {
  content: ReactNode;
  /** Accessible name of the button (default "More information"). */
  label?: string;
  container?: TooltipProps['container'];
  testId?: string;
  tooltipTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip preset="button" content={content} container={container} testId={tooltipTestId}>
      <button
        type="button"
        aria-label={label ?? t('ui.tooltip.more')}
        data-testid={testId}
        className="grid size-6 place-items-center rounded-full border border-slate-300 text-xs font-semibold text-muted hover:border-brand-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span aria-hidden="true">i</span>
      </button>
    </Tooltip>
  );
}
