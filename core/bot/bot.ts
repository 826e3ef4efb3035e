import { eq } from 'drizzle-orm';
import { Bot, type Context, InlineKeyboard } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { telegramChats, telegramSwaps } from '../../db/schema.ts';
import { validateAddress, validateMemo } from '../address/validate.ts';
import type { Catalogue, CatalogueAsset } from '../catalogue/catalogue.ts';
import { QuoteError, type QuoteService } from '../exchange/quotes.ts';
import { SwapError, type SwapService, type SwapView } from '../exchange/swaps.ts';
import { DECIMAL_PATTERN, type RateType, SWAP_ID_PATTERN } from '../exchange/types.ts';
import type { Dictionary } from '../i18n/dictionaries.ts';
import { formatAmount, formatDateTime } from '../i18n/format.ts';
import { DEFAULT_LANG, LANGUAGE_INFO, LANGUAGES, type Lang, pickLanguage } from '../i18n/languages.ts';
import { translate } from '../i18n/translate.ts';
import type { RateLimiter } from '../rate-limit.ts';
import { localizePath } from '../routing/paths.ts';

/** A coin on one network, as the conversation keeps it. */
interface ChosenAsset {
  coin: string;
  network: string;
}

/** Where a chat's swap conversation stands (stored in telegram_chats.state). */
export type ChatState =
  | { step: 'idle' }
  | { step: 'from' }
  | { step: 'to'; from: ChosenAsset }
  | { step: 'amount'; from: ChosenAsset; to: ChosenAsset }
  | { step: 'rate'; from: ChosenAsset; to: ChosenAsset; amount: string; fixedQuoteId?: string }
  | {
      step: 'address';
      from: ChosenAsset;
      to: ChosenAsset;
      amount: string;
      rateType: RateType;
      quoteId?: string;
    }
  | {
      step: 'memo';
      from: ChosenAsset;
      to: ChosenAsset;
      amount: string;
      rateType: RateType;
      quoteId?: string;
      address: string;
    }
  | {
      step: 'refund';
      from: ChosenAsset;
      to: ChosenAsset;
      amount: string;
      rateType: RateType;
      quoteId?: string;
      address: string;
      memo?: string;
    };

export interface SwapBotOptions {
  token: string;
  /** The Bot API's root; tests and development point it at core/bot/telegram-fake.ts. */
  apiRoot?: string;
  /** The bot's own account, known ahead (skips getMe). */
  botInfo?: UserFromGetMe;
  db: Database;
  log: Logger;
  catalogue: Catalogue;
  quotes: QuoteService;
  swaps: SwapService;
  dictionaries: ReadonlyMap<string, Dictionary>;
  /** The site's address, for the swap page links. */
  baseUrl: string;
  /** Quotes and swap creations per chat and minute, as the API limits reads and writes per client. */
  rateLimit?: { limiter: RateLimiter; readsPerMinute: number; writesPerMinute: number };
}

/** Most coin buttons a search answers with. */
const MAX_CHOICES = 8;

/** The language of a Telegram user's `language_code` (`pt-br` → pt), English when it is none of ours. */
export function languageOf(code: string | undefined): Lang {
  return (code && pickLanguage([code])) || DEFAULT_LANG;
}

/**
 * The Telegram bot (grammY): /start, a swap conversation (coins by search, amount, floating or fixed
 * rate, payout address and memo, deposit details), /status, /language, /help, /cancel. A chat's
 * language and conversation live in the database, so webhook requests may land on any node.
 */
export function createSwapBot(options: SwapBotOptions): Bot {
  const { db, log, catalogue, quotes, swaps, dictionaries } = options;
  const bot = new Bot(options.token, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    ...(options.apiRoot ? { client: { apiRoot: options.apiRoot } } : {}),
  });

  async function chat(ctx: Context): Promise<{ id: string; lang: Lang; state: ChatState }> {
    const id = String(ctx.chat?.id ?? ctx.from?.id);
    const [row] = await db.select().from(telegramChats).where(eq(telegramChats.chatId, id));
    if (row)
      return { id, lang: row.lang as Lang, state: (row.state as ChatState | null) ?? { step: 'idle' } };
    const lang = languageOf(ctx.from?.language_code);
    await db
      .insert(telegramChats)
      .values({ chatId: id, lang, state: { step: 'idle' } })
      .onConflictDoNothing();
    return { id, lang, state: { step: 'idle' } };
  }
  async function save(id: string, changes: { lang?: Lang; state?: ChatState }) {
    await db
      .update(telegramChats)
      .set({ ...changes, ...(changes.state ? { state: changes.state } : {}), updatedAt: new Date() })
      .where(eq(telegramChats.chatId, id));
  }
  const t = (lang: Lang, key: string, values?: Record<string, string | number>) =>
    translate(dictionaries, lang, `bot.${key}`, values);
  const amount = (value: string, lang: Lang) => formatAmount(value, lang);
  const label = async (pick: ChosenAsset) => {
    const asset = await catalogue.asset(pick.coin, pick.network);
    return asset ? assetLabel(asset) : pick.coin.toUpperCase();
  };

  /** Counts a quote (read) or a swap creation (write) of the chat; false, with a message, past the limit. */
  async function allowed(ctx: Context, id: string, lang: Lang, kind: 'read' | 'write'): Promise<boolean> {
    const limit = options.rateLimit;
    if (!limit) return true;
    const perMinute = kind === 'read' ? limit.readsPerMinute : limit.writesPerMinute;
    const verdict = await limit.limiter.hit(`telegram:${kind}:${id}`, perMinute, 60_000);
    if (!verdict.allowed) await ctx.reply(t(lang, 'slowDown'));
    return verdict.allowed;
  }

  async function askFrom(ctx: Context, id: string, lang: Lang) {
    await save(id, { state: { step: 'from' } });
    await ctx.reply(t(lang, 'askFrom'));
  }

  /** The assets a typed code or name may mean: an exact code first, then names and codes containing it. */
  async function search(query: string): Promise<CatalogueAsset[]> {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    const coins = await catalogue.coins();
    const exact = coins.find((coin) => coin.code === q || coin.name.toLowerCase() === q);
    if (exact) return exact.assets;
    return coins
      .filter((coin) => coin.code.includes(q) || coin.name.toLowerCase().includes(q))
      .sort((a, b) => a.rank - b.rank)
      .flatMap((coin) => coin.assets)
      .slice(0, MAX_CHOICES);
  }

  async function picked(ctx: Context, id: string, lang: Lang, state: ChatState, pick: ChosenAsset) {
    if (state.step === 'from') {
      await save(id, { state: { step: 'to', from: pick } });
      await ctx.reply(t(lang, 'askTo', { from: await label(pick) }));
    } else if (state.step === 'to') {
      if (pick.coin === state.from.coin && pick.network === state.from.network) {
        await ctx.reply(t(lang, 'sameCoin'));
        return;
      }
      await save(id, { state: { step: 'amount', from: state.from, to: pick } });
      const info = await quotes
        .pairInfo(state.from.coin, state.from.network, pick.coin, pick.network)
        .catch(() => null);
      const from = await label(state.from);
      await ctx.reply(
        info?.min
          ? t(lang, 'askAmountMin', { from, to: await label(pick), min: amount(info.min, lang) })
          : t(lang, 'askAmount', { from, to: await label(pick), coin: state.from.coin.toUpperCase() }),
      );
    }
  }

  /** A quote or swap refusal in the chat's language (the API's error texts). */
  async function refusal(lang: Lang, error: unknown, to?: ChosenAsset, from?: ChosenAsset): Promise<string> {
    if (error instanceof QuoteError || error instanceof SwapError) {
      const toAsset = to ? await catalogue.asset(to.coin, to.network) : null;
      return translate(dictionaries, lang, `apiErrors.${error.code}`, {
        min: error instanceof QuoteError && error.details ? amount(error.details.min, lang) : '',
        max: error instanceof QuoteError && error.details ? amount(error.details.max, lang) : '',
        coin: from?.coin.toUpperCase() ?? '',
        network: toAsset?.network.name ?? '',
        memo: toAsset?.network.memo?.name ?? 'memo',
        field: error instanceof QuoteError ? (error.field ?? '') : '',
      });
    }
    log.error({ err: error }, 'Telegram bot: quote or swap failed');
    return t(lang, 'failed');
  }

  async function createSwap(
    ctx: Context,
    id: string,
    lang: Lang,
    state: Extract<ChatState, { step: 'refund' }>,
    refundAddress?: string,
  ) {
    if (!(await allowed(ctx, id, lang, 'write'))) return;
    let swap: SwapView;
    try {
      ({ swap } = await swaps.create({
        from: state.from.coin,
        fromNetwork: state.from.network,
        to: state.to.coin,
        toNetwork: state.to.network,
        amount: state.amount,
        rateType: state.rateType,
        ...(state.quoteId ? { quoteId: state.quoteId } : {}),
        payoutAddress: state.address,
        ...(state.memo ? { payoutMemo: state.memo } : {}),
        ...(refundAddress ? { refundAddress } : {}),
      }));
    } catch (error) {
      await ctx.reply(await refusal(lang, error, state.to, state.from));
      // An expired fixed rate or a provider failure: the conversation starts over from the amount.
      if (
        error instanceof QuoteError ||
        (error instanceof SwapError &&
          !error.field?.startsWith('payout') &&
          !error.field?.startsWith('refund'))
      ) {
        await save(id, { state: { step: 'amount', from: state.from, to: state.to } });
        await ctx.reply(t(lang, 'askAmountAgain'));
      } else if (error instanceof SwapError && error.field?.startsWith('payout')) {
        // The payout address or memo was refused: ask for them again (a refused refund address
        // leaves the conversation at the refund question).
        const { address: _address, memo: _memo, ...rest } = state;
        await save(id, { state: { ...rest, step: 'address' } });
      }
      return;
    }
    await db
      .insert(telegramSwaps)
      .values({ swapId: swap.id, chatId: id, notifiedStatus: swap.status })
      .onConflictDoNothing();
    await save(id, { state: { step: 'idle' } });
    await ctx.reply(await depositDetails(swap, lang));
  }

  /** The last question before the swap: where a refund goes (optional; a button skips it). */
  async function askRefund(
    ctx: Context,
    id: string,
    lang: Lang,
    state: Extract<ChatState, { step: 'address' | 'memo' }>,
    address: string,
    memo?: string,
  ) {
    await save(id, { state: { ...state, step: 'refund', address, ...(memo ? { memo } : {}) } });
    const from = await catalogue.asset(state.from.coin, state.from.network);
    await ctx.reply(
      t(lang, 'askRefund', {
        coin: state.from.coin.toUpperCase(),
        network: from?.network.name ?? state.from.network,
      }),
      { reply_markup: new InlineKeyboard().text(t(lang, 'skipRefund'), 'refund:none') },
    );
  }

  async function depositDetails(swap: SwapView, lang: Lang): Promise<string> {
    const fromAsset = await catalogue.asset(swap.from, swap.fromNetwork);
    const toAsset = await catalogue.asset(swap.to, swap.toNetwork);
    const lines = [
      t(lang, 'created', { id: swap.id }),
      '',
      // The exact amount as a wallet takes it (no rounding, no grouping, a decimal point).
      t(lang, 'send', {
        amount: swap.amountFrom,
        coin: swap.from.toUpperCase(),
        network: fromAsset?.network.name ?? swap.fromNetwork,
      }),
      swap.depositAddress,
    ];
    if (swap.depositMemo) {
      lines.push(
        '',
        t(lang, 'depositMemo', { memo: fromAsset?.network.memo?.name ?? 'memo' }),
        swap.depositMemo,
      );
    }
    lines.push(
      '',
      t(lang, swap.rateType === 'fixed' ? 'receiveFixed' : 'receiveFloat', {
        amount: amount(swap.amountTo, lang),
        coin: swap.to.toUpperCase(),
        network: toAsset?.network.name ?? swap.toNetwork,
      }),
      t(lang, 'payout', { address: swap.payoutAddress }),
      ...(swap.refundAddress ? [t(lang, 'refund', { address: swap.refundAddress })] : []),
      t(lang, 'deadline', { time: formatDateTime(swap.expiresAt, lang) }),
      '',
      t(lang, 'pushNote'),
      swapUrl(options.baseUrl, lang, swap.id),
    );
    return lines.join('\n');
  }

  bot.command('start', async (ctx) => {
    const { id, lang } = await chat(ctx);
    await ctx.reply(t(lang, 'welcome'));
    await askFrom(ctx, id, lang);
  });
  bot.command('swap', async (ctx) => {
    const { id, lang } = await chat(ctx);
    await askFrom(ctx, id, lang);
  });
  bot.command('cancel', async (ctx) => {
    const { id, lang } = await chat(ctx);
    await save(id, { state: { step: 'idle' } });
    await ctx.reply(t(lang, 'cancelled'));
  });
  bot.command('help', async (ctx) => {
    const { lang } = await chat(ctx);
    await ctx.reply(t(lang, 'help'));
  });
  bot.command('language', async (ctx) => {
    const { lang } = await chat(ctx);
    const keyboard = new InlineKeyboard();
    LANGUAGES.forEach((code, index) => {
      keyboard.text(LANGUAGE_INFO[code].alias, `lang:${code}`);
      if (index % 2 === 1) keyboard.row();
    });
    await ctx.reply(t(lang, 'chooseLanguage'), { reply_markup: keyboard });
  });
  bot.command('status', async (ctx) => {
    const { lang } = await chat(ctx);
    const swapId = ctx.match.trim().toLowerCase();
    if (!swapId) {
      await ctx.reply(t(lang, 'statusUsage'));
      return;
    }
    const swap = SWAP_ID_PATTERN.test(swapId) ? await swaps.get(swapId) : null;
    if (!swap) {
      await ctx.reply(t(lang, 'statusUnknown', { id: swapId.slice(0, 40) }));
      return;
    }
    await ctx.reply(statusText(dictionaries, lang, swap, options.baseUrl));
  });

  bot.callbackQuery(/^lang:([a-z]{2})$/, async (ctx) => {
    const { id } = await chat(ctx);
    const chosen = languageOf(ctx.match[1]);
    await save(id, { lang: chosen });
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(t(chosen, 'languageSet', { language: LANGUAGE_INFO[chosen].alias }));
  });
  bot.callbackQuery(/^pick:([a-z0-9]+):([a-z0-9-]+)$/, async (ctx) => {
    const { id, lang, state } = await chat(ctx);
    await ctx.answerCallbackQuery();
    const asset = await catalogue.asset(ctx.match[1] as string, ctx.match[2] as string);
    if (!asset || (state.step !== 'from' && state.step !== 'to')) return;
    await picked(ctx, id, lang, state, { coin: asset.coin, network: asset.network.id });
  });
  bot.callbackQuery(/^rate:(float|fixed)$/, async (ctx) => {
    const { id, lang, state } = await chat(ctx);
    await ctx.answerCallbackQuery();
    if (state.step !== 'rate') return;
    const rateType = ctx.match[1] as RateType;
    if (rateType === 'fixed' && !state.fixedQuoteId) return;
    await save(id, {
      state: {
        step: 'address',
        from: state.from,
        to: state.to,
        amount: state.amount,
        rateType,
        ...(rateType === 'fixed' && state.fixedQuoteId ? { quoteId: state.fixedQuoteId } : {}),
      },
    });
    const to = await catalogue.asset(state.to.coin, state.to.network);
    await ctx.reply(
      t(lang, 'askAddress', {
        coin: state.to.coin.toUpperCase(),
        network: to?.network.name ?? state.to.network,
      }),
    );
  });
  bot.callbackQuery('memo:none', async (ctx) => {
    const { id, lang, state } = await chat(ctx);
    await ctx.answerCallbackQuery();
    if (state.step !== 'memo') return;
    await askRefund(ctx, id, lang, state, state.address);
  });
  bot.callbackQuery('refund:none', async (ctx) => {
    const { id, lang, state } = await chat(ctx);
    await ctx.answerCallbackQuery();
    if (state.step !== 'refund') return;
    await createSwap(ctx, id, lang, state);
  });

  bot.on('message:text', async (ctx) => {
    const { id, lang, state } = await chat(ctx);
    const text = ctx.message.text.trim();
    if (text.startsWith('/')) {
      await ctx.reply(t(lang, 'unknownCommand'));
      return;
    }
    switch (state.step) {
      case 'idle':
      case 'rate':
        await ctx.reply(t(lang, state.step === 'rate' ? 'pickRate' : 'idle'));
        return;
      case 'from':
      case 'to': {
        const found = await search(text);
        if (found.length === 0) {
          await ctx.reply(t(lang, 'noCoin', { query: text.slice(0, 40) }));
          return;
        }
        if (found.length === 1) {
          const only = found[0] as CatalogueAsset;
          await picked(ctx, id, lang, state, { coin: only.coin, network: only.network.id });
          return;
        }
        const keyboard = new InlineKeyboard();
        for (const asset of found)
          keyboard.text(assetLabel(asset), `pick:${asset.coin}:${asset.network.id}`).row();
        // One coin on several networks: the question is which network.
        const coins = new Set(found.map((asset) => asset.coin));
        const question =
          coins.size === 1
            ? t(lang, 'pickNetwork', { coin: (found[0] as CatalogueAsset).coin.toUpperCase() })
            : t(lang, 'pickCoin');
        await ctx.reply(question, { reply_markup: keyboard });
        return;
      }
      case 'amount': {
        const value = text.replace(',', '.').replace(/\s/g, '');
        if (!DECIMAL_PATTERN.test(value) || Number(value) <= 0) {
          await ctx.reply(translate(dictionaries, lang, 'apiErrors.invalid_amount'));
          return;
        }
        if (!(await allowed(ctx, id, lang, 'read'))) return;
        const pair = {
          from: state.from.coin,
          fromNetwork: state.from.network,
          to: state.to.coin,
          toNetwork: state.to.network,
        };
        let float: Awaited<ReturnType<QuoteService['quote']>>;
        try {
          float = await quotes.quote({ ...pair, amount: value, rateType: 'float' });
        } catch (error) {
          await ctx.reply(await refusal(lang, error, state.to, state.from));
          return;
        }
        const fixed = await quotes.quote({ ...pair, amount: value, rateType: 'fixed' }).catch(() => null);
        const to = state.to.coin.toUpperCase();
        const keyboard = new InlineKeyboard().text(
          t(lang, 'floatButton', { amount: amount(float.amountTo, lang), coin: to }),
          'rate:float',
        );
        if (fixed?.quoteId) {
          keyboard
            .row()
            .text(t(lang, 'fixedButton', { amount: amount(fixed.amountTo, lang), coin: to }), 'rate:fixed');
        }
        await save(id, {
          state: {
            step: 'rate',
            from: state.from,
            to: state.to,
            amount: value,
            ...(fixed?.quoteId ? { fixedQuoteId: fixed.quoteId } : {}),
          },
        });
        await ctx.reply(
          [
            t(lang, 'quote', {
              amount: amount(value, lang),
              from: state.from.coin.toUpperCase(),
              to: to,
              receive: amount(float.amountTo, lang),
            }),
            fixed?.quoteId ? t(lang, 'rateChoice') : t(lang, 'floatOnly'),
          ].join('\n'),
          { reply_markup: keyboard },
        );
        return;
      }
      case 'address': {
        const to = await catalogue.asset(state.to.coin, state.to.network);
        if (!to) return;
        if (!validateAddress(to.network.id, text).valid) {
          await ctx.reply(t(lang, 'badAddress', { network: to.network.name }));
          return;
        }
        if (to.network.memo) {
          await save(id, { state: { ...state, step: 'memo', address: text } });
          const memo = to.network.memo.name;
          if (to.network.memo.required) {
            await ctx.reply(t(lang, 'askMemoRequired', { memo }));
          } else {
            await ctx.reply(t(lang, 'askMemo', { memo }), {
              reply_markup: new InlineKeyboard().text(t(lang, 'noMemo', { memo }), 'memo:none'),
            });
          }
          return;
        }
        await askRefund(ctx, id, lang, state, text);
        return;
      }
      case 'memo': {
        const to = await catalogue.asset(state.to.coin, state.to.network);
        if (!to) return;
        if (!validateMemo(to.network.id, text).valid) {
          await ctx.reply(t(lang, 'badMemo', { memo: to.network.memo?.name ?? 'memo' }));
          return;
        }
        await askRefund(ctx, id, lang, state, state.address, text);
        return;
      }
      case 'refund': {
        const from = await catalogue.asset(state.from.coin, state.from.network);
        if (!from) return;
        if (!validateAddress(from.network.id, text).valid) {
          await ctx.reply(t(lang, 'badRefund', { network: from.network.name }), {
            reply_markup: new InlineKeyboard().text(t(lang, 'skipRefund'), 'refund:none'),
          });
          return;
        }
        await createSwap(ctx, id, lang, state, text);
        return;
      }
    }
  });

  bot.catch((error) => {
    log.error({ err: error.error, update: error.ctx.update.update_id }, 'Telegram bot: an update failed');
  });
  return bot;
}

function assetLabel(asset: CatalogueAsset): string {
  return `${asset.coin.toUpperCase()} · ${asset.network.name}`;
}

/** The swap's page on the site, in the chat's language. */
export function swapUrl(baseUrl: string, lang: Lang, id: string): string {
  return `${baseUrl}${localizePath(lang, `/swap/${id}`)}`;
}

/** A swap's status as the chat reads it: label, description and the swap page. */
export function statusText(
  dictionaries: ReadonlyMap<string, Dictionary>,
  lang: Lang,
  swap: SwapView,
  baseUrl: string,
): string {
  const values = {
    amount: formatAmount(swap.amountFrom, lang),
    coin: swap.from.toUpperCase(),
    toCoin: swap.to.toUpperCase(),
  };
  return [
    translate(dictionaries, lang, 'bot.statusOf', {
      id: swap.id,
      from: swap.from.toUpperCase(),
      to: swap.to.toUpperCase(),
    }),
    translate(dictionaries, lang, `swapStatus.statuses.${swap.status}.label`),
    translate(dictionaries, lang, `swapStatus.statuses.${swap.status}.description`, values),
    swapUrl(baseUrl, lang, swap.id),
  ].join('\n');
}
