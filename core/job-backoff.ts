import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../db/errors.ts';

/** The longest wait between failed runs: a job is back at work within 10 s of its database. */
export const JOB_BACKOFF_MAX_MS = 8_000;

/**
 * What a job depends on that can be out for a while: how to tell its outage from other failures,
 * and the words of the two log lines (its start and its end).
 */
export interface JobDependency {
  unavailable(error: unknown): boolean;
  down: string;
  back: string;
}

/** The database: what most jobs read and write. */
export const DATABASE_DEPENDENCY: JobDependency = {
  unavailable: isDatabaseUnavailable,
  down: 'Database unavailable; job backing off until it returns',
  back: 'Database back; job resumed',
};

/**
 * How a background job waits and logs after failed runs: the wait doubles from `baseMs` up to
 * JOB_BACKOFF_MAX_MS, an outage of what it depends on (the database unless told otherwise) is
 * logged once when it starts and once when it ends (not at every attempt), and any other failure
 * is logged each time.
 */
export class JobBackoff {
  #failures = 0;
  #inOutage = false;
  readonly #job: string;
  readonly #log: Logger;
  readonly #baseMs: number;
  readonly #maxMs: number;
  readonly #dependency: JobDependency;

  constructor(options: {
    job: string;
    log: Logger;
    baseMs: number;
    maxMs?: number;
    dependency?: JobDependency;
  }) {
    this.#job = options.job;
    this.#log = options.log;
    this.#baseMs = Math.max(1, options.baseMs);
    this.#maxMs = options.maxMs ?? JOB_BACKOFF_MAX_MS;
    this.#dependency = options.dependency ?? DATABASE_DEPENDENCY;
  }

  /** Records a failed run and answers how long to wait before the next. */
  failed(error: unknown): number {
    this.#failures++;
    if (this.#dependency.unavailable(error)) {
      if (!this.#inOutage) this.#log.warn({ err: error, job: this.#job }, this.#dependency.down);
      this.#inOutage = true;
    } else {
      this.#log.error({ err: error, job: this.#job }, 'Job run failed; retrying');
    }
    return Math.min(this.#baseMs * 2 ** (this.#failures - 1), this.#maxMs);
  }

  /** Records a run that went through; ends an outage (logged once). */
  succeeded(): void {
    if (this.#inOutage) this.#log.info({ job: this.#job }, this.#dependency.back);
    this.#inOutage = false;
    this.#failures = 0;
  }
}

export interface Job {
  /** Stops scheduling and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * A background job that runs `run` every `intervalMs` (at once too, unless `runAtStart` is false),
 * one run at a time, waiting per JobBackoff after a failure. The swap, fiat order and sandbox bridge
 * jobs are this loop around their own step.
 */
export function startRepeatingJob(options: {
  job: string;
  intervalMs: number;
  log: Logger;
  /** One run; `stopped()` turns true once `stop()` is called (a long run may end early). */
  run: (stopped: () => boolean) => Promise<void>;
  runAtStart?: boolean;
  /** What the job depends on (the database unless told otherwise), for its outage's log lines. */
  dependency?: JobDependency;
}): Job {
  const { job, intervalMs, log, run: step, runAtStart = true, dependency } = options;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const backoff = new JobBackoff({ job, log, baseMs: intervalMs, ...(dependency ? { dependency } : {}) });
  let delayMs = intervalMs;

  const run = async () => {
    try {
      await step(() => stopped);
      backoff.succeeded();
      delayMs = intervalMs;
    } catch (error) {
      delayMs = backoff.failed(error);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(schedule);
    }, delayMs);
    timer.unref();
  };
  if (runAtStart) running = run().finally(schedule);
  else schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
