import { and, eq, ne } from 'drizzle-orm';
import type { Api } from 'grammy';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { swaps, telegramChats, telegramSwaps } from '../../db/schema.ts';
import type { SwapService } from '../exchange/swaps.ts';
import { FINAL_STATUSES } from '../exchange/types.ts';
import type { Dictionary } from '../i18n/dictionaries.ts';
import { isLang } from '../i18n/languages.ts';
import { type Job, startRepeatingJob } from '../job-backoff.ts';
import { statusText } from './bot.ts';

export interface StatusPushOptions {
  db: Database;
  api: Pick<Api, 'sendMessage'>;
  swaps: SwapService;
  dictionaries: ReadonlyMap<string, Dictionary>;
  baseUrl: string;
  log: Logger;
}

/**
 * Tells each chat of the status changes of the swaps it created since it was last told: one message
 * per change seen. A change is claimed (the row's notified status moved on) before it is sent, so
 * several processes never send it twice.
 */
export async function pushStatusChanges(options: StatusPushOptions, limit = 50): Promise<number> {
  const { db, api, dictionaries, baseUrl, log } = options;
  const due = await db
    .select({
      swapId: telegramSwaps.swapId,
      chatId: telegramSwaps.chatId,
      notified: telegramSwaps.notifiedStatus,
      status: swaps.status,
      lang: telegramChats.lang,
    })
    .from(telegramSwaps)
    .innerJoin(swaps, eq(swaps.id, telegramSwaps.swapId))
    .leftJoin(telegramChats, eq(telegramChats.chatId, telegramSwaps.chatId))
    .where(and(eq(telegramSwaps.watching, true), ne(swaps.status, telegramSwaps.notifiedStatus)))
    .limit(limit);
  let sent = 0;
  for (const row of due) {
    const claimed = await db
      .update(telegramSwaps)
      .set({ notifiedStatus: row.status, watching: !FINAL_STATUSES.has(row.status) })
      .where(and(eq(telegramSwaps.swapId, row.swapId), eq(telegramSwaps.notifiedStatus, row.notified)))
      .returning({ swapId: telegramSwaps.swapId });
    if (claimed.length === 0) continue;
    const swap = await options.swaps.get(row.swapId);
    if (!swap) continue;
    const lang = isLang(row.lang) ? row.lang : 'en';
    try {
      await api.sendMessage(Number(row.chatId), statusText(dictionaries, lang, swap, baseUrl));
      sent++;
    } catch (error) {
      // A chat that blocked the bot or was deleted: nothing more to tell it.
      log.warn({ err: error, swap: row.swapId }, 'Telegram bot: a status message could not be sent');
    }
  }
  return sent;
}

/** Runs pushStatusChanges every `intervalMs`, backing off while it fails. */
export function startStatusPushJob(options: StatusPushOptions & { intervalMs: number }): Job {
  return startRepeatingJob({
    job: 'telegram-status',
    intervalMs: options.intervalMs,
    log: options.log,
    runAtStart: false,
    run: async (stopped) => {
      // A full batch means more changes wait: keep going without waiting.
      while (!stopped() && (await pushStatusChanges(options)) === 50) {}
    },
  });
}
