import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import { type Config, ConfigError } from '../core/config.ts';

/** The environment variable a worker learns its number from (1 is the one that runs the jobs). */
export const WORKER_ENV = 'SWAPGATE_WORKER';

export interface Concurrency {
  /** HTTP worker processes to run (1: the server runs in this process, as before). */
  workers: number;
  /** Why, when the default was not one per core. */
  reason: string;
}

type ConcurrencyConfig = Pick<
  Config,
  'WEB_CONCURRENCY' | 'DATABASE_URL' | 'SANDBOX_CHAINS' | 'SANDBOX_CHAIN_NETWORKS' | 'SANDBOX_PROVIDERS'
>;

/**
 * How many HTTP workers `npm start` runs (WEB_CONCURRENCY). One per core on PostgreSQL; one on the
 * embedded PGlite, which one process owns, and with the sandbox chains, which live in one process's
 * memory: more is refused there rather than run as several diverging copies. The sandbox providers
 * keep the fixed rates they issue in memory, so their default is one worker too (more may be asked
 * for: floating-rate swaps and every other state are in the database).
 */
export function webConcurrency(config: ConcurrencyConfig, cores = availableParallelism()): Concurrency {
  const asked = config.WEB_CONCURRENCY;
  if (!config.DATABASE_URL) {
    if (asked !== undefined && asked > 1) {
      throw new ConfigError(
        `WEB_CONCURRENCY=${asked} needs PostgreSQL (DATABASE_URL): the embedded database (PGlite) belongs to one process. Unset WEB_CONCURRENCY or set it to 1.`,
      );
    }
    return { workers: 1, reason: 'the embedded database (PGlite) belongs to one process' };
  }
  if (config.SANDBOX_CHAINS === 'on' && config.SANDBOX_CHAIN_NETWORKS.length > 0) {
    if (asked !== undefined && asked > 1) {
      throw new ConfigError(
        `WEB_CONCURRENCY=${asked} cannot run with the sandbox chains, which live in one process's memory. Set SANDBOX_CHAINS=off, or WEB_CONCURRENCY=1.`,
      );
    }
    return { workers: 1, reason: 'the sandbox chains live in one process (SANDBOX_CHAINS=off for more)' };
  }
  if (asked !== undefined) return { workers: asked, reason: 'WEB_CONCURRENCY' };
  if (config.SANDBOX_PROVIDERS) {
    return {
      workers: 1,
      reason: 'the sandbox providers keep their fixed rates in one process (set WEB_CONCURRENCY for more)',
    };
  }
  return { workers: Math.max(1, cores), reason: 'one per core' };
}

/** This process's worker number under the cluster, or null when it is the only server process. */
export function workerNumber(): number | null {
  if (!cluster.isWorker) return null;
  const number = Number(process.env[WORKER_ENV]);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/** The message a worker sends its primary once it listens on its own socket (clusterListenOptions). */
const LISTENING_MESSAGE = 'swapgate:listening';

/**
 * How a worker listens. On Linux each worker binds PORT itself with SO_REUSEPORT and the kernel
 * spreads new connections over the workers' sockets; elsewhere node:cluster's primary accepts each
 * connection and hands it to a worker in turn. That hand-off waits for the worker's answer before
 * the next, so a burst of new connections to busy workers queued behind their renders: the first
 * request of 50 fresh connections waited up to 2 s at a 140 ms median (bench/ssr.ts's p99).
 */
export function clusterListenOptions(
  platform = process.platform,
  inWorker = cluster.isWorker,
): { exclusive?: boolean; reusePort?: boolean } {
  if (!inWorker || platform !== 'linux') return {};
  return { exclusive: true, reusePort: true };
}

/** Tells the primary this worker listens (a worker on its own socket gets no 'listening' event there). */
export function reportListening(): void {
  if (cluster.isWorker) process.send?.(LISTENING_MESSAGE);
}

/**
 * Binds PORT for a moment without SO_REUSEPORT: fails (EADDRINUSE) when anything holds it, another
 * deployment's workers included, which would otherwise share the port with this one's in silence.
 */
export function checkPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

export interface PrimaryOptions {
  workers: number;
  /** Where the workers listen (checked free before they start). */
  port: number;
  host: string;
  log: Logger;
  /** How long workers get to drain before the primary kills them (their own limit plus a margin). */
  shutdownTimeoutMs: number;
}

/**
 * The primary process of `npm start` with WEB_CONCURRENCY > 1: it serves nothing itself and loads
 * no app. Worker 1 starts alone (migrations, demo seed, blog sync, secrets written to DATA_DIR)
 * and runs the node's jobs and the Telegram bot; the others start once it listens and only serve.
 * They share PORT (clusterListenOptions). A worker that dies is started again under its number.
 * SIGTERM/SIGINT go on to every worker, which drains its requests; the primary exits after them.
 */
export async function runPrimary({
  workers,
  port,
  host,
  log,
  shutdownTimeoutMs,
}: PrimaryOptions): Promise<void> {
  if (clusterListenOptions(process.platform, true).reusePort) await checkPortFree(port, host);
  const live = new Map<number, Worker>();
  let stopping = false;
  let failed = false;
  let allStopped: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    allStopped = resolve;
  });
  const restartWaitMs = new Map<number, number>();

  function fork(number: number): Worker {
    const worker = cluster.fork({ [WORKER_ENV]: String(number) });
    live.set(number, worker);
    const startedAt = Date.now();
    worker.on('exit', (code, signal) => {
      if (live.get(number) === worker) live.delete(number);
      if (stopping) {
        if (code !== 0) failed = true;
        if (live.size === 0) allStopped();
        return;
      }
      // A worker that lived a minute is restarted at once; one that keeps dying, ever more slowly.
      const wait =
        Date.now() - startedAt > 60_000 ? 0 : Math.min(30_000, (restartWaitMs.get(number) ?? 500) * 2);
      restartWaitMs.set(number, wait || 500);
      log.error({ worker: number, code, signal, restartInMs: wait }, 'A worker stopped; starting it again');
      setTimeout(() => {
        if (!stopping) fork(number);
      }, wait).unref();
    });
    return worker;
  }

  function listening(worker: Worker): Promise<void> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`worker exited with ${code} before listening`));
      worker.once('exit', onExit);
      const onListening = () => {
        worker.off('exit', onExit);
        worker.off('listening', onListening);
        worker.off('message', onMessage);
        resolve();
      };
      const onMessage = (message: unknown) => {
        if (message === LISTENING_MESSAGE) onListening();
      };
      worker.once('listening', onListening);
      worker.on('message', onMessage);
    });
  }

  function shutdown(signal: string): void {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: live.size }, 'Stopping the workers');
    if (live.size === 0) allStopped();
    for (const worker of live.values()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.warn({ workers: live.size }, 'Workers did not stop in time; killing them');
      for (const worker of live.values()) worker.process.kill('SIGKILL');
    }, shutdownTimeoutMs).unref();
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  log.info({ workers }, 'Starting the HTTP workers');
  try {
    await listening(fork(1));
    const rest = [];
    for (let number = 2; number <= workers; number++) rest.push(listening(fork(number)));
    await Promise.all(rest);
  } catch (error) {
    if (!stopping) {
      log.fatal({ err: error }, 'A worker could not start');
      shutdown('startup failure');
      await stopped;
      process.exit(1);
    }
  }
  if (!stopping) log.info({ workers }, 'All workers listening');
  await stopped;
  log.info('Stopped');
  process.exit(failed ? 1 : 0);
}
