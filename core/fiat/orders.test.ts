import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { fiatOrderEvents } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { Catalogue } from '../catalogue/catalogue.ts';
import { Big } from '../exchange/decimal.ts';
import { SnapshotFeed } from '../market/feeds.ts';
import { MarketService } from '../market/market.ts';
import { seedDemoData } from '../seed.ts';
import { readProviderCoverage, readUsdRates } from './coverage.ts';
import { type CreateFiatOrderInput, FiatOrderService } from './orders.ts';
import { FiatError, FiatMarket } from './quotes.ts';
import { createSandboxFiatProviders, SANDBOX_SIGNATURE_HEADER, TEST_CARDS } from './sandbox.ts';
import { webhookSignatureHeader } from './signing.ts';
import { FIAT_ORDER_ID_PATTERN } from './types.ts';

const log = pino({ level: 'silent' });
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const SECRET = 'test-webhook-secret';
const CARD = { number: TEST_CARDS.success, expiry: '12/34', cvc: '123' };

describe.each(databaseTargets())('fiat orders on $name', (target) => {
  let handle: DatabaseHandle;
  let clock = new Date('2026-11-22T12:00:00Z');
  const now = () => clock;
  let market: FiatMarket;
  let orders: FiatOrderService;
  const buy = (extra: Partial<CreateFiatOrderInput> = {}): CreateFiatOrderInput => ({
    side: 'buy',
    fiat: 'usd',
    coin: 'btc',
    amount: '250',
    country: 'us',
    paymentMethod: 'card',
    walletAddress: BTC_ADDRESS,
    lang: 'en',
    ...extra,
  });

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    const catalogue = new Catalogue(handle.db);
    const prices = new MarketService({ db: handle.db, feed: new SnapshotFeed(), log });
    await prices.refresh(clock);
    const coverage = readProviderCoverage();
    const providers = createSandboxFiatProviders(
      coverage,
      { db: handle.db, catalogue, prices, usdRates: readUsdRates() },
      { baseUrl: 'https://example.test', webhookSecret: SECRET, stepMs: 1_000, now },
    );
    market = new FiatMarket({ db: handle.db, catalogue, providers, coverage });
    orders = new FiatOrderService({
      db: handle.db,
      catalogue,
      market,
      log,
      baseUrl: 'https://example.test',
      unpaidTtlMs: 60_000,
      pollMs: 500,
      now,
    });
  });
  afterAll(() => handle?.close());

  it('quotes every provider, best first, with the fees in the amounts', async () => {
    const quote = await market.quote({
      side: 'buy',
      fiat: 'usd',
      coin: 'btc',
      amount: '250',
      country: 'us',
      paymentMethod: 'card',
    });
    expect(quote.offers.map((o) => o.provider).sort()).toEqual([
      'sandbox-lumen',
      'sandbox-nova',
      'sandbox-orbit',
    ]);
    const amounts = quote.offers.map((o) => new Big(o.cryptoAmount));
    for (let i = 1; i < amounts.length; i++) expect(amounts[i - 1]?.gte(amounts[i] as Big)).toBe(true);
    for (const offer of quote.offers) expect(new Big(offer.fee).gt(0)).toBe(true);
  });

  it('leaves out providers excluded in a region, and none where nobody operates', async () => {
    const texas = await market.quote({
      side: 'buy',
      fiat: 'usd',
      coin: 'btc',
      amount: '250',
      country: 'us',
      region: 'tx',
    });
    expect(texas.offers.map((o) => o.provider).sort()).toEqual(['sandbox-lumen', 'sandbox-orbit']);
    await expect(
      market.quote({ side: 'buy', fiat: 'usd', coin: 'btc', amount: '250', country: 'us', region: 'ny' }),
    ).rejects.toMatchObject({ code: 'fiat_unavailable' });
    const iran = await market.availability('buy', { country: 'ir' }, 'btc');
    expect(iran.providers).toEqual([]);
  });

  it('lists for the sitemap the pages with a provider, and only those', async () => {
    const paths = new Set(await market.sitemapPaths());
    for (const path of [
      '/fiat',
      '/buy',
      '/sell',
      '/buy/btc',
      '/buy/btc/us',
      '/buy/btc/us/ca',
      '/sell/btc/de',
      '/buy-coin/eur-btc',
      '/sell-coin/btc-usd',
      '/fiat/exchange/usd-to-btc',
    ]) {
      expect(paths.has(path), path).toBe(true);
    }
    for (const path of ['/buy/btc/ir', '/buy/btc/us/ny', '/buy-coin/xyz-btc']) {
      expect(paths.has(path), path).toBe(false);
    }
  });

  it('says why there is no offer: out of limits, unknown place, nobody there', async () => {
    const base = { side: 'buy', fiat: 'usd', coin: 'btc', country: 'us', paymentMethod: 'card' } as const;
    await expect(market.quote({ ...base, amount: '1' })).rejects.toMatchObject({
      code: 'amount_below_min',
      details: { min: '10' },
    });
    await expect(market.quote({ ...base, amount: '900000' })).rejects.toMatchObject({
      code: 'amount_above_max',
    });
    await expect(market.quote({ ...base, amount: '100', country: 'zz' })).rejects.toMatchObject({
      code: 'unknown_country',
    });
    await expect(market.quote({ ...base, amount: '100', region: 'zz' })).rejects.toMatchObject({
      code: 'unknown_region',
    });
    await expect(market.quote({ ...base, amount: '100', fiat: 'xyz' })).rejects.toMatchObject({
      code: 'unknown_fiat',
    });
    await expect(market.quote({ ...base, amount: '100', coin: 'nope' })).rejects.toMatchObject({
      code: 'unknown_coin',
    });
    await expect(market.quote({ ...base, amount: '1.234' })).rejects.toMatchObject({
      code: 'invalid_amount',
    });
    await expect(market.quote({ ...base, amount: '100', country: 'ir', fiat: 'usd' })).rejects.toMatchObject({
      code: 'fiat_unavailable',
    });
  });

  it('creates an order with a 128-bit id, pays it on the sandbox checkout and follows it to completed', async () => {
    const { order } = await orders.create(buy());
    expect(order.id).toMatch(FIAT_ORDER_ID_PATTERN);
    expect(order.status).toBe('pending_payment');
    expect(order.checkoutUrl).toBe(`https://example.test/fiat/checkout/${order.id}`);
    const paid = await orders.sandboxPay(order.id, CARD);
    expect(paid.outcome).toBe('succeeded');
    expect(paid.order.status).toBe('paid');
    clock = new Date(clock.getTime() + 1_000);
    expect((await orders.sync(order.id))?.status).toBe('sending');
    clock = new Date(clock.getTime() + 1_000);
    const done = await orders.sync(order.id);
    expect(done?.status).toBe('completed');
    expect(done?.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(done?.history.map((h) => h.status)).toEqual([
      'created',
      'pending_payment',
      'paid',
      'sending',
      'completed',
    ]);
  });

  it('ends a declined card in failed, and a 3-D Secure card after its challenge', async () => {
    const { order } = await orders.create(buy());
    const declined = await orders.sandboxPay(order.id, { ...CARD, number: TEST_CARDS.declined });
    expect(declined.order.status).toBe('failed');
    await expect(orders.sandboxPay(order.id, CARD)).rejects.toMatchObject({ code: 'order_not_payable' });

    const second = (await orders.create(buy())).order;
    const challenged = await orders.sandboxPay(second.id, { ...CARD, number: '4000 0000 0000 3220' });
    expect(challenged.outcome).toBe('challenge');
    expect(challenged.order.status).toBe('pending_payment');
    expect((await orders.sandboxChallenge(second.id, true)).status).toBe('paid');
  });

  it('refuses a bad card, a wrong address and a reused Idempotency-Key', async () => {
    const { order } = await orders.create(buy());
    await expect(orders.sandboxPay(order.id, { ...CARD, number: '4242424242424241' })).rejects.toMatchObject({
      field: 'number',
    });
    await expect(orders.sandboxPay(order.id, { ...CARD, expiry: '01/20' })).rejects.toMatchObject({
      field: 'expiry',
    });
    await expect(
      orders.create(buy({ walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' })),
    ).rejects.toMatchObject({
      code: 'invalid_address',
    });
    const key = { scope: 'ip:1', key: 'k-1' };
    const first = await orders.create(buy(), key);
    const again = await orders.create(buy(), key);
    expect(again).toMatchObject({ replayed: true, order: { id: first.order.id } });
    await expect(orders.create(buy({ amount: '300' }), key)).rejects.toBeInstanceOf(FiatError);
  });

  it('refuses webhooks with a bad or stale signature and changes nothing; a replay moves nothing twice', async () => {
    const { order } = await orders.create(buy());
    const body = JSON.stringify({ id: 'evt_1', orderId: order.id, status: 'paid' });
    const t = Math.floor(clock.getTime() / 1000);
    const forged = new Headers({ [SANDBOX_SIGNATURE_HEADER]: webhookSignatureHeader('wrong', t, body) });
    await expect(orders.handleWebhook('sandbox-lumen', forged, body)).rejects.toMatchObject({
      code: 'invalid_signature',
    });
    const stale = new Headers({ [SANDBOX_SIGNATURE_HEADER]: webhookSignatureHeader(SECRET, t - 3600, body) });
    await expect(orders.handleWebhook('sandbox-lumen', stale, body)).rejects.toMatchObject({
      code: 'invalid_signature',
    });
    expect((await orders.get(order.id))?.status).toBe('pending_payment');

    const provider = order.provider;
    const good = new Headers({ [SANDBOX_SIGNATURE_HEADER]: webhookSignatureHeader(SECRET, t, body) });
    expect(await orders.handleWebhook(provider, good, body)).toMatchObject({ replayed: false, moved: true });
    expect(await orders.handleWebhook(provider, good, body)).toMatchObject({ replayed: true, moved: false });
    const events = await handle.db
      .select()
      .from(fiatOrderEvents)
      .where(eq(fiatOrderEvents.orderId, order.id));
    expect(events.filter((e) => e.status === 'paid')).toHaveLength(1);
  });

  it('expires an unpaid order through the job', async () => {
    const { order } = await orders.create(buy());
    clock = new Date(clock.getTime() + 61_000);
    while ((await orders.syncDue(50)) === 50) {}
    expect((await orders.get(order.id))?.status).toBe('expired');
  });
});
