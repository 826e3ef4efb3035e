import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { DRAWER } from './constants.ts';
import type { DrawerCloseReason, DrawerSide } from './Drawer.tsx';
import { type DragSample, dragOffset, releaseVelocity, shouldClose } from './drawer-gesture.ts';
import { type DrawerPhase, focusTrapTarget, phaseOnOpenChange } from './drawer-sheet-state.ts';
import { focusableIn, lockScroll, useIsomorphicLayoutEffect } from './hooks.ts';

/** The open drawers, topmost last: Escape and the focus trap belong to the topmost only. */
const stack: symbol[] = [];

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
 * The drawer's phase: opened → mounted off-screen, laid out, then slid in on the next frame;
 * closed → slid out, then removed after the animation. Always `closed` at first: the server renders
 * no drawer, so hydration matches and it opens after.
 */
export function useDrawerPhase(open: boolean, panelRef: RefObject<HTMLElement | null>): DrawerPhase {
  const [phase, setPhase] = useState<DrawerPhase>('closed');

  useEffect(() => {
    setPhase((current) => phaseOnOpenChange(current, open));
    if (open) return;
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

  return phase;
}

/**
 * While `active`: the page neither scrolls nor reacts (inert), focus moves into the panel and stays
 * there, Escape asks to close (when `canDismiss` says so). After: focus goes back where it was.
 * Of several open drawers, only the topmost traps focus and hears Escape.
 */
export function useModalFocus({
  active,
  rootRef,
  panelRef,
  initialFocus,
  canDismiss,
  onClose,
}: {
  active: boolean;
  rootRef: RefObject<HTMLElement | null>;
  panelRef: RefObject<HTMLElement | null>;
  initialFocus?: RefObject<HTMLElement | null> | undefined;
  canDismiss: RefObject<boolean>;
  onClose: RefObject<(reason: DrawerCloseReason) => void>;
}) {
  const token = useRef(Symbol('drawer'));
  const returnFocus = useRef<HTMLElement | null>(null);

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
        if (canDismiss.current) {
          event.preventDefault();
          onClose.current('escape');
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const current = document.activeElement;
      const target = focusTrapTarget({
        items: focusableIn(panel),
        current,
        panel: panel as HTMLElement,
        inside: panel.contains(current),
        backwards: event.shiftKey,
      });
      if (!target) return;
      event.preventDefault();
      target.focus();
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
}

/**
 * Dragging the drawer by its header towards closing: `drag` follows the pointer (null when not
 * dragging); on release it closes past half its size or on a fast swipe, else slides back.
 */
export function useDrawerDrag({
  open,
  enabled,
  side,
  panelRef,
  onClose,
}: {
  open: boolean;
  /** Whether a drag may start now (dismissible and fully open). */
  enabled: boolean;
  side: DrawerSide;
  panelRef: RefObject<HTMLElement | null>;
  onClose: RefObject<(reason: DrawerCloseReason) => void>;
}) {
  const [drag, setDrag] = useState<number | null>(null);
  const gesture = useRef<{ pointer: number; start: number; samples: DragSample[] } | null>(null);

  useEffect(() => {
    if (open) return;
    setDrag(null);
    gesture.current = null;
  }, [open]);

  const size = () =>
    (side === 'bottom' ? panelRef.current?.offsetHeight : panelRef.current?.offsetWidth) ?? 0;
  const along = (event: ReactPointerEvent) => (side === 'bottom' ? event.clientY : event.clientX);

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (!enabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
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
      onClose.current('drag');
    }
  };

  return {
    drag,
    size,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
    },
  };
}
