import type { Logger } from 'pino';
import { type Job, startRepeatingJob } from '../job-backoff.ts';
import type { FiatOrderService } from './orders.ts';

/**
 * Moves open fiat orders along with their providers and expires unpaid ones (like the swap job):
 * due orders are claimed with SKIP LOCKED, so any number of nodes can run it.
 */
export function startFiatOrderJob(options: {
  orders: FiatOrderService;
  intervalMs: number;
  log: Logger;
  batchSize?: number;
}): Job {
  const { orders, intervalMs, log, batchSize = 25 } = options;
  return startRepeatingJob({
    job: 'fiat-orders',
    intervalMs,
    log,
    run: async (stopped) => {
      while (!stopped() && (await orders.syncDue(batchSize)) === batchSize) {}
    },
  });
}
