import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox, swaps as swapsTable } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { FakeSmtpServer } from '../../tests/fakes/smtp-fake.ts';
import { Catalogue, type CatalogueAsset } from '../catalogue/catalogue.ts';
import { loadDictionaries } from '../i18n/dictionaries.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { SmtpTransport } from '../mail/transport.ts';
import { SnapshotFeed } from '../market/feeds.ts';
import { MarketService } from '../market/market.ts';
import { createSandboxProviders } from '../providers/sandbox.ts';
import { seedDemoData } from '../seed.ts';
import { DecisionLinks } from './decision-link.ts';
import { QuoteService } from './quotes.ts';
import {
  MAIL_STATUSES,
  newUnsubscribeToken,
  SwapMailer,
  type SwapMailRow,
  statusMail,
  tokenMatches,
  unsubscribeUrl,
} from './swap-mail.ts';
import { SwapService } from './swaps.ts';
import { SWAP_STATUSES } from './types.ts';

const log = pino({ level: 'silent' });
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BASE_URL = 'https://swapgate.test';
const dictionaries = loadDictionaries();

const row: SwapMailRow = {
  id: 'abcdefghijklmnopqrstuvwxyz',
  status: 'finished',
  rateType: 'float',
  fromCoin: 'btc',
  fromNetwork: 'bitcoin',
  toCoin: 'eth',
  toNetwork: 'ethereum',
  amountFrom: '0.05',
  amountTo: '1234.5678',
  depositAddress: 'bc1qdeposit',
  depositMemo: null,
  payoutAddress: ETH_ADDRESS,
  refundAddress: 'bc1qrefund',
  amountDeposited: '0.05',
  amountPaidOut: '1234.5678',
  payoutHash: '0xabc',
  problem: null,
  actionDeadline: null,
  refundHash: null,
  amountRefunded: null,
  expiresAt: new Date('2026-11-22T14:00:00Z'),
  notifyEmail: 'owner@example.com',
  notifyLang: 'de',
  notifyToken: 'token-123',
};
const context = { dictionaries, baseUrl: BASE_URL, from: null, to: null };

describe('swap mail texts', () => {
  it('sends a mail for the end states, a hold, a decision to take and a refund address to give', () => {
    const sending = SWAP_STATUSES.filter(
      (status) => statusMail({ ...row, status, refundAddress: null }, context) !== null,
    );
    expect(sending).toEqual([
      'finished',
      'failed',
      'refunded',
      'expired',
      'hold',
      'action_needed',
      'refunding',
    ]);
    expect([...MAIL_STATUSES].sort()).toEqual([...sending].sort());
    // A refund whose address is on file asks nothing: the refunded mail follows.
    expect(statusMail({ ...row, status: 'refunding' }, context)).toBeNull();
  });

  it('asks for the decision of a short or late fixed deposit, with the deadline and the default', () => {
    const asking = {
      ...row,
      status: 'action_needed' as const,
      rateType: 'fixed' as const,
      amountFrom: '0.1',
      problem: 'underpaid' as const,
      actionDeadline: new Date('2026-11-23T12:00:00Z'),
      notifyLang: 'en',
    };
    const mail = statusMail(asking, context);
    expect(mail?.subject).toBe('Your BTC → ETH swap needs your decision | SwapGate');
    expect(mail?.text).toContain('We received 0.05 BTC for your fixed-rate swap of 0.1 BTC');
    expect(mail?.text).toContain(`or take a refund: ${BASE_URL}/swap/${row.id}#decision`);
    expect(mail?.text).toMatch(
      /Without a decision by .*2026.* \(UTC\), the swap continues at the market rate\./,
    );
    // With the server's secret, the link is the signed decision page of this swap and deadline.
    const links = new DecisionLinks('a-test-secret-of-more-than-32-characters');
    const signed = statusMail(asking, { ...context, links });
    const url = /(https:\S+\/decide\?token=\S+)/.exec(signed?.text ?? '')?.[1] ?? '';
    expect(url.startsWith(`${BASE_URL}/swap/${row.id}/decide?token=`)).toBe(true);
    const token = decodeURIComponent(new URL(url).searchParams.get('token') ?? '');
    expect(links.verify(row.id, token, new Date('2026-11-23T11:00:00Z'))).toEqual({
      ok: true,
      deadline: asking.actionDeadline,
    });
    const late = statusMail({ ...asking, problem: 'late', notifyLang: 'de' }, context);
    expect(late?.text).toContain('nach Ablauf des Festkurses eingegangen');
    const address = statusMail(
      { ...row, status: 'refunding', refundAddress: null, notifyLang: 'en' },
      context,
    );
    expect(address?.subject).toBe('Your BTC → ETH swap needs a refund address | SwapGate');
    expect(address?.text).toContain(`${BASE_URL}/swap/${row.id}#refund`);
  });

  it('names the refunded amount and links the refund transaction', () => {
    const from = {
      coin: 'btc',
      coinName: 'Bitcoin',
      network: {
        name: 'Bitcoin',
        explorerTx: 'https://mempool.space/tx/{hash}',
        memo: null,
        addressFormat: 'bitcoin',
      },
    } as unknown as CatalogueAsset;
    const refunded = statusMail(
      { ...row, status: 'refunded', refundHash: 'f00d', amountRefunded: '0.05', notifyLang: 'en' },
      { ...context, from },
    );
    expect(refunded?.text).toContain('Refunded: 0.05 BTC');
    expect(refunded?.text).toContain('Refund address: bc1qrefund');
    expect(refunded?.text).toContain('Refund transaction: https://mempool.space/tx/f00d');
  });

  it('writes in the swap’s language, with amounts in its number format and the unsubscribe link last', () => {
    const mail = statusMail(row, context);
    expect(mail?.to).toBe('owner@example.com');
    expect(mail?.subject).toContain('Ihr Swap BTC → ETH ist abgeschlossen');
    expect(mail?.text).toContain('1.234,5678 ETH');
    expect(mail?.text).toContain(`${BASE_URL}/de/swap/${row.id}`);
    const last = mail?.text.trim().split('\n').at(-1);
    expect(last).toBe(
      `Keine weiteren E-Mails zu diesem Swap? Hier abbestellen: ${BASE_URL}/de/swap/${row.id}/unsubscribe?token=token-123`,
    );
    expect(mail?.headers?.['List-Unsubscribe']).toBe(
      `<${unsubscribeUrl(BASE_URL, 'de', row.id, 'token-123')}>`,
    );
  });

  it('writes English links without a prefix, and falls back to English for an unknown language', () => {
    const mail = statusMail({ ...row, status: 'expired', notifyLang: 'xx' }, context);
    expect(mail?.subject).toContain('Your BTC → ETH swap has expired');
    expect(mail?.text).toContain(`${BASE_URL}/swap/${row.id}/unsubscribe?token=token-123`);
  });

  it('links the payout transaction of a finished swap, and names the refund address of a refunded one', () => {
    const to = {
      coin: 'eth',
      coinName: 'Ethereum',
      network: { name: 'Ethereum (ERC-20)', explorerTx: 'https://etherscan.io/tx/{hash}', memo: null },
    } as unknown as CatalogueAsset;
    const finished = statusMail({ ...row, notifyLang: 'en' }, { ...context, to });
    expect(finished?.text).toContain('Payout transaction: https://etherscan.io/tx/0xabc');
    expect(finished?.text).toContain(`1,234.5678 ETH has been sent to ${ETH_ADDRESS}`);
    const unknownHash = statusMail({ ...row, notifyLang: 'en', payoutHash: null }, { ...context, to });
    expect(unknownHash?.text).not.toContain('Payout transaction');
    const refunded = statusMail({ ...row, status: 'refunded', notifyLang: 'ja' }, context);
    expect(refunded?.subject).toBe('BTC → ETH のスワップを返金しました | SwapGate');
    expect(refunded?.text).toContain('返金先アドレス: bc1qrefund');
  });

  it('sends nothing without an email', () => {
    expect(statusMail({ ...row, notifyEmail: null }, context)).toBeNull();
  });

  it('checks unsubscribe tokens exactly', () => {
    const token = newUnsubscribeToken();
    expect(Buffer.from(token, 'base64url').length).toBe(24);
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token, `${token}x`)).toBe(false);
    expect(tokenMatches(token, token.toUpperCase() === token ? 'x' : token.toUpperCase())).toBe(false);
    expect(tokenMatches(null, token)).toBe(false);
    expect(tokenMatches(token, '')).toBe(false);
  });
});

describe.each(databaseTargets())('swap mails on $name', (target) => {
  let handle: DatabaseHandle;
  const smtp = new FakeSmtpServer();
  let clock = new Date('2026-11-22T12:00:00Z');
  const now = () => clock;
  let swaps: SwapService;
  let mailer: SwapMailer;
  let outbox: MailOutbox;

  beforeAll(async () => {
    handle = await target.open();
    await smtp.start();
    await seedDemoData(handle.db);
    const catalogue = new Catalogue(handle.db);
    const market = new MarketService({ db: handle.db, feed: new SnapshotFeed(), log });
    await market.refresh(clock);
    const providers = createSandboxProviders(
      { db: handle.db, catalogue, prices: market, now },
      { delays: { confirmingMs: 1_000, exchangingMs: 1_000, sendingMs: 1_000 } },
    );
    const quotes = new QuoteService({ db: handle.db, catalogue, providers, now });
    const transport = new SmtpTransport({ url: smtp.url, from: 'SwapGate <no-reply@swapgate.test>' });
    outbox = new MailOutbox({ db: handle.db, transport, log, now });
    mailer = new SwapMailer({
      mail: outbox,
      dictionaries,
      catalogue,
      baseUrl: BASE_URL,
      linkSecret: 'a-test-secret-of-more-than-32-characters',
    });
    swaps = new SwapService({
      db: handle.db,
      catalogue,
      quotes,
      providers,
      log,
      now,
      unpaidTtlMs: 60_000,
      pollActiveMs: 500,
      mailer,
    });
  });
  afterAll(async () => {
    await smtp.stop();
    await handle.close();
  });

  const create = (email?: string, lang = 'en') =>
    swaps.create({
      from: 'btc',
      to: 'eth',
      amount: '0.05',
      rateType: 'float',
      payoutAddress: ETH_ADDRESS,
      ...(email ? { notify: { email, lang } } : {}),
    });

  const mailsTo = async (to: string) =>
    (await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).sort((a, b) => a.id - b.id);

  it('queues a receipt with the swap, and it goes out through SMTP', async () => {
    const { swap } = await create('receipt@example.com');
    const [receipt] = await mailsTo('receipt@example.com');
    expect(receipt?.subject).toBe('Your BTC → ETH swap is waiting for your deposit | SwapGate');
    expect(receipt?.text).toContain(swap.depositAddress);
    expect(receipt?.text).toContain('Bitcoin');
    expect(receipt?.text).toContain('floating rate');
    expect(receipt?.text).toContain(`${BASE_URL}/swap/${swap.id}`);

    await outbox.deliverDue();
    const sent = smtp.received.find((mail) => mail.to.includes('receipt@example.com'));
    expect(sent?.raw.replace(/=\r?\n/g, '')).toContain(swap.depositAddress);
    expect(sent?.raw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/swapgate\.test\/swap\/[a-z2-7]{26}\/unsubscribe\?token=/m,
    );
  });

  it('stores nothing to mail without an email, and mails no in-between status', async () => {
    const { swap } = await create();
    const [stored] = await handle.db.select().from(swapsTable).where(eq(swapsTable.id, swap.id));
    expect(stored?.notifyEmail).toBeNull();
    expect(stored?.notifyToken).toBeNull();

    const mailed = await create('steps@example.com', 'fr');
    clock = new Date(clock.getTime() + 100);
    await swaps.simulateDeposit(mailed.swap.id, '0.05');
    for (let step = 0; step < 3; step++) {
      clock = new Date(clock.getTime() + 1_000);
      await swaps.syncDue();
    }
    expect((await swaps.get(mailed.swap.id))?.status).toBe('finished');
    const subjects = (await mailsTo('steps@example.com')).map((mail) => mail.subject);
    expect(subjects).toEqual([
      'Votre swap BTC → ETH attend votre dépôt | SwapGate',
      'Votre swap BTC → ETH est terminé | SwapGate',
    ]);
  });

  it('mails an expired swap, and stops after an unsubscribe (a wrong token changes nothing)', async () => {
    const { swap } = await create('expiry@example.com');
    const [stored] = await handle.db.select().from(swapsTable).where(eq(swapsTable.id, swap.id));
    const token = stored?.notifyToken ?? '';
    expect(await mailer.subscription(handle.db, swap.id, 'wrong')).toBe('not_found');
    expect(await mailer.unsubscribe(handle.db, swap.id, 'wrong')).toBe('not_found');
    expect(await mailer.subscription(handle.db, swap.id, token)).toBe('subscribed');

    clock = new Date(clock.getTime() + 61_000);
    await swaps.syncDue();
    expect((await mailsTo('expiry@example.com')).map((mail) => mail.subject)).toEqual([
      'Your BTC → ETH swap is waiting for your deposit | SwapGate',
      'Your BTC → ETH swap has expired | SwapGate',
    ]);

    const other = await create('quiet@example.com');
    const [otherRow] = await handle.db.select().from(swapsTable).where(eq(swapsTable.id, other.swap.id));
    expect(await mailer.unsubscribe(handle.db, other.swap.id, otherRow?.notifyToken ?? '')).toBe(
      'unsubscribed',
    );
    expect(await mailer.unsubscribe(handle.db, other.swap.id, otherRow?.notifyToken ?? '')).toBe('already');
    expect(await mailer.subscription(handle.db, other.swap.id, otherRow?.notifyToken ?? '')).toBe(
      'unsubscribed',
    );
    clock = new Date(clock.getTime() + 61_000);
    await swaps.syncDue();
    expect((await swaps.get(other.swap.id))?.status).toBe('expired');
    expect((await mailsTo('quiet@example.com')).length).toBe(1);
    const [forgotten] = await handle.db.select().from(swapsTable).where(eq(swapsTable.id, other.swap.id));
    expect(forgotten?.notifyEmail).toBeNull();
  });
});
