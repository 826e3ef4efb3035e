/**
 * Runs at most `concurrency` tasks at once, the others waiting in arrival order. Page renders are
 * CPU work split into many asynchronous steps: run all at once they interleave, every render waits
 * behind every other's steps, and under load a few wait many times the average (measured: p99
 * 1.2 s at a 120 ms median). Admitted in order, each finishes about when its turn says.
 */
export class RenderQueue {
  readonly #concurrency: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(concurrency: number) {
    if (!(concurrency >= 1)) throw new Error('concurrency must be at least 1');
    this.#concurrency = concurrency;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#concurrency) {
      await new Promise<void>((admitted) => this.#waiting.push(admitted));
    } else {
      this.#running++;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next in line, so a newcomer cannot overtake it.
      if (next) next();
      else this.#running--;
    }
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }
}
