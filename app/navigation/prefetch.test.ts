import { describe, expect, it } from 'vitest';
import { PrefetchQueue, prefetchAllowed } from './prefetch.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchAllowed (SPEC §9)', () => {
  it('skips data-saver mode and slow-2g only', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});

describe('PrefetchQueue', () => {
  it('runs at most four preloads at once, the newest waiting one next, each path once', async () => {
    const pending = new Map<string, ReturnType<typeof deferred>>();
    const started: string[] = [];
    const queue = new PrefetchQueue((path) => {
      started.push(path);
      const job = deferred();
      pending.set(path, job);
      return job.promise;
    });
    for (const path of ['/a', '/b', '/c', '/d', '/e', '/f', '/a']) queue.add(path);
    expect(started).toEqual(['/a', '/b', '/c', '/d']);
    expect(queue.running).toBe(4);

    pending.get('/b')?.resolve();
    await tick();
    expect(started).toEqual(['/a', '/b', '/c', '/d', '/f']);
    pending.get('/c')?.reject(new Error('offline'));
    await tick();
    expect(started.at(-1)).toBe('/e');

    queue.add('/b'); // done: not again
    queue.add('/c'); // failed: tried again once a slot frees
    expect(started.filter((path) => path === '/b')).toHaveLength(1);
    pending.get('/a')?.resolve();
    await tick();
    expect(started.filter((path) => path === '/c')).toHaveLength(2);
  });
});
