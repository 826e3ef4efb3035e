import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { ConfigError, loadConfig } from '../core/config.ts';
import { runPrimary, webConcurrency, workerNumber } from './cluster.ts';
import { openConfiguredDatabase } from './database.ts';
import { createLogger } from './logger.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER_BUILD = join(ROOT, 'build', 'server', 'index.js');
const CLIENT_DIR = join(ROOT, 'build', 'client');

const config = loadConfig();
const worker = workerNumber();
const log = worker === null ? createLogger(config) : createLogger(config).child({ worker });

/** How many HTTP workers to run (WEB_CONCURRENCY, server/cluster.ts); a worker itself is one of them. */
function workersToRun(): number {
  if (worker !== null) return 1;
  try {
    const { workers, reason } = webConcurrency(config);
    if (workers > 1 && !config.REDIS_URL) {
      log.warn({ workers }, 'No REDIS_URL: each worker counts rate limits on its own');
    }
    if (workers > 1 && config.SANDBOX_PROVIDERS) {
      log.warn(
        { workers },
        'Sandbox providers with several workers: a fixed-rate quote is kept by the worker that made it, and a swap of it that another worker takes is refused',
      );
    }
    log.info({ workers, reason }, 'HTTP workers');
    return workers;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    log.fatal(error.message);
    process.exit(1);
  }
}
const workers = workersToRun();

/** The newest modification time under the folders the app bundle is built from. */
function newestSource(dirs: string[]): number {
  let newest = 0;
  for (const dir of dirs) {
    for (const entry of readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

const buildMissing = !existsSync(SERVER_BUILD);
// Workers run the build their primary checked.
if (
  worker === null &&
  (buildMissing ||
    statSync(SERVER_BUILD).mtimeMs < newestSource(['app', 'core', 'content/locales', 'public']))
) {
  log.info(
    buildMissing
      ? 'No build found; building the app first'
      : 'Sources changed since the last build; rebuilding',
  );
  const result = spawnSync(join(ROOT, 'node_modules', '.bin', 'react-router'), ['build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    log.fatal('Build failed');
    process.exit(1);
  }
}

if (workers > 1) {
  // The primary loads no app: it hands connections to the workers and passes signals on.
  await runPrimary({
    workers,
    port: config.PORT,
    host: config.HOST,
    log,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS + 5_000,
  });
} else {
  // The database first, before the app and the services load: a first start creates the embedded
  // database in a child process (PGlite's initdb, ~0.5 GB for a moment), and this process is then at
  // its smallest, which bounds the start's peak (docs/OPERATIONS.md, Memory at start).
  const database = await openConfiguredDatabase(config, log);
  const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
  const { startServer } = await import('./boot.ts');
  // Alone, or worker 1 of several, the process runs the jobs; the other workers only serve.
  await startServer({
    config,
    log,
    build,
    clientDir: CLIENT_DIR,
    database,
    runJobs: worker === null || worker === 1,
  });
}
