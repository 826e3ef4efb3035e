import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadForChunkError } from './chunk-reload.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('chunk-load error reload', () => {
  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads at most twice, then clears the counter', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => {
      reloads++;
    };
    expect(reloadForChunkError(storage, reload)).toBe(true);
    expect(reloadForChunkError(storage, reload)).toBe(true);
    expect(reloadForChunkError(storage, reload)).toBe(false);
    expect(reloads).toBe(2);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
    expect(reloadForChunkError(storage, reload)).toBe(true);
  });
});
