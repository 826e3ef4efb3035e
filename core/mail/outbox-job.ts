import type { Logger } from 'pino';
import { JobBackoff } from '../job-backoff.ts';
import type { MailOutbox } from './outbox.ts';

export interface OutboxJob {
  /** Sends what is due now (after a run in progress). */
  runNow(): Promise<void>;
  /** Stops scheduling and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Sends the outbox's due mail every intervalMs, and at once when mail is queued. Without a mail
 * server nothing runs and the mail waits (logged once). State lives in the database, so a restart
 * or another node simply carries on.
 */
export function startOutboxJob(options: { outbox: MailOutbox; intervalMs: number; log: Logger }): OutboxJob {
  const { outbox, intervalMs, log } = options;
  if (!outbox.configured) {
    log.warn('No mail server is configured (SMTP_URL): operator mail is kept in the outbox, unsent');
    return { async runNow() {}, async stop() {} };
  }
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  // A database outage is logged once and retried sooner than the interval (at most 8 s apart).
  const backoff = new JobBackoff({ job: 'mail-outbox', log, baseMs: Math.min(intervalMs, 1_000) });
  let delayMs = intervalMs;

  const run = async () => {
    try {
      // A full batch means more are due: keep going without waiting.
      while (!stopped && (await outbox.deliverDue(20)).sent === 20) {}
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
