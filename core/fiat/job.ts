import type { Logger } from 'pino';
import type { Job } from '../exchange/swap-job.ts';
import { JobBackoff } from '../job-backoff.ts';
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
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const backoff = new JobBackoff({ job: 'fiat-orders', log, baseMs: intervalMs });
  let delayMs = intervalMs;

  const run = async () => {
    try {
      while (!stopped && (await orders.syncDue(batchSize)) === batchSize) {}
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
