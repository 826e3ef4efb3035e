import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { partners, partnerWebhookDeliveries, swaps } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { type FakeWebhookReceiver, startWebhookReceiver } from '../../tests/fakes/webhook-receiver.ts';
import { insertTestSwap } from '../../tests/support/reviews.ts';
import { FIRST_BACKOFF_MS } from '../mail/outbox.ts';
import { VERIFY_SAMPLE } from './verify-sample.ts';
import {
  checkWebhookUrl,
  isPrivateAddress,
  MAX_ATTEMPTS,
  SIGNATURE_HEADER,
  signWebhook,
  verifyWebhookSignature,
  WebhookOutbox,
} from './webhooks.ts';

const log = pino({ level: 'silent' });
const production = { production: true };
const sandbox = { production: false };
/** A resolver standing in for DNS: names to the addresses a test gives them. */
const resolver =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<string[]> => {
    const found = table[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  };

/** The README's and the account page's verification sample, run as a partner's server would run it. */
function sampleVerify(): (secret: string, header: string, rawBody: string) => boolean {
  const body = VERIFY_SAMPLE.replace(/^import .*$/m, '');
  return new Function('createHmac', 'timingSafeEqual', `${body}\nreturn verify;`)(
    createHmac,
    timingSafeEqual,
  ) as (secret: string, header: string, rawBody: string) => boolean;
}

describe('where a partner webhook may point', () => {
  it('refuses in production what is not a public https address (SSRF)', async () => {
    const dns = resolver({
      'hooks.example.com': ['93.184.216.34'],
      'internal.example.com': ['10.0.0.5'],
      'mixed.example.com': ['93.184.216.34', '127.0.0.1'],
      'metadata.example.com': ['169.254.169.254'],
      'v6.example.com': ['::ffff:192.168.1.1'],
    });
    const check = (url: string) => checkWebhookUrl(url, production, dns);
    expect(await check('https://hooks.example.com/swapgate')).toEqual({
      ok: true,
      url: 'https://hooks.example.com/swapgate',
    });
    expect(await check('http://hooks.example.com/swapgate')).toEqual({ ok: false, code: 'webhookHttps' });
    for (const url of [
      'https://localhost/hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://internal.example.com/hook',
      'https://mixed.example.com/hook',
      'https://metadata.example.com/hook',
      'https://v6.example.com/hook',
    ]) {
      expect(await check(url), url).toEqual({ ok: false, code: 'webhookPrivate' });
    }
    expect(await check('https://nowhere.example.com/hook')).toEqual({ ok: false, code: 'webhookUnresolved' });
    for (const url of [
      'ftp://hooks.example.com/',
      'https://user:pw@hooks.example.com/',
      'hooks',
      '',
      'https://a.com/#x',
    ]) {
      expect(await check(url), url).toEqual({ ok: false, code: 'webhookUrl' });
    }
  });

  it('takes http and local receivers in the sandbox', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:5140/hook', sandbox)).toEqual({
      ok: true,
      url: 'http://127.0.0.1:5140/hook',
    });
    expect((await checkWebhookUrl('javascript:alert(1)', sandbox)).ok).toBe(false);
  });

  it('knows private and public addresses', () => {
    expect(
      ['192.168.0.1', '172.20.0.1', '100.64.1.1', '0.0.0.0', 'fe80::1', '::ffff:10.0.0.1', 'nonsense'].every(
        isPrivateAddress,
      ),
    ).toBe(true);
    expect(['8.8.8.8', '93.184.216.34', '2606:4700::1111'].some(isPrivateAddress)).toBe(false);
  });
});

describe('webhook signatures', () => {
  const secret = 'whsec_test-secret';
  const body = '{"id":"evt_1","type":"test"}';
  const now = 1_795_000_000;

  it('are checked by verifyWebhookSignature: the body, the secret and the time all count', () => {
    const header = signWebhook(secret, now, body);
    expect(header).toMatch(/^t=1795000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, header, body, now + 10)).toBe(true);
    expect(verifyWebhookSignature(secret, header, `${body} `, now)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', header, body, now)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, now + 301)).toBe(false);
    expect(verifyWebhookSignature(secret, 't=abc,v1=00', body, now)).toBe(false);
    expect(verifyWebhookSignature(secret, null, body, now)).toBe(false);
  });

  it('are checked by the documented sample as well', () => {
    const verify = sampleVerify();
    const header = signWebhook(secret, Math.floor(Date.now() / 1000), body);
    expect(verify(secret, header, body)).toBe(true);
    expect(verify(secret, header, body.replace('test', 'tost'))).toBe(false);
    expect(verify('whsec_other', header, body)).toBe(false);
    expect(verify(secret, signWebhook(secret, Math.floor(Date.now() / 1000) - 600, body), body)).toBe(false);
  });
});

describe.each(databaseTargets())('partner webhook deliveries on $name', (target) => {
  let handle: DatabaseHandle;
  let receiver: FakeWebhookReceiver;
  let now: Date;
  let outbox: WebhookOutbox;
  let partnerId: string;
  let n = 0;
  let swapCount = 0;

  beforeAll(async () => {
    handle = await target.open();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await handle.close();
  });
  beforeEach(async () => {
    n += 1;
    partnerId = `hook-partner-${n}`;
    await handle.db.insert(partners).values({ id: partnerId, name: 'Hook Co' });
    now = new Date('2026-11-27T12:00:00Z');
    outbox = new WebhookOutbox({ db: handle.db, log, policy: sandbox, now: () => now });
    receiver.received.length = 0;
    receiver.failWith.length = 0;
  });

  /** A swap of the partner that reached `waiting`, its event queued as the swap service queues it. */
  async function swapEvent(): Promise<string> {
    swapCount += 1;
    const id = `hookswap${String(swapCount).padStart(3, '0')}${'a'.repeat(15)}`;
    await insertTestSwap(handle.db, id, 'waiting');
    await handle.db.update(swaps).set({ partnerId }).where(eq(swaps.id, id));
    expect(await handle.db.transaction((tx) => outbox.swapStatus(tx, id))).toBe(true);
    return id;
  }

  it("sends each status of the partner's swaps, signed with the secret shown once, and logs it", async () => {
    const registered = await outbox.register(partnerId, receiver.url);
    if (!registered.ok || !registered.secret) throw new Error('not registered');
    // A change of address keeps the secret: it is not shown again.
    expect(await outbox.register(partnerId, receiver.url)).toEqual({ ok: true, secret: null });
    const swapId = await swapEvent();

    expect(await outbox.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const header = delivery?.headers[SIGNATURE_HEADER.toLowerCase()];
    expect(
      verifyWebhookSignature(registered.secret, header, delivery?.rawBody ?? '', now.getTime() / 1000),
    ).toBe(true);
    const event = JSON.parse(delivery?.rawBody ?? '{}');
    expect(event).toMatchObject({
      type: 'swap.status_changed',
      data: { swap: { id: swapId, status: 'waiting' } },
    });
    expect(delivery?.headers['swapgate-delivery']).toBe(event.id);
    expect(await outbox.deliveries(partnerId)).toEqual([
      expect.objectContaining({
        id: event.id,
        event: 'swap.status_changed',
        swapId,
        status: 'delivered',
        attempts: 1,
        statusCode: 200,
      }),
    ]);
    // Nothing is sent twice.
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
  });

  it('retries a failed delivery after the backoff, and gives up after the last attempt', async () => {
    await outbox.register(partnerId, receiver.url);
    await swapEvent();
    receiver.failWith.push(500, 503);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
    let [logged] = await outbox.deliveries(partnerId);
    expect(logged).toMatchObject({ status: 'pending', attempts: 1, statusCode: 500 });
    expect(logged?.nextAttemptAt).toBe(new Date(now.getTime() + FIRST_BACKOFF_MS).toISOString());
    // Not due before its time.
    now = new Date(now.getTime() + FIRST_BACKOFF_MS - 1000);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
    now = new Date(now.getTime() + 1000);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
    [logged] = await outbox.deliveries(partnerId);
    // The second wait doubles.
    expect(logged?.nextAttemptAt).toBe(new Date(now.getTime() + 2 * FIRST_BACKOFF_MS).toISOString());
    now = new Date(now.getTime() + 2 * FIRST_BACKOFF_MS);
    expect(await outbox.deliverDue()).toEqual({ sent: 1, failed: 0 });
    [logged] = await outbox.deliveries(partnerId);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 3, statusCode: 200 });
    expect(receiver.received).toHaveLength(3);

    // A receiver that never answers 2xx: given up after MAX_ATTEMPTS.
    await swapEvent();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      receiver.failWith.push(410);
      expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
      now = new Date(now.getTime() + 60 * 60_000);
    }
    [logged] = await outbox.deliveries(partnerId);
    expect(logged).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      statusCode: 410,
      nextAttemptAt: null,
    });
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
  });

  it('sends one delivery once when two nodes run the job at once', async () => {
    await outbox.register(partnerId, receiver.url);
    await swapEvent();
    const other = new WebhookOutbox({ db: handle.db, log, policy: sandbox, now: () => now });
    const results = await Promise.all([outbox.deliverDue(), other.deliverDue()]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });

  it('sends a test event, rotates the secret, and queues nothing for a partner without a webhook', async () => {
    expect(await outbox.sendTest(partnerId)).toBeNull();
    expect(await outbox.rotateSecret(partnerId)).toBeNull();
    await insertTestSwap(handle.db, `nohook${String(n).padStart(2, '0')}${'b'.repeat(18)}`, 'waiting');
    await outbox.register(partnerId, receiver.url);
    const secret = await outbox.rotateSecret(partnerId);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const eventId = await outbox.sendTest(partnerId);
    await outbox.deliverDue();
    const [delivery] = receiver.received;
    expect(JSON.parse(delivery?.rawBody ?? '{}')).toMatchObject({ id: eventId, type: 'test' });
    expect(
      verifyWebhookSignature(
        secret ?? '',
        delivery?.headers['swapgate-signature'],
        delivery?.rawBody ?? '',
        now.getTime() / 1000,
      ),
    ).toBe(true);
    // Removing the webhook gives up what was pending.
    await outbox.sendTest(partnerId);
    expect(await outbox.remove(partnerId)).toBe(true);
    const rows = await handle.db
      .select({ status: partnerWebhookDeliveries.status })
      .from(partnerWebhookDeliveries)
      .where(eq(partnerWebhookDeliveries.partnerId, partnerId));
    expect(rows.map((row) => row.status).sort()).toEqual(['delivered', 'failed']);
  });

  it('refuses a private target in production at registration', async () => {
    const guarded = new WebhookOutbox({ db: handle.db, log, policy: production, now: () => now });
    expect(await guarded.register(partnerId, receiver.url)).toEqual({ ok: false, code: 'webhookHttps' });
    expect(await guarded.register(partnerId, 'https://127.0.0.1:5140/hook')).toEqual({
      ok: false,
      code: 'webhookPrivate',
    });
    expect(await guarded.webhook(partnerId)).toBeNull();
  });
});
