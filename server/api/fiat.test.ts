import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SIGNATURE_HEADER } from '../../core/fiat/sandbox.ts';
import { webhookSignatureHeader } from '../../core/fiat/signing.ts';
import { seedDemoData } from '../../core/seed.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { fiatOrderEvents } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';

const build = await loadServerBuild();

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const SECRET = 'fiat-webhook-secret-for-tests';

type Json = Record<string, unknown> & {
  error?: { code: string; message: string; field?: string; details?: Record<string, string> };
};

const QUOTE = { side: 'buy', fiat: 'usd', coin: 'btc', amount: '250', country: 'us', paymentMethod: 'card' };
const ORDER = { ...QUOTE, walletAddress: BTC_ADDRESS };

describe.each(databaseTargets())('fiat API on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await app.request(path.startsWith('/api/webhooks') ? path : `/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, json: (await response.json()) as Json };
  }
  const order = async (extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    call('POST', '/fiat/orders', { ...ORDER, ...extra }, headers);
  const signed = (body: string, secret = SECRET, at = Math.floor(Date.now() / 1000)) => ({
    [SANDBOX_SIGNATURE_HEADER]: webhookSignatureHeader(secret, at, body),
  });

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    const created = createTestApp(build, handle, {
      SANDBOX_STEP_DELAY_MS: '0',
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      FIAT_SANDBOX_WEBHOOK_SECRET: SECRET,
    });
    app = created.app;
    await created.services.market.refresh();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('lists the currencies the providers take and where one can buy', async () => {
    const { status, json } = await call('GET', '/fiat/currencies');
    expect(status).toBe(200);
    const currencies = json.currencies as { code: string }[];
    expect(currencies.map((c) => c.code)).toEqual(expect.arrayContaining(['usd', 'eur', 'gbp']));
    expect(currencies.length).toBeGreaterThanOrEqual(60);
    const countries = json.countries as { code: string; buy: boolean; currency: string }[];
    expect(countries.find((c) => c.code === 'us')).toMatchObject({ buy: true, currency: 'usd' });
    expect(countries.find((c) => c.code === 'de')).toMatchObject({ buy: true, currency: 'eur' });
    expect(countries.find((c) => c.code === 'ir')).toMatchObject({ buy: false });
  });

  it('quotes every provider, best first', async () => {
    const { status, json } = await call('POST', '/fiat/quotes', QUOTE);
    expect(status).toBe(200);
    const offers = json.offers as { cryptoAmount: string; provider: string }[];
    expect(offers.length).toBe(3);
    const amounts = offers.map((o) => Number(o.cryptoAmount));
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
  });

  it.each([
    ['malformed JSON', '{', 400, 'invalid_json', undefined],
    ['a missing field', { ...QUOTE, amount: undefined }, 400, 'invalid_request', 'amount'],
    ['an unknown field', { ...QUOTE, extra: 1 }, 400, 'invalid_request', undefined],
    ['a currency code of another shape', { ...QUOTE, fiat: 'dollars' }, 400, 'invalid_request', 'fiat'],
    ['a currency nobody takes', { ...QUOTE, fiat: 'xyz' }, 422, 'unknown_fiat', 'fiat'],
    ['an unknown coin', { ...QUOTE, coin: 'nope' }, 422, 'unknown_coin', 'coin'],
    [
      'a network the coin is not sold on',
      { ...QUOTE, network: 'ethereum' },
      422,
      'unknown_network',
      'network',
    ],
    ['an unknown country', { ...QUOTE, country: 'zz' }, 422, 'unknown_country', 'country'],
    ['an unknown region', { ...QUOTE, region: 'zz' }, 422, 'unknown_region', 'region'],
    ['cents of cents', { ...QUOTE, amount: '250.001' }, 400, 'invalid_amount', 'amount'],
    ['a country nobody serves', { ...QUOTE, country: 'ir' }, 422, 'fiat_unavailable', undefined],
    ['an excluded region', { ...QUOTE, region: 'ny' }, 422, 'fiat_unavailable', undefined],
    [
      'an unknown payment method',
      { ...QUOTE, paymentMethod: 'cash' },
      400,
      'invalid_request',
      'paymentMethod',
    ],
  ])('refuses %s', async (_, body, status, code, field) => {
    const response = await call('POST', '/fiat/quotes', body);
    expect(response.status).toBe(status);
    expect(response.json.error?.code).toBe(code);
    if (field) expect(response.json.error?.field).toBe(field);
    expect(response.json.error?.message).not.toMatch(/^fiatErrors\./);
  });

  it('names the limits in the client language', async () => {
    const low = await call('POST', '/fiat/quotes', { ...QUOTE, amount: '1' }, { 'accept-language': 'de' });
    expect(low.status).toBe(422);
    expect(low.json.error).toMatchObject({ code: 'amount_below_min', details: { min: '10' } });
    expect(low.json.error?.message).toBe('Der Mindestbetrag ist 10 USD.');
    const high = await call('POST', '/fiat/quotes', { ...QUOTE, amount: '999999' });
    expect(high.json.error).toMatchObject({ code: 'amount_above_max', details: { max: '20000' } });
  });

  it('creates an order, answers it by id, and honours Idempotency-Key', async () => {
    const created = await order({}, { 'idempotency-key': 'fiat-key-1' });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(created.headers.get('location')).toBe(`/api/v1/fiat/orders/${id}`);
    expect(created.json).toMatchObject({
      status: 'pending_payment',
      checkoutUrl: `https://swapgate.example/fiat/checkout/${id}`,
    });
    const again = await order({}, { 'idempotency-key': 'fiat-key-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.id).toBe(id);
    const reused = await order({ amount: '300' }, { 'idempotency-key': 'fiat-key-1' });
    expect(reused.status).toBe(422);
    expect(reused.json.error?.code).toBe('idempotency_key_reused');
    const badKey = await order({}, { 'idempotency-key': 'a b' });
    expect(badKey.status).toBe(400);
    expect(badKey.json.error?.field).toBe('Idempotency-Key');

    const read = await call('GET', `/fiat/orders/${id.toUpperCase()}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect((read.json.history as { status: string }[]).map((h) => h.status)).toEqual([
      'created',
      'pending_payment',
    ]);
  });

  it.each([
    [
      'a payout address of another network',
      { walletAddress: ETH_ADDRESS },
      422,
      'invalid_address',
      'walletAddress',
    ],
    [
      'a memo the network refuses',
      { coin: 'xrp', walletAddress: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', walletMemo: 'abc' },
      422,
      'invalid_memo',
      'walletMemo',
    ],
    ['a provider without an offer', { provider: 'nobody' }, 422, 'provider_unavailable', 'provider'],
    ['no payment method', { paymentMethod: undefined }, 400, 'invalid_request', 'paymentMethod'],
    ['no address', { walletAddress: '' }, 400, 'invalid_request', 'walletAddress'],
  ])('refuses an order with %s', async (_, extra, status, code, field) => {
    const response = await order(extra);
    expect(response.status).toBe(status);
    expect(response.json.error).toMatchObject({ code, field });
  });

  it('answers 404 for an order id of another shape or unknown', async () => {
    expect((await call('GET', '/fiat/orders/nope')).json.error?.code).toBe('order_not_found');
    const unknown = await call('GET', `/fiat/orders/${'a'.repeat(26)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.json.error?.code).toBe('order_not_found');
  });

  it('pays on the sandbox checkout: success, decline, bad card, unpayable, unknown', async () => {
    const paid = (await order()).json.id as string;
    const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
    const ok = await call('POST', `/sandbox/fiat/orders/${paid}/pay`, card);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ outcome: 'succeeded', order: { status: 'paid' } });
    const twice = await call('POST', `/sandbox/fiat/orders/${paid}/pay`, card);
    expect(twice.status).toBe(409);
    expect(twice.json.error?.code).toBe('order_not_payable');

    const declined = (await order()).json.id as string;
    const no = await call('POST', `/sandbox/fiat/orders/${declined}/pay`, {
      ...card,
      number: '4000000000000002',
    });
    expect(no.json).toMatchObject({
      outcome: 'declined',
      order: { status: 'failed', failureReason: 'card_declined' },
    });

    const bad = await call('POST', `/sandbox/fiat/orders/${paid}/pay`, { ...card, number: '1234' });
    expect(bad.status).toBe(422);
    expect(bad.json.error).toMatchObject({ code: 'invalid_card', field: 'number' });
    const unknown = await call('POST', `/sandbox/fiat/orders/${'b'.repeat(26)}/pay`, card);
    expect(unknown.status).toBe(404);
    const challenge = await call('POST', `/sandbox/fiat/orders/${paid}/challenge`, { passed: true });
    expect(challenge.status).toBe(409);
  });

  it('refuses a webhook with a bad signature (401, nothing changes) and ignores a replay', async () => {
    const id = (await order()).json.id as string;
    const provider = (await call('GET', `/fiat/orders/${id}`)).json.provider as string;
    const body = JSON.stringify({ id: 'evt_api_1', orderId: id, status: 'paid' });
    const forged = await call(
      'POST',
      `/api/webhooks/fiat/${provider}`,
      body,
      signed(body, 'another-secret-entirely'),
    );
    expect(forged.status).toBe(401);
    expect(forged.json.error?.code).toBe('invalid_signature');
    const unsigned = await call('POST', `/api/webhooks/fiat/${provider}`, body);
    expect(unsigned.status).toBe(401);
    const stale = await call(
      'POST',
      `/api/webhooks/fiat/${provider}`,
      body,
      signed(body, SECRET, Math.floor(Date.now() / 1000) - 3600),
    );
    expect(stale.status).toBe(401);
    expect((await call('GET', `/fiat/orders/${id}`)).json.status).toBe('pending_payment');

    const first = await call('POST', `/api/webhooks/fiat/${provider}`, body, signed(body));
    expect(first).toMatchObject({ status: 200, json: { received: true, replayed: false, moved: true } });
    const replay = await call('POST', `/api/webhooks/fiat/${provider}`, body, signed(body));
    expect(replay).toMatchObject({ status: 200, json: { replayed: true, moved: false } });
    const events = await handle.db.select().from(fiatOrderEvents).where(eq(fiatOrderEvents.orderId, id));
    expect(events.map((e) => e.status)).toEqual(['created', 'pending_payment', 'paid']);

    const unknownProvider = await call('POST', '/api/webhooks/fiat/nobody', body, signed(body));
    expect(unknownProvider.status).toBe(404);
    const other = JSON.stringify({ id: 'evt_api_2', orderId: 'c'.repeat(26), status: 'paid' });
    expect((await call('POST', `/api/webhooks/fiat/${provider}`, other, signed(other))).status).toBe(404);
    const huge = 'x'.repeat(70 * 1024);
    expect((await call('POST', `/api/webhooks/fiat/${provider}`, huge, signed(huge))).status).toBe(413);
  });
});

describe.each(databaseTargets())('fiat API limits on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    app = createTestApp(build, handle, {
      RATE_LIMIT_READS_PER_MINUTE: '2',
      RATE_LIMIT_WRITES_PER_MINUTE: '1',
    }).app;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('limits quotes as reads and orders as writes, with 429 in the error format', async () => {
    const quote = () =>
      app.request('/api/v1/fiat/quotes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(QUOTE),
      });
    await quote();
    await quote();
    const limited = await quote();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(((await limited.json()) as Json).error?.code).toBe('rate_limited');
    const write = () =>
      app.request('/api/v1/fiat/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    await write();
    expect((await write()).status).toBe(429);
  });
});
