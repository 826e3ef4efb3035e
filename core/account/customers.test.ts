import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { accountUsers, fiatOrders, mailOutbox, newsletterSubscribers, swaps } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { SwapMailer } from '../exchange/swap-mail.ts';
import { loadDictionaries } from '../i18n/dictionaries.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { NO_MAIL_TRANSPORT } from '../mail/transport.ts';
import { MemoryRateLimiter } from '../rate-limit.ts';
import { CLAIM_TTL_MS, CLAIMS_PER_HOUR, CustomerService } from './customers.ts';

const log = pino({ level: 'silent' });
const dictionaries = loadDictionaries();
const ACCOUNT_URL = 'https://account.swapgate.example';

/** A swap row as the tests need it: `n` makes its 26-character id. */
function swapRow(n: number, email: string | null, status: 'waiting' | 'finished' = 'waiting') {
  const id = `claimswap${'bcdefghij'.charAt(n)}${'a'.repeat(16)}`;
  return {
    id,
    provider: 'sandbox-alpha',
    providerSwapId: `p-${id}`,
    status,
    rateType: 'float' as const,
    fromCoin: 'btc',
    fromNetwork: 'bitcoin',
    toCoin: 'eth',
    toNetwork: 'ethereum',
    amountFrom: '0.05',
    amountTo: '1.5',
    rate: '30',
    serviceFee: '0',
    affiliateFee: '0',
    networkFee: '0',
    depositAddress: 'addr',
    payoutAddress: 'addr',
    expiresAt: new Date('2026-12-01T12:00:00Z'),
    notifyEmail: email,
    notifyLang: email ? 'en' : null,
    notifyToken: email ? `token-${id}` : null,
  };
}

describe.each(databaseTargets())('account customers on $name', (target) => {
  let handle: DatabaseHandle;
  let customers: CustomerService;
  let clock = new Date('2026-11-27T12:00:00Z');

  /** The token of the last claim link mailed to `to`. */
  const claimToken = async (to: string) => {
    const rows = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    const last = rows.sort((a, b) => b.id - a.id)[0];
    return /\/claim\?token=([\w-]+)/.exec(last?.text ?? '')?.[1] ?? '';
  };
  const owner = async (id: string) =>
    (await handle.db.select({ owner: swaps.accountUserId }).from(swaps).where(eq(swaps.id, id)))[0]?.owner;

  beforeAll(async () => {
    handle = await target.open();
    const mail = new MailOutbox({ db: handle.db, transport: NO_MAIL_TRANSPORT, log });
    customers = new CustomerService({
      db: handle.db,
      mail,
      dictionaries,
      rateLimiter: new MemoryRateLimiter(),
      accountUrl: ACCOUNT_URL,
      now: () => clock,
    });
    await handle.db.insert(accountUsers).values([
      { id: 'user-ada', name: 'Ada', email: 'ada@example.com', emailVerified: true },
      { id: 'user-bob', name: 'Bob', email: 'bob@example.com', emailVerified: true },
    ]);
    await handle.db
      .insert(swaps)
      .values([
        swapRow(1, 'old@example.com', 'finished'),
        swapRow(2, 'old@example.com'),
        swapRow(3, 'other@example.com'),
        swapRow(4, null),
        swapRow(5, 'expiry@example.com'),
        swapRow(6, 'byid@example.com'),
        swapRow(7, 'byid@example.com'),
      ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('mails a claim link only to the address the swaps were made with, and it works once', async () => {
    expect(await customers.requestClaim({ userId: 'user-ada', query: ' OLD@example.com ', lang: 'de' })).toBe(
      true,
    );
    const mails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'old@example.com'));
    expect(mails).toHaveLength(1);
    // The account's address and name are not in it: nothing the asker chose reaches the stranger.
    expect(mails[0]?.text).not.toContain('ada@example.com');
    expect(mails[0]?.text).not.toContain('Ada');
    expect(mails[0]?.subject).toBe('Fügen Sie Ihre Swaps Ihrem SwapGate-Konto hinzu');
    expect(mails[0]?.text).toContain(`${ACCOUNT_URL}/de/claim?token=`);
    const token = await claimToken('old@example.com');

    // Another account cannot use it, and trying does not use it up.
    expect(await customers.checkClaim('user-bob', token)).toEqual({ ok: false, code: 'wrong_user' });
    expect(await customers.claim('user-bob', token)).toEqual({ ok: false, code: 'wrong_user' });
    expect(await customers.checkClaim('user-ada', token)).toEqual({
      ok: true,
      count: 2,
      email: 'old@example.com',
    });
    expect(await customers.claim('user-ada', token)).toEqual({
      ok: true,
      count: 2,
      email: 'old@example.com',
    });
    expect(await customers.claim('user-ada', token)).toEqual({ ok: false, code: 'invalid' });
    expect(await owner(swapRow(1, null).id)).toBe('user-ada');
    expect(await owner(swapRow(3, null).id)).toBeNull();

    const listed = await customers.list('user-ada');
    expect(listed.swaps.map((swap) => [swap.id, swap.status]).sort()).toEqual([
      [swapRow(1, null).id, 'finished'],
      [swapRow(2, null).id, 'waiting'],
    ]);
    expect((await customers.list('user-bob')).swaps).toEqual([]);
  });

  it('sends nothing for an address or a swap without unclaimed swaps, and answers the same', async () => {
    const before = await handle.db.select().from(mailOutbox);
    expect(
      await customers.requestClaim({ userId: 'user-bob', query: 'nobody@example.com', lang: 'en' }),
    ).toBe(true);
    // Swap 1 is claimed already; swap 4 has no address.
    expect(await customers.requestClaim({ userId: 'user-bob', query: swapRow(1, null).id, lang: 'en' })).toBe(
      true,
    );
    expect(await customers.requestClaim({ userId: 'user-bob', query: swapRow(4, null).id, lang: 'en' })).toBe(
      true,
    );
    expect(await handle.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('a link asked for by a swap id claims that swap only', async () => {
    await customers.requestClaim({ userId: 'user-bob', query: swapRow(6, null).id, lang: 'en' });
    const token = await claimToken('byid@example.com');
    expect(await customers.claim('user-bob', token)).toMatchObject({ ok: true, count: 1 });
    expect(await owner(swapRow(6, null).id)).toBe('user-bob');
    expect(await owner(swapRow(7, null).id)).toBeNull();
  });

  it('a link expires after an hour', async () => {
    await customers.requestClaim({ userId: 'user-bob', query: 'expiry@example.com', lang: 'en' });
    const token = await claimToken('expiry@example.com');
    clock = new Date(clock.getTime() + CLAIM_TTL_MS + 1000);
    expect(await customers.checkClaim('user-bob', token)).toEqual({ ok: false, code: 'invalid' });
    expect(await customers.claim('user-bob', token)).toEqual({ ok: false, code: 'invalid' });
    expect(await owner(swapRow(5, null).id)).toBeNull();
    expect(await customers.claim('user-bob', 'not-a-token')).toEqual({ ok: false, code: 'invalid' });
  });

  it('limits claim mails per account and hour', async () => {
    const limited = new CustomerService({
      db: handle.db,
      mail: new MailOutbox({ db: handle.db, transport: NO_MAIL_TRANSPORT, log }),
      dictionaries,
      rateLimiter: new MemoryRateLimiter(),
      accountUrl: ACCOUNT_URL,
    });
    for (let i = 0; i < CLAIMS_PER_HOUR; i++) {
      expect(await limited.requestClaim({ userId: 'user-ada', query: 'x@example.com', lang: 'en' })).toBe(
        true,
      );
    }
    expect(await limited.requestClaim({ userId: 'user-ada', query: 'x@example.com', lang: 'en' })).toBe(
      false,
    );
  });

  it('keeps a swap or order by its id, never one another account keeps', async () => {
    const id = swapRow(3, null).id;
    expect(await customers.save('user-bob', id.toUpperCase())).toBe('saved');
    expect(await customers.save('user-bob', id)).toBe('already');
    expect(await customers.save('user-ada', id)).toBe('taken');
    expect(await customers.save('user-ada', 'zzzzzzzzzzzzzzzzzzzzzzzzzz')).toBe('not_found');
    expect(await customers.save('user-ada', 'not an id')).toBe('not_found');
    const [order] = await handle.db.select({ id: fiatOrders.id }).from(fiatOrders).limit(1);
    if (order) expect(await customers.save('user-ada', order.id)).toBe('saved');
  });

  it('honours the mail switches: no status mail when swap mails are off, the newsletter list follows', async () => {
    const mailer = new SwapMailer({
      mail: new MailOutbox({ db: handle.db, transport: NO_MAIL_TRANSPORT, log }),
      dictionaries,
      catalogue: { asset: async () => null } as unknown as Catalogue,
      baseUrl: 'https://swapgate.example',
      linkSecret: 'a-test-secret-of-more-than-32-characters',
    });
    const row = { ...swapRow(1, 'old@example.com', 'finished'), problem: null } as never;
    expect(await customers.preferences('user-ada')).toEqual({ swapMails: true, newsletter: false });
    expect(await mailer.statusChanged(row, handle.db)).toBe(true);

    await customers.setPreferences(
      { id: 'user-ada', email: 'ada@example.com' },
      { swapMails: false, newsletter: true },
      'de',
    );
    expect(await customers.preferences('user-ada')).toEqual({ swapMails: false, newsletter: true });
    expect(await mailer.statusChanged(row, handle.db)).toBe(false);
    const [subscriber] = await handle.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'ada@example.com'));
    expect(subscriber?.lang).toBe('de');

    await customers.setPreferences(
      { id: 'user-ada', email: 'ada@example.com' },
      { swapMails: true, newsletter: false },
      'de',
    );
    expect(await mailer.statusChanged(row, handle.db)).toBe(true);
    expect(
      await handle.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, 'ada@example.com')),
    ).toEqual([]);
  });
});
