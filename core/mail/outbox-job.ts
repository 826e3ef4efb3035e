import type { Logger } from 'pino';
import { JobBackoff } from '../job-backoff.ts';

/** An outbox the job drains: the mail outbox, the partner webhooks' deliveries (core/partners/webhooks.ts). */
export interface Outbox {
  /** False when nothing can be sent (mail without SMTP_URL): the job does not run. */
  readonly configured: boolean;
  /** Sends up to `limit` due items; what failed is rescheduled by the outbox itself. */
  deliverDue(limit: number): Promise<{ sent: number; failed: number }>;
  onQueued: (() => void) | null;
}

export interface OutboxJob {
  /** Sends what is due now (after a run in progress). */
  runNow(): Promise<void>;
  /** Stops scheduling and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Sends the outbox's due items every intervalMs, and at once when one is queued. Without a mail
 * server nothing runs and the mail waits (logged once). State lives in the database, so a restart
 * or another node simply carries on.
 */
export function startOutboxJob(options: {
  outbox: Outbox;
  intervalMs: number;
  log: Logger;
  /** The job's name in the logs. */
  job?: string;
}): OutboxJob {
  const { outbox, intervalMs, log, job = 'mail-outbox' } = options;
  if (!outbox.configured) {
    log.warn('No mail server is configured (SMTP_URL): operator mail is kept in the outbox, unsent');
    return { async runNow() {}, async stop() {} };
  }
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  // A database outage is logged once and retried sooner than the interval (at most 8 s apart).
  const backoff = new JobBackoff({ job, log, baseMs: Math.min(intervalMs, 1_000) });
  let delayMs = intervalMs;

  const run = async () => {
    try {
      // A full batch means more may be due: keep going without waiting (failed ones are rescheduled).
      for (;;) {
        if (stopped) break;
        const { sent, failed } = await outbox.deliverDue(20);
        if (sent + failed < 20) break;
      }
      backoff.succeeded();
      delayMs = intervalMs;
    } catch (error) {
      delayMs = Math.min(intervalMs, backoff.failed(error));
    }
  };
  const runAfterCurrent = () => {
    running = running.then(run);
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runAfterCurrent().finally(schedule);
    }, delayMs);
    timer.unref();
  };
  outbox.onQueued = () => {
    if (!stopped) void runAfterCurrent();
  };
  void runAfterCurrent().finally(schedule);

  return {
    runNow: runAfterCurrent,
    async stop() {
      stopped = true;
      outbox.onQueued = null;
      clearTimeout(timer);
      await running;
    },
  };
}
