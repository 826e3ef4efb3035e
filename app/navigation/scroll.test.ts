import { describe, expect, it } from 'vitest';
import { decideScroll, type ScrollInputs } from './scroll.ts';

const base: ScrollInputs = {
  restoreScrollPosition: null,
  preventScrollReset: false,
  hashTarget: null,
  sameLayout: false,
  anchorTop: null,
};
const element = { id: 'faq' } as unknown as Element;

describe('decideScroll (SPEC §9)', () => {
  it('scrolls to the top after a navigation to another layout', () => {
    expect(decideScroll(base)).toEqual({ kind: 'top' });
    expect(decideScroll({ ...base, anchorTop: 900 })).toEqual({ kind: 'top' });
  });
  it('restores the saved position on back and forward', () => {
    expect(decideScroll({ ...base, restoreScrollPosition: 420, hashTarget: element })).toEqual({
      kind: 'restore',
      top: 420,
    });
  });
  it('goes to the hash target before anything else', () => {
    expect(decideScroll({ ...base, hashTarget: element, sameLayout: true, anchorTop: 900 })).toEqual({
      kind: 'hash',
      element,
    });
  });
  it('glides to the anchor minus 70 px between pages of the same layout', () => {
    expect(decideScroll({ ...base, sameLayout: true, anchorTop: 900 })).toEqual({ kind: 'anchor', top: 830 });
    expect(decideScroll({ ...base, sameLayout: true, anchorTop: 30 })).toEqual({ kind: 'anchor', top: 0 });
  });
  it('falls back to the top when the page marks no anchor, and stays put when asked to', () => {
    expect(decideScroll({ ...base, sameLayout: true })).toEqual({ kind: 'top' });
    expect(decideScroll({ ...base, preventScrollReset: true })).toEqual({ kind: 'none' });
    expect(decideScroll({ ...base, restoreScrollPosition: false })).toEqual({ kind: 'none' });
  });
});
