import type { Logger } from 'pino';
import { JobBackoff } from '../job-backoff.ts';
import type { SwapService } from './swaps.ts';

export interface Job {
  /** Stops scheduling and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Keeps swap statuses in step with the providers and expires unpaid swaps. Each run claims due
 * swaps with SKIP LOCKED, so any number of nodes can run it; state lives in the database, so a
 * restart simply carries on.
 */
export function startSwapJob(options: {
  swaps: SwapService;
  intervalMs: number;
  log: Logger;
  batchSize?: number;
}): Job {
  const { swaps, intervalMs, log, batchSize = 25 } = options;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const backoff = new JobBackoff({ job: 'swap-status', log, baseMs: intervalMs });
  let delayMs = intervalMs;

  const run = async () => {
    try {
      // A full batch means more are due: keep going without waiting.
      while (!stopped && (await swaps.syncDue(batchSize)) === batchSize) {}
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
  running = run().finally(schedule);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
