import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { syncBlog } from '../core/blog/sync.ts';
import { loadConfig } from '../core/config.ts';
import { CHART_BACKFILL_TIERS } from '../core/directory/directory.ts';
import { startSwapJob } from '../core/exchange/swap-job.ts';
import { startPriceJob } from '../core/market/price-job.ts';
import { seedDemoData } from '../core/seed.ts';
import { createApp } from './app.ts';
import { openConfiguredDatabase } from './database.ts';
import { createLogger } from './logger.ts';
import { loadedDevelopmentBuilds } from './runtime-mode.ts';
import { createServices } from './services.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER_BUILD = join(ROOT, 'build', 'server', 'index.js');
const CLIENT_DIR = join(ROOT, 'build', 'client');

const config = loadConfig();
const log = createLogger(config);

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
if (
  buildMissing ||
  statSync(SERVER_BUILD).mtimeMs < newestSource(['app', 'core', 'content/locales', 'public'])
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

const database = await openConfiguredDatabase(config, log);
log.info({ database: database.kind }, 'Applying migrations');
await database.migrate();
if (config.SEED_DEMO_DATA) {
  const seeded = await seedDemoData(database.db);
  if (seeded.length > 0) log.info({ tables: seeded }, 'Seeded demo data into an empty database');
}
// The blog's articles, authors and tags ship with the release (content/blog/): new and changed
// files are written, the rest left as they are.
const blogChanges = await syncBlog(database.db);
if (blogChanges.articles.length + blogChanges.authors.length + blogChanges.tags.length > 0) {
  log.info(blogChanges, 'Synchronised the blog with content/blog');
}

const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
const services = createServices({
  config,
  db: database.db,
  log,
  clientDir: CLIENT_DIR,
  poolStats: database.poolStats,
  nodeMetrics: true,
});
const app = createApp({ services, build, clientDir: CLIENT_DIR });
const jobs = [
  startPriceJob({
    market: services.market,
    db: database.db,
    intervalMs: config.PRICE_REFRESH_INTERVAL_MS,
    log,
    // Price history for charts on a first run: each chart range (30 days, 7 days, 24 hours) gets
    // about 100 points or more.
    backfill: { tiers: CHART_BACKFILL_TIERS },
    onChange: () => services.dataVersions.bump('market'),
  }),
  startSwapJob({ swaps: services.swaps, intervalMs: config.SWAP_POLL_INTERVAL_MS, log }),
];

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const developmentBuilds = loadedDevelopmentBuilds();
  if (developmentBuilds.length > 0) {
    log.warn(
      { files: developmentBuilds },
      'React development builds are loaded (NODE_ENV is not production): pages render several times slower',
    );
  }
  log.info(
    {
      port: info.port,
      baseUrl: config.BASE_URL,
      build: services.buildId,
      react: developmentBuilds.length > 0 ? 'development' : 'production',
    },
    'Listening',
  );
});

/** SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database. */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'Draining in-flight requests');
  const force = setTimeout(() => {
    log.warn('Drain timed out; closing remaining connections');
    if ('closeAllConnections' in server) server.closeAllConnections();
  }, config.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  await new Promise<void>((done) => {
    server.close(() => done());
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
  await Promise.all(jobs.map((job) => job.stop()));
  await services.close();
  await database.close();
  log.info('Stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
