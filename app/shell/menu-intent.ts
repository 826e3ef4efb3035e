import { NAV_MENU } from '../ui/constants.ts';

export interface MenuClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: MenuClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Which desktop submenu is open (SPEC §4): one at a time, by hover or click. Hover opens after
 * 200 ms, or 150 ms when another one is already open; for 300 ms after one closed, the next opens
 * at once. Leaving closes after 150 ms unless the pointer comes back.
 */
export class MenuIntent<Key extends string> {
  #open: Key | null = null;
  #openTimer: unknown = null;
  #closeTimer: unknown = null;
  #skipUntil = Number.NEGATIVE_INFINITY;
  /** The open submenu came from hovering: a click on its trigger then keeps it rather than closing it. */
  #openedByHover = false;
  readonly #onChange: (open: Key | null) => void;
  readonly #clock: MenuClock;

  constructor(onChange: (open: Key | null) => void, clock: MenuClock = realClock) {
    this.#onChange = onChange;
    this.#clock = clock;
  }

  get open(): Key | null {
    return this.#open;
  }

  /** The pointer entered a trigger or its submenu. */
  enter(key: Key): void {
    this.#cancel('close');
    if (this.#open === key) {
      this.#cancel('open');
      return;
    }
    this.#cancel('open');
    const delay = this.#open
      ? NAV_MENU.switchDelayMs
      : this.#clock.now() < this.#skipUntil
        ? 0
        : NAV_MENU.openDelayMs;
    if (delay === 0) this.#set(key, true);
    else this.#openTimer = this.#clock.setTimeout(() => this.#set(key, true), delay);
  }

  /** The pointer left a trigger or its submenu. */
  leave(): void {
    this.#cancel('open');
    if (!this.#open || this.#closeTimer !== null) return;
    this.#closeTimer = this.#clock.setTimeout(() => this.close(), NAV_MENU.closeDelayMs);
  }

  /**
   * A click or key press on a trigger: opens or closes it at once. A submenu the pointer just
   * opened stays open (the click that follows a hover is meant to open it, not to close it).
   */
  toggle(key: Key): void {
    if (this.#open === key && this.#openedByHover) {
      this.#openedByHover = false;
      this.#cancel('close');
    } else if (this.#open === key) this.close();
    else {
      this.#cancel('open');
      this.#cancel('close');
      this.#set(key);
    }
  }

  close(): void {
    this.#cancel('open');
    this.#cancel('close');
    if (this.#open === null) return;
    this.#skipUntil = this.#clock.now() + NAV_MENU.skipDelayMs;
    this.#set(null);
  }

  dispose(): void {
    this.#cancel('open');
    this.#cancel('close');
  }

  #set(key: Key | null, byHover = false): void {
    this.#openTimer = null;
    this.#closeTimer = null;
    this.#openedByHover = byHover;
    if (this.#open === key) return;
    this.#open = key;
    this.#onChange(key);
  }

  #cancel(which: 'open' | 'close'): void {
    const timer = which === 'open' ? this.#openTimer : this.#closeTimer;
    if (timer === null) return;
    this.#clock.clearTimeout(timer);
    if (which === 'open') this.#openTimer = null;
    else this.#closeTimer = null;
  }
}
