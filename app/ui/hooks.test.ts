import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestIdle } from './hooks.ts';

describe('requestIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('falls back to a 50 ms timer without requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    requestIdle(callback);
    vi.advanceTimersByTime(49);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('can be cancelled', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    requestIdle(callback)();
    vi.advanceTimersByTime(100);
    expect(callback).not.toHaveBeenCalled();
  });

  it('uses requestIdleCallback where there is one', () => {
    const cancel = vi.fn();
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((cb: () => void) => {
        cb();
        return 7;
      }),
    );
    vi.stubGlobal('cancelIdleCallback', cancel);
    const callback = vi.fn();
    requestIdle(callback)();
    expect(callback).toHaveBeenCalledOnce();
    expect(cancel).toHaveBeenCalledWith(7);
  });
});
