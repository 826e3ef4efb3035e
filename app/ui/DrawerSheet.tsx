import {
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/react.tsx';
import { DRAWER } from './constants.ts';
import type { DrawerProps, DrawerSide } from './Drawer.tsx';
import { type DragSample, dragOffset, releaseVelocity, shouldClose } from './drawer-gesture.ts';
import { focusableIn, lockScroll, useIsMobile, useIsomorphicLayoutEffect } from './hooks.ts';
import { Icon } from './Icon.tsx';

type Phase = 'closed' | 'opening' | 'open' | 'closing';

/** The open drawers, topmost last: Escape and the focus trap belong to the topmost only. */
const stack: symbol[] = [];

const EASING = 'cubic-bezier(0.32, 0.72, 0, 1)';

/** Makes everything outside `keep` inert (unreachable by focus, pointer and assistive technology). */
function inertOthers(keep: HTMLElement): () => void {
  const changed: Element[] = [];
  for (const element of document.body.children) {
    if (element === keep || element.hasAttribute('inert') || element.tagName === 'SCRIPT') continue;
    element.setAttribute('inert', '');
    changed.push(element);
  }
  return () => {
    for (const element of changed) element.removeAttribute('inert');
  };
}

/**
 * A modal sheet (SPEC §2, §4, §9) from the right or the bottom (always the bottom at 991 px or
 * less). Dismissed by dragging past half its size or a fast swipe, a press on the overlay, Escape or
 * its close button, unless `requiredActions` or `dismissible={false}`. It animates in and out over
 * 0.5 s, traps focus and gives it back on close, makes the page inert and stops it scrolling while
 * open. WAI-ARIA dialog: `role="dialog"`, `aria-modal`, named by its title.
 */
export function DrawerSheet({
  open,
  onClose,
  title,
  hideTitle = false,
  description,
  children,
  footer,
  side = 'right',
  requiredActions = false,
  dismissible = true,
  maxWidth = DRAWER.maxWidth,
  initialFocus,
  className,
  testId,
}: DrawerProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const actualSide: DrawerSide = mobile ? 'bottom' : side;
  const canDismiss = dismissible && !requiredActions;
  // Always closed at first: the server renders no drawer, so hydration matches and it opens after.
  const [phase, setPhase] = useState<Phase>('closed');
  const [drag, setDrag] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const gesture = useRef<{ pointer: number; start: number; samples: DragSample[] } | null>(null);
  const token = useRef(Symbol('drawer'));
  const titleId = `drawer-title-${useId()}`;
  const descriptionId = `${titleId}-description`;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const canDismissRef = useRef(canDismiss);
  canDismissRef.current = canDismiss;

  // open → mounted off-screen, then slid in; closed → slid out, then removed.
  useEffect(() => {
    if (open) {
      setPhase((current) => (current === 'closed' ? 'opening' : current === 'closing' ? 'open' : current));
      return;
    }
    setDrag(null);
    gesture.current = null;
    setPhase((current) => (current === 'closed' ? current : 'closing'));
    const timer = setTimeout(
      () => setPhase((current) => (current === 'closing' ? 'closed' : current)),
      DRAWER.animationMs,
    );
    return () => clearTimeout(timer);
  }, [open]);

  useIsomorphicLayoutEffect(() => {
    if (phase !== 'opening') return;
    // Lay the closed position out first so the slide-in transition has a start.
    panelRef.current?.getBoundingClientRect();
    const frame = requestAnimationFrame(() =>
      setPhase((current) => (current === 'opening' ? 'open' : current)),
    );
    return () => cancelAnimationFrame(frame);
  }, [phase]);

  const mounted = phase !== 'closed';
  const active = open && mounted;

  // While open: the page neither scrolls nor reacts, focus stays inside, Escape dismisses.
  useIsomorphicLayoutEffect(() => {
    if (!active) return;
    const root = rootRef.current;
    const panel = panelRef.current;
    if (!root || !panel) return;
    const me = token.current;
    stack.push(me);
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    const restoreInert = inertOthers(root);
    const first = initialFocus?.current ?? focusableIn(panel)[0] ?? panel;
    first.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack.at(-1) !== me) return;
      if (event.key === 'Escape') {
        if (canDismissRef.current) {
          event.preventDefault();
          onCloseRef.current('escape');
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const firstItem = items[0] as HTMLElement;
      const lastItem = items.at(-1) as HTMLElement;
      const current = document.activeElement;
      if (event.shiftKey && (current === firstItem || current === panel || !panel.contains(current))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (current === lastItem || !panel.contains(current))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (stack.at(-1) !== me) return;
      if (event.target instanceof Node && !root.contains(event.target)) {
        (focusableIn(panel)[0] ?? panel).focus({ preventScroll: true });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const index = stack.lastIndexOf(me);
      if (index >= 0) stack.splice(index, 1);
      restoreInert();
      unlock();
      const back = returnFocus.current;
      returnFocus.current = null;
      // After the commit: React puts focus back on the element focused before it (inside the drawer).
      queueMicrotask(() => {
        if (back?.isConnected) back.focus({ preventScroll: true });
      });
    };
  }, [active]);

  if (!mounted || typeof document === 'undefined') return null;

  const axis = actualSide === 'bottom' ? 'Y' : 'X';
  const size = () =>
    (actualSide === 'bottom' ? panelRef.current?.offsetHeight : panelRef.current?.offsetWidth) ?? 0;
  const along = (event: ReactPointerEvent) => (actualSide === 'bottom' ? event.clientY : event.clientX);

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (!canDismiss || phase !== 'open' || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // Buttons in the header keep their clicks.
    if ((event.target as HTMLElement).closest('button, a, input, select, textarea')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current = {
      pointer: event.pointerId,
      start: along(event),
      samples: [{ position: along(event), time: event.timeStamp }],
    };
    setDrag(0);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current || current.pointer !== event.pointerId) return;
    current.samples.push({ position: along(event), time: event.timeStamp });
    if (current.samples.length > 20) current.samples.shift();
    setDrag(dragOffset(along(event) - current.start));
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current || current.pointer !== event.pointerId) return;
    gesture.current = null;
    const dragged = along(event) - current.start;
    const velocity = event.type === 'pointercancel' ? 0 : releaseVelocity(current.samples);
    // Either slides out from where the finger left it, or back into place.
    setDrag(null);
    if (event.type !== 'pointercancel' && shouldClose({ dragged, size: size(), velocity })) {
      onCloseRef.current('drag');
    }
  };

  const shown = phase === 'open' && open;
  const dragging = drag !== null;
  const transform = dragging
    ? `translate${axis}(${drag}px)`
    : shown
      ? 'translate3d(0, 0, 0)'
      : `translate${axis}(100%)`;
  const panelStyle: CSSProperties = {
    transform,
    transition: dragging ? 'none' : `transform ${DRAWER.animationMs}ms ${EASING}`,
    maxWidth: actualSide === 'right' || !mobile ? maxWidth : undefined,
  };
  const overlayOpacity = shown ? (dragging && drag > 0 ? Math.max(0, 1 - drag / Math.max(1, size())) : 1) : 0;

  return createPortal(
    <div
      ref={rootRef}
      className="fixed inset-0 z-40"
      data-testid={testId}
      data-state={phase}
      data-side={actualSide}
      data-drawer=""
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-ink/50 backdrop-blur-[2px]"
        data-testid={testId ? `${testId}-overlay` : undefined}
        data-part="overlay"
        style={{
          opacity: overlayOpacity,
          transition: dragging ? 'none' : `opacity ${DRAWER.animationMs}ms ${EASING}`,
        }}
        onClick={() => {
          if (canDismiss && phase === 'open') onCloseRef.current('overlay');
        }}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-part="panel"
        data-side={actualSide}
        data-dismissible={canDismiss}
        style={panelStyle}
        className={`absolute flex flex-col bg-surface shadow-2xl outline-none ${
          actualSide === 'bottom'
            ? 'inset-x-0 bottom-0 mx-auto max-h-[90dvh] w-full rounded-t-2xl'
            : 'inset-y-0 right-0 h-full w-full'
        }${className ? ` ${className}` : ''}`}
      >
        <div
          className={`flex shrink-0 flex-col px-5 pt-3 pb-3 ${canDismiss ? 'cursor-grab touch-none select-none active:cursor-grabbing' : ''}`}
          data-part="handle"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
        >
          {actualSide === 'bottom' && canDismiss && (
            <span aria-hidden="true" className="mx-auto mb-2 h-1.5 w-10 rounded-full bg-slate-300" />
          )}
          <div className="flex min-h-10 items-center justify-between gap-3">
            <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-ink'}>
              {title}
            </h2>
            {canDismiss && (
              <button
                type="button"
                onClick={() => onCloseRef.current('close-button')}
                aria-label={t('ui.drawer.close')}
                data-part="close"
                className="ml-auto grid size-10 shrink-0 place-items-center rounded-lg text-muted hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <Icon name="cross" />
              </button>
            )}
          </div>
          {description && (
            <p id={descriptionId} className="mt-1 text-sm text-muted">
              {description}
            </p>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-5">{children}</div>
        {footer && <div className="shrink-0 border-t border-slate-200 px-5 py-4">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
