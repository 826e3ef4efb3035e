import { type RefObject, useEffect, useEffectEvent, useSyncExternalStore } from 'react';

/**
 * No submit is lost while the page's code loads (docs/decisions/015). Most forms post natively
 * before hydration (a route action answers them). A form that needs its code for the write (a
 * human check's token) carries `data-replay`: the small script below, inline in the document's
 * head, holds its submit until the form's component runs, which then replays it. Should the code
 * never come, a held form with a route action is posted natively after REPLAY_FALLBACK_MS, so
 * nothing is dropped (a form without one says on the page that it needs JavaScript).
 */
export const REPLAY_FALLBACK_MS = 15_000;

/** The attribute a hydrated form gets: its submits are its component's from then on. */
export const LIVE_ATTRIBUTE = 'data-live';

interface HeldSubmit {
  form: HTMLFormElement;
}

declare global {
  interface Window {
    __heldSubmits?: HeldSubmit[];
  }
}

/** The inline script: holds submits of `form[data-replay]` that no component has claimed yet. */
export const REPLAY_SCRIPT = `(function(){var held=window.__heldSubmits=window.__heldSubmits||[];document.addEventListener('submit',function(event){var form=event.target;if(!(form instanceof HTMLFormElement)||!form.hasAttribute('data-replay')||form.hasAttribute('${LIVE_ATTRIBUTE}'))return;event.preventDefault();if(held.some(function(h){return h.form===form}))return;held.push({form:form});setTimeout(function(){var i=held.findIndex(function(h){return h.form===form});if(i<0||form.hasAttribute('${LIVE_ATTRIBUTE}')||!form.hasAttribute('action'))return;held.splice(i,1);HTMLFormElement.prototype.submit.call(form)},${REPLAY_FALLBACK_MS})},true)})();`;

/** Takes the submit held for `form` before its component ran, if any. */
export function takeHeldSubmit(form: HTMLFormElement): boolean {
  const held = typeof window === 'undefined' ? undefined : window.__heldSubmits;
  const index = held?.findIndex((entry) => entry.form === form) ?? -1;
  if (!held || index < 0) return false;
  held.splice(index, 1);
  return true;
}

/**
 * Claims a server-rendered form once its component runs: marks it live (its submits are the
 * component's now) and calls `replay` for a submit made before, with the form as it was filled.
 */
export function useClaimForm(
  form: RefObject<HTMLFormElement | null>,
  replay: (form: HTMLFormElement) => void,
) {
  const onReplay = useEffectEvent(replay);
  // After every commit: a form shown again (after a success is closed) is a new element to claim.
  useEffect(() => {
    const element = form.current;
    if (!element || element.hasAttribute(LIVE_ATTRIBUTE)) return;
    element.setAttribute(LIVE_ATTRIBUTE, '');
    if (takeHeldSubmit(element)) onReplay(element);
  });
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

/**
 * The fields of a server-rendered form filled in before its component ran: text as typed, a
 * ticked checkbox as 'on'. Empty fields are left out (the component's state starts empty).
 */
export function readTypedFields(form: HTMLFormElement, names: readonly string[]): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const name of names) {
    const element = form.elements.namedItem(name);
    if (!(element instanceof HTMLInputElement)) continue;
    if (element.type === 'checkbox') {
      if (element.checked) typed[name] = 'on';
    } else if (element.value !== '') typed[name] = element.value;
  }
  return typed;
}
