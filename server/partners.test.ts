import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../core/partners/api-keys.ts';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { partners, partnerWithdrawals, swaps as swapsTable } from '../db/schema.ts';
import { databaseTargets } from '../db/testing.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const TOKEN = 'partners-operator-token-0123456789';

describe.each(databaseTargets())(
  "the affiliate link (?ref=) and the operator's withdrawals on $name",
  (target) => {
    let handle: DatabaseHandle;
    let app: ReturnType<typeof createTestApp>['app'];
    let key: string;
    let secure: boolean;

    beforeAll(async () => {
      handle = await target.open();
      await seedDemoData(handle.db);
      await handle.db.insert(partners).values([
        { id: 'pref', name: 'Referrer' },
        { id: 'pkey', name: 'API partner' },
      ]);
      key = (await createApiKey(handle.db, { id: 'pkey' })).key;
      const created = createTestApp(build, handle, { HTML_CACHE: 'on', OPERATOR_TOKEN: TOKEN });
      app = created.app;
      secure = created.services.config.BASE_URL.startsWith('https:');
      await created.services.market.refresh();
    });
    afterAll(async () => {
      await handle.close();
    });

    it('sets a 30-day first-party cookie and redirects to the address without ref, never stored', async () => {
      const response = await app.request('/faq?ref=pref&x=1');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/faq?x=1');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith('sg_ref='))).toEqual([
        `sg_ref=pref; Path=/; Max-Age=2592000; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`,
      ]);
    });

    it('sets nothing for a partner that does not exist, but still drops ref', async () => {
      const response = await app.request('/de/faq?ref=nobody');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/de/faq');
      expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith('sg_ref='))).toEqual([]);
    });

    it('serves a public page with the same bytes with or without the cookie', async () => {
      // The CSP nonce is the one part each answer has of its own.
      const strip = (html: string) => html.replace(/nonce="[^"]+"/g, '');
      const plain = await app.request('/faq');
      const referred = await app.request('/faq', { headers: { cookie: 'sg_ref=pref' } });
      expect(referred.status).toBe(200);
      expect(strip(await referred.text())).toBe(strip(await plain.text()));
    });

    const createSwap = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
      app.request('/api/v1/swaps', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          from: 'btc',
          to: 'eth',
          amount: '0.1',
          rateType: 'float',
          payoutAddress: ETH_ADDRESS,
          ...body,
        }),
      });
    const stored = async (response: Response) => {
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const [row] = await handle.db.select().from(swapsTable).where(eq(swapsTable.id, id));
      return { partnerId: row?.partnerId ?? null, partnerVia: row?.partnerVia ?? null };
    };

    it("attaches the cookie's partner to a swap the site creates, as an affiliate", async () => {
      expect(await stored(await createSwap({ cookie: 'sg_ref=pref' }))).toEqual({
        partnerId: 'pref',
        partnerVia: 'affiliate',
      });
      expect(await stored(await createSwap({}))).toEqual({ partnerId: null, partnerVia: null });
      expect(await stored(await createSwap({ cookie: 'sg_ref=nobody' }))).toEqual({
        partnerId: null,
        partnerVia: null,
      });
    });

    it("counts a swap made with a partner's API key as the API partner's, whatever the cookie", async () => {
      expect(await stored(await createSwap({ 'x-api-key': key, cookie: 'sg_ref=pref' }))).toEqual({
        partnerId: 'pkey',
        partnerVia: 'api',
      });
      // The widget's affiliate parameter names its partner before any cookie.
      expect(await stored(await createSwap({ cookie: 'sg_ref=pkey' }, { affiliateId: 'pref' }))).toEqual({
        partnerId: 'pref',
        partnerVia: 'affiliate',
      });
    });

    it('lists the withdrawals waiting for the operator and notes the hash of one sent, once', async () => {
      const id = 'a'.repeat(26);
      await handle.db.insert(partnerWithdrawals).values({
        id,
        partnerId: 'pref',
        coin: 'eth',
        network: 'ethereum',
        address: ETH_ADDRESS,
        amountUsd: '25',
        amount: '0.01',
        status: 'queued',
        tokenHash: 'h'.repeat(64),
        lang: 'en',
        expiresAt: new Date(Date.now() + 60_000),
        confirmedAt: new Date(),
      });
      const auth = { authorization: `Bearer ${TOKEN}` };
      expect((await app.request('/apiglobal/partners/withdrawals')).status).toBe(401);
      const list = (await (
        await app.request('/apiglobal/partners/withdrawals', { headers: auth })
      ).json()) as {
        withdrawals: { id: string; partnerId: string; status: string }[];
      };
      expect(list.withdrawals).toEqual([
        expect.objectContaining({ id, partnerId: 'pref', status: 'queued' }),
      ]);
      const paid = (hash: string, withdrawal = id) =>
        app.request(`/apiglobal/partners/withdrawals/${withdrawal}/paid`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ txHash: hash }),
        });
      const hash = `0x${'ab'.repeat(32)}`.slice(2);
      const first = await paid(hash);
      expect(first.status).toBe(200);
      expect(
        ((await first.json()) as { withdrawal: { status: string; txHash: string } }).withdrawal,
      ).toMatchObject({
        status: 'paid',
        txHash: `0x${hash}`,
      });
      expect((await paid('cd'.repeat(32))).status).toBe(409);
      expect((await paid(hash, 'b'.repeat(26))).status).toBe(404);
      expect((await paid('not a hash!')).status).toBe(400);
    });
  },
);
