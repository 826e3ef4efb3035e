import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../core/seed.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { type FakeMoonPay, startFakeMoonPay } from '../../tests/fakes/moonpay-fake.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';

const build = await loadServerBuild();
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * MoonPay switched on by its MOONPAY_* settings (sandbox providers off), against the local fake:
 * quotes through the API, an order whose checkout is MoonPay's signed widget, its webhook at
 * /api/webhooks/fiat/moonpay (signed, forged, replayed) and the order job's status lookup.
 */
describe.each(databaseTargets())('MoonPay through the fiat API on $name', (target) => {
  let handle: DatabaseHandle;
  let fake: FakeMoonPay;
  let app: ReturnType<typeof createTestApp>['app'];
  let services: ReturnType<typeof createTestApp>['services'];

  beforeAll(async () => {
    fake = await startFakeMoonPay();
    handle = await target.open();
    await seedDemoData(handle.db);
    ({ app, services } = createTestApp(build, handle, {
      SANDBOX_PROVIDERS: 'false',
      MOONPAY_API_KEY: fake.options.apiKey,
      MOONPAY_SECRET_KEY: fake.options.secretKey,
      MOONPAY_WEBHOOK_KEY: fake.options.webhookKey,
      MOONPAY_API_URL: fake.url,
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    }));
  });
  afterAll(async () => {
    await handle?.close();
    await fake?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const order = {
    side: 'buy',
    fiat: 'usd',
    coin: 'btc',
    amount: '250',
    country: 'us',
    paymentMethod: 'card',
  };

  it('quotes MoonPay alone, creates an order on its signed widget, and follows its webhooks and lookups', async () => {
    const quote = await post('/api/v1/fiat/quotes', order);
    expect(quote.status).toBe(200);
    const offers = ((await quote.json()) as { offers: { provider: string }[] }).offers;
    expect(offers.map((o) => o.provider)).toEqual(['moonpay']);

    const created = await post('/api/v1/fiat/orders', { ...order, walletAddress: BTC_ADDRESS });
    expect(created.status).toBe(201);
    const { id, checkoutUrl } = (await created.json()) as { id: string; checkoutUrl: string };
    const widget = new URL(checkoutUrl);
    expect(widget.origin).toBe('https://buy.moonpay.com');
    expect(widget.searchParams.get('externalTransactionId')).toBe(id);
    expect(widget.searchParams.get('walletAddress')).toBe(BTC_ADDRESS);
    expect(widget.searchParams.get('signature')).toBeTruthy();
    // Its order page is ours; its checkout is MoonPay's, so ours has none for it.
    expect((await app.request(`/fiat/order/${id}`)).status).toBe(200);
    expect((await app.request(`/fiat/checkout/${id}`)).status).toBe(404);

    // The visitor pays in the widget: MoonPay tells us by webhook.
    fake.setTransaction(id, { status: 'pending' });
    const forged = fake.webhook(id, { key: 'wk_not_moonpays' });
    const refused = await post('/api/webhooks/fiat/moonpay', forged.body, Object.fromEntries(forged.headers));
    expect(refused.status).toBe(401);
    const signed = fake.webhook(id);
    const accepted = await post(
      '/api/webhooks/fiat/moonpay',
      signed.body,
      Object.fromEntries(signed.headers),
    );
    expect(await accepted.json()).toMatchObject({ replayed: false, moved: true });
    const again = await post('/api/webhooks/fiat/moonpay', signed.body, Object.fromEntries(signed.headers));
    expect(await again.json()).toMatchObject({ replayed: true, moved: false });
    const read = async () =>
      (await (await app.request(`/api/v1/fiat/orders/${id}`)).json()) as {
        status: string;
        txHash: string | null;
      };
    expect((await read()).status).toBe('paid');

    // The coins leave: the order job's lookup sees it without a webhook.
    fake.setTransaction(id, { status: 'completed', cryptoTransactionId: 'cd'.repeat(32) });
    await services.fiatOrders.sync(id);
    expect(await read()).toMatchObject({ status: 'completed', txHash: 'cd'.repeat(32) });
    expect(fake.requests.some((r) => r.path === `/v1/transactions/ext/${id}`)).toBe(true);
  });
});
