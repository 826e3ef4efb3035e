import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox, partnerEarnings, partners, partnerWithdrawals } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { Catalogue } from '../catalogue/catalogue.ts';
import { Big } from '../exchange/decimal.ts';
import { QuoteService } from '../exchange/quotes.ts';
import { SwapService } from '../exchange/swaps.ts';
import { loadDictionaries } from '../i18n/dictionaries.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { NO_MAIL_TRANSPORT } from '../mail/transport.ts';
import { SnapshotFeed } from '../market/feeds.ts';
import { MarketService } from '../market/market.ts';
import { createSandboxProviders } from '../providers/sandbox.ts';
import { seedDemoData } from '../seed.ts';
import { ledgerCsv, PartnerLedger, seriesOf } from './ledger.ts';
import { API_TIERS, apiTier } from './tiers.ts';
import { MIN_WITHDRAWAL_USD, PartnerWithdrawals } from './withdrawals.ts';

const log = pino({ level: 'silent' });
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('API partner tiers', () => {
  it('grow with the volume of the last 30 days, from 25 % to at most 50 % of our fee', () => {
    expect(apiTier(0).shareBps).toBe(2_500);
    expect(apiTier(49_999.99).shareBps).toBe(2_500);
    expect(apiTier(50_000).shareBps).toBe(3_500);
    expect(apiTier(250_000).shareBps).toBe(4_500);
    expect(apiTier(10_000_000).shareBps).toBe(5_000);
    expect(Math.max(...API_TIERS.map((tier) => tier.shareBps))).toBe(5_000);
  });
});

describe('ledger series and CSV', () => {
  it('sums earnings by day and by month, with empty periods as zero', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const rows = [
      { at: new Date('2026-11-27T01:00:00Z'), usd: '1.5' },
      { at: new Date('2026-11-27T09:00:00Z'), usd: '-0.5' },
      { at: new Date('2026-11-25T09:00:00Z'), usd: '2' },
      { at: new Date('2026-10-03T09:00:00Z'), usd: '4' },
    ];
    const days = seriesOf(rows, 'day', 3, now);
    expect(days.map((point) => [point.start.toISOString().slice(0, 10), point.usd])).toEqual([
      ['2026-11-25', 2],
      ['2026-11-26', 0],
      ['2026-11-27', 1],
    ]);
    const months = seriesOf(rows, 'month', 2, now);
    expect(months.map((point) => point.usd)).toEqual([4, 3]);
  });

  it('writes one quoted line per row under a header', () => {
    const csv = ledgerCsv([
      {
        id: 1,
        partnerId: 'p1',
        kind: 'earning',
        programme: 'affiliate',
        swapId: 's1',
        withdrawalId: null,
        coin: 'eth',
        network: 'ethereum',
        amount: '0.00200000',
        usd: '6.123456',
        volumeUsd: '3061.73',
        shareBps: 20,
        at: new Date('2026-11-27T10:00:00Z'),
      },
    ]);
    expect(csv).toBe(
      'date,kind,programme,swap,withdrawal,coin,network,amount,usd,share_bps\r\n' +
        '2026-11-27T10:00:00.000Z,earning,affiliate,s1,,eth,ethereum,0.002,6.12,20\r\n',
    );
  });
});

describe.each(databaseTargets())('partner earnings and withdrawals on $name', (target) => {
  let handle: DatabaseHandle;
  let clock = new Date('2026-11-27T12:00:00Z');
  const now = () => clock;
  let swaps: SwapService;
  let ledger: PartnerLedger;
  let market: MarketService;
  let withdrawals: (sandbox?: boolean, sandboxQueueFromUsd?: number) => PartnerWithdrawals;

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    const catalogue = new Catalogue(handle.db);
    market = new MarketService({ db: handle.db, feed: new SnapshotFeed(), log });
    await market.refresh(clock);
    const providers = createSandboxProviders(
      { db: handle.db, catalogue, prices: market, now },
      { delays: { confirmingMs: 1_000, exchangingMs: 1_000, sendingMs: 1_000 } },
    );
    const quotes = new QuoteService({ db: handle.db, catalogue, providers, now });
    ledger = new PartnerLedger({ db: handle.db, prices: market, catalogue, log, now });
    swaps = new SwapService({
      db: handle.db,
      catalogue,
      quotes,
      providers,
      log,
      now,
      pollActiveMs: 500,
      onEnded: ledger,
    });
    const mail = new MailOutbox({ db: handle.db, transport: NO_MAIL_TRANSPORT, log });
    const dictionaries = loadDictionaries();
    withdrawals = (sandbox = true, sandboxQueueFromUsd?: number) =>
      new PartnerWithdrawals({
        sandboxQueueFromUsd,
        db: handle.db,
        ledger,
        catalogue,
        prices: market,
        mail,
        dictionaries,
        baseUrl: 'https://swapgate.test',
        secret: 'a-test-secret-of-thirty-two-characters',
        sandbox,
        log,
        now,
      });
    await handle.db.insert(partners).values([
      { id: 'paffiliate', name: 'Affiliate' },
      { id: 'papi', name: 'API partner' },
      { id: 'pnothing', name: 'Partner without swaps' },
    ]);
  });
  afterAll(async () => {
    await handle.close();
  });

  /** A sandbox swap of 1 BTC for the partner, taken through to its end. */
  async function finishedSwap(partnerId: string, partnerVia?: 'affiliate' | 'api') {
    const { swap } = await swaps.create({
      from: 'btc',
      to: 'eth',
      amount: '1',
      rateType: 'float',
      payoutAddress: ETH_ADDRESS,
      partnerId,
      ...(partnerVia ? { partnerVia } : {}),
    });
    clock = new Date(clock.getTime() + 100);
    await swaps.simulateDeposit(swap.id, '1');
    for (let step = 0; step < 3; step++) {
      clock = new Date(clock.getTime() + 1_000);
      await swaps.sync(swap.id);
    }
    const done = await swaps.get(swap.id);
    expect(done?.status).toBe('finished');
    return done as NonNullable<typeof done>;
  }

  const rowsOf = (swapId: string) =>
    handle.db.select().from(partnerEarnings).where(eq(partnerEarnings.swapId, swapId));

  it("writes one earning of 0.2 % of the payout when an affiliate's swap finishes, in the payout coin and USD", async () => {
    const swap = await finishedSwap('paffiliate');
    const rows = await rowsOf(swap.id);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    const paid = new Big(swap.amountPaidOut ?? swap.amountTo);
    expect(row).toMatchObject({ kind: 'earning', programme: 'affiliate', coin: 'eth', shareBps: 20 });
    expect(new Big(row?.amount ?? 0).toFixed(8)).toBe(paid.times('0.002').toFixed(8, Big.roundDown));
    const price = (await market.usdPrice('eth')) as string;
    expect(Number(row?.usd)).toBeCloseTo(Number(row?.amount) * Number(price), 4);
    // The job seeing the finished swap again writes nothing more.
    await swaps.sync(swap.id);
    expect(await rowsOf(swap.id)).toHaveLength(1);
  });

  it("gives an API partner its tier's share of our service fee", async () => {
    const swap = await finishedSwap('papi', 'api');
    const [row] = await rowsOf(swap.id);
    expect(row).toMatchObject({ kind: 'earning', programme: 'api', shareBps: 2_500 });
    expect(new Big(row?.amount ?? 0).toFixed(8)).toBe(
      new Big(swap.serviceFee).times('0.25').toFixed(8, Big.roundDown),
    );
  });

  it('writes nothing for a swap without a partner, or one refunded before it earned', async () => {
    const { swap } = await swaps.create({
      from: 'btc',
      to: 'eth',
      amount: '1',
      rateType: 'float',
      payoutAddress: ETH_ADDRESS,
      refundAddress: BTC_ADDRESS,
      partnerId: 'pnothing',
    });
    clock = new Date(clock.getTime() + 100);
    await swaps.simulateDeposit(swap.id, '1', 'provider_failure');
    for (let step = 0; step < 4; step++) {
      clock = new Date(clock.getTime() + 1_000);
      await swaps.sync(swap.id);
    }
    expect((await swaps.get(swap.id))?.status).toBe('refunded');
    expect(await rowsOf(swap.id)).toHaveLength(0);
    expect((await ledger.totals('pnothing')).balanceUsd).toBe('0.00');
  });

  it('reverses the earning of a swap that is refunded after it earned, once', async () => {
    const swap = await finishedSwap('pnothing');
    const [earning] = await rowsOf(swap.id);
    const row = {
      id: swap.id,
      partnerId: 'pnothing',
      partnerVia: 'affiliate' as const,
      toCoin: 'eth',
      toNetwork: 'ethereum',
      amountTo: swap.amountTo,
      amountPaidOut: swap.amountPaidOut,
      amountExpected: null,
      serviceFee: swap.serviceFee,
    };
    for (let run = 0; run < 2; run++) {
      const write = await ledger.swapEnded(row, 'refunded');
      await handle.db.transaction(async (tx) => write?.(tx));
    }
    const rows = await rowsOf(swap.id);
    expect(rows.map((entry) => entry.kind).sort()).toEqual(['earning', 'reversal']);
    const reversal = rows.find((entry) => entry.kind === 'reversal');
    expect(new Big(reversal?.usd ?? 0).plus(earning?.usd ?? 0).toFixed()).toBe('0');
    const totals = await ledger.totals('pnothing');
    expect(totals).toMatchObject({ balanceUsd: '0.00', earnedUsd: '0.00', swaps: 0 });
  });

  it('totals, series and CSV show what the affiliate earned', async () => {
    const totals = await ledger.totals('paffiliate');
    const [row] = await handle.db
      .select()
      .from(partnerEarnings)
      .where(eq(partnerEarnings.partnerId, 'paffiliate'));
    expect(totals.swaps).toBe(1);
    expect(totals.balanceUsd).toBe(new Big(row?.usd ?? 0).toFixed(2));
    expect(totals.monthUsd).toBe(totals.earnedUsd);
    const series = await ledger.series('paffiliate');
    expect(series.days).toHaveLength(30);
    expect(series.months).toHaveLength(12);
    expect(series.days.at(-1)?.usd).toBe(Number(totals.earnedUsd));
    const csv = await ledger.csv('paffiliate');
    expect(csv.split('\r\n')[1]).toMatch(/^2026-11-27T.*,earning,affiliate,[a-z2-7]{26},,eth,ethereum,/);
  });

  it('refuses a withdrawal below the minimum, of an unknown coin, or to a wrong address or memo', async () => {
    const service = withdrawals();
    const base = { email: 'p@example.com', lang: 'en' as const };
    expect(
      await service.request({
        ...base,
        partnerId: 'pnothing',
        coin: 'eth',
        network: 'ethereum',
        address: ETH_ADDRESS,
      }),
    ).toEqual({ ok: false, error: 'below_minimum' });
    const asks = {
      ...base,
      partnerId: 'paffiliate',
    };
    expect(Number((await ledger.totals('paffiliate')).balanceUsd)).toBeGreaterThanOrEqual(MIN_WITHDRAWAL_USD);
    expect(
      await service.request({ ...asks, coin: 'nope', network: 'ethereum', address: ETH_ADDRESS }),
    ).toEqual({
      ok: false,
      error: 'unknown_coin',
    });
    expect(
      await service.request({ ...asks, coin: 'eth', network: 'ethereum', address: BTC_ADDRESS }),
    ).toEqual({
      ok: false,
      error: 'invalid_address',
    });
    expect(
      await service.request({ ...asks, coin: 'eth', network: 'ethereum', address: ETH_ADDRESS, memo: '12' }),
    ).toEqual({ ok: false, error: 'invalid_memo' });
  });

  it('pays a balance once when two confirmations of one link, or of two withdrawals, run at once', async () => {
    const service = withdrawals();
    const before = await ledger.balanceUsd('paffiliate');
    const asked = await service.request({
      partnerId: 'paffiliate',
      coin: 'eth',
      network: 'ethereum',
      address: ETH_ADDRESS,
      email: 'p@example.com',
      lang: 'en',
    });
    expect(asked.ok).toBe(true);
    const second = await service.request({
      partnerId: 'paffiliate',
      coin: 'btc',
      network: 'bitcoin',
      address: BTC_ADDRESS,
      email: 'p@example.com',
      lang: 'en',
    });
    expect(second.ok).toBe(true);
    const mails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'p@example.com'));
    expect(mails).toHaveLength(2);
    const tokens = mails.map(
      (mail) => /\/withdrawal\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1],
    );
    expect(tokens.every(Boolean)).toBe(true);
    const [first, other] = tokens as [string, string];

    const results = await Promise.all([
      service.confirm(first),
      service.confirm(first),
      service.confirm(other),
    ]);
    const paid = results.filter((result) => result.ok);
    expect(paid).toHaveLength(1);
    expect(
      results
        .filter((result) => !result.ok)
        .map((result) => !result.ok && result.error)
        .sort(),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^(used|balance)$/)]));
    const payout = paid[0]?.ok ? paid[0].withdrawal : null;
    expect(payout?.status).toBe('paid');
    expect(payout?.txHash).toMatch(/^0x[0-9a-f]{64}$|^[0-9a-f]{64}$/);
    expect(payout?.amountUsd).toBe(before.toFixed(2));
    expect((await ledger.balanceUsd('paffiliate')).toFixed(2)).toBe('0.00');
    const debits = await handle.db
      .select()
      .from(partnerEarnings)
      .where(eq(partnerEarnings.kind, 'withdrawal'));
    expect(debits.filter((row) => row.partnerId === 'paffiliate')).toHaveLength(1);
    // The link works once.
    expect(await service.confirm(first)).toMatchObject({ ok: false });
    expect(await service.confirm(other)).toMatchObject({ ok: false });
  });

  it('refuses an expired link and queues a confirmed one for the operator outside the sandbox', async () => {
    await finishedSwap('papi', 'api');
    await finishedSwap('papi', 'api');
    // Enough for the minimum: the API partner's earnings are a share of a 0.4 % fee.
    const balance = await ledger.balanceUsd('papi');
    if (balance.lt(MIN_WITHDRAWAL_USD)) {
      await handle.db.insert(partnerEarnings).values({
        partnerId: 'papi',
        kind: 'earning',
        programme: 'api',
        coin: 'eth',
        network: 'ethereum',
        amount: '0.01',
        usd: '20',
        at: clock,
      });
    }
    const service = withdrawals(false);
    const ask = () =>
      service.request({
        partnerId: 'papi',
        coin: 'eth',
        network: 'ethereum',
        address: ETH_ADDRESS,
        email: 'api@example.com',
        lang: 'de',
      });
    expect((await ask()).ok).toBe(true);
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'api@example.com'));
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] as string;
    expect(mail?.text).toContain('https://swapgate.test/de/withdrawal/confirm?token=');
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect(await service.confirm(token)).toMatchObject({ ok: false, error: 'expired' });
    expect((await service.byToken(token))?.status).toBe('expired');

    expect((await ask()).ok).toBe(true);
    const mails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'api@example.com'));
    const fresh = /token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text ?? '')?.[1] as string;
    const confirmed = await service.confirm(fresh);
    expect(confirmed.ok && confirmed.withdrawal.status).toBe('queued');
    const id = confirmed.ok ? confirmed.withdrawal.id : '';
    expect(await service.markPaid(id, `0x${'ab'.repeat(32)}`)).toBe(true);
    expect(await service.markPaid(id, `0x${'cd'.repeat(32)}`)).toBe(false);
    const [stored] = await handle.db.select().from(partnerWithdrawals).where(eq(partnerWithdrawals.id, id));
    expect(stored).toMatchObject({ status: 'paid', txHash: `0x${'ab'.repeat(32)}` });
    expect((await service.get(id))?.txUrl).toContain(`0x${'ab'.repeat(32)}`);
  });

  it('refuses a queued withdrawal with a reason: the debit is given back by a refusal row, once', async () => {
    await handle.db.insert(partners).values({ id: 'prefused', name: 'Refused partner' });
    await handle.db.insert(partnerEarnings).values({
      partnerId: 'prefused',
      kind: 'earning',
      programme: 'affiliate',
      coin: 'eth',
      network: 'ethereum',
      amount: '0.02',
      usd: '40',
      at: clock,
    });
    const service = withdrawals(false);
    const asked = await service.request({
      partnerId: 'prefused',
      coin: 'eth',
      network: 'ethereum',
      address: ETH_ADDRESS,
      email: 'refused@example.com',
      lang: 'en',
    });
    expect(asked.ok).toBe(true);
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'refused@example.com'));
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] as string;
    // Only a queued withdrawal can be refused (this one still waits for its confirmation).
    const requested = asked.ok ? asked.withdrawal.id : '';
    expect(await service.refuse(requested, 'Wrong address')).toBeNull();
    const confirmed = await service.confirm(token);
    const id = confirmed.ok ? confirmed.withdrawal.id : '';
    expect((await ledger.balanceUsd('prefused')).toFixed(2)).toBe('0.00');

    const refused = await Promise.all([
      service.refuse(id, 'The address belongs to a sanctioned service'),
      service.refuse(id, 'Twice'),
    ]);
    expect(refused.filter(Boolean)).toHaveLength(1);
    expect(refused.find(Boolean)?.status).toBe('queued');
    expect((await ledger.balanceUsd('prefused')).toFixed(2)).toBe('40.00');
    const rows = await handle.db
      .select()
      .from(partnerEarnings)
      .where(eq(partnerEarnings.withdrawalId, id))
      .orderBy(partnerEarnings.id);
    expect(rows.map((row) => [row.kind, Number(row.usd)])).toEqual([
      ['withdrawal', -40],
      ['refusal', 40],
    ]);
    const view = await service.get(id);
    expect(view).toMatchObject({ status: 'refused', txHash: null });
    expect(view?.refusedReason).toMatch(/^(The address belongs to a sanctioned service|Twice)$/);
    const totals = await ledger.totals('prefused');
    expect([totals.balanceUsd, totals.withdrawnUsd, totals.earnedUsd]).toEqual(['40.00', '0.00', '40.00']);
    // Neither paid nor refused again; the CSV shows the row that gave the amount back.
    expect(await service.markPaid(id, `0x${'ef'.repeat(32)}`)).toBe(false);
    expect(await service.refuse(id, 'Again')).toBeNull();
    expect(await ledger.csv('prefused')).toContain(`,refusal,,,${id},eth,ethereum,`);
  });

  it('in the sandbox, pays a withdrawal below SANDBOX_WITHDRAWALS_QUEUE_FROM_USD at once and queues one from it', async () => {
    const service = withdrawals(true, 30);
    const confirmOne = async (partnerId: string, usd: string) => {
      await handle.db.insert(partners).values({ id: partnerId, name: partnerId });
      await handle.db.insert(partnerEarnings).values({
        partnerId,
        kind: 'earning',
        programme: 'affiliate',
        coin: 'eth',
        network: 'ethereum',
        amount: '0.01',
        usd,
        at: clock,
      });
      const email = `${partnerId}@example.com`;
      const asked = await service.request({
        partnerId,
        coin: 'eth',
        network: 'ethereum',
        address: ETH_ADDRESS,
        email,
        lang: 'en',
      });
      expect(asked.ok).toBe(true);
      const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      const confirmed = await service.confirm(/token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '');
      return confirmed.ok ? confirmed.withdrawal : null;
    };
    const small = await confirmOne('psmall', '29.99');
    expect(small?.status).toBe('paid');
    expect(small?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const large = await confirmOne('plarge', '30');
    expect([large?.status, large?.txHash]).toEqual(['queued', null]);
    expect((await service.queued()).map((row) => row.id)).toContain(large?.id);
    expect((await service.queued()).map((row) => row.id)).not.toContain(small?.id);
  });
});
