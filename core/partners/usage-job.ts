import type { Logger } from 'pino';
import { type Job, startRepeatingJob } from '../job-backoff.ts';
import { type ApiKeyUsage, USAGE_FLUSH_INTERVAL_MS } from './api-keys.ts';

/** How often the partner webhook job looks for due deliveries (it also runs at once when one is queued). */
export const WEBHOOK_INTERVAL_MS = 5_000;

/** Writes the API keys' counted requests once a minute, and once more when the server stops. */
export function startApiKeyUsageJob(
  usage: ApiKeyUsage,
  log: Logger,
  intervalMs = USAGE_FLUSH_INTERVAL_MS,
): Job {
  const job = startRepeatingJob({
    job: 'api-key-usage',
    intervalMs,
    log,
    runAtStart: false,
    run: async () => {
      await usage.flush(log);
    },
  });
  return {
    async stop() {
      await job.stop();
      await usage.flush(log);
    },
  };
}
