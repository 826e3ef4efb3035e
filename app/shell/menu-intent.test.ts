import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAV_MENU } from '../ui/constants.ts';
import { MenuIntent } from './menu-intent.ts';

type Key = 'personal' | 'business';

describe('MenuIntent (SPEC §4 desktop navigation)', () => {
  let changes: (Key | null)[];
  let menu: MenuIntent<Key>;
  beforeEach(() => {
    vi.useFakeTimers();
    changes = [];
    menu = new MenuIntent<Key>((open) => changes.push(open));
  });
  afterEach(() => {
    menu.dispose();
    vi.useRealTimers();
  });

  it('opens a submenu 200 ms after the pointer rests on its trigger', () => {
    menu.enter('personal');
    vi.advanceTimersByTime(NAV_MENU.openDelayMs - 1);
    expect(menu.open).toBeNull();
    vi.advanceTimersByTime(1);
    expect(menu.open).toBe('personal');
    expect(changes).toEqual(['personal']);
  });

  it('does not open when the pointer passes over the trigger quickly', () => {
    menu.enter('personal');
    vi.advanceTimersByTime(120);
    menu.leave();
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([]);
  });

  it('switches to another trigger after 150 ms while one is open, keeping one open at a time', () => {
    menu.toggle('personal');
    menu.leave();
    menu.enter('business');
    vi.advanceTimersByTime(NAV_MENU.switchDelayMs - 1);
    expect(menu.open).toBe('personal');
    vi.advanceTimersByTime(1);
    expect(menu.open).toBe('business');
    expect(changes).toEqual(['personal', 'business']);
  });

  it('closes 150 ms after the pointer leaves, unless it comes back', () => {
    menu.toggle('personal');
    menu.leave();
    vi.advanceTimersByTime(100);
    menu.enter('personal');
    vi.advanceTimersByTime(1000);
    expect(menu.open).toBe('personal');
    menu.leave();
    vi.advanceTimersByTime(NAV_MENU.closeDelayMs);
    expect(menu.open).toBeNull();
  });

  it('opens at once within 300 ms of a close, then with the full delay again', () => {
    menu.toggle('personal');
    menu.close();
    vi.advanceTimersByTime(NAV_MENU.skipDelayMs - 1);
    menu.enter('business');
    expect(menu.open).toBe('business');
    menu.close();
    vi.advanceTimersByTime(NAV_MENU.skipDelayMs);
    menu.enter('personal');
    expect(menu.open).toBeNull();
    vi.advanceTimersByTime(NAV_MENU.openDelayMs);
    expect(menu.open).toBe('personal');
  });

  it('toggles on click without waiting', () => {
    menu.toggle('business');
    expect(menu.open).toBe('business');
    menu.toggle('business');
    expect(menu.open).toBeNull();
    expect(changes).toEqual(['business', null]);
  });

  it('keeps a submenu the pointer just opened when its trigger is then clicked', () => {
    menu.enter('personal');
    vi.advanceTimersByTime(NAV_MENU.openDelayMs);
    menu.toggle('personal');
    expect(menu.open).toBe('personal');
    menu.toggle('personal');
    expect(menu.open).toBeNull();
  });
});
