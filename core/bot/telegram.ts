import { type Bot, webhookCallback } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Config } from '../config.ts';
import { ConfigError } from '../config.ts';
import type { Services } from '../services.ts';
import { createSwapBot } from './bot.ts';
import { startStatusPushJob } from './status-push.ts';

/** The path the webhook answers on. */
export function webhookPath(pathSecret: string): string {
  return `/telegram/${pathSecret}`;
}

export interface TelegramBot {
  bot: Bot;
  mode: 'webhook' | 'polling';
  /** Webhook mode: handles Telegram's POST (401 without the right secret-token header). */
  handleWebhook: ((request: Request) => Promise<Response>) | null;
  /** The webhook's path (`/telegram/{secret}`), in webhook mode. */
  path: string | null;
  /**
   * Starts the bot's work in this process: registers the webhook with Telegram (or starts long
   * polling) and the status pushes. Stop it on shutdown.
   */
  start(): { stop(): Promise<void> };
}

type BotServices = Pick<
  Services,
  'config' | 'db' | 'log' | 'catalogue' | 'quotes' | 'swaps' | 'dictionaries' | 'rateLimiter'
>;

/**
 * The configured Telegram bot, or null without TELEGRAM_BOT_TOKEN. Webhook mode needs
 * TELEGRAM_WEBHOOK_PATH_SECRET and TELEGRAM_WEBHOOK_SECRET; TELEGRAM_POLLING=true needs neither.
 */
export function createTelegramBot(services: BotServices, botInfo?: UserFromGetMe): TelegramBot | null {
  const { config } = services;
  if (!config.TELEGRAM_BOT_TOKEN) return null;
  const mode = config.TELEGRAM_POLLING ? 'polling' : 'webhook';
  if (mode === 'webhook' && (!config.TELEGRAM_WEBHOOK_PATH_SECRET || !config.TELEGRAM_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'TELEGRAM_BOT_TOKEN is set: set TELEGRAM_WEBHOOK_PATH_SECRET and TELEGRAM_WEBHOOK_SECRET for the webhook, or TELEGRAM_POLLING=true',
    );
  }
  const log = services.log.child({ component: 'telegram' });
  const bot = createSwapBot({
    token: config.TELEGRAM_BOT_TOKEN,
    apiRoot: config.TELEGRAM_API_ROOT,
    ...(botInfo ? { botInfo } : {}),
    db: services.db,
    log,
    catalogue: services.catalogue,
    quotes: services.quotes,
    swaps: services.swaps,
    dictionaries: services.dictionaries,
    baseUrl: config.BASE_URL,
    rateLimit: {
      limiter: services.rateLimiter,
      readsPerMinute: config.RATE_LIMIT_READS_PER_MINUTE,
      writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE,
    },
  });
  const path = mode === 'webhook' ? webhookPath(config.TELEGRAM_WEBHOOK_PATH_SECRET as string) : null;
  const handleWebhook =
    mode === 'webhook'
      ? webhookCallback(bot, 'std/http', {
          secretToken: config.TELEGRAM_WEBHOOK_SECRET as string,
          // Telegram waits for the answer; a slow provider must not make it resend the update.
          onTimeout: 'return',
          timeoutMilliseconds: 20_000,
        })
      : null;

  return {
    bot,
    mode,
    path,
    handleWebhook,
    start() {
      const push = startStatusPushJob({
        db: services.db,
        api: bot.api,
        swaps: services.swaps,
        dictionaries: services.dictionaries,
        baseUrl: config.BASE_URL,
        log,
        intervalMs: config.TELEGRAM_PUSH_INTERVAL_MS,
      });
      let polling: Promise<void> = Promise.resolve();
      if (mode === 'webhook') {
        bot.api
          .setWebhook(`${config.BASE_URL}${path}`, {
            secret_token: config.TELEGRAM_WEBHOOK_SECRET as string,
            allowed_updates: ['message', 'callback_query'],
          })
          .then(
            () => log.info('Telegram webhook registered'),
            (error: unknown) => log.error({ err: error }, 'Telegram webhook could not be registered'),
          );
      } else {
        // bot.start() drops the webhook first, then long-polls until stopped.
        polling = bot
          .start({
            allowed_updates: ['message', 'callback_query'],
            onStart: () => log.info('Telegram long polling'),
          })
          .catch((error: unknown) => log.error({ err: error }, 'Telegram long polling stopped'));
      }
      return {
        async stop() {
          if (mode === 'polling' && bot.isRunning()) await bot.stop();
          await polling;
          await push.stop();
        },
      };
    },
  };
}

/** Whether this process runs the bot: a token, and the server only unless TELEGRAM_IN_SERVER=false. */
export function botRunsHere(config: Config, process: 'server' | 'bot'): boolean {
  return Boolean(config.TELEGRAM_BOT_TOKEN) && (process === 'bot' || config.TELEGRAM_IN_SERVER);
}
