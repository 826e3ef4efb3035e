import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { startTransakFake, type TransakFake } from '../../tests/fakes/transak-fake.ts';
import { readProviderCoverage } from './coverage.ts';
import { DatabaseTokenStore } from './token-store.ts';
import { TransakProvider } from './transak.ts';

/**
 * Transak invalidates a token when it issues the next one: two processes (workers or nodes) with
 * their own adapter share it through `provider_tokens`, so they do not take turns invalidating each
 * other's, and a webhook signed with a token the other process fetched still verifies.
 */
describe.each(databaseTargets())('Transak access token shared through the database on $name', (target) => {
  let handle: DatabaseHandle;
  let fake: TransakFake;
  const coverage = readProviderCoverage().find((c) => c.id === 'transak');
  if (!coverage) throw new Error('transak coverage missing');
  const signal = () => AbortSignal.timeout(5_000);
  const adapter = () =>
    new TransakProvider({
      apiKey: fake.apiKey,
      apiSecret: fake.apiSecret,
      apiUrl: fake.origin,
      gatewayUrl: fake.origin,
      referrerDomain: 'swapgate.example',
      coverage,
      tokens: new DatabaseTokenStore(handle.db, 'transak'),
    });
  const refreshes = () => fake.requests.filter((r) => r.path === '/partners/api/v2/refresh-token').length;

  beforeAll(async () => {
    fake = await startTransakFake();
    handle = await target.open();
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
    await fake?.close();
  });

  it('issues one token for both processes, and each takes the other’s refresh', async () => {
    const [a, b] = [adapter(), adapter()];
    const order = fake.placeOrder.bind(fake);
    await a.createOrder(
      {
        reference: 'shared1',
        side: 'buy',
        fiat: 'usd',
        coin: 'btc',
        network: 'bitcoin',
        fiatAmount: '250',
        cryptoAmount: '0.004',
        paymentMethod: 'card',
        country: 'us',
        walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        returnUrl: 'https://swapgate.example/fiat/order/shared1',
        lang: 'en',
      },
      signal(),
    );
    const placed = order('shared1');
    expect(await b.getOrder('shared1', signal(), placed.id)).toMatchObject({ status: 'pending_payment' });
    expect(refreshes()).toBe(1);

    // The token runs out for one (Transak refuses it): it refreshes once, under the row's lock.
    fake.rotateToken();
    const rotated = refreshes();
    await Promise.all([
      a.getOrder('shared1', signal(), placed.id),
      b.getOrder('shared1', signal(), placed.id),
    ]);
    expect(refreshes()).toBeLessThanOrEqual(rotated + 1);
    // Then both hold the same token: a call from either refreshes nothing.
    const settled = refreshes();
    await a.getOrder('shared1', signal(), placed.id);
    await b.getOrder('shared1', signal(), placed.id);
    expect(refreshes()).toBe(settled);

    // A webhook signed with the token the other process fetched verifies in a process that never saw it.
    const c = adapter();
    const signed = fake.webhook(placed.id);
    expect((await c.verifyWebhook(signed.headers, signed.body)).orderId).toBe('shared1');
  });
});
