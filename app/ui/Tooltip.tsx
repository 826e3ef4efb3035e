import {
  cloneElement,
  type ReactElement,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useId,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/react.tsx';
import { TOOLTIP_BUTTON, TOOLTIP_DEFAULT, type TooltipOptions, type TooltipTrigger } from './constants.ts';
import { resolvePopoverContainer } from './tooltip-position.ts';
import { arrowStyle, describedBy, tooltipClassName, tooltipStyle } from './tooltip-style.ts';
import { useTooltipPosition, useTooltipState } from './use-tooltip.ts';

export type TooltipPreset = 'default' | 'button';

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
  const touchedAt = useRef(0);
  const triggerRef = useRef<HTMLSpanElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const { phase, phaseRef, pinned, mounted, show, close, requestShow, requestHide } = useTooltipState(
    { showDelayMs, hideDelayMs, disposeMs, disabled, onOpenChange },
    triggerRef,
    tooltipRef,
  );
  const position = useTooltipPosition(mounted, triggerRef, tooltipRef, { placement, distance, content });

  const isMouse = (event: ReactPointerEvent) => event.pointerType === 'mouse' || event.pointerType === 'pen';
  const onPointerEnter = (event: ReactPointerEvent) => {
    if (has('hover') && isMouse(event)) requestShow();
  };
  const onPointerLeave = (event: ReactPointerEvent) => {
    if (has('hover') && isMouse(event) && !pinned.current) requestHide();
  };

  const trigger = cloneElement(children, {
    'aria-describedby': describedBy(children.props['aria-describedby'], id, mounted),
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
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
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
            onPointerEnter={onPointerEnter}
            onPointerLeave={onPointerLeave}
            className={tooltipClassName(phase, position !== null, className)}
            style={tooltipStyle(position, phase, disposeMs)}
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
