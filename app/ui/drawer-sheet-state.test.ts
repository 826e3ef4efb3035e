import { describe, expect, it } from 'vitest';
import { focusTrapTarget, overlayOpacity, panelTransform, phaseOnOpenChange } from './drawer-sheet-state.ts';

describe('phaseOnOpenChange', () => {
  it('opens from closed through opening, and back to open from closing', () => {
    expect(phaseOnOpenChange('closed', true)).toBe('opening');
    expect(phaseOnOpenChange('closing', true)).toBe('open');
    expect(phaseOnOpenChange('opening', true)).toBe('opening');
    expect(phaseOnOpenChange('open', true)).toBe('open');
  });

  it('closes through closing, and stays closed', () => {
    expect(phaseOnOpenChange('open', false)).toBe('closing');
    expect(phaseOnOpenChange('opening', false)).toBe('closing');
    expect(phaseOnOpenChange('closed', false)).toBe('closed');
  });
});

describe('focusTrapTarget', () => {
  const panel = 'panel';
  const items = ['first', 'middle', 'last'];
  const target = (current: string, backwards: boolean, inside = true) =>
    focusTrapTarget({ items, current, panel, inside, backwards });

  it('wraps Tab from the last item, and Shift+Tab from the first or the panel', () => {
    expect(target('last', false)).toBe('first');
    expect(target('first', true)).toBe('last');
    expect(target('panel', true)).toBe('last');
  });

  it('leaves the browser’s order alone inside the panel', () => {
    expect(target('middle', false)).toBeNull();
    expect(target('middle', true)).toBeNull();
    expect(target('first', false)).toBeNull();
  });

  it('brings focus from outside back in', () => {
    expect(target('elsewhere', false, false)).toBe('first');
    expect(target('elsewhere', true, false)).toBe('last');
  });

  it('keeps focus on the panel when nothing inside can take it', () => {
    expect(focusTrapTarget({ items: [], current: 'panel', panel, inside: true, backwards: false })).toBe(
      panel,
    );
  });
});

describe('panelTransform', () => {
  it('follows a drag, else sits in place when shown and off-screen otherwise', () => {
    expect(panelTransform('Y', 40, true)).toBe('translateY(40px)');
    expect(panelTransform('X', 0, false)).toBe('translateX(0px)');
    expect(panelTransform('X', null, true)).toBe('translate3d(0, 0, 0)');
    expect(panelTransform('Y', null, false)).toBe('translateY(100%)');
  });
});

describe('overlayOpacity', () => {
  it('fades with a drag towards closing, in proportion to the drawer’s size', () => {
    expect(overlayOpacity(true, null, 400)).toBe(1);
    expect(overlayOpacity(true, 0, 400)).toBe(1);
    expect(overlayOpacity(true, 100, 400)).toBe(0.75);
    expect(overlayOpacity(true, 800, 400)).toBe(0);
    expect(overlayOpacity(false, null, 400)).toBe(0);
  });
});
