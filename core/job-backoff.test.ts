import type { Logger } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSwapJob } from './exchange/swap-job.ts';
import type { SwapService } from './exchange/swaps.ts';
import { JOB_BACKOFF_MAX_MS, JobBackoff } from './job-backoff.ts';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const at =
    (level: string) =>
    (_fields: unknown, message: string): void => {
      lines.push({ level, message });
    };
  const log = {
    warn: at('warn'),
    error: at('error'),
    info: at('info'),
    debug: at('debug'),
  } as unknown as Logger;
  return { log, lines };
}

describe('JobBackoff', () => {
  it('doubles the wait up to the cap and logs a database outage once, and its end once', () => {
    const { log, lines } = recordingLog();
    const backoff = new JobBackoff({ job: 'test', log, baseMs: 1_000 });
    const waits = Array.from({ length: 6 }, () => backoff.failed(refused()));
    expect(waits).toEqual([1_000, 2_000, 4_000, JOB_BACKOFF_MAX_MS, JOB_BACKOFF_MAX_MS, JOB_BACKOFF_MAX_MS]);
    expect(lines.map((line) => line.level)).toEqual(['warn']);
    backoff.succeeded();
    backoff.succeeded();
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
    expect(backoff.failed(refused())).toBe(1_000);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info', 'warn']);
  });

  it('logs every failure that is not an outage', () => {
    const { log, lines } = recordingLog();
    const backoff = new JobBackoff({ job: 'test', log, baseMs: 500 });
    backoff.failed(new Error('provider said no'));
    backoff.failed(new Error('provider said no'));
    expect(lines.map((line) => line.level)).toEqual(['error', 'error']);
  });
});

describe('the swap status job through a database outage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('backs off, logs the outage once, and resumes by itself when the database is back', async () => {
    vi.useFakeTimers();
    const { log, lines } = recordingLog();
    let down = true;
    const calls: number[] = [];
    const swaps = {
      async syncDue() {
        calls.push(Date.now());
        if (down) throw refused();
        return 0;
      },
    } as unknown as SwapService;
    const job = startSwapJob({ swaps, intervalMs: 1_000, log });
    await vi.advanceTimersByTimeAsync(30_000);
    const during = calls.length;
    // 1 s, 2 s, 4 s, then every 8 s: far fewer attempts than one a second.
    expect(during).toBeGreaterThan(3);
    expect(during).toBeLessThan(10);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);

    down = false;
    const back = Date.now();
    await vi.advanceTimersByTimeAsync(10_000);
    const resumed = calls.find((at) => at > back);
    expect(resumed).toBeDefined();
    expect((resumed ?? 0) - back).toBeLessThanOrEqual(JOB_BACKOFF_MAX_MS);
    expect(lines.filter((line) => line.level === 'info')).toHaveLength(1);
    // Back to the usual interval.
    const after = calls.filter((at) => at > back).length;
    expect(after).toBeGreaterThan(2);
    await job.stop();
  });
});
