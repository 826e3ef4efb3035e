import { eq } from 'drizzle-orm';
import { type Context, InlineKeyboard } from 'grammy';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { telegramChats, telegramSwaps } from '../../db/schema.ts';
import { validateAddress, validateMemo } from '../address/validate.ts';
import type { Catalogue, CatalogueAsset } from '../catalogue/catalogue.ts';
import { QuoteError, type QuoteService } from '../exchange/quotes.ts';
import { SwapError, type SwapService, type SwapView } from '../exchange/swaps.ts';
import { type RateType, SWAP_ID_PATTERN } from '../exchange/types.ts';
import type { Dictionary } from '../i18n/dictionaries.ts';
import { formatAmount, formatDateTime } from '../i18n/format.ts';
import { DEFAULT_LANG, LANGUAGE_INFO, LANGUAGES, type Lang, pickLanguage } from '../i18n/languages.ts';
import { translate } from '../i18n/translate.ts';
import type { RateLimiter } from '../rate-limit.ts';
import { localizePath } from '../routing/paths.ts';
import {
  afterRefusal,
  type ChatState,
  type ChosenAsset,
  chooseRate,
  IDLE,
  parseAmount,
  pickAsset,
  quoted,
  type StepOf,
  startSwap,
  withMemo,
  withPayoutAddress,
} from './steps.ts';

/** What the conversation needs of the site: the same services its pages and the API use. */
export interface ConversationServices {
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

/** One chat as a handler sees it: its id, language and step, and a reply in its language. */
interface Chat {
  id: string;
  lang: Lang;
  state: ChatState;
}

/** Most coin buttons a search answers with. */
const MAX_CHOICES = 8;

/** The language of a Telegram user's `language_code` (`pt-br` → pt), English when it is none of ours. */
export function languageOf(code: string | undefined): Lang {
  return (code && pickLanguage([code])) || DEFAULT_LANG;
}

/**
 * The swap conversation's handlers: each reads the chat, asks the reducer (core/bot/steps.ts) for the
 * next step, stores it and replies. A chat's language and step live in the database, so webhook
 * requests may land on any node.
 */
export class SwapConversation {
  readonly #s: ConversationServices;

  constructor(services: ConversationServices) {
    this.#s = services;
  }

  // Commands.

  async start(ctx: Context): Promise<void> {
    const chat = await this.#chat(ctx);
    await ctx.reply(this.#t(chat.lang, 'welcome'));
    await this.#askFrom(ctx, chat);
  }

  async swap(ctx: Context): Promise<void> {
    await this.#askFrom(ctx, await this.#chat(ctx));
  }

  async cancel(ctx: Context): Promise<void> {
    const { id, lang } = await this.#chat(ctx);
    await this.#save(id, { state: IDLE });
    await ctx.reply(this.#t(lang, 'cancelled'));
  }

  async help(ctx: Context): Promise<void> {
    const { lang } = await this.#chat(ctx);
    await ctx.reply(this.#t(lang, 'help'));
  }

  async languageMenu(ctx: Context): Promise<void> {
    const { lang } = await this.#chat(ctx);
    const keyboard = new InlineKeyboard();
    LANGUAGES.forEach((code, index) => {
      keyboard.text(LANGUAGE_INFO[code].alias, `lang:${code}`);
      if (index % 2 === 1) keyboard.row();
    });
    await ctx.reply(this.#t(lang, 'chooseLanguage'), { reply_markup: keyboard });
  }

  async status(ctx: Context, argument: string): Promise<void> {
    const { lang } = await this.#chat(ctx);
    const swapId = argument.trim().toLowerCase();
    if (!swapId) {
      await ctx.reply(this.#t(lang, 'statusUsage'));
      return;
    }
    const swap = SWAP_ID_PATTERN.test(swapId) ? await this.#s.swaps.get(swapId) : null;
    if (!swap) {
      await ctx.reply(this.#t(lang, 'statusUnknown', { id: swapId.slice(0, 40) }));
      return;
    }
    await ctx.reply(statusText(this.#s.dictionaries, lang, swap, this.#s.baseUrl));
  }

  // Buttons.

  async chooseLanguage(ctx: Context, code: string | undefined): Promise<void> {
    const { id } = await this.#chat(ctx);
    const chosen = languageOf(code);
    await this.#save(id, { lang: chosen });
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(this.#t(chosen, 'languageSet', { language: LANGUAGE_INFO[chosen].alias }));
  }

  async pick(ctx: Context, coin: string, network: string): Promise<void> {
    const chat = await this.#chat(ctx);
    await ctx.answerCallbackQuery();
    const asset = await this.#s.catalogue.asset(coin, network);
    if (!asset || (chat.state.step !== 'from' && chat.state.step !== 'to')) return;
    await this.#picked(ctx, chat, chat.state, { coin: asset.coin, network: asset.network.id });
  }

  async rate(ctx: Context, rateType: RateType): Promise<void> {
    const { id, lang, state } = await this.#chat(ctx);
    await ctx.answerCallbackQuery();
    if (state.step !== 'rate') return;
    const next = chooseRate(state, rateType);
    if (!next) return;
    await this.#save(id, { state: next });
    const to = await this.#s.catalogue.asset(state.to.coin, state.to.network);
    await ctx.reply(
      this.#t(lang, 'askAddress', {
        coin: state.to.coin.toUpperCase(),
        network: to?.network.name ?? state.to.network,
      }),
    );
  }

  async skipMemo(ctx: Context): Promise<void> {
    const chat = await this.#chat(ctx);
    await ctx.answerCallbackQuery();
    if (chat.state.step !== 'memo') return;
    await this.#askRefund(ctx, chat, withMemo(chat.state) as StepOf<'refund'>);
  }

  async skipRefund(ctx: Context): Promise<void> {
    const chat = await this.#chat(ctx);
    await ctx.answerCallbackQuery();
    if (chat.state.step !== 'refund') return;
    await this.#createSwap(ctx, chat, chat.state);
  }

  // Typed answers.

  async text(ctx: Context, typed: string): Promise<void> {
    const chat = await this.#chat(ctx);
    const text = typed.trim();
    if (text.startsWith('/')) {
      await ctx.reply(this.#t(chat.lang, 'unknownCommand'));
      return;
    }
    const { state } = chat;
    switch (state.step) {
      case 'idle':
      case 'rate':
        await ctx.reply(this.#t(chat.lang, state.step === 'rate' ? 'pickRate' : 'idle'));
        return;
      case 'from':
      case 'to':
        return this.#coinQuery(ctx, chat, state, text);
      case 'amount':
        return this.#amount(ctx, chat, state, text);
      case 'address':
        return this.#payoutAddress(ctx, chat, state, text);
      case 'memo':
        return this.#memo(ctx, chat, state, text);
      case 'refund':
        return this.#refundAddress(ctx, chat, state, text);
    }
  }

  async #coinQuery(ctx: Context, chat: Chat, state: StepOf<'from' | 'to'>, text: string): Promise<void> {
    const found = await this.#search(text);
    if (found.length === 0) {
      await ctx.reply(this.#t(chat.lang, 'noCoin', { query: text.slice(0, 40) }));
      return;
    }
    if (found.length === 1) {
      const only = found[0] as CatalogueAsset;
      await this.#picked(ctx, chat, state, { coin: only.coin, network: only.network.id });
      return;
    }
    const keyboard = new InlineKeyboard();
    for (const asset of found)
      keyboard.text(assetLabel(asset), `pick:${asset.coin}:${asset.network.id}`).row();
    // One coin on several networks: the question is which network.
    const coins = new Set(found.map((asset) => asset.coin));
    const question =
      coins.size === 1
        ? this.#t(chat.lang, 'pickNetwork', { coin: (found[0] as CatalogueAsset).coin.toUpperCase() })
        : this.#t(chat.lang, 'pickCoin');
    await ctx.reply(question, { reply_markup: keyboard });
  }

  async #amount(ctx: Context, chat: Chat, state: StepOf<'amount'>, text: string): Promise<void> {
    const { lang } = chat;
    const value = parseAmount(text);
    if (!value) {
      await ctx.reply(translate(this.#s.dictionaries, lang, 'apiErrors.invalid_amount'));
      return;
    }
    if (!(await this.#allowed(ctx, chat, 'read'))) return;
    const pair = {
      from: state.from.coin,
      fromNetwork: state.from.network,
      to: state.to.coin,
      toNetwork: state.to.network,
    };
    let float: Awaited<ReturnType<QuoteService['quote']>>;
    try {
      float = await this.#s.quotes.quote({ ...pair, amount: value, rateType: 'float' });
    } catch (error) {
      await ctx.reply(await this.#refusal(lang, error, state.to, state.from));
      return;
    }
    const fixed = await this.#s.quotes.quote({ ...pair, amount: value, rateType: 'fixed' }).catch(() => null);
    const to = state.to.coin.toUpperCase();
    const keyboard = new InlineKeyboard().text(
      this.#t(lang, 'floatButton', { amount: formatAmount(float.amountTo, lang), coin: to }),
      'rate:float',
    );
    if (fixed?.quoteId) {
      keyboard
        .row()
        .text(
          this.#t(lang, 'fixedButton', { amount: formatAmount(fixed.amountTo, lang), coin: to }),
          'rate:fixed',
        );
    }
    await this.#save(chat.id, { state: quoted(state, value, fixed?.quoteId) });
    await ctx.reply(
      [
        this.#t(lang, 'quote', {
          amount: formatAmount(value, lang),
          from: state.from.coin.toUpperCase(),
          to,
          receive: formatAmount(float.amountTo, lang),
        }),
        fixed?.quoteId ? this.#t(lang, 'rateChoice') : this.#t(lang, 'floatOnly'),
      ].join('\n'),
      { reply_markup: keyboard },
    );
  }

  async #payoutAddress(ctx: Context, chat: Chat, state: StepOf<'address'>, text: string): Promise<void> {
    const to = await this.#s.catalogue.asset(state.to.coin, state.to.network);
    if (!to) return;
    if (!validateAddress(to.network.id, text).valid) {
      await ctx.reply(this.#t(chat.lang, 'badAddress', { network: to.network.name }));
      return;
    }
    const next = withPayoutAddress(state, text, Boolean(to.network.memo));
    if (next.step === 'refund') return this.#askRefund(ctx, chat, next);
    await this.#save(chat.id, { state: next });
    const memo = to.network.memo?.name ?? 'memo';
    if (to.network.memo?.required) {
      await ctx.reply(this.#t(chat.lang, 'askMemoRequired', { memo }));
    } else {
      await ctx.reply(this.#t(chat.lang, 'askMemo', { memo }), {
        reply_markup: new InlineKeyboard().text(this.#t(chat.lang, 'noMemo', { memo }), 'memo:none'),
      });
    }
  }

  async #memo(ctx: Context, chat: Chat, state: StepOf<'memo'>, text: string): Promise<void> {
    const to = await this.#s.catalogue.asset(state.to.coin, state.to.network);
    if (!to) return;
    if (!validateMemo(to.network.id, text).valid) {
      await ctx.reply(this.#t(chat.lang, 'badMemo', { memo: to.network.memo?.name ?? 'memo' }));
      return;
    }
    await this.#askRefund(ctx, chat, withMemo(state, text) as StepOf<'refund'>);
  }

  async #refundAddress(ctx: Context, chat: Chat, state: StepOf<'refund'>, text: string): Promise<void> {
    const from = await this.#s.catalogue.asset(state.from.coin, state.from.network);
    if (!from) return;
    if (!validateAddress(from.network.id, text).valid) {
      await ctx.reply(this.#t(chat.lang, 'badRefund', { network: from.network.name }), {
        reply_markup: new InlineKeyboard().text(this.#t(chat.lang, 'skipRefund'), 'refund:none'),
      });
      return;
    }
    await this.#createSwap(ctx, chat, state, text);
  }

  // The steps' shared parts.

  async #chat(ctx: Context): Promise<Chat> {
    const id = String(ctx.chat?.id ?? ctx.from?.id);
    const { db } = this.#s;
    const [row] = await db.select().from(telegramChats).where(eq(telegramChats.chatId, id));
    if (row) return { id, lang: row.lang as Lang, state: (row.state as ChatState | null) ?? IDLE };
    const lang = languageOf(ctx.from?.language_code);
    await db.insert(telegramChats).values({ chatId: id, lang, state: IDLE }).onConflictDoNothing();
    return { id, lang, state: IDLE };
  }

  async #save(id: string, changes: { lang?: Lang; state?: ChatState }): Promise<void> {
    await this.#s.db
      .update(telegramChats)
      .set({ ...changes, ...(changes.state ? { state: changes.state } : {}), updatedAt: new Date() })
      .where(eq(telegramChats.chatId, id));
  }

  #t(lang: Lang, key: string, values?: Record<string, string | number>): string {
    return translate(this.#s.dictionaries, lang, `bot.${key}`, values);
  }

  async #label(pick: ChosenAsset): Promise<string> {
    const asset = await this.#s.catalogue.asset(pick.coin, pick.network);
    return asset ? assetLabel(asset) : pick.coin.toUpperCase();
  }

  /** Counts a quote (read) or a swap creation (write) of the chat; false, with a message, past the limit. */
  async #allowed(ctx: Context, chat: Chat, kind: 'read' | 'write'): Promise<boolean> {
    const limit = this.#s.rateLimit;
    if (!limit) return true;
    const perMinute = kind === 'read' ? limit.readsPerMinute : limit.writesPerMinute;
    const verdict = await limit.limiter.hit(`telegram:${kind}:${chat.id}`, perMinute, 60_000);
    if (!verdict.allowed) await ctx.reply(this.#t(chat.lang, 'slowDown'));
    return verdict.allowed;
  }

  async #askFrom(ctx: Context, chat: Chat): Promise<void> {
    await this.#save(chat.id, { state: startSwap() });
    await ctx.reply(this.#t(chat.lang, 'askFrom'));
  }

  /** The assets a typed code or name may mean: an exact code first, then names and codes containing it. */
  async #search(query: string): Promise<CatalogueAsset[]> {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    const coins = await this.#s.catalogue.coins();
    const exact = coins.find((coin) => coin.code === q || coin.name.toLowerCase() === q);
    if (exact) return exact.assets;
    return coins
      .filter((coin) => coin.code.includes(q) || coin.name.toLowerCase().includes(q))
      .sort((a, b) => a.rank - b.rank)
      .flatMap((coin) => coin.assets)
      .slice(0, MAX_CHOICES);
  }

  async #picked(ctx: Context, chat: Chat, state: StepOf<'from' | 'to'>, pick: ChosenAsset): Promise<void> {
    const { lang } = chat;
    const next = pickAsset(state, pick);
    if (!next) {
      await ctx.reply(this.#t(lang, 'sameCoin'));
      return;
    }
    await this.#save(chat.id, { state: next });
    if (next.step === 'to') {
      await ctx.reply(this.#t(lang, 'askTo', { from: await this.#label(pick) }));
      return;
    }
    if (next.step !== 'amount') return;
    const info = await this.#s.quotes
      .pairInfo(next.from.coin, next.from.network, pick.coin, pick.network)
      .catch(() => null);
    const from = await this.#label(next.from);
    const to = await this.#label(pick);
    await ctx.reply(
      info?.min
        ? this.#t(lang, 'askAmountMin', { from, to, min: formatAmount(info.min, lang) })
        : this.#t(lang, 'askAmount', { from, to, coin: next.from.coin.toUpperCase() }),
    );
  }

  /** A quote or swap refusal in the chat's language (the API's error texts). */
  async #refusal(lang: Lang, error: unknown, to?: ChosenAsset, from?: ChosenAsset): Promise<string> {
    if (error instanceof QuoteError || error instanceof SwapError) {
      const toAsset = to ? await this.#s.catalogue.asset(to.coin, to.network) : null;
      const limits = error instanceof QuoteError ? error.details : undefined;
      return translate(this.#s.dictionaries, lang, `apiErrors.${error.code}`, {
        min: limits ? formatAmount(limits.min, lang) : '',
        max: limits ? formatAmount(limits.max, lang) : '',
        coin: from?.coin.toUpperCase() ?? '',
        network: toAsset?.network.name ?? '',
        memo: toAsset?.network.memo?.name ?? 'memo',
        field: error instanceof QuoteError ? (error.field ?? '') : '',
      });
    }
    this.#s.log.error({ err: error }, 'Telegram bot: quote or swap failed');
    return this.#t(lang, 'failed');
  }

  async #createSwap(
    ctx: Context,
    chat: Chat,
    state: StepOf<'refund'>,
    refundAddress?: string,
  ): Promise<void> {
    const { lang } = chat;
    if (!(await this.#allowed(ctx, chat, 'write'))) return;
    let swap: SwapView;
    try {
      ({ swap } = await this.#s.swaps.create({
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
      await ctx.reply(await this.#refusal(lang, error, state.to, state.from));
      if (!(error instanceof QuoteError || error instanceof SwapError)) return;
      const next = afterRefusal(state, error instanceof QuoteError ? 'quote' : error);
      if (next.state !== state) await this.#save(chat.id, { state: next.state });
      if (next.retryAmount) await ctx.reply(this.#t(lang, 'askAmountAgain'));
      return;
    }
    await this.#s.db
      .insert(telegramSwaps)
      .values({ swapId: swap.id, chatId: chat.id, notifiedStatus: swap.status })
      .onConflictDoNothing();
    await this.#save(chat.id, { state: IDLE });
    await ctx.reply(await this.#depositDetails(swap, lang));
  }

  /** The last question before the swap: where a refund goes (optional; a button skips it). */
  async #askRefund(ctx: Context, chat: Chat, next: StepOf<'refund'>): Promise<void> {
    await this.#save(chat.id, { state: next });
    const from = await this.#s.catalogue.asset(next.from.coin, next.from.network);
    await ctx.reply(
      this.#t(chat.lang, 'askRefund', {
        coin: next.from.coin.toUpperCase(),
        network: from?.network.name ?? next.from.network,
      }),
      { reply_markup: new InlineKeyboard().text(this.#t(chat.lang, 'skipRefund'), 'refund:none') },
    );
  }

  async #depositDetails(swap: SwapView, lang: Lang): Promise<string> {
    const fromAsset = await this.#s.catalogue.asset(swap.from, swap.fromNetwork);
    const toAsset = await this.#s.catalogue.asset(swap.to, swap.toNetwork);
    const t = (key: string, values?: Record<string, string | number>) => this.#t(lang, key, values);
    const lines = [
      t('created', { id: swap.id }),
      '',
      // The exact amount as a wallet takes it (no rounding, no grouping, a decimal point).
      t('send', {
        amount: swap.amountFrom,
        coin: swap.from.toUpperCase(),
        network: fromAsset?.network.name ?? swap.fromNetwork,
      }),
      swap.depositAddress,
    ];
    if (swap.depositMemo) {
      lines.push('', t('depositMemo', { memo: fromAsset?.network.memo?.name ?? 'memo' }), swap.depositMemo);
    }
    lines.push(
      '',
      t(swap.rateType === 'fixed' ? 'receiveFixed' : 'receiveFloat', {
        amount: formatAmount(swap.amountTo, lang),
        coin: swap.to.toUpperCase(),
        network: toAsset?.network.name ?? swap.toNetwork,
      }),
      t('payout', { address: swap.payoutAddress }),
      ...(swap.refundAddress ? [t('refund', { address: swap.refundAddress })] : []),
      t('deadline', { time: formatDateTime(swap.expiresAt, lang) }),
      '',
      t('pushNote'),
      swapUrl(this.#s.baseUrl, lang, swap.id),
    );
    return lines.join('\n');
  }
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
