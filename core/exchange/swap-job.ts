import type { Logger } from 'pino';
import { type Job, startRepeatingJob } from '../job-backoff.ts';
import type { SwapService } from './swaps.ts';

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
  return startRepeatingJob({
    job: 'swap-status',
    intervalMs,
    log,
    run: async (stopped) => {
      // A full batch means more are due: keep going without waiting.
      while (!stopped() && (await swaps.syncDue(batchSize)) === batchSize) {}
    },
  });
}
