/** The render queue's line is full: the node is overloaded (answered 503, server/overload.ts). */
export class RenderQueueFull extends Error {
  constructor() {
    super('Render queue full');
    this.name = 'RenderQueueFull';
  }
}

/**
 * Runs at most `concurrency` tasks at once, the others waiting in arrival order. Page renders are
 * CPU work split into many asynchronous steps: run all at once they interleave, every render waits
 * behind every other's steps, and under load a few wait many times the average (measured: p99
 * 1.2 s at a 120 ms median). Admitted in order, each finishes about when its turn says.
 */
export class RenderQueue {
  readonly #concurrency: number;
  readonly #maxWaiting: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  /** `maxWaiting`: past this many in line, `run` refuses at once with RenderQueueFull. */
  constructor(concurrency: number, maxWaiting = Number.POSITIVE_INFINITY) {
    if (!(concurrency >= 1)) throw new Error('concurrency must be at least 1');
    this.#concurrency = concurrency;
    this.#maxWaiting = maxWaiting;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#concurrency) {
      // A bounded line: under overload a page is refused now rather than served after seconds.
      if (this.#waiting.length >= this.#maxWaiting) throw new RenderQueueFull();
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
