import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../core/seed.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { type BanxaFake, startBanxaFake } from '../../tests/fakes/banxa-fake.ts';
import { startTransakFake, type TransakFake } from '../../tests/fakes/transak-fake.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';

const build = await loadServerBuild();
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * Transak switched on by its TRANSAK_* settings beside Banxa and the sandbox ramps, against the
 * local fakes: quotes compared side by side (and Transak dropping out when it fails), an order on
 * Transak's widget, its JWT-signed webhook at /api/webhooks/fiat/transak (forged and replayed ones
 * refused) and the order job's lookups, first by our id, then by Transak's.
 */
describe.each(databaseTargets())('Transak through the fiat API on $name', (target) => {
  let handle: DatabaseHandle;
  let transak: TransakFake;
  let banxa: BanxaFake;
  let app: ReturnType<typeof createTestApp>['app'];
  let services: ReturnType<typeof createTestApp>['services'];

  beforeAll(async () => {
    transak = await startTransakFake();
    banxa = await startBanxaFake();
    handle = await target.open();
    await seedDemoData(handle.db);
    ({ app, services } = createTestApp(build, handle, {
      SANDBOX_PROVIDERS: 'true',
      BANXA_API_KEY: banxa.apiKey,
      BANXA_API_SECRET: banxa.apiSecret,
      BANXA_URL: banxa.origin,
      TRANSAK_API_KEY: transak.apiKey,
      TRANSAK_API_SECRET: transak.apiSecret,
      TRANSAK_API_URL: transak.origin,
      TRANSAK_GATEWAY_URL: transak.origin,
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    }));
    // The sandbox ramps price from the market.
    await services.market.refresh();
  });
  afterAll(async () => {
    await handle?.close();
    await transak?.close();
    await banxa?.close();
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
  type Offer = { provider: string; providerName: string; cryptoAmount: string };
  const offers = async () => {
    const quote = await post('/api/v1/fiat/quotes', order);
    expect(quote.status).toBe(200);
    return ((await quote.json()) as { offers: Offer[] }).offers;
  };

  it('compares Transak side by side with Banxa and the sandbox ramps, best first, and quotes without it while it fails', async () => {
    const all = await offers();
    const ids = all.map((o) => o.provider);
    expect(ids).toEqual(expect.arrayContaining(['transak', 'banxa']));
    expect(ids.some((id) => id.startsWith('sandbox-'))).toBe(true);
    expect(all.find((o) => o.provider === 'transak')?.providerName).toBe('Transak');
    const amounts = all.map((o) => Number(o.cryptoAmount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

    transak.set({ failStatus: 500 });
    try {
      const without = (await offers()).map((o) => o.provider);
      expect(without).not.toContain('transak');
      expect(without).toContain('banxa');
    } finally {
      transak.set({ failStatus: null });
    }
  });

  it('creates an order on its widget, and follows its signed webhooks and lookups', async () => {
    const created = await post('/api/v1/fiat/orders', {
      ...order,
      provider: 'transak',
      walletAddress: BTC_ADDRESS,
    });
    expect(created.status).toBe(201);
    const { id, checkoutUrl } = (await created.json()) as { id: string; checkoutUrl: string };
    const url = new URL(checkoutUrl);
    expect(url.hostname).toBe('global-stg.transak.com');
    expect(transak.sessions.get(url.searchParams.get('sessionId') ?? '')).toMatchObject({
      partnerOrderId: id,
      walletAddress: BTC_ADDRESS,
      referrerDomain: new URL(services.config.BASE_URL).hostname,
    });
    const read = async () =>
      (await (await app.request(`/api/v1/fiat/orders/${id}`)).json()) as {
        status: string;
        txHash: string | null;
      };

    // The visitor confirms in the widget; the order job finds Transak's order by our id.
    const placed = transak.placeOrder(id);
    await services.fiatOrders.sync(id);
    expect((await read()).status).toBe('pending_payment');

    transak.setStatus(placed.id, 'PROCESSING');
    const forged = transak.webhook(placed.id, { secret: 'not-transaks-token' });
    expect(
      (await post('/api/webhooks/fiat/transak', forged.body, Object.fromEntries(forged.headers))).status,
    ).toBe(401);
    const signed = transak.webhook(placed.id);
    const accepted = await post(
      '/api/webhooks/fiat/transak',
      signed.body,
      Object.fromEntries(signed.headers),
    );
    expect(await accepted.json()).toMatchObject({ replayed: false, moved: true });
    const again = await post('/api/webhooks/fiat/transak', signed.body, Object.fromEntries(signed.headers));
    expect(await again.json()).toMatchObject({ replayed: true, moved: false });
    expect((await read()).status).toBe('paid');

    transak.setStatus(placed.id, 'COMPLETED', 'ab'.repeat(32));
    transak.requests.length = 0;
    await services.fiatOrders.sync(id);
    expect(await read()).toMatchObject({ status: 'completed', txHash: 'ab'.repeat(32) });
    // Known by then, Transak's own id found the order.
    expect(transak.requests.some((r) => r.path === `/api/v2/partner/orders/${placed.id}`)).toBe(true);
  });
});
