import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMoonPay, startFakeMoonPay } from '../../tests/fakes/moonpay-fake.ts';
import { readProviderCoverage } from './coverage.ts';
import { MoonPayProvider } from './moonpay.ts';

describe('MoonPay adapter against the local fake', () => {
  let fake: FakeMoonPay;
  let moonpay: MoonPayProvider;
  const signal = () => AbortSignal.timeout(5_000);
  const coverage = readProviderCoverage().find((c) => c.id === 'moonpay');
  if (!coverage) throw new Error('moonpay coverage missing');
  const buy = {
    side: 'buy',
    fiat: 'usd',
    coin: 'btc',
    network: 'bitcoin',
    amount: '250',
    country: 'us',
    paymentMethod: 'card',
  } as const;

  beforeAll(async () => {
    fake = await startFakeMoonPay();
    moonpay = new MoonPayProvider({
      apiKey: fake.options.apiKey,
      secretKey: fake.options.secretKey,
      webhookKey: fake.options.webhookKey,
      apiUrl: fake.url,
      coverage,
    });
  });
  afterAll(() => fake?.close());

  it('quotes a buy from buy_quote with the publishable key, fees included', async () => {
    const quote = await moonpay.quote(buy, signal());
    expect(quote).toMatchObject({
      provider: 'moonpay',
      fiatAmount: '250',
      fee: '11.25',
      networkFee: '1.5',
      min: '20',
      max: '30000',
    });
    expect(Number(quote.cryptoAmount)).toBeCloseTo((250 - 11.25 - 1.5) / 90_000, 7);
    const seen = fake.requests.at(-1);
    expect(seen?.path).toBe('/v3/currencies/btc/buy_quote');
    expect(seen?.query).toMatchObject({
      apiKey: 'pk_test_fake',
      baseCurrencyAmount: '250',
      baseCurrencyCode: 'usd',
      paymentMethod: 'credit_debit_card',
    });
  });

  it('quotes a sell from sell_quote and maps the network to its code', async () => {
    const quote = await moonpay.quote({ ...buy, side: 'sell', amount: '0.01' }, signal());
    expect(quote.fiatAmount).toBe('859.5');
    await moonpay.quote({ ...buy, coin: 'usdt', network: 'tron', amount: '100' }, signal());
    expect(fake.requests.at(-1)?.path).toBe('/v3/currencies/usdt_trx/buy_quote');
  });

  it('refuses what its coverage excludes without asking, and an out-of-range amount', async () => {
    const before = fake.requests.length;
    await expect(moonpay.quote({ ...buy, region: 'ny' }, signal())).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(moonpay.quote({ ...buy, country: 'ir' }, signal())).rejects.toMatchObject({
      code: 'unsupported',
    });
    expect(fake.requests.length).toBe(before);
    await expect(moonpay.quote({ ...buy, amount: '5' }, signal())).rejects.toMatchObject({
      provider: 'moonpay',
    });
  });

  it('signs the widget URL: base64 HMAC-SHA256 of the query string with the secret key', async () => {
    const { checkoutUrl } = await moonpay.createOrder({
      reference: 'abc234',
      side: 'buy',
      fiat: 'usd',
      coin: 'btc',
      network: 'bitcoin',
      fiatAmount: '250',
      cryptoAmount: '0.0026',
      paymentMethod: 'card',
      country: 'us',
      walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      returnUrl: 'https://example.test/fiat/order/abc234',
      lang: 'en',
    });
    const url = new URL(checkoutUrl);
    expect(url.origin).toBe('https://buy.moonpay.com');
    expect(url.searchParams.get('externalTransactionId')).toBe('abc234');
    expect(url.searchParams.get('currencyCode')).toBe('btc');
    const signature = url.searchParams.get('signature');
    url.searchParams.delete('signature');
    expect(signature).toBe(createHmac('sha256', 'sk_test_fake').update(url.search).digest('base64'));
  });

  it('reads a transaction by our reference with the secret key, and follows its status', async () => {
    expect(await moonpay.getOrder('nothing-here', signal())).toBeNull();
    fake.setTransaction('ord1', { status: 'pending' });
    expect(await moonpay.getOrder('ord1', signal())).toMatchObject({ status: 'paid' });
    fake.setTransaction('ord1', { status: 'completed', cryptoTransactionId: 'ab'.repeat(32) });
    expect(await moonpay.getOrder('ord1', signal())).toMatchObject({
      status: 'completed',
      txHash: 'ab'.repeat(32),
    });
    expect(fake.requests.at(-1)?.authorization).toBe('Api-Key sk_test_fake');
    fake.setTransaction('ord2', { side: 'sell', status: 'waitingForDeposit' });
    expect(await moonpay.getOrder('ord2', signal())).toMatchObject({ status: 'pending_payment' });
  });

  it('verifies Moonpay-Signature-V2 webhooks and refuses forged or stale ones', () => {
    fake.setTransaction('ord3', { status: 'failed', failureReason: 'Card declined' });
    const good = fake.webhook('ord3');
    expect(moonpay.verifyWebhook(good.headers, good.body)).toMatchObject({
      orderId: 'ord3',
      status: 'failed',
    });
    const forged = fake.webhook('ord3', { key: 'wk_wrong' });
    expect(() => moonpay.verifyWebhook(forged.headers, forged.body)).toThrow(/signature/i);
    const stale = fake.webhook('ord3', { atSeconds: Math.floor(Date.now() / 1000) - 3_600 });
    expect(() => moonpay.verifyWebhook(stale.headers, stale.body)).toThrow(/signature/i);
    expect(() => moonpay.verifyWebhook(good.headers, good.body.replace('failed', 'completed'))).toThrow(
      /signature/i,
    );
  });
});
