import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { FakeTelegram, type FakeUser, type SentMessage } from '../../tests/fakes/telegram-fake.ts';
import { Catalogue } from '../catalogue/catalogue.ts';
import { loadConfig } from '../config.ts';
import { QuoteService } from '../exchange/quotes.ts';
import { SwapService } from '../exchange/swaps.ts';
import { loadDictionaries } from '../i18n/dictionaries.ts';
import { translate } from '../i18n/translate.ts';
import { SnapshotFeed } from '../market/feeds.ts';
import { MarketService } from '../market/market.ts';
import { createSandboxProviders } from '../providers/sandbox.ts';
import { MemoryRateLimiter } from '../rate-limit.ts';
import { seedDemoData } from '../seed.ts';
import { languageOf } from './bot.ts';
import { pushStatusChanges } from './status-push.ts';
import { createTelegramBot, type TelegramBot } from './telegram.ts';

const log = pino({ level: 'silent' });
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const PATH_SECRET = 'path-secret-0123456789';
const HEADER_SECRET = 'header-secret-0123456789';
const dictionaries = loadDictionaries();

describe('languageOf', () => {
  it('maps a Telegram language_code to one of our languages, English otherwise', () => {
    expect(languageOf('de')).toBe('de');
    expect(languageOf('pt-br')).toBe('pt');
    expect(languageOf('zh-hans')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });
});

describe.each(databaseTargets())('the Telegram bot on $name', (target) => {
  let handle: DatabaseHandle;
  let fake: FakeTelegram;
  let telegram: TelegramBot;
  let swaps: SwapService;
  let services: Parameters<typeof createTelegramBot>[0];

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    const catalogue = new Catalogue(handle.db);
    const market = new MarketService({ db: handle.db, feed: new SnapshotFeed(), log });
    await market.refresh(new Date());
    const providers = createSandboxProviders(
      { db: handle.db, catalogue, prices: market },
      { delays: { confirmingMs: 0, exchangingMs: 0, sendingMs: 0 } },
    );
    const quotes = new QuoteService({ db: handle.db, catalogue, providers });
    swaps = new SwapService({ db: handle.db, catalogue, quotes, providers, log });
    fake = new FakeTelegram();
    await fake.start();
    const config = loadConfig({
      BASE_URL: 'https://swapgate.example',
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      TELEGRAM_WEBHOOK_PATH_SECRET: PATH_SECRET,
      TELEGRAM_WEBHOOK_SECRET: HEADER_SECRET,
    });
    services = {
      config,
      db: handle.db,
      log,
      catalogue,
      quotes,
      swaps,
      dictionaries,
      rateLimiter: new MemoryRateLimiter(),
    };
    telegram = createTelegramBot(services) as TelegramBot;
  });
  afterAll(async () => {
    await fake?.stop();
    await handle?.close();
  });

  /** Posts an update to the webhook as Telegram does; answers the bot's new messages to that chat. */
  async function post(
    update: Record<string, unknown>,
    chatId: number,
    secret = HEADER_SECRET,
    bot: TelegramBot = telegram,
  ) {
    const before = fake.messagesTo(chatId).length;
    const response = await (bot.handleWebhook as (request: Request) => Promise<Response>)(
      new Request(`https://swapgate.example${telegram.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
        body: JSON.stringify(update),
      }),
    );
    return { status: response.status, replies: fake.messagesTo(chatId).slice(before) };
  }
  const say = async (user: FakeUser, text: string) => (await post(fake.message(user, text), user.id)).replies;
  const press = async (user: FakeUser, data: string, message: SentMessage) =>
    (await post(fake.press(user, data, message.messageId), user.id)).replies;
  const last = (messages: SentMessage[]) => messages.at(-1) as SentMessage;
  const buttonData = (message: SentMessage) => message.buttons.flat().map((button) => button.data);

  /** Picks a coin by typing its code, pressing its main network's button when the bot offers several. */
  async function pickCoin(user: FakeUser, code: string): Promise<SentMessage[]> {
    const replies = await say(user, code);
    const choices = buttonData(last(replies)).filter((data) => data.startsWith(`pick:${code}:`));
    if (choices.length === 0) return replies;
    return press(user, choices[0] as string, last(replies));
  }

  async function swapConversation(user: FakeUser, refund?: string) {
    const start = await say(user, '/start');
    const toPick = await pickCoin(user, 'btc');
    const toAmount = await pickCoin(user, 'eth');
    const quote = await say(user, '0.05');
    const rate = await press(user, 'rate:float', last(quote));
    const badAddress = await say(user, 'not-an-address');
    const refundQuestion = await say(user, ETH_ADDRESS);
    const created = refund ? await say(user, refund) : await press(user, 'refund:none', last(refundQuestion));
    return { start, toPick, toAmount, quote, rate, badAddress, refundQuestion, created };
  }

  /** Answers the refund question with the Skip button (the last step before the swap). */
  async function skipRefund(user: FakeUser, replies: SentMessage[]) {
    expect(buttonData(last(replies))).toEqual(['refund:none']);
    return press(user, 'refund:none', last(replies));
  }

  it('takes an English user from /start to the deposit details, refusing a bad address', async () => {
    const user = { id: 1001, first_name: 'Ann', language_code: 'en' };
    const talk = await swapConversation(user, 'not-a-btc-address');
    expect(last(talk.refundQuestion).text).toBe(
      'If the swap cannot be completed, where should your BTC go back to? Send a BTC address on Bitcoin, or press the button to skip this step.',
    );
    expect(talk.created.map((m) => m.text)).toEqual([
      'This is not a valid Bitcoin address for a refund. Please check it and send it again, or press Skip.',
    ]);
    talk.created = await say(user, BTC_ADDRESS);
    expect(talk.start.map((m) => m.text)).toEqual([
      'Welcome to SwapGate! I compare exchange partners and swap your crypto without an account.',
      'Which coin do you want to send? Type its code or name, for example BTC or Bitcoin.',
    ]);
    expect(last(talk.toPick).text).toBe(
      'You send BTC · Bitcoin. Which coin do you want to receive? Type its code or name.',
    );
    expect(last(talk.toAmount).text).toMatch(
      /^BTC · Bitcoin → ETH · Ethereum \(ERC-20\)\. How much do you want to send\? The minimum is [\d.]+\.$/,
    );
    expect(last(talk.quote).text).toMatch(/^You send 0\.05 BTC and get about [\d.,]+ ETH\./);
    expect(buttonData(last(talk.quote))).toContain('rate:float');
    expect(last(talk.rate).text).toBe(
      'Send me your ETH address on Ethereum (ERC-20). Your coins will be paid out to it.',
    );
    expect(talk.badAddress.map((m) => m.text)).toEqual([
      'This is not a valid Ethereum (ERC-20) address. Please check it and send it again.',
    ]);
    const details = last(talk.created).text;
    expect(details).toMatch(/^Your swap has been created\. Swap ID: [a-z2-7]{26}\n/);
    expect(details).toContain('Send exactly 0.05 BTC (Bitcoin) to this deposit address:');
    const id = /Swap ID: ([a-z2-7]{26})/.exec(details)?.[1] as string;
    const swap = await swaps.get(id);
    expect(details).toContain(`\n${swap?.depositAddress}\n`);
    expect(details).toContain(`Payout address: ${ETH_ADDRESS}`);
    expect(details).toContain(`Refund address: ${BTC_ADDRESS}`);
    expect(details).toContain(`https://swapgate.example/swap/${id}`);
    expect(swap?.payoutAddress).toBe(ETH_ADDRESS);
    expect(swap?.refundAddress).toBe(BTC_ADDRESS);
  });

  it('speaks German to a German Telegram user, all the way to the deposit details', async () => {
    const user = { id: 1002, first_name: 'Jörg', language_code: 'de' };
    const talk = await swapConversation(user);
    expect(last(talk.start).text).toBe(
      'Welchen Coin möchten Sie senden? Geben Sie sein Kürzel oder seinen Namen ein, zum Beispiel BTC oder Bitcoin.',
    );
    expect(last(talk.quote).text).toMatch(/^Sie senden 0,05 BTC und erhalten etwa [\d.,]+ ETH\./);
    expect(talk.badAddress.map((m) => m.text)).toEqual([
      'Das ist keine gültige Adresse für Ethereum (ERC-20). Bitte prüfen Sie sie und senden Sie sie erneut.',
    ]);
    const details = last(talk.created).text;
    expect(last(talk.refundQuestion).buttons).toEqual([[{ text: 'Überspringen', data: 'refund:none' }]]);
    expect(details).toMatch(/^Ihr Swap wurde erstellt\. Swap-ID: [a-z2-7]{26}\n/);
    expect(details).not.toContain('Rückerstattungsadresse');
    expect(details).toContain('Senden Sie genau 0.05 BTC (Bitcoin) an diese Einzahlungsadresse:');
    expect(details).toMatch(/https:\/\/swapgate\.example\/de\/swap\/[a-z2-7]{26}$/);
  });

  it('asks for the memo a payout network takes, checks it and puts it on the swap', async () => {
    const user = { id: 1008, first_name: 'Ria', language_code: 'en' };
    await say(user, '/swap');
    await pickCoin(user, 'btc');
    await pickCoin(user, 'xrp');
    const quote = await say(user, '0.05');
    await press(user, 'rate:float', last(quote));
    const [ask] = await say(user, 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh');
    expect(ask?.text).toBe(
      'Does your wallet need a Destination tag? Send it, or press the button if it does not.',
    );
    expect(ask?.buttons).toEqual([[{ text: 'No Destination tag', data: 'memo:none' }]]);
    expect((await say(user, 'not-a-tag'))[0]?.text).toBe(
      'This Destination tag is not valid. Please check it and send it again.',
    );
    const details = last(await skipRefund(user, await say(user, '12345'))).text;
    const id = /Swap ID: ([a-z2-7]{26})/.exec(details)?.[1] as string;
    expect((await swaps.get(id))?.payoutMemo).toBe('12345');
  });

  it('takes a fixed rate with its stored quote', async () => {
    const user = { id: 1009, first_name: 'Flo', language_code: 'en' };
    await say(user, '/swap');
    await pickCoin(user, 'btc');
    const networks = last(await say(user, 'eth'));
    expect(networks.text).toBe('ETH runs on several networks. Which one do you use?');
    await press(user, 'pick:eth:ethereum', networks);
    const quote = await say(user, '0.05');
    expect(last(quote).text).toContain(
      'Choose a floating rate (follows the market) or a fixed rate (locked amount):',
    );
    const fixed = last(quote)
      .buttons.flat()
      .find((button) => button.data === 'rate:fixed');
    expect(fixed?.text).toMatch(/^Fixed: [\d.,]+ ETH$/);
    await press(user, 'rate:fixed', last(quote));
    const details = last(await skipRefund(user, await say(user, ETH_ADDRESS))).text;
    expect(details).toContain(
      `You get: ${fixed?.text.replace('Fixed: ', '')} (Ethereum (ERC-20)) at a fixed rate`,
    );
    const id = /Swap ID: ([a-z2-7]{26})/.exec(details)?.[1] as string;
    expect((await swaps.get(id))?.rateType).toBe('fixed');
  });

  it('limits the swaps one chat creates per minute, as the API limits writes', async () => {
    const limited = createTelegramBot({
      ...services,
      config: { ...services.config, RATE_LIMIT_WRITES_PER_MINUTE: 1 },
      rateLimiter: new MemoryRateLimiter(),
    }) as TelegramBot;
    const user = { id: 1010, first_name: 'Sam', language_code: 'en' };
    const send = async (text: string) =>
      (await post(fake.message(user, text), user.id, HEADER_SECRET, limited)).replies;
    const swapOnce = async () => {
      const press = (data: string, message: SentMessage) =>
        post(fake.press(user, data, message.messageId), user.id, HEADER_SECRET, limited);
      await send('/swap');
      for (const [code, network] of [
        ['btc', 'bitcoin'],
        ['eth', 'ethereum'],
      ] as const) {
        const replies = await send(code);
        if (buttonData(last(replies)).length > 0) await press(`pick:${code}:${network}`, last(replies));
      }
      const quote = await send('0.05');
      await press('rate:float', last(quote));
      const refund = await send(ETH_ADDRESS);
      return last((await press('refund:none', last(refund))).replies).text;
    };
    expect(await swapOnce()).toMatch(/^Your swap has been created/);
    expect(await swapOnce()).toBe(
      'That is a lot of requests from this chat. Please wait a minute and try again.',
    );
  });

  it('changes the language with /language and its buttons', async () => {
    const user = { id: 1003, first_name: 'Kim', language_code: 'en' };
    const [menu] = await say(user, '/language');
    expect(menu?.text).toBe('Choose your language:');
    expect(buttonData(menu as SentMessage)).toHaveLength(14);
    const edited = await press(user, 'lang:ja', menu as SentMessage);
    expect(last(edited)).toMatchObject({ method: 'editMessageText', text: '言語を設定しました：日本語。' });
    expect((await say(user, '/help'))[0]?.text).toMatch(/^できること：\n\/swap/);
  });

  it('answers /status of an unknown id clearly, and of a known swap with its status', async () => {
    const user = { id: 1004, first_name: 'Lee', language_code: 'en' };
    expect((await say(user, '/status nosuchswap'))[0]?.text).toBe(
      'No swap with the ID “nosuchswap” was found. Please check the ID.',
    );
    expect((await say(user, '/status'))[0]?.text).toMatch(/^Send \/status followed by your swap ID/);
    const { swap } = await swaps.create({
      from: 'btc',
      to: 'eth',
      amount: '0.05',
      rateType: 'float',
      payoutAddress: ETH_ADDRESS,
    });
    const [answer] = await say(user, `/status ${swap.id.toUpperCase()}`);
    expect(answer?.text).toBe(
      [
        `Swap ${swap.id} (BTC → ETH)`,
        'Waiting for your deposit',
        'Send 0.05 BTC to the deposit address below.',
        `https://swapgate.example/swap/${swap.id}`,
      ].join('\n'),
    );
  });

  it('refuses a webhook request without the right secret-token header (401) and acts on none of it', async () => {
    const user = { id: 1005, first_name: 'Eve' };
    const wrong = await post(fake.message(user, '/help'), user.id, 'wrong-secret-0123456789');
    expect(wrong).toEqual({ status: 401, replies: [] });
    const right = await post(fake.message(user, '/help'), user.id);
    expect(right.status).toBe(200);
    expect(right.replies[0]?.text).toMatch(/^What I can do:/);
  });

  it('pushes status changes of a swap created in the chat, in the chat’s language, once each', async () => {
    const user = { id: 1006, first_name: 'Uwe', language_code: 'de' };
    const talk = await swapConversation(user);
    const id = /Swap-ID: ([a-z2-7]{26})/.exec(last(talk.created).text)?.[1] as string;
    const push = {
      db: handle.db,
      api: telegram.bot.api,
      swaps,
      dictionaries,
      baseUrl: 'https://swapgate.example',
      log,
    };
    expect(await pushStatusChanges(push)).toBe(0);

    const moved = await swaps.simulateDeposit(id, '0.05');
    expect(moved.status).not.toBe('waiting');
    const before = fake.messagesTo(user.id).length;
    expect(await pushStatusChanges(push)).toBe(1);
    const [message] = fake.messagesTo(user.id).slice(before);
    expect(message?.text).toContain(`Swap ${id} (BTC → ETH)`);
    expect(message?.text).toContain(
      translate(dictionaries, 'de', `swapStatus.statuses.${moved.status}.label`),
    );
    expect(await pushStatusChanges(push)).toBe(0);
  });

  it('long-polls the fake Bot API when TELEGRAM_POLLING=true', async () => {
    const polling = createTelegramBot({
      ...services,
      config: { ...services.config, TELEGRAM_POLLING: true },
    }) as TelegramBot;
    expect(polling.handleWebhook).toBeNull();
    const running = polling.start();
    try {
      const user = { id: 1007, first_name: 'Pat', language_code: 'fr' };
      fake.inject(fake.message(user, '/help'));
      await vi.waitFor(() => expect(fake.messagesTo(user.id)[0]?.text).toMatch(/^Ce que je sais faire :/), {
        timeout: 10_000,
      });
      expect(fake.calls.some((call) => call.method === 'deleteWebhook')).toBe(true);
    } finally {
      await running.stop();
    }
  });
});
