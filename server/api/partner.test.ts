import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../core/i18n/translate.ts';
import { createApiKey, createPartnerKey } from '../../core/partners/api-keys.ts';
import { verifyWebhookSignature } from '../../core/partners/webhooks.ts';
import { seedDemoData } from '../../core/seed.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { partners } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { type FakeWebhookReceiver, startWebhookReceiver } from '../../tests/fakes/webhook-receiver.ts';
import type { AppServices } from '../services.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';

const build = await loadServerBuild();
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

type Json = Record<string, unknown> & { error?: { code: string; message: string } };

/**
 * A partner's own API (issue 26): their keys with usage, their webhook's deliveries, and the
 * webhook events of their swaps, over HTTP with their key.
 */
describe.each(databaseTargets())('partner API operations on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  let services: AppServices;
  let receiver: FakeWebhookReceiver;
  let key = '';

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await app.request(`/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, json: (await response.json()) as Json };
  }

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    ({ app, services } = createTestApp(build, handle, {
      SANDBOX_STEP_DELAY_MS: '0',
      RATE_LIMIT_READS_PER_MINUTE: '50',
      RATE_LIMIT_WRITES_PER_MINUTE: '5',
      RATE_LIMIT_PARTNER_MULTIPLIER: '10',
      TRUST_PROXY: 'true',
    }));
    await services.market.refresh();
    receiver = await startWebhookReceiver();
    await handle.db.insert(partners).values({ id: 'pself', name: 'Self Partner' });
    const made = await createPartnerKey(handle.db, 'pself', 'Production');
    if (!made.ok) throw new Error(made.code);
    key = made.key;
    await createApiKey(handle.db, { id: 'pother', name: 'Other Partner' }, { keyName: 'Not yours' });
  });
  afterAll(async () => {
    await receiver.close();
    await handle.close();
  });

  it("refuses a partner operation without a key, in the caller's language", async () => {
    const refused = await call('GET', '/partner/keys', undefined, { 'accept-language': 'de' });
    expect(refused.status).toBe(401);
    expect(refused.json.error).toEqual({
      code: 'api_key_required',
      message: translate(services.dictionaries, 'de', 'apiErrors.api_key_required'),
    });
    expect((await call('GET', '/partner/webhook-deliveries')).status).toBe(401);
  });

  it("answers a quote with the partner's limits, and lists the partner's own keys with their usage", async () => {
    const quote = await call(
      'POST',
      '/quotes',
      { from: 'btc', to: 'eth', amount: '0.5', rateType: 'float' },
      {
        'x-api-key': key,
      },
    );
    expect(quote.status).toBe(200);
    expect(quote.headers.get('ratelimit-limit')).toBe('500');
    await services.apiKeyUsage.flush();
    const listed = await call('GET', '/partner/keys', undefined, { 'x-api-key': key });
    expect(listed.status).toBe(200);
    const keys = listed.json.keys as { name: string; requestsThisMonth: number; lastUsedAt: string | null }[];
    expect(keys).toEqual([
      expect.objectContaining({ name: 'Production', requestsThisMonth: 1, lastUsedAt: expect.any(String) }),
    ]);
    expect(listed.json.month).toBe(new Date().toISOString().slice(0, 7));
    expect(JSON.stringify(listed.json)).not.toContain(key);
  });

  it("POSTs every status of the partner's swaps to its webhook, signed, and lists the deliveries", async () => {
    const registered = await services.webhooks.register('pself', receiver.url);
    if (!registered.ok || !registered.secret) throw new Error('webhook not registered');
    const created = await call(
      'POST',
      '/swaps',
      { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float', payoutAddress: ETH_ADDRESS },
      { 'x-api-key': key },
    );
    expect(created.status).toBe(201);
    const swapId = created.json.id as string;
    // An anonymous swap sends nothing.
    const anonymous = await call('POST', '/swaps', {
      from: 'btc',
      to: 'eth',
      amount: '0.1',
      rateType: 'float',
      payoutAddress: ETH_ADDRESS,
    });
    expect(anonymous.status).toBe(201);
    expect((await call('POST', `/sandbox/swaps/${swapId}/deposit`, { amount: '0.1' })).status).toBe(200);
    await services.webhooks.deliverDue();

    const events = receiver.received.map((delivery) => {
      expect(
        verifyWebhookSignature(
          registered.secret ?? '',
          delivery.headers['swapgate-signature'],
          delivery.rawBody,
        ),
      ).toBe(true);
      return JSON.parse(delivery.rawBody) as { type: string; data: { swap: { id: string; status: string } } };
    });
    expect(
      events.every((event) => event.type === 'swap.status_changed' && event.data.swap.id === swapId),
    ).toBe(true);
    const statuses = events.map((event) => event.data.swap.status);
    expect(statuses[0]).toBe('waiting');
    expect(statuses.length).toBeGreaterThan(1);

    const log = await call('GET', '/partner/webhook-deliveries', undefined, { 'x-api-key': key });
    expect(log.status).toBe(200);
    expect(log.json.webhook).toMatchObject({ url: receiver.url });
    const deliveries = log.json.deliveries as { status: string; statusCode: number; swapId: string }[];
    expect(deliveries).toHaveLength(events.length);
    expect(
      deliveries.every((delivery) => delivery.status === 'delivered' && delivery.statusCode === 200),
    ).toBe(true);
    // Another partner sees none of it.
    const other = await createPartnerKey(handle.db, 'pother', 'Second');
    if (!other.ok) throw new Error(other.code);
    const theirs = await call('GET', '/partner/webhook-deliveries', undefined, { 'x-api-key': other.key });
    expect(theirs.json).toEqual({ webhook: null, deliveries: [] });
  });
});
