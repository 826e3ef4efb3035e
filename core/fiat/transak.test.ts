import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTransakFake, type TransakFake } from '../../tests/fakes/transak-fake.ts';
import { readProviderCoverage } from './coverage.ts';
import { ResilientFiatProvider } from './resilience.ts';
import { TRANSAK_STATUSES, TransakProvider } from './transak.ts';
import { FiatProviderError } from './types.ts';

describe('Transak adapter against its local fake', () => {
  let fake: TransakFake;
  let transak: TransakProvider;
  const signal = () => AbortSignal.timeout(5_000);
  const coverage = readProviderCoverage().find((c) => c.id === 'transak');
  if (!coverage) throw new Error('transak coverage missing');
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
    cryptoAmount: '240',
    paymentMethod: 'card',
    country: 'us',
    walletAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    returnUrl: 'https://swapgate.example/fiat/order/ourorderid',
    lang: 'en',
  } as const;
  const create = () =>
    new TransakProvider({
      apiKey: fake.apiKey,
      apiSecret: fake.apiSecret,
      apiUrl: fake.origin,
      gatewayUrl: fake.origin,
      referrerDomain: 'swapgate.example',
      coverage,
    });
  const refreshes = () => fake.requests.filter((r) => r.path === '/partners/api/v2/refresh-token').length;

  beforeAll(async () => {
    fake = await startTransakFake();
    transak = create();
  });
  afterAll(() => fake?.close());

  it('quotes a card purchase from its public price, with the fee, the network fee and the card limits', async () => {
    const quote = await transak.quote(buy, signal());
    // 250 USD less 3.5 % (8.75) and a 1.50 USD network fee, at 60 000 USD a bitcoin.
    expect(quote).toEqual({
      provider: 'transak',
      side: 'buy',
      paymentMethod: 'card',
      fiatAmount: '250',
      cryptoAmount: '0.00399583',
      rate: expect.stringMatching(/^62565\.\d+$/),
      fee: '8.75',
      networkFee: '1.5',
      min: '30',
      max: '3000',
    });
    const price = fake.requests.find((r) => r.path === '/api/v1/pricing/public/quotes');
    expect(price?.query).toEqual({
      partnerApiKey: fake.apiKey,
      fiatCurrency: 'USD',
      cryptoCurrency: 'BTC',
      isBuyOrSell: 'BUY',
      network: 'mainnet',
      paymentMethod: 'credit_debit_card',
      fiatAmount: '250',
      quoteCountryCode: 'US',
    });
    expect(price?.headers['x-api-key']).toBe(fake.apiKey);
    // Prices and limits are public: no access token was needed.
    expect(refreshes()).toBe(0);
  });

  it('quotes a sale by the coins sold, its limits told in the coin', async () => {
    const quote = await transak.quote(
      { ...buy, side: 'sell', fiat: 'eur', amount: '0.01', country: 'de' },
      signal(),
    );
    // 0.01 BTC at 54 000 EUR = 540 EUR, less 18.90 (3.5 %) and 1.35 EUR network fee.
    expect(quote).toMatchObject({ side: 'sell', fiatAmount: '519.75', cryptoAmount: '0.01', fee: '18.9' });
    expect(Number(quote.min)).toBeCloseTo(30 / 51_975, 7);
    expect(Number(quote.max)).toBeCloseTo(3000 / 51_975, 7);
    const price = fake.requests.findLast((r) => r.path === '/api/v1/pricing/public/quotes');
    expect(price?.query).toMatchObject({ isBuyOrSell: 'SELL', cryptoAmount: '0.01', fiatCurrency: 'EUR' });
  });

  it('says which amounts are out of its limits, and refuses a method it has switched off', async () => {
    fake.requests.length = 0;
    const error = await transak.quote({ ...buy, amount: '20' }, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FiatProviderError);
    expect(error).toMatchObject({ code: 'amount_out_of_range', limits: { min: '30', max: '3000' } });
    await expect(transak.quote({ ...buy, paymentMethod: 'google_pay' }, signal())).rejects.toMatchObject({
      code: 'unsupported',
    });
    // The limits were cached: neither asked for a price.
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses what its coverage does not serve, without asking Transak', async () => {
    fake.requests.length = 0;
    await expect(transak.quote({ ...buy, coin: 'ada', network: 'cardano' }, signal())).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(transak.quote({ ...buy, fiat: 'jpy' }, signal())).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(transak.quote({ ...buy, country: 'ir' }, signal())).rejects.toMatchObject({
      code: 'unsupported',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('opens a widget locked to our order and wallet, finds the order by our id, then by its own, and maps every status', async () => {
    const created = await transak.createOrder(order, signal());
    expect(created.providerOrderId).toBeNull();
    const url = new URL(created.checkoutUrl);
    expect(url.hostname).toBe('global-stg.transak.com');
    const params = fake.sessions.get(url.searchParams.get('sessionId') ?? '');
    expect(params).toEqual({
      apiKey: fake.apiKey,
      referrerDomain: 'swapgate.example',
      productsAvailed: 'BUY',
      cryptoCurrencyCode: 'USDT',
      network: 'tron',
      fiatCurrency: 'USD',
      paymentMethod: 'credit_debit_card',
      countryCode: 'US',
      partnerOrderId: 'ourorderid',
      redirectURL: order.returnUrl,
      hideExchangeScreen: true,
      fiatAmount: 250,
      walletAddress: order.walletAddress,
      disableWalletAddressForm: true,
    });
    expect(refreshes()).toBe(1);

    // Until the visitor confirms in the widget, Transak has no order.
    expect(await transak.getOrder('ourorderid', signal(), null)).toBeNull();
    const placed = fake.placeOrder('ourorderid');
    expect(await transak.getOrder('ourorderid', signal(), null)).toEqual({
      providerOrderId: placed.id,
      status: 'pending_payment',
      txHash: null,
    });
    for (const [theirs, ours] of Object.entries(TRANSAK_STATUSES)) {
      fake.setStatus(placed.id, theirs, theirs === 'COMPLETED' ? 'ab'.repeat(32) : undefined);
      expect(await transak.getOrder('ourorderid', signal(), placed.id)).toMatchObject({
        providerOrderId: placed.id,
        status: ours,
      });
    }
    expect((await transak.getOrder('ourorderid', signal(), placed.id))?.txHash).toBe('ab'.repeat(32));
    expect(await transak.getOrder('ourorderid', signal(), '00000000-0000-0000-0000-000000000000')).toBeNull();
    // One token served every call.
    expect(refreshes()).toBe(1);
  });

  it('takes a new token when Transak refuses the one it holds (another node refreshed)', async () => {
    const placed = fake.placeOrder('ourorderid');
    fake.rotateToken();
    const before = refreshes();
    expect(await transak.getOrder('ourorderid', signal(), placed.id)).toMatchObject({
      status: 'pending_payment',
    });
    expect(refreshes()).toBe(before + 1);
  });

  it('opens a sale without a wallet, and refuses a memo it cannot carry', async () => {
    const created = await transak.createOrder(
      { ...order, reference: 'oursale', side: 'sell', fiat: 'eur', country: 'de', cryptoAmount: '100' },
      signal(),
    );
    const params = fake.sessions.get(new URL(created.checkoutUrl).searchParams.get('sessionId') ?? '');
    expect(params).toMatchObject({ productsAvailed: 'SELL', cryptoAmount: 100, partnerOrderId: 'oursale' });
    expect(params).not.toHaveProperty('walletAddress');
    const sale = fake.placeOrder('oursale');
    fake.setStatus(sale.id, 'COMPLETED', 'cd'.repeat(32));
    // A sale's transaction hash is the visitor's deposit, not a payout.
    expect(await transak.getOrder('oursale', signal(), sale.id)).toMatchObject({
      status: 'completed',
      txHash: null,
    });
    await expect(transak.createOrder({ ...order, walletMemo: '123' }, signal())).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  it('accepts a webhook signed with its access token and refuses a forged, tampered or expired one', async () => {
    const placed = fake.placeOrder('ourorderid');
    fake.setStatus(placed.id, 'COMPLETED', 'ef'.repeat(32));
    const signed = fake.webhook(placed.id);
    const event = await transak.verifyWebhook(signed.headers, signed.body);
    expect(event).toMatchObject({
      orderId: 'ourorderid',
      providerOrderId: placed.id,
      status: 'completed',
      txHash: 'ef'.repeat(32),
    });
    expect(event.eventId).toMatch(/^[0-9a-f]{64}$/);
    const forged = fake.webhook(placed.id, { secret: 'not-the-token' });
    await expect(transak.verifyWebhook(forged.headers, forged.body)).rejects.toThrow(/signature/);
    const [head, claims, sig] = (JSON.parse(signed.body) as { data: string }).data.split('.');
    const changed = Buffer.from(
      Buffer.from(claims ?? '', 'base64url')
        .toString()
        .replace('COMPLETED', 'REFUNDED'),
    ).toString('base64url');
    const tampered = JSON.stringify({ data: `${head}.${changed}.${sig}` });
    await expect(transak.verifyWebhook(signed.headers, tampered)).rejects.toThrow(/signature/);
    const expired = fake.webhook(placed.id, { exp: Math.floor(Date.now() / 1000) - 60 });
    await expect(transak.verifyWebhook(expired.headers, expired.body)).rejects.toThrow(/Expired/);
    await expect(transak.verifyWebhook(signed.headers, '{"data":42}')).rejects.toThrow(FiatProviderError);
    await expect(transak.verifyWebhook(signed.headers, 'not json')).rejects.toThrow(FiatProviderError);
  });

  it('a fresh process refuses webhooks until it holds a token, and fetches one so the retry verifies', async () => {
    const placed = fake.placeOrder('ourorderid');
    const fresh = create();
    const first = fake.webhook(placed.id);
    await expect(fresh.verifyWebhook(first.headers, first.body)).rejects.toThrow(/access token/);
    await expect.poll(() => fake.accessToken() !== null && refreshes() > 0).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Transak signs its retry with the token it issued since.
    const retried = fake.webhook(placed.id);
    expect((await fresh.verifyWebhook(retried.headers, retried.body)).providerOrderId).toBe(placed.id);
  });

  it('reports an outage as an upstream error; behind its breaker it drops out and comes back on its own', async () => {
    const guarded = new ResilientFiatProvider(create(), {
      breakAfter: 2,
      halfOpenAfterMs: 200,
      readAttempts: 1,
    });
    fake.set({ failStatus: 500 });
    try {
      for (let i = 0; i < 2; i++) {
        await expect(guarded.quote({ ...buy, amount: '260' }, signal())).rejects.toMatchObject({
          code: 'upstream_error',
        });
      }
      fake.requests.length = 0;
      await expect(guarded.quote(buy, signal())).rejects.toThrow(/circuit open/);
      expect(fake.requests).toHaveLength(0);
    } finally {
      fake.set({ failStatus: null });
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await guarded.quote(buy, signal())).provider).toBe('transak');
  });
});
