/** SPEC §4: a failed page-part load reloads the page, at most twice; the counter is then cleared. */
export const CHUNK_RELOAD_KEY = 'chunk-reload-count';
export const MAX_CHUNK_RELOADS = 2;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

/** Returns true when it reloaded; false when the reload budget is spent (and resets it). */
export function reloadForChunkError(storage: Storage, reload: () => void): boolean {
  const count = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? '0');
  if (count >= MAX_CHUNK_RELOADS) {
    storage.removeItem(CHUNK_RELOAD_KEY);
    return false;
  }
  storage.setItem(CHUNK_RELOAD_KEY, String(count + 1));
  reload();
  return true;
}

interface ChunkErrorWindow {
  addEventListener(type: 'vite:preloadError', listener: (event: Event) => void): void;
  addEventListener(type: 'unhandledrejection', listener: (event: PromiseRejectionEvent) => void): void;
  sessionStorage: Storage;
  location: { reload(): void };
}

/** Vite reports failed preloads as `vite:preloadError`; route module imports surface as rejections. */
export function installChunkErrorReload(target: ChunkErrorWindow): void {
  const handle = (event: Event, error: unknown) => {
    if (!isChunkLoadError(error)) return;
    if (reloadForChunkError(target.sessionStorage, () => target.location.reload())) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', (event) =>
    handle(event, (event as Event & { payload?: unknown }).payload),
  );
  target.addEventListener('unhandledrejection', (event) => handle(event, event.reason));
}
