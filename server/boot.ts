import type { createServer as createHttpServer, RequestListener, Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import type { Logger } from 'pino';
import { syncBlog } from '../core/blog/sync.ts';
import type { Config } from '../core/config.ts';
import { startSandboxBridgeJob } from '../core/crosschain/sandbox-bridge-job.ts';
import { CHART_BACKFILL_TIERS } from '../core/directory/directory.ts';
import { startSwapJob } from '../core/exchange/swap-job.ts';
import { startFiatOrderJob } from '../core/fiat/job.ts';
import { startOutboxJob } from '../core/mail/outbox-job.ts';
import { startPriceJob } from '../core/market/price-job.ts';
import { startApiKeyUsageJob, WEBHOOK_INTERVAL_MS } from '../core/partners/usage-job.ts';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { type AppOptions, createApp } from './app.ts';
import { clusterListenOptions, reportListening, workerNumber } from './cluster.ts';
import { controlCommands } from './control-commands.ts';
import { startControlSocket } from './control-socket.ts';
import { nodeRefreshers, startDataVersionSync } from './data-version-sync.ts';
import { openConfiguredDatabase } from './database.ts';
import { loadedDevelopmentBuilds } from './runtime-mode.ts';
import { createServices } from './services.ts';

export interface BootOptions {
  config: Config;
  log: Logger;
  build: AppOptions['build'];
  /** Folder of the client files served as they are. */
  clientDir: string;
  /** The HTTP server to answer on, given the app's request listener (the dev server's, shared with Vite). */
  createServer?: (listener: RequestListener) => Server;
  /**
   * Whether this process runs the node's jobs, the Telegram bot and the sandbox chains, and writes
   * the demo seed and the blog at start (default). Under WEB_CONCURRENCY only worker 1 does
   * (server/cluster.ts); the other workers only serve, reading what it writes.
   */
  runJobs?: boolean;
  /** The database, when opened already (server/main.ts opens it before loading the app). */
  database?: DatabaseHandle;
}

/**
 * Everything a server process runs, for `npm start` (server/main.ts) and `npm run dev`
 * (server/dev.ts): database and migrations, demo content, the blog, the services and jobs, the HTTP
 * listener, and a graceful stop on SIGTERM/SIGINT.
 */
export async function startServer({
  config,
  log,
  build,
  clientDir,
  createServer,
  runJobs = true,
  database: opened,
}: BootOptions): Promise<void> {
  const database = opened ?? (await openConfiguredDatabase(config, log));
  log.info({ database: database.kind }, 'Applying migrations');
  await database.migrate();
  if (runJobs && config.SEED_DEMO_DATA) {
    const seeded = await seedDemoData(database.db);
    if (seeded.length > 0) log.info({ tables: seeded }, 'Seeded demo data into an empty database');
  }
  // The blog's articles, authors and tags ship with the release (content/blog/): new and changed
  // files are written, the rest left as they are.
  if (runJobs) {
    const blogChanges = await syncBlog(database.db);
    if (blogChanges.articles.length + blogChanges.authors.length + blogChanges.tags.length > 0) {
      log.info(blogChanges, 'Synchronised the blog with content/blog');
    }
  }

  const services = createServices({
    config,
    db: database.db,
    log,
    clientDir,
    poolStats: database.poolStats,
    nodeMetrics: true,
  });
  // Under WEB_CONCURRENCY a scrape of /metrics answers for the worker that took it: say which.
  const worker = workerNumber();
  if (worker !== null) services.metrics.registry.setDefaultLabels({ worker: String(worker) });
  const app = createApp({ services, build, clientDir });
  // With several nodes on one PostgreSQL, a change on one reaches every node's HTML cache at once.
  const versionSync = startDataVersionSync({
    databaseUrl: config.DATABASE_URL,
    db: database.db,
    versions: services.dataVersions,
    refresh: nodeRefreshers(services),
    log,
  });
  // Each worker counts its own API key requests in memory and writes them once a minute.
  const nodeJobs = runJobs ? startJobs() : [];
  if (runJobs) log.info({ jobs: nodeJobs.length }, 'Running the jobs of this node');
  const jobs = [...nodeJobs, startApiKeyUsageJob(services.apiKeyUsage, log)];

  function startJobs() {
    return [
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
      startFiatOrderJob({ orders: services.fiatOrders, intervalMs: config.FIAT_POLL_INTERVAL_MS, log }),
      startOutboxJob({ outbox: services.mail, intervalMs: config.MAIL_OUTBOX_INTERVAL_MS, log }),
      startOutboxJob({
        outbox: services.webhooks,
        intervalMs: WEBHOOK_INTERVAL_MS,
        log: log.child({ component: 'partner-webhooks' }),
        job: 'partner-webhooks',
      }),
      // `npm run operator` and the other commands act through the running server (server/control-socket.ts).
      startControlSocket({ dataDir: config.DATA_DIR, handlers: controlCommands(services), log }),
      ...(services.telegram ? [services.telegram.start()] : []),
      // The sandbox bridge's relayer between the sandbox chains (it waits for them to be deployed).
      ...(services.dex.sandboxChains.size >= 2
        ? [
            startSandboxBridgeJob({
              chains: services.dex.sandboxChains,
              intervalMs: config.SANDBOX_BRIDGE_INTERVAL_MS,
              log: log.child({ component: 'sandbox-bridge' }),
            }),
          ]
        : []),
    ];
  }

  const server = createAdaptorServer({
    fetch: app.fetch,
    ...(createServer
      ? {
          createServer: ((_: object, listener: RequestListener) =>
            createServer(listener)) as typeof createHttpServer,
        }
      : {}),
  });
  server.listen({ port: config.PORT, host: config.HOST, ...clusterListenOptions() }, () => {
    const info = server.address() as { port: number };
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
        pid: process.pid,
        baseUrl: config.BASE_URL,
        build: services.buildId,
        react: developmentBuilds.length > 0 ? 'development' : 'production',
      },
      'Listening',
    );
    reportListening();
    // The sandbox chains are planned after the server listens; each starts on its first use.
    if (runJobs) void services.sandboxChains?.start();
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
    // The chains first: the relayer job's run may be waiting for their deployment.
    await services.sandboxChains?.close();
    await Promise.all(jobs.map((job) => job.stop()));
    await versionSync.close();
    await services.close();
    await database.close();
    log.info('Stopped');
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
