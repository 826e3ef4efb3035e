import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../core/seed.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { type BanxaFake, startBanxaFake } from '../../tests/fakes/banxa-fake.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';

const build = await loadServerBuild();
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * Banxa switched on by its BANXA_* settings (sandbox providers off), against the local fake: a
 * quote through the API, an order on Banxa's checkout URL, its signed webhook at
 * /api/webhooks/fiat/banxa (found by Banxa's order id; forged and replayed ones refused) and the
 * order job's lookup by that id.
 */
describe.each(databaseTargets())('Banxa through the fiat API on $name', (target) => {
  let handle: DatabaseHandle;
  let fake: BanxaFake;
  let app: ReturnType<typeof createTestApp>['app'];
  let services: ReturnType<typeof createTestApp>['services'];

  beforeAll(async () => {
    fake = await startBanxaFake();
    handle = await target.open();
    await seedDemoData(handle.db);
    ({ app, services } = createTestApp(build, handle, {
      SANDBOX_PROVIDERS: 'false',
      BANXA_API_KEY: fake.apiKey,
      BANXA_API_SECRET: fake.apiSecret,
      BANXA_URL: fake.origin,
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

  it('quotes Banxa, creates an order on its checkout, and follows its signed webhooks and lookups', async () => {
    const quote = await post('/api/v1/fiat/quotes', order);
    expect(quote.status).toBe(200);
    const offers = ((await quote.json()) as { offers: { provider: string }[] }).offers;
    expect(offers.map((o) => o.provider)).toEqual(['banxa']);

    const created = await post('/api/v1/fiat/orders', { ...order, walletAddress: BTC_ADDRESS });
    expect(created.status).toBe(201);
    const { id, checkoutUrl } = (await created.json()) as { id: string; checkoutUrl: string };
    expect(new URL(checkoutUrl).hostname).toBe('partner.banxa-sandbox.com');
    const [banxaId, banxaOrder] =
      [...fake.orders.entries()].find(([, o]) => o.account_reference === id) ?? [];
    expect(banxaOrder?.wallet_address).toBe(BTC_ADDRESS);

    fake.setStatus(banxaId ?? '', 'paymentReceived');
    const forged = fake.webhook(banxaId ?? '', { secret: 'not-banxas' });
    expect(
      (await post('/api/webhooks/fiat/banxa', forged.body, Object.fromEntries(forged.headers))).status,
    ).toBe(401);
    const signed = fake.webhook(banxaId ?? '');
    const accepted = await post('/api/webhooks/fiat/banxa', signed.body, Object.fromEntries(signed.headers));
    expect(await accepted.json()).toMatchObject({ replayed: false, moved: true });
    const again = await post('/api/webhooks/fiat/banxa', signed.body, Object.fromEntries(signed.headers));
    expect(await again.json()).toMatchObject({ replayed: true, moved: false });
    const read = async () =>
      (await (await app.request(`/api/v1/fiat/orders/${id}`)).json()) as {
        status: string;
        txHash: string | null;
      };
    expect((await read()).status).toBe('paid');

    fake.setStatus(banxaId ?? '', 'complete', 'ab'.repeat(32));
    await services.fiatOrders.sync(id);
    expect(await read()).toMatchObject({ status: 'completed', txHash: 'ab'.repeat(32) });
  });
});
