import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BanxaFake, startBanxaFake } from '../../tests/fakes/banxa-fake.ts';
import { BANXA_STATUSES, BanxaProvider } from './banxa.ts';
import { readProviderCoverage } from './coverage.ts';
import { FiatProviderError } from './types.ts';

describe('Banxa adapter against its local fake', () => {
  let fake: BanxaFake;
  let banxa: BanxaProvider;
  const signal = () => AbortSignal.timeout(5_000);
  const coverage = readProviderCoverage().find((c) => c.id === 'banxa');
  if (!coverage) throw new Error('banxa coverage missing');
  const buy = {
    side: 'buy',
    fiat: 'usd',
    coin: 'btc',
    network: 'bitcoin',
    amount: '250',
    country: 'us',
    paymentMethod: 'card',
  } as const;
  const order = {
    reference: 'ourorderid',
    side: 'buy',
    fiat: 'usd',
    coin: 'usdt',
    network: 'tron',
    fiatAmount: '250',
    cryptoAmount: '244',
    paymentMethod: 'card',
    country: 'us',
    walletAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    returnUrl: 'https://swapgate.example/fiat/order/ourorderid',
    lang: 'en',
  } as const;

  beforeAll(async () => {
    fake = await startBanxaFake();
    banxa = new BanxaProvider({
      apiKey: fake.apiKey,
      apiSecret: fake.apiSecret,
      baseUrl: fake.origin,
      coverage,
    });
  });
  afterAll(() => fake?.close());

  it('quotes a card purchase from prices, with the fee, the network fee and the card limits', async () => {
    const quote = await banxa.quote(buy, signal());
    // 250 USD less 1.99 % (4.98 as Banxa rounds it) and 1 USD network fee, at 60 000 USD a bitcoin.
    expect(quote).toEqual({
      provider: 'banxa',
      side: 'buy',
      paymentMethod: 'card',
      fiatAmount: '250',
      cryptoAmount: '0.00406708',
      rate: '61469.16215073',
      fee: '4.98',
      networkFee: '1',
      min: '30',
      max: '15000',
    });
    const prices = fake.requests.find((r) => r.path === '/api/prices');
    expect(prices?.query).toMatchObject({
      source: 'USD',
      target: 'BTC',
      source_amount: '250',
      payment_method_id: '6042',
      blockchain: 'BTC',
    });
    // Every request is signed: the fake refuses any other.
    expect(fake.requests.every((r) => r.headers.authorization?.startsWith(`Bearer ${fake.apiKey}:`))).toBe(
      true,
    );
  });

  it('says which amounts are out of its limits', async () => {
    const error = await banxa.quote({ ...buy, amount: '20' }, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FiatProviderError);
    expect(error).toMatchObject({ code: 'amount_out_of_range', limits: { min: '30', max: '15000' } });
  });

  it('refuses what its coverage does not serve, without asking Banxa', async () => {
    fake.requests.length = 0;
    await expect(banxa.quote({ ...buy, coin: 'ada', network: 'cardano' }, signal())).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(banxa.quote({ ...buy, fiat: 'jpy' }, signal())).rejects.toMatchObject({
      code: 'unsupported',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('creates an order with our reference and the wallet, returns its checkout URL, and follows its status', async () => {
    const created = await banxa.createOrder(order, signal());
    expect(created.checkoutUrl).toMatch(/^https:\/\/partner\.banxa-sandbox\.com\?/);
    const id = created.providerOrderId ?? '';
    expect(fake.orders.get(id)).toMatchObject({
      account_reference: 'ourorderid',
      meta_data: 'ourorderid',
      wallet_address: order.walletAddress,
      coin_code: 'USDT',
    });
    const body = fake.requests.find((r) => r.path === '/api/orders')?.body;
    expect(body).toMatchObject({ source: 'USD', target: 'USDT', source_amount: '250', blockchain: 'TRON' });
    expect(await banxa.getOrder('ourorderid', signal(), id)).toMatchObject({ status: 'pending_payment' });
    expect(await banxa.getOrder('ourorderid', signal(), null)).toBeNull();
    for (const [theirs, ours] of Object.entries(BANXA_STATUSES)) {
      fake.setStatus(id, theirs, theirs === 'complete' ? 'abc123' : undefined);
      expect(await banxa.getOrder('ourorderid', signal(), id)).toMatchObject({
        providerOrderId: id,
        status: ours,
      });
    }
    expect((await banxa.getOrder('ourorderid', signal(), id))?.txHash).toBe('abc123');
  });

  it('accepts a signed webhook and refuses a forged or stale one', async () => {
    const { providerOrderId } = await banxa.createOrder(order, signal());
    const id = providerOrderId ?? '';
    fake.setStatus(id, 'complete', 'deadbeef');
    const signed = fake.webhook(id);
    expect(banxa.verifyWebhook(signed.headers, signed.body)).toMatchObject({
      orderId: '',
      providerOrderId: id,
      status: 'completed',
      txHash: 'deadbeef',
    });
    const echoed = fake.webhook(id, { externalId: 'ourorderid' });
    expect(banxa.verifyWebhook(echoed.headers, echoed.body).orderId).toBe('ourorderid');
    const forged = fake.webhook(id, { secret: 'not-the-secret' });
    expect(() => banxa.verifyWebhook(forged.headers, forged.body)).toThrow(/signature/);
    const stale = fake.webhook(id, { nonceMs: Date.now() - 3_600_000 });
    expect(() => banxa.verifyWebhook(stale.headers, stale.body)).toThrow(/Stale/);
    expect(() => banxa.verifyWebhook(new Headers(), signed.body)).toThrow(FiatProviderError);
    const tampered = signed.body.replace('complete', 'refunded');
    expect(() => banxa.verifyWebhook(signed.headers, tampered)).toThrow(/signature/);
  });
});
