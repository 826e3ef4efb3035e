import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeatAfter } from './poll.ts';

describe('repeatAfter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls every interval, counted from the end of the previous call', async () => {
    let finish: () => void = () => {};
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const stop = repeatAfter(run, 3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    // A slow answer: no second call while the first is under way.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(2999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    stop();
  });

  it('goes on after a failed call', async () => {
    const run = vi.fn(() => Promise.reject(new Error('offline')));
    const stop = repeatAfter(run, 1000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(3);
    stop();
  });

  it('stops: no call after stop, not even once a call under way ends', async () => {
    let finish: () => void = () => {};
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const stop = repeatAfter(run, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
    stop();
    finish();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);

    const idle = vi.fn(() => Promise.resolve());
    repeatAfter(idle, 1000)();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(idle).not.toHaveBeenCalled();
  });
});
