/**
 * `npm run bot`: the Telegram bot as its own process (core/bot/). Long polling with
 * TELEGRAM_POLLING=true; otherwise it answers the webhook, alone, on PORT. Run the web server with
 * TELEGRAM_IN_SERVER=false beside it, so only this process runs the bot.
 */
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createTelegramBot } from '../core/bot/telegram.ts';
import { loadConfig } from '../core/config.ts';
import { seedDemoData } from '../core/seed.ts';
import { openDatabaseForCommand } from './database.ts';
import { createLogger } from './logger.ts';
import { createServices } from './services.ts';

const config = loadConfig();
const log = createLogger(config);
if (!config.TELEGRAM_BOT_TOKEN) {
  log.fatal('TELEGRAM_BOT_TOKEN is not set: there is no bot to run');
  process.exit(1);
}
const database = await openDatabaseForCommand(config, log);
await database.migrate();
// As the web server does: demo content (the catalogue) into an empty database.
if (config.SEED_DEMO_DATA) await seedDemoData(database.db);
const services = createServices({
  config: { ...config, TELEGRAM_IN_SERVER: false },
  db: database.db,
  log,
  clientDir: join(resolve(import.meta.dirname, '..'), 'build', 'client'),
  poolStats: database.poolStats,
});
const telegram = createTelegramBot(services);
if (!telegram) process.exit(1);
const running = telegram.start();

let server: ReturnType<typeof serve> | null = null;
if (telegram.handleWebhook && telegram.path) {
  const app = new Hono();
  const handle = telegram.handleWebhook;
  app.post(telegram.path, (c) => handle(c.req.raw));
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) =>
    log.info({ port: info.port }, 'Telegram webhook listening'),
  );
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'Stopping the Telegram bot');
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  await running.stop();
  await services.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
