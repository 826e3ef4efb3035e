import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../../core/partners/api-keys.ts';
import { seedDemoData } from '../../core/seed.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { idempotencyKeys, swaps as swapsTable } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import type { AppServices } from '../services.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';

const build = await loadServerBuild();

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const XRP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

function makeApp(handle: DatabaseHandle, env: Record<string, string> = {}) {
  return createTestApp(build, handle, {
    SANDBOX_STEP_DELAY_MS: '0',
    RATE_LIMIT_READS_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    ...env,
  });
}

type Json = Record<string, unknown> & {
  error?: { code: string; message: string; field?: string; details?: Record<string, string> };
};

describe.each(databaseTargets())('exchange API v1 on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof makeApp>['app'];
  let services: AppServices;

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await app.request(`/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, json: (await response.json()) as Json };
  }

  async function fixedQuote(amount = '0.1') {
    const quote = await call('POST', '/quotes', { from: 'btc', to: 'eth', amount, rateType: 'fixed' });
    expect(quote.status).toBe(200);
    return quote.json.quoteId as string;
  }

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    ({ app, services } = makeApp(handle));
    await services.market.refresh();
  });
  afterAll(async () => {
    await handle.close();
  });

  describe('bad input and unknown addresses', () => {
    it('refuses a NUL byte in any string with 422, never a 500', async () => {
      const swap = {
        from: 'btc',
        to: 'eth',
        amount: '0.1',
        rateType: 'float',
        payoutAddress: ETH_ADDRESS,
      };
      for (const [path, body, field] of [
        [
          '/quotes',
          { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float', promoCode: '\u0000' },
          'promoCode',
        ],
        ['/swaps', { ...swap, quoteId: '\u0000' }, 'quoteId'],
        ['/swaps', { ...swap, payoutAddress: `${ETH_ADDRESS}\u0000` }, 'payoutAddress'],
      ] as const) {
        const response = await call('POST', path, body);
        expect(response.status, `${path} ${field}`).toBe(422);
        expect(response.json.error).toMatchObject({ code: 'invalid_request', field });
        expect(response.json.error?.message).toContain(field);
      }
      const query = await call('GET', '/addresses/validate?network=ethereum&address=%00');
      expect(query.status).toBe(422);
      expect(query.json.error?.field).toBe('address');
    });

    it('refuses a body over 16 KB with 413 in the error format', async () => {
      const response = await call('POST', '/quotes', {
        from: 'btc',
        to: 'eth',
        amount: '0.1',
        pad: 'x'.repeat(20_000),
      });
      expect(response.status).toBe(413);
      expect(response.json.error?.code).toBe('payload_too_large');
    });

    it('answers unknown paths with 404 and wrong methods with 405, in JSON', async () => {
      const missing = await call('GET', '/nothing-here');
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
      expect(missing.json.error?.code).toBe('not_found');
      const wrong = await call('DELETE', '/quotes');
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get('allow')).toBe('POST');
      expect(wrong.json.error?.code).toBe('method_not_allowed');
      const read = await call('POST', '/coins', {});
      expect(read.status).toBe(405);
      expect(read.headers.get('allow')).toBe('GET, HEAD');
    });
  });

  describe('compression', () => {
    it('says the JSON varies with Accept-Encoding, and gzips it for a client that takes gzip', async () => {
      const body = { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float' };
      const plain = await call('POST', '/quotes', body);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect(plain.headers.get('content-encoding')).toBeNull();
      const coins = await app.request('/api/v1/coins', { headers: { 'accept-encoding': 'gzip' } });
      expect(coins.headers.get('content-encoding')).toBe('gzip');
      expect(coins.headers.get('vary')).toBe('Accept-Encoding');
      const text = await new Response(coins.body?.pipeThrough(new DecompressionStream('gzip'))).text();
      expect((JSON.parse(text) as { coins: unknown[] }).coins.length).toBeGreaterThan(100);
    });
  });

  describe('catalogue', () => {
    it('lists coins with networks, memo rules and limits', async () => {
      const { status, json } = await call('GET', '/coins');
      expect(status).toBe(200);
      const coins = json.coins as { code: string; networks: { network: string; memo: unknown }[] }[];
      expect(coins.length).toBeGreaterThanOrEqual(150);
      expect(coins.find((coin) => coin.code === 'xrp')?.networks[0]?.memo).toEqual({
        name: 'Destination tag',
        kind: 'destinationTag',
        required: false,
      });
    });

    it('describes a pair', async () => {
      const { json } = await call('GET', '/pairs/btc/eth');
      expect(json).toMatchObject({
        from: 'btc',
        fromNetwork: 'bitcoin',
        to: 'eth',
        toNetwork: 'ethereum',
        available: true,
        fixedRate: true,
      });
      expect(Number(json.min)).toBeLessThan(Number(json.max));
    });

    it('publishes its OpenAPI document and a docs page', async () => {
      const { json } = await call('GET', '/openapi.json');
      expect(json.openapi).toBe('3.1.0');
      expect(Object.keys(json.paths as object)).toEqual(
        expect.arrayContaining(['/coins', '/pairs/{from}/{to}', '/quotes', '/swaps', '/swaps/{id}']),
      );
      // The docs page renders this document (server/api/openapi-docs.test.ts has the details).
      const docs = await app.request('/api/v1/docs');
      expect(await docs.text()).toContain('url":"/api/v1/openapi.json"');
    });
  });

  describe('quotes', () => {
    it('returns the best offer with the others for comparison', async () => {
      const { status, json } = await call('POST', '/quotes', {
        from: 'btc',
        to: 'eth',
        amount: '0.1',
        rateType: 'float',
      });
      expect(status).toBe(200);
      const offers = json.offers as { provider: string; amountTo: string }[];
      expect(offers.length).toBeGreaterThanOrEqual(2);
      expect(json.provider).toBe(offers[0]?.provider);
      expect(json.amountTo).toBe(offers[0]?.amountTo);
      expect(json.quoteId).toBeUndefined();
    });

    it('gives fixed quotes an id and an expiry', async () => {
      const { json } = await call('POST', '/quotes', {
        from: 'btc',
        to: 'eth',
        amount: '0.1',
        rateType: 'fixed',
      });
      expect(typeof json.quoteId).toBe('string');
      expect(new Date(json.expiresAt as string).getTime()).toBeGreaterThan(Date.now());
    });

    it('waives the service fee for a valid promo code', async () => {
      const plain = await call('POST', '/quotes', {
        from: 'btc',
        to: 'eth',
        amount: '0.1',
        rateType: 'float',
      });
      const promo = await call('POST', '/quotes', {
        from: 'btc',
        to: 'eth',
        amount: '0.1',
        rateType: 'float',
        promoCode: 'ZEROFEE',
      });
      expect(Number(plain.json.serviceFee)).toBeGreaterThan(0);
      expect(Number(promo.json.serviceFee)).toBe(0);
      expect(Number(promo.json.amountTo)).toBeGreaterThan(Number(plain.json.amountTo));
    });

    it.each([
      ['not JSON', '{', 400, 'invalid_json', undefined],
      ['a missing field', { from: 'btc', to: 'eth', rateType: 'float' }, 400, 'invalid_request', 'amount'],
      [
        'a bad amount',
        { from: 'btc', to: 'eth', amount: '-1', rateType: 'float' },
        400,
        'invalid_request',
        'amount',
      ],
      [
        'a bad rate type',
        { from: 'btc', to: 'eth', amount: '1', rateType: 'best' },
        400,
        'invalid_request',
        'rateType',
      ],
      [
        'an unknown coin',
        { from: 'nocoin', to: 'eth', amount: '1', rateType: 'float' },
        422,
        'unknown_coin',
        'from',
      ],
      [
        'an unknown network',
        { from: 'usdt', fromNetwork: 'bitcoin', to: 'eth', amount: '100', rateType: 'float' },
        422,
        'unknown_network',
        'fromNetwork',
      ],
      [
        'the same asset twice',
        { from: 'btc', to: 'btc', amount: '1', rateType: 'float' },
        422,
        'same_asset',
        undefined,
      ],
      [
        'too small an amount',
        { from: 'btc', to: 'eth', amount: '0.0000001', rateType: 'float' },
        422,
        'amount_below_min',
        'amount',
      ],
      [
        'too large an amount',
        { from: 'btc', to: 'eth', amount: '5000', rateType: 'float' },
        422,
        'amount_above_max',
        'amount',
      ],
    ])('refuses %s', async (_case, body, status, code, field) => {
      const response = await call('POST', '/quotes', body);
      expect(response.status).toBe(status);
      expect(response.json.error?.code).toBe(code);
      expect(response.json.error?.message).toBeTruthy();
      if (field) expect(response.json.error?.field).toBe(field);
    });

    it('names the limits when the amount is out of range', async () => {
      const { json } = await call('POST', '/quotes', {
        from: 'btc',
        to: 'eth',
        amount: '0.0000001',
        rateType: 'float',
      });
      expect(json.error?.details).toEqual({ min: expect.any(String), max: expect.any(String) });
      expect(json.error?.message).toContain(`${json.error?.details?.min} BTC`);
    });
  });

  describe('swaps', () => {
    it('creates a fixed swap, takes the deposit and finishes', async () => {
      const quoteId = await fixedQuote();
      const created = await call('POST', '/swaps', {
        from: 'btc',
        to: 'eth',
        amount: '0.1',
        rateType: 'fixed',
        quoteId,
        payoutAddress: ETH_ADDRESS,
      });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ status: 'waiting', rateType: 'fixed', amountFrom: '0.1' });
      expect(created.json.id).toMatch(/^[a-z2-7]{26}$/);
      expect(created.headers.get('location')).toBe(`/api/v1/swaps/${created.json.id}`);
      expect(created.json.depositAddress).toMatch(/^bc1/);
      expect(created.json.rateExpiresAt).toBeTruthy();

      const deposited = await call('POST', `/sandbox/swaps/${created.json.id}/deposit`, { amount: '0.1' });
      expect(deposited.status).toBe(200);
      const done = await call('GET', `/swaps/${created.json.id}`);
      expect(done.json.status).toBe('finished');
      const history = done.json.history as { status: string }[];
      expect(history[0]?.status).toBe('waiting');
      expect(history.at(-1)?.status).toBe('finished');

      const again = await call('POST', `/sandbox/swaps/${created.json.id}/deposit`, { amount: '0.1' });
      expect(again.status).toBe(409);
      expect(again.json.error?.code).toBe('deposit_rejected');
    });

    it('refunds a float swap whose deposit is under the minimum', async () => {
      const created = await call('POST', '/swaps', {
        from: 'btc',
        to: 'eth',
        amount: '0.01',
        rateType: 'float',
        payoutAddress: ETH_ADDRESS,
      });
      expect(created.status).toBe(201);
      await call('POST', `/sandbox/swaps/${created.json.id}/deposit`, { amount: '0.00000100' });
      // No refund address was given: the swap waits for one before it can refund.
      expect((await call('GET', `/swaps/${created.json.id}`)).json).toMatchObject({
        status: 'refunding',
        problem: 'below_min',
        refundAddressNeeded: true,
      });
      const refunded = await call('POST', `/swaps/${created.json.id}/refund`, {
        refundAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      });
      expect(refunded.json).toMatchObject({ status: 'refunded', amountRefunded: '0.000001' });
    });

    it.each([
      ['a fixed swap without a quote', { rateType: 'fixed' }, 422, 'quote_required', 'quoteId'],
      ['an unknown quote', { rateType: 'fixed', quoteId: 'nope' }, 422, 'quote_not_found', 'quoteId'],
      [
        'an invalid payout address',
        { payoutAddress: 'bc1qnotanethaddress' },
        422,
        'invalid_payout_address',
        'payoutAddress',
      ],
      [
        'an invalid refund address',
        { refundAddress: ETH_ADDRESS },
        422,
        'invalid_refund_address',
        'refundAddress',
      ],
      ['an unknown field', { colour: 'blue' }, 400, 'invalid_request', undefined],
    ])('refuses %s', async (_case, override, status, code, field) => {
      const body = {
        from: 'btc',
        to: 'eth',
        amount: '0.1',
        rateType: 'float',
        payoutAddress: ETH_ADDRESS,
        ...override,
      };
      const response = await call('POST', '/swaps', body);
      expect(response.status).toBe(status);
      expect(response.json.error?.code).toBe(code);
      if (field) expect(response.json.error?.field).toBe(field);
    });

    it('refuses a fixed quote used for another amount', async () => {
      const quoteId = await fixedQuote('0.1');
      const response = await call('POST', '/swaps', {
        from: 'btc',
        to: 'eth',
        amount: '0.2',
        rateType: 'fixed',
        quoteId,
        payoutAddress: ETH_ADDRESS,
      });
      expect(response.json.error?.code).toBe('quote_mismatch');
    });

    it('checks memos on memo networks', async () => {
      const response = await call('POST', '/swaps', {
        from: 'btc',
        to: 'xrp',
        amount: '0.1',
        rateType: 'float',
        payoutAddress: XRP_ADDRESS,
        payoutMemo: '4294967296',
      });
      expect(response.status).toBe(422);
      expect(response.json.error).toMatchObject({ code: 'invalid_payout_memo', field: 'payoutMemo' });
      expect(response.json.error?.message).toContain('Destination tag');
      const fine = await call('POST', '/swaps', {
        from: 'btc',
        to: 'xrp',
        amount: '0.1',
        rateType: 'float',
        payoutAddress: XRP_ADDRESS,
        payoutMemo: '123456',
      });
      expect(fine.status).toBe(201);
      expect(fine.json.payoutMemo).toBe('123456');
    });

    it('answers 404 for an unknown swap', async () => {
      for (const id of ['aaaaaaaaaaaaaaaaaaaaaaaaaa', 'not-an-id']) {
        const response = await call('GET', `/swaps/${id}`);
        expect(response.status).toBe(404);
        expect(response.json.error?.code).toBe('swap_not_found');
      }
    });

    it('refuses a body nested thousands of levels deep with 400, never a 500', async () => {
      // Found by the API fuzzer (server/api/fuzz.test.ts): 16 KB of `[` overflowed the stack.
      for (const body of [
        '['.repeat(8_000) + ']'.repeat(8_000),
        `{"from":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}}`,
      ]) {
        for (const path of ['/quotes', '/swaps']) {
          const response = await call('POST', path, body);
          expect(response.status, path).toBe(400);
          expect(response.json.error).toMatchObject({ code: 'invalid_request', field: 'body' });
        }
      }
    });

    it('answers a path over 1024 characters with 414 in the error format', async () => {
      // Found by the API fuzzer: a long path parameter got the site's plain-text 414.
      for (const path of [`/swaps/${'a'.repeat(2_000)}`, `/pairs/btc/${'%C3%A9'.repeat(1_100)}`]) {
        const response = await call('GET', path, undefined, { 'accept-language': 'de' });
        expect(response.status, path).toBe(414);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(response.json.error).toEqual({ code: 'uri_too_long', message: 'Diese Adresse ist zu lang.' });
      }
    });

    it('never answers 500 to odd input', async () => {
      const bodies = [
        'null',
        '[]',
        '"x"',
        '{"amount":{}}',
        '{"from":1,"to":2}',
        JSON.stringify({ from: 'a'.repeat(5000) }),
      ];
      for (const body of bodies) {
        for (const path of ['/quotes', '/swaps'])
          expect((await call('POST', path, body)).status, `${path} ${body}`).toBeLessThan(500);
      }
    });
  });

  describe('idempotency', () => {
    const body = { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float', payoutAddress: ETH_ADDRESS };

    it('gives the same swap for the same key and body', async () => {
      const first = await call('POST', '/swaps', body, { 'Idempotency-Key': 'same-1' });
      const second = await call('POST', '/swaps', body, { 'Idempotency-Key': 'same-1' });
      expect(second.status).toBe(201);
      expect(second.json.id).toBe(first.json.id);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
    });

    it('refuses the same key with another body', async () => {
      await call('POST', '/swaps', body, { 'Idempotency-Key': 'same-2' });
      const other = await call('POST', '/swaps', { ...body, amount: '0.2' }, { 'Idempotency-Key': 'same-2' });
      expect(other.status).toBe(422);
      expect(other.json.error?.code).toBe('idempotency_key_reused');
    });

    it('answers 409 while the first request is in flight', async () => {
      await handle.db.insert(idempotencyKeys).values({ scope: 'ip:local', key: 'busy', requestHash: 'x' });
      const response = await call('POST', '/swaps', body, { 'Idempotency-Key': 'busy' });
      expect([409, 422]).toContain(response.status);
    });

    it('answers 409 while the holder of a key is alive, and takes the key over once its lease runs out', async () => {
      const requestHash = async (key: string) => {
        await call('POST', '/swaps', body, { 'Idempotency-Key': `${key}-probe` });
        const [row] = await handle.db
          .select()
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.key, `${key}-probe`));
        return row?.requestHash as string;
      };
      const hash = await requestHash('lease');
      // A request that is still working: its lease runs for another minute.
      await handle.db.insert(idempotencyKeys).values({
        scope: 'ip:local',
        key: 'alive',
        requestHash: hash,
        pendingSwapId: 'a'.repeat(26),
        leaseUntil: new Date(Date.now() + 60_000),
      });
      const busy = await call('POST', '/swaps', body, { 'Idempotency-Key': 'alive' });
      expect(busy.status).toBe(409);
      expect(busy.json.error?.code).toBe('idempotency_request_in_flight');

      // A process killed mid-request: no swap stored, its lease over. The next request completes.
      await handle.db.insert(idempotencyKeys).values({
        scope: 'ip:local',
        key: 'crashed',
        requestHash: hash,
        pendingSwapId: 'b'.repeat(26),
        leaseUntil: new Date(Date.now() - 1_000),
      });
      const taken = await call('POST', '/swaps', body, { 'Idempotency-Key': 'crashed' });
      expect(taken.status).toBe(201);
      const again = await call('POST', '/swaps', body, { 'Idempotency-Key': 'crashed' });
      expect(again.json.id).toBe(taken.json.id);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    });

    it('answers with the swap a request stored before it died, however young its lease', async () => {
      const first = await call('POST', '/swaps', body, { 'Idempotency-Key': 'stored-1' });
      const [row] = await handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'stored-1'));
      // As if the process stopped between storing the swap and noting it on the key.
      await handle.db.insert(idempotencyKeys).values({
        scope: 'ip:local',
        key: 'stored-2',
        requestHash: row?.requestHash as string,
        pendingSwapId: first.json.id as string,
        leaseUntil: new Date(Date.now() + 60_000),
      });
      const replay = await call('POST', '/swaps', body, { 'Idempotency-Key': 'stored-2' });
      expect(replay.status).toBe(201);
      expect(replay.json.id).toBe(first.json.id);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
    });

    it('lets a key be retried after a failed attempt', async () => {
      const failed = await call(
        'POST',
        '/swaps',
        { ...body, payoutAddress: 'nope' },
        { 'Idempotency-Key': 'retry-1' },
      );
      expect(failed.status).toBe(422);
      const retried = await call(
        'POST',
        '/swaps',
        { ...body, payoutAddress: 'nope' },
        { 'Idempotency-Key': 'retry-1' },
      );
      expect(retried.json.error?.code).toBe('invalid_payout_address');
    });
  });

  describe('partners and limits', () => {
    it('attributes swaps to the partner of the API key', async () => {
      const { key } = await createApiKey(handle.db, { id: 'wallet-co', name: 'Wallet Co' });
      const created = await call(
        'POST',
        '/swaps',
        { from: 'btc', to: 'eth', amount: '0.5', rateType: 'float', payoutAddress: ETH_ADDRESS },
        { 'X-Api-Key': key },
      );
      expect(created.status).toBe(201);
      expect(created.json.partnerId).toBeUndefined();
      const [row] = await handle.db
        .select()
        .from(swapsTable)
        .where(eq(swapsTable.id, created.json.id as string));
      expect(row?.partnerId).toBe('wallet-co');
      expect(Number(row?.affiliateFee)).toBeCloseTo(0.001, 8);
    });

    it('refuses an unknown API key', async () => {
      const response = await call('GET', '/coins', undefined, { 'X-Api-Key': 'sgk_wrong' });
      expect(response.status).toBe(401);
      expect(response.json.error?.code).toBe('invalid_api_key');
    });

    it('limits anonymous clients more than partners, with Retry-After', async () => {
      const limited = makeApp(handle, {
        RATE_LIMIT_WRITES_PER_MINUTE: '2',
        RATE_LIMIT_PARTNER_MULTIPLIER: '3',
        TRUST_PROXY: 'true',
      });
      const { key } = await createApiKey(handle.db, { id: 'limits-co' });
      // The partner calls from its own server's address.
      const post = (headers: Record<string, string> = { 'X-Forwarded-For': '203.0.113.1' }) =>
        limited.app.request('/api/v1/swaps', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: '{}',
        });
      expect((await post()).status).toBe(400);
      expect((await post()).status).toBe(400);
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as Json).error?.code).toBe('rate_limited');
      const partner = { 'X-Api-Key': key, 'X-Forwarded-For': '203.0.113.2' };
      for (let i = 0; i < 6; i++) expect((await post(partner)).status).toBe(400);
      expect((await post(partner)).status).toBe(429);
    });

    /** Counts the API key lookups (core/partners/api-keys.ts) the database answers from now on. */
    function countKeyLookups() {
      const select = vi.spyOn(handle.db, 'select');
      return {
        count: () =>
          select.mock.calls.filter(([fields]) => fields && 'affiliateFeeBps' in (fields as object)).length,
        restore: () => select.mockRestore(),
      };
    }
    /** Well-formed keys (`sgk_` and 32 base32 letters) that belong to no partner. */
    const invalidKey = (n: number) => `sgk_${'a'.repeat(31)}${'abcdefghijklmnopqrstuvwxyz234567'[n % 32]}`;

    it('counts invalid API keys against the anonymous limit, then answers 429 without a lookup', async () => {
      const limited = makeApp(handle, { RATE_LIMIT_READS_PER_MINUTE: '3' });
      const get = (headers: Record<string, string> = {}) => limited.app.request('/api/v1/coins', { headers });
      const lookups = countKeyLookups();
      try {
        for (let i = 0; i < 3; i++) {
          const response = await get({ 'X-Api-Key': invalidKey(0) });
          expect(response.status).toBe(401);
          expect(((await response.json()) as Json).error?.code).toBe('invalid_api_key');
        }
        const refused = await get({ 'X-Api-Key': invalidKey(0) });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(((await refused.json()) as Json).error?.code).toBe('rate_limited');
        // The address's anonymous requests are refused as well: the invalid key used their limit.
        expect((await get()).status).toBe(429);
        // Other invalid keys beyond the limit cost no database query.
        for (let i = 1; i < 21; i++) expect((await get({ 'X-Api-Key': invalidKey(i) })).status).toBe(429);
        expect(lookups.count()).toBe(1);
      } finally {
        lookups.restore();
      }
    });

    it('looks an API key up once, not at every request, valid or not', async () => {
      const { app: fresh } = makeApp(handle);
      const { key } = await createApiKey(handle.db, { id: 'flood-co' });
      const lookups = countKeyLookups();
      try {
        const statuses = async (apiKey: string) => {
          const responses = await Promise.all(
            Array.from({ length: 30 }, () =>
              fresh.request('/api/v1/coins', { headers: { 'X-Api-Key': apiKey } }),
            ),
          );
          return new Set(responses.map((response) => response.status));
        };
        expect(await statuses(invalidKey(7))).toEqual(new Set([401]));
        expect(await statuses(invalidKey(7))).toEqual(new Set([401]));
        expect(await statuses(key)).toEqual(new Set([200]));
        expect(await statuses(key)).toEqual(new Set([200]));
        expect(lookups.count()).toBe(2);
      } finally {
        lookups.restore();
      }
    });

    it('gives the site’s own pages a browsing budget of their own, apart from the API’s', async () => {
      const limited = makeApp(handle, {
        RATE_LIMIT_READS_PER_MINUTE: '2',
        RATE_LIMIT_SITE_READS_PER_MINUTE: '5',
      });
      const quote = (headers: Record<string, string> = {}) =>
        limited.app.request('/api/v1/quotes', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ from: 'btc', to: 'eth', amount: '0.1', rateType: 'float' }),
        });
      const page = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };
      // Several visitors behind one address browsing the home and swap pages.
      for (let i = 0; i < 5; i++) expect((await quote(page)).status).toBe(200);
      const tooMany = await quote(page);
      expect(tooMany.status).toBe(429);
      expect(tooMany.headers.get('ratelimit-limit')).toBe('5');
      // The API's anonymous callers keep their own, smaller limit.
      expect((await quote()).status).toBe(200);
      expect((await quote({ 'sec-fetch-site': 'cross-site' })).status).toBe(200);
      expect((await quote()).status).toBe(429);
    });

    it('counts a known partner key against its partner limit, not its address', async () => {
      const limited = makeApp(handle, { RATE_LIMIT_READS_PER_MINUTE: '2' });
      const { key } = await createApiKey(handle.db, { id: 'shared-address-co' });
      const get = (headers: Record<string, string> = {}) => limited.app.request('/api/v1/coins', { headers });
      // Its first request is counted against the address too: the key was not looked up yet.
      expect((await get({ 'X-Api-Key': key })).status).toBe(200);
      expect((await get()).status).toBe(200);
      expect((await get()).status).toBe(429);
      for (let i = 0; i < 5; i++) expect((await get({ 'X-Api-Key': key })).status).toBe(200);
    });
  });
});
