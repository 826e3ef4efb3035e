import { type RefObject, useEffect, useEffectEvent, useLayoutEffect, useSyncExternalStore } from 'react';
import { IDLE_CALLBACK_FALLBACK_MS, MOBILE_MEDIA_QUERY } from './constants.ts';

/** `useLayoutEffect` in the browser, `useEffect` on the server (where neither runs). */
export const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** Whether a media query matches; `serverValue` during server rendering and hydration. */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** The mobile layout (SPEC §9: 991 px or less). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY);
}

/** Runs `callback` when the browser is idle, or after 50 ms where `requestIdleCallback` is missing. */
export function requestIdle(callback: () => void): () => void {
  const scope = globalThis as {
    requestIdleCallback?: (cb: () => void) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (typeof scope.requestIdleCallback === 'function') {
    const id = scope.requestIdleCallback(callback);
    return () => scope.cancelIdleCallback?.(id);
  }
  const timer = setTimeout(callback, IDLE_CALLBACK_FALLBACK_MS);
  return () => clearTimeout(timer);
}

let scrollLocks = 0;
let savedStyles: { htmlOverflow: string; bodyOverflow: string; bodyPaddingRight: string } | null = null;

/**
 * Stops the page from scrolling until the returned function is called. Locks nest: the page scrolls
 * again once every holder released its lock. The scrollbar's width is kept as padding so the page
 * does not shift sideways.
 */
export function lockScroll(): () => void {
  if (typeof document === 'undefined') return () => {};
  const html = document.documentElement;
  const body = document.body;
  if (scrollLocks === 0) {
    const scrollbar = window.innerWidth - html.clientWidth;
    savedStyles = {
      htmlOverflow: html.style.overflow,
      bodyOverflow: body.style.overflow,
      bodyPaddingRight: body.style.paddingRight,
    };
    html.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    html.dataset.scrollLocked = 'true';
  }
  scrollLocks++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    scrollLocks--;
    if (scrollLocks === 0 && savedStyles) {
      html.style.overflow = savedStyles.htmlOverflow;
      body.style.overflow = savedStyles.bodyOverflow;
      body.style.paddingRight = savedStyles.bodyPaddingRight;
      delete html.dataset.scrollLocked;
      savedStyles = null;
    }
  };
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab reaches inside `root`, in order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.hasAttribute('inert') && element.getClientRects().length > 0,
  );
}

/**
 * A field typed into before hydration keeps what was typed: React's state starts from the
 * server's value, so the typed one is handed to `apply` once the component runs.
 */
export function useTypedBeforeHydration(
  input: RefObject<HTMLInputElement | null>,
  rendered: string,
  apply: (value: string) => void,
) {
  const onTyped = useEffectEvent(apply);
  const initial = useEffectEvent(() => rendered);
  useEffect(() => {
    const value = input.current?.value;
    if (value !== undefined && value !== initial()) onTyped(value);
  }, [input]);
}

const noSubscription = () => () => {};

/**
 * False in the server's render and while hydrating, true once the component runs in the browser:
 * a control that needs the code (a button waiting for a live quote) is only disabled from then on.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
