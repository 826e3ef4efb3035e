import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimReload, fetchLatestBuildId, RELOAD_GUARD_KEY, watchBuild } from './build-watcher.ts';

function storage(): Storage {
  const items = new Map<string, string>();
  return {
    length: 0,
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: () => null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const answering = (body: unknown, status = 200) =>
  vi.fn(async (_input: string | URL | Request) => new Response(JSON.stringify(body), { status }));

afterEach(() => {
  vi.useRealTimers();
});

describe('build watcher', () => {
  it('asks for latest.json with a timestamp so no cache answers', async () => {
    const fetcher = answering({ id: 'b2' });
    expect(await fetchLatestBuildId(fetcher as unknown as typeof fetch, 1234)).toBe('b2');
    expect(fetcher.mock.calls[0]?.[0]).toBe('/builds/latest.json?t=1234');
  });

  it('treats failures as no news', async () => {
    expect(await fetchLatestBuildId(answering({}, 500) as unknown as typeof fetch)).toBeNull();
    const failing = vi.fn(async () => {
      throw new TypeError('offline');
    });
    expect(await fetchLatestBuildId(failing as unknown as typeof fetch)).toBeNull();
  });

  it('turns stale when another build id is published', async () => {
    vi.useFakeTimers();
    const same = watchBuild('b1', {
      intervalMs: 1000,
      fetcher: answering({ id: 'b1' }) as unknown as typeof fetch,
    });
    await same.check();
    expect(same.stale).toBe(false);
    const newer = watchBuild('b1', {
      intervalMs: 1000,
      fetcher: answering({ id: 'b2' }) as unknown as typeof fetch,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(newer.stale).toBe(true);
    same.stop();
    newer.stop();
  });

  it('allows one reload per 10 seconds', () => {
    const store = storage();
    expect(claimReload(store, 100_000)).toBe(true);
    expect(store.getItem(RELOAD_GUARD_KEY)).toBe('100000');
    expect(claimReload(store, 105_000)).toBe(false);
    expect(claimReload(store, 110_001)).toBe(true);
  });
});
