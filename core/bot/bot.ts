import { Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { RateType } from '../exchange/types.ts';
import { type ConversationServices, SwapConversation } from './conversation.ts';

export { languageOf, statusText, swapUrl } from './conversation.ts';
export type { ChatState } from './steps.ts';

export interface SwapBotOptions extends ConversationServices {
  token: string;
  /** The Bot API's root; tests and development point it at a local fake (tests/fakes/telegram-fake.ts). */
  apiRoot?: string;
  /** The bot's own account, known ahead (skips getMe). */
  botInfo?: UserFromGetMe;
}

/**
 * The Telegram bot (grammY): /start, a swap conversation (coins by search, amount, floating or fixed
 * rate, payout address and memo, deposit details), /status, /language, /help, /cancel. Thin: each
 * update goes to the conversation's handler (core/bot/conversation.ts), whose next step the
 * reducer decides (core/bot/steps.ts).
 */
export function createSwapBot(options: SwapBotOptions): Bot {
  const bot = new Bot(options.token, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    ...(options.apiRoot ? { client: { apiRoot: options.apiRoot } } : {}),
  });
  const conversation = new SwapConversation(options);

  bot.command('start', (ctx) => conversation.start(ctx));
  bot.command('swap', (ctx) => conversation.swap(ctx));
  bot.command('cancel', (ctx) => conversation.cancel(ctx));
  bot.command('help', (ctx) => conversation.help(ctx));
  bot.command('language', (ctx) => conversation.languageMenu(ctx));
  bot.command('status', (ctx) => conversation.status(ctx, ctx.match));

  bot.callbackQuery(/^lang:([a-z]{2})$/, (ctx) => conversation.chooseLanguage(ctx, ctx.match[1]));
  bot.callbackQuery(/^pick:([a-z0-9]+):([a-z0-9-]+)$/, (ctx) =>
    conversation.pick(ctx, ctx.match[1] as string, ctx.match[2] as string),
  );
  bot.callbackQuery(/^rate:(float|fixed)$/, (ctx) => conversation.rate(ctx, ctx.match[1] as RateType));
  bot.callbackQuery('memo:none', (ctx) => conversation.skipMemo(ctx));
  bot.callbackQuery('refund:none', (ctx) => conversation.skipRefund(ctx));
  bot.on('message:text', (ctx) => conversation.text(ctx, ctx.message.text));

  bot.catch((error) => {
    options.log.error(
      { err: error.error, update: error.ctx.update.update_id },
      'Telegram bot: an update failed',
    );
  });
  return bot;
}
