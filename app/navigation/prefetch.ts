/** SPEC §9: route preloads on intent: at most 4 at once, 100 ms after the intent, none on slow connections. */
export const PREFETCH = { maxConcurrent: 4, intentDelayMs: 100 } as const;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** No preloading in data-saver mode or on a slow-2g connection. */
export function prefetchAllowed(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && connection.effectiveType !== 'slow-2g';
}

/**
 * Preloads routes by path, at most `maxConcurrent` at a time; later requests wait their turn (the
 * newest first, as it is the one the visitor is about to follow). A path is preloaded once.
 */
export class PrefetchQueue {
  readonly #load: (path: string) => Promise<unknown>;
  readonly #maxConcurrent: number;
  readonly #done = new Set<string>();
  readonly #running = new Set<string>();
  #waiting: string[] = [];

  constructor(load: (path: string) => Promise<unknown>, maxConcurrent: number = PREFETCH.maxConcurrent) {
    this.#load = load;
    this.#maxConcurrent = maxConcurrent;
  }

  get running(): number {
    return this.#running.size;
  }

  add(path: string): void {
    if (this.#done.has(path) || this.#running.has(path)) return;
    this.#waiting = [path, ...this.#waiting.filter((waiting) => waiting !== path)];
    this.#next();
  }

  #next(): void {
    while (this.#running.size < this.#maxConcurrent && this.#waiting.length > 0) {
      const path = this.#waiting.shift() as string;
      this.#running.add(path);
      this.#load(path)
        .then(
          () => this.#done.add(path),
          // A failed preload is retried on the next intent; the navigation itself reports errors.
          () => undefined,
        )
        .finally(() => {
          this.#running.delete(path);
          this.#next();
        });
    }
  }
}
