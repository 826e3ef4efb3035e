import { describe, expect, it } from 'vitest';
import { computeTooltipPosition, resolvePopoverContainer } from './tooltip-position.ts';

const viewport = { width: 1000, height: 800 };
const size = { width: 100, height: 30 };

describe('computeTooltipPosition', () => {
  it('centres the tooltip above its trigger at the distance', () => {
    const anchor = { top: 400, left: 450, width: 100, height: 40 };
    expect(computeTooltipPosition({ anchor, size, placement: 'top', distance: 10, viewport })).toEqual({
      placement: 'top',
      top: 360,
      left: 450,
      arrow: 50,
    });
    expect(computeTooltipPosition({ anchor, size, placement: 'right', distance: 5, viewport })).toMatchObject(
      {
        placement: 'right',
        top: 405,
        left: 555,
      },
    );
  });

  it('flips to the other side when there is no room', () => {
    const anchor = { top: 5, left: 450, width: 100, height: 40 };
    expect(computeTooltipPosition({ anchor, size, placement: 'top', distance: 10, viewport })).toMatchObject({
      placement: 'bottom',
      top: 55,
    });
  });

  it('slides along the edge to stay inside the viewport, the arrow still on the trigger', () => {
    const anchor = { top: 400, left: 0, width: 20, height: 20 };
    const position = computeTooltipPosition({ anchor, size, placement: 'top', distance: 5, viewport });
    expect(position.left).toBe(8);
    expect(position.arrow).toBe(8);
  });
});

describe('resolvePopoverContainer', () => {
  it('finds the container by selector or takes the element', () => {
    const element = { id: 'portal' };
    const root = { querySelector: (selector: string) => (selector === '#portal' ? element : null) };
    expect(resolvePopoverContainer('#portal', root)).toBe(element);
    expect(resolvePopoverContainer(element, root)).toBe(element);
  });

  it("throws 'No container for popover' without one", () => {
    const root = { querySelector: () => null };
    expect(() => resolvePopoverContainer('#missing', root)).toThrow(new Error('No container for popover'));
    expect(() => resolvePopoverContainer(null, root)).toThrow('No container for popover');
    expect(() => resolvePopoverContainer('body', undefined)).toThrow('No container for popover');
  });
});
