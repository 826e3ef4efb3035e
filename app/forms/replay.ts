import { type RefObject, useEffect, useEffectEvent } from 'react';
import { LIVE_ATTRIBUTE } from './replay-script.ts';

declare global {
  interface Window {
    /** The forms whose submit the inline script (./replay-script.ts) holds. */
    __heldSubmits?: HTMLFormElement[];
  }
}

/** Takes the submit held for `form` before its component ran, if any. */
export function takeHeldSubmit(form: HTMLFormElement): boolean {
  const held = typeof window === 'undefined' ? undefined : window.__heldSubmits;
  const index = held?.indexOf(form) ?? -1;
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
 * The fields of a server-rendered form filled in before its component ran: text as typed (inputs,
 * text areas, a chosen option), a ticked checkbox as 'on'. Empty fields are left out (the
 * component's state starts empty).
 */
export function readTypedFields(form: HTMLFormElement, names: readonly string[]): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const name of names) {
    const element = form.elements.namedItem(name);
    if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      if (element.checked) typed[name] = 'on';
    } else if (
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
    ) {
      if (element.value !== '') typed[name] = element.value;
    }
  }
  return typed;
}
