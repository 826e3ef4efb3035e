import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

/** A load whose calls are counted and answered when the test says. */
function controlled<V>() {
  const calls: { resolve: (value: V) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<V>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { calls, load };
}

const settle = () => new Promise((done) => setImmediate(done));

describe('TtlCache', () => {
  it('keeps a value for its TTL, then loads it again', async () => {
    let now = 0;
    const cache = new TtlCache<number>({ ttlMs: 1_000, maxEntries: 10, now: () => now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1_000;
    expect(await cache.get('a', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('shares one call between concurrent misses of a key', async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    const { calls, load } = controlled<string>();
    const waiting = [cache.get('k', load), cache.get('k', load), cache.get('k', load)];
    expect(cache.peek('k', load)).toBeUndefined();
    expect(calls).toHaveLength(1);
    calls[0]?.resolve('v');
    expect(await Promise.all(waiting)).toEqual(['v', 'v', 'v']);
    expect(cache.peek('k', load)).toBe('v');
    expect(calls).toHaveLength(1);
  });

  it('does not keep a failed call: the next caller asks again', async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    const { calls, load } = controlled<string>();
    const first = cache.get('k', load);
    calls[0]?.reject(new Error('provider down'));
    await expect(first).rejects.toThrow('provider down');
    const second = cache.get('k', load);
    expect(calls).toHaveLength(2);
    calls[1]?.resolve('ok');
    expect(await second).toBe('ok');
  });

  it('serves a stale value while one background call renews it, and keeps it if that fails', async () => {
    let now = 0;
    const cache = new TtlCache<string>({ ttlMs: 100, staleMs: 1_000, maxEntries: 10, now: () => now });
    const { calls, load } = controlled<string>();
    const first = cache.get('k', load);
    calls[0]?.resolve('old');
    await first;
    now = 500;
    expect(await cache.get('k', load)).toBe('old');
    expect(cache.peek('k', load)).toBe('old');
    expect(calls).toHaveLength(2);
    calls[1]?.reject(new Error('down'));
    await settle();
    expect(await cache.get('k', load)).toBe('old');
    expect(calls).toHaveLength(3);
    calls[2]?.resolve('new');
    await settle();
    expect(cache.peek('k', load)).toBe('new');
  });

  it('beyond the stale time a value is not served', async () => {
    let now = 0;
    const cache = new TtlCache<string>({ ttlMs: 100, staleMs: 100, maxEntries: 10, now: () => now });
    expect(await cache.get('k', async () => 'old')).toBe('old');
    now = 250;
    expect(cache.peek('k', async () => 'new')).toBeUndefined();
    await settle();
    expect(cache.peek('k', async () => 'newer')).toBe('new');
  });

  it('peek answers at once and starts one background call per key', async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    const { calls, load } = controlled<string>();
    expect(cache.peek('k', load)).toBeUndefined();
    expect(cache.peek('k', load)).toBeUndefined();
    expect(calls).toHaveLength(1);
    calls[0]?.resolve('v');
    await settle();
    expect(cache.peek('k', load)).toBe('v');
  });

  it('drops values read under an older data version', async () => {
    let version = 1;
    const cache = new TtlCache<number>({ ttlMs: 60_000, maxEntries: 10, version: () => version });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    version = 2;
    expect(cache.peek('k', load)).toBeUndefined();
    await settle();
    expect(await cache.get('k', load)).toBe(2);
  });

  it('keeps at most maxEntries keys, the oldest going first', async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(cache.peek('b', async () => 'b2')).toBe('b');
    expect(cache.peek('a', async () => 'a2')).toBeUndefined();
  });
});
