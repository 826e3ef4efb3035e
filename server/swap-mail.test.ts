import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { mailOutbox, swaps } from '../db/schema.ts';
import { databaseTargets } from '../db/testing.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const OPERATOR_TOKEN = 'operator-token-for-tests';
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const SWAP = { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float', payoutAddress: ETH_ADDRESS };

type Json = { id?: string; error?: { code: string; message: string; field?: string } };

describe.each(databaseTargets())('swap mails over HTTP on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    const made = createTestApp(build, handle, {
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      RATE_LIMIT_FORMS_PER_HOUR: '1000',
      OPERATOR_TOKEN,
    });
    app = made.app;
    await made.services.market.refresh();
  });
  afterAll(async () => {
    await handle.close();
  });

  async function createSwap(body: Record<string, unknown>, lang = 'en') {
    const response = await app.request('/api/v1/swaps', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': lang },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Json };
  }

  async function stored(id: string) {
    const [row] = await handle.db.select().from(swaps).where(eq(swaps.id, id));
    if (!row) throw new Error('swap not stored');
    return row;
  }

  describe('POST /api/v1/swaps with an email', () => {
    it('keeps the address (trimmed, lowercased) and the language, and queues the receipt', async () => {
      const created = await createSwap({ ...SWAP, email: '  Owner@Example.COM ' }, 'de');
      expect(created.status).toBe(201);
      expect(created.json).not.toHaveProperty('email');
      const row = await stored(created.json.id as string);
      expect(row.notifyEmail).toBe('owner@example.com');
      expect(row.notifyLang).toBe('de');
      expect(row.notifyToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const mails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'owner@example.com'));
      expect(mails.map((mail) => mail.subject)).toEqual([
        'Ihr Swap BTC → ETH wartet auf Ihre Einzahlung | SwapGate',
      ]);
      expect(mails[0]?.text).toContain(`https://swapgate.example/de/swap/${row.id}/unsubscribe?token=`);
      expect(mails[0]?.headers?.['List-Unsubscribe']).toContain(`/de/swap/${row.id}/unsubscribe?token=`);
    });

    it('creates the swap without any mail when the email is left out or empty', async () => {
      for (const body of [SWAP, { ...SWAP, email: '' }, { ...SWAP, email: '   ' }]) {
        const created = await createSwap(body);
        expect(created.status).toBe(201);
        const row = await stored(created.json.id as string);
        expect(row.notifyEmail).toBeNull();
        expect(row.notifyToken).toBeNull();
      }
    });

    it('refuses a bad address with 422 naming the field, in the visitor’s language, and creates nothing', async () => {
      const before = (await handle.db.select().from(swaps)).length;
      const bad = await createSwap({ ...SWAP, email: 'owner@example' }, 'de');
      expect(bad.status).toBe(422);
      expect(bad.json.error).toEqual({
        code: 'invalid_email',
        field: 'email',
        message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      });
      const long = await createSwap({ ...SWAP, email: `${'a'.repeat(250)}@example.com` });
      expect(long.status).toBe(422);
      expect(long.json.error).toMatchObject({ code: 'field_too_long', field: 'email' });
      expect(long.json.error?.message).toContain('254');
      const typed = await createSwap({ ...SWAP, email: 42 });
      expect(typed.status).toBe(400);
      expect(typed.json.error).toMatchObject({ code: 'invalid_request', field: 'email' });
      expect((await handle.db.select().from(swaps)).length).toBe(before);
    });
  });

  describe('unsubscribing', () => {
    let id: string;
    let token: string;
    beforeAll(async () => {
      const created = await createSwap({ ...SWAP, email: 'leave@example.com' });
      id = created.json.id as string;
      token = (await stored(id)).notifyToken as string;
    });

    const unsubscribe = (swapId: string, body: unknown) =>
      app.request(`/apiglobal/swaps/${swapId}/unsubscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('shows a private, unindexed confirmation page for the right token only', async () => {
      const page = await app.request(`/de/swap/${id}/unsubscribe?token=${token}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toContain('private');
      const html = await page.text();
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain(`E-Mails zum Swap ${id} abbestellen?`);
      expect(html).toContain('data-testid="unsubscribe-confirm"');
      expect((await app.request(`/swap/${id}/unsubscribe?token=${token}x`)).status).toBe(404);
      expect((await app.request(`/swap/${id}/unsubscribe`)).status).toBe(404);
    });

    it('stops the mails with the token, says so again later, and refuses a wrong token with 404', async () => {
      const wrong = await unsubscribe(id, { token: 'not-the-token' });
      expect(wrong.status).toBe(404);
      expect(((await wrong.json()) as Json).error?.code).toBe('swap_not_found');
      expect((await unsubscribe('nonsense', { token })).status).toBe(404);
      expect((await stored(id)).notifyEmail).toBe('leave@example.com');

      const done = await unsubscribe(id, { token });
      expect(done.status).toBe(200);
      expect(await done.json()).toEqual({ unsubscribed: true, already: false });
      expect((await stored(id)).notifyEmail).toBeNull();
      const again = await unsubscribe(id, { token });
      expect(await again.json()).toEqual({ unsubscribed: true, already: true });

      const page = await app.request(`/swap/${id}/unsubscribe?token=${token}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('You have already unsubscribed');
      expect(html).not.toContain('data-testid="unsubscribe-confirm"');
    });
  });

  it('lists the outbox to the operator only', async () => {
    expect((await app.request('/apiglobal/mail/outbox')).status).toBe(401);
    const response = await app.request('/apiglobal/mail/outbox', {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const { mails } = (await response.json()) as { mails: { to: string; status: string }[] };
    expect(mails.some((mail) => mail.to === 'owner@example.com' && mail.status === 'pending')).toBe(true);
  });
});
