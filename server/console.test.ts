import { base32nopad } from '@scure/base';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteStaff } from '../core/console/staff.ts';
import { becomePartner } from '../core/partners/accounts.ts';
import { createApiKey, partnerForKey } from '../core/partners/api-keys.ts';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import {
  accountUsers,
  auditLog,
  mailOutbox,
  partnerEarnings,
  partners,
  partnerWithdrawals,
  reviews,
  supportRequests,
  swaps,
} from '../db/schema.ts';
import { databaseTargets } from '../db/testing.ts';
import { CookieJar, createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const BASE = 'https://swapgate.example';
const FORM = { origin: BASE, 'content-type': 'application/x-www-form-urlencoded' };
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const PASSWORD = 'correct horse battery';
const CONSOLE_PAGES = [
  '/account/console',
  '/account/console/swaps',
  '/account/console/support',
  '/account/console/reviews',
  '/account/console/mail',
  '/account/console/path-rules',
  '/account/console/providers',
  '/account/console/partners',
  '/account/console/audit',
  '/account/console/audit.csv',
];

describe.each(databaseTargets())('the operator console on $name', (target) => {
  let handle: DatabaseHandle;
  let made: ReturnType<typeof createTestApp>;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    made = createTestApp(build, handle, {
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      ACCOUNT_SIGNIN_PER_EMAIL: '50',
    });
    app = made.app;
    await made.services.market.refresh();
  });
  afterAll(async () => {
    await handle.close();
  });

  const post = (path: string, form: Record<string, string>, jar?: CookieJar) =>
    app.request(`${BASE}${path}`, {
      method: 'POST',
      headers: { ...FORM, ...(jar ? { cookie: jar.header(path) } : {}) },
      body: new URLSearchParams(form).toString(),
    });
  const get = (path: string, jar?: CookieJar) =>
    app.request(`${BASE}${path}`, { headers: jar ? { cookie: jar.header(path) } : {} });

  /** An operator made as `npm run operator -- create` makes one: the link sets the password, then TOTP. */
  async function signedInStaff(email: string, role: 'operator' | 'support', secondFactor = true) {
    const invite = await inviteStaff(made.services.account.auth, handle.db, {
      email,
      role,
      accountUrl: `${BASE}/account`,
    });
    expect(invite.link).toMatch(/^https:\/\/swapgate\.example\/account\/reset-password\?token=/);
    expect(invite.consoleUrl).toBe(`${BASE}/account/console`);
    const token = new URL(invite.link).searchParams.get('token') ?? '';
    const reset = await post('/account/reset-password', { token, password: PASSWORD });
    expect(reset.status).toBe(303);
    const jar = new CookieJar();
    jar.take(await post('/account/sign-in', { email, password: PASSWORD }));
    if (secondFactor) {
      const { createOTP } = await import('@better-auth/utils/otp');
      const enable = await post('/account', { intent: 'two-factor-enable', password: PASSWORD }, jar);
      jar.take(enable);
      const uri = /otpauth:\/\/[^"]+/.exec(await enable.text())?.[0]?.replace(/&amp;/g, '&') ?? '';
      const key = new TextDecoder().decode(base32nopad.decode(new URL(uri).searchParams.get('secret') ?? ''));
      jar.take(
        await post('/account', { intent: 'two-factor-confirm', code: await createOTP(key).totp() }, jar),
      );
    }
    return jar;
  }

  async function createSwap(): Promise<string> {
    const response = await app.request('/api/v1/swaps', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from: 'btc',
        to: 'eth',
        amount: '0.1',
        rateType: 'float',
        payoutAddress: ETH_ADDRESS,
      }),
    });
    const json = (await response.json()) as { id: string };
    expect(response.status).toBe(201);
    return json.id;
  }

  it('answers 404 to everyone who is not staff: signed out, a customer, on every page and every write', async () => {
    const customer = new CookieJar();
    await post('/account/registration', { name: 'Cy', email: 'cy@example.com', password: PASSWORD });
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'cy@example.com'));
    await get((/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '').replace(BASE, ''));
    customer.take(await post('/account/sign-in', { email: 'cy@example.com', password: PASSWORD }));
    expect((await get('/account', customer)).status).toBe(200);
    for (const jar of [undefined, customer]) {
      for (const path of CONSOLE_PAGES) {
        const page = await get(path, jar);
        expect([path, page.status]).toEqual([path, 404]);
      }
      const write = await post('/account/console/providers', { intent: 'off', id: 'sandbox-alpha' }, jar);
      expect(write.status).toBe(404);
    }
    expect(made.services.console.providers().every((provider) => provider.enabled)).toBe(true);
  });

  it('asks staff for the second factor before showing anything', async () => {
    const jar = await signedInStaff('half@example.com', 'operator', false);
    const page = await get('/account/console', jar);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('The console needs the second factor.');
    expect(html).not.toContain('Volume today');
  });

  it('lets an operator find a swap, record a refund, switch a provider off and on; every action is audited', async () => {
    const jar = await signedInStaff('ops@example.com', 'operator');
    const overview = await get('/account/console', jar);
    expect(overview.status).toBe(200);
    expect(overview.headers.get('cache-control')).toBe('private, no-store');
    const html = await overview.text();
    expect(html).toContain('Signed in as ops@example.com (operator).');

    const id = await createSwap();
    const [swap] = await handle.db.select().from(swaps).where(eq(swaps.id, id));
    const search = await post('/account/console/swaps', { q: swap?.depositAddress ?? '' }, jar);
    expect(await search.text()).toContain(`/account/console/swaps/${id}`);

    // A refund the provider made by hand: only a refunding swap takes a hash.
    const early = await post(
      `/account/console/swaps/${id}`,
      { intent: 'refund-hash', hash: 'a'.repeat(64) },
      jar,
    );
    expect(await early.text()).toContain('A refund hash is recorded on a refunding swap, not a waiting one');
    await handle.db.update(swaps).set({ status: 'refunding' }).where(eq(swaps.id, id));
    const recorded = await post(
      `/account/console/swaps/${id}`,
      { intent: 'refund-hash', hash: 'b'.repeat(64) },
      jar,
    );
    expect([recorded.status, recorded.headers.get('location')]).toEqual([
      303,
      `/account/console/swaps/${id}?done=Refund+recorded.`,
    ]);
    const [after] = await handle.db.select().from(swaps).where(eq(swaps.id, id));
    expect([after?.status, after?.refundHash]).toEqual(['refunded', 'b'.repeat(64)]);
    await post(`/account/console/swaps/${id}`, { intent: 'note', text: 'Customer wrote on Telegram' }, jar);
    const detail = await (await get(`/account/console/swaps/${id}`, jar)).text();
    expect(detail).toContain('Customer wrote on Telegram');
    expect(detail).toContain('swap.refund_hash');

    // Switched off, the provider is asked for no quote; switched on, it is again.
    const quoted = async () => {
      const response = await app.request('/api/v1/quotes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: 'btc', to: 'eth', amount: '0.1', rateType: 'float' }),
      });
      const json = (await response.json()) as { offers: { provider: string }[] };
      return json.offers.map((offer) => offer.provider);
    };
    const providers = made.services.console.providers().map((provider) => provider.provider);
    const victim = providers[0] ?? '';
    expect(await quoted()).toContain(victim);
    const off = await post('/account/console/providers', { intent: 'off', id: victim }, jar);
    expect(off.status).toBe(303);
    expect(await quoted()).not.toContain(victim);
    await post('/account/console/providers', { intent: 'on', id: victim }, jar);
    expect(await quoted()).toContain(victim);

    // A fiat ramp is switched the same way: its quotes stop at once.
    const ramps = made.services.console.providers().filter((provider) => provider.kind === 'ramp');
    expect(ramps.length).toBeGreaterThan(0);
    const ramp = ramps[0]?.provider ?? '';
    const page = await (await get('/account/console/providers', jar)).text();
    expect(page).toContain('data-testid="ramp-list"');
    expect(page).toContain(`data-testid="circuit-${ramp}"`);
    await post('/account/console/providers', { intent: 'off', id: ramp }, jar);
    const rampOn = () => made.services.console.providers().find((row) => row.provider === ramp)?.enabled;
    expect(rampOn()).toBe(false);
    await post('/account/console/providers', { intent: 'on', id: ramp }, jar);
    expect(rampOn()).toBe(true);

    const log = await handle.db.select().from(auditLog).orderBy(desc(auditLog.id));
    expect(log.map((entry) => entry.action)).toEqual([
      'ramp.on',
      'ramp.off',
      'provider.on',
      'provider.off',
      'note.add',
      'swap.refund_hash',
    ]);
    expect(log.every((entry) => entry.actorEmail === 'ops@example.com')).toBe(true);
    const csv = await get('/account/console/audit.csv', jar);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n')[0]).toBe('id,at,actor,action,target_type,target_id,before,after');
    // Append-only: the database itself refuses to change or delete an entry.
    await expect(handle.db.execute(sql`UPDATE audit_log SET action = 'x'`)).rejects.toThrow();
    await expect(handle.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });

  it('answers a support request in its thread, closes it, and moderates reviews', async () => {
    const jar = await signedInStaff('helper@example.com', 'support');
    const [request] = await handle.db
      .insert(supportRequests)
      .values({
        kind: 'contact',
        name: 'Dee',
        email: 'dee@example.com',
        message: 'Where is my swap?',
        lang: 'en',
      })
      .returning();
    const id = request?.id ?? 0;
    const inbox = await (await get('/account/console/support', jar)).text();
    expect(inbox).toContain('Where is my swap?');
    const replied = await post(
      `/account/console/support?id=${id}`,
      { intent: 'reply', id: String(id), text: 'It is on its way.' },
      jar,
    );
    expect(replied.status).toBe(303);
    const [mail] = await handle.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail?.to).toBe('dee@example.com');
    expect(mail?.subject).toBe(`Re: Your message (#${id})`);
    expect(mail?.headers).toEqual({
      'In-Reply-To': `<support-${id}@swapgate.example>`,
      References: `<support-${id}@swapgate.example>`,
    });
    expect(mail?.text).toContain('It is on its way.');
    await post('/account/console/support', { intent: 'close', id: String(id) }, jar);
    const [closed] = await handle.db.select().from(supportRequests).where(eq(supportRequests.id, id));
    expect(closed?.closedAt).toBeInstanceOf(Date);

    // Support may not switch providers (no money or switch actions).
    const refused = await post('/account/console/providers', { intent: 'off', id: 'x' }, jar);
    expect(await refused.text()).toContain('Only an operator may do this');

    const swapId = await createSwap();
    await handle.db.update(swaps).set({ status: 'finished' }).where(eq(swaps.id, swapId));
    const [review] = await handle.db
      .insert(reviews)
      .values({ swapId, name: 'Eve', rating: 1, text: 'Spam spam spam', lang: 'en', status: 'held' })
      .returning();
    const rid = review?.id ?? 0;
    expect(await (await get('/account/console/reviews', jar)).text()).toContain('Spam spam spam');
    await post('/account/console/reviews', { intent: 'publish', id: String(rid) }, jar);
    expect(await (await get('/customer-feedbacks')).text()).toContain('Spam spam spam');
    const noReason = await post(
      '/account/console/reviews',
      { intent: 'hide', id: String(rid), reason: ' ' },
      jar,
    );
    expect(await noReason.text()).toContain('Give a reason');
    await post('/account/console/reviews', { intent: 'hide', id: String(rid), reason: 'spam' }, jar);
    // Gone from the public page at once, the HTML cache included.
    expect(await (await get('/customer-feedbacks')).text()).not.toContain('Spam spam spam');
    const [role] = await handle.db
      .select({ role: accountUsers.role })
      .from(accountUsers)
      .where(eq(accountUsers.email, 'helper@example.com'));
    expect(role?.role).toBe('support');
  });

  it("sends a partner's queued withdrawal with its hash, revokes a key and sets a share; support may not", async () => {
    const [user] = await handle.db
      .select()
      .from(accountUsers)
      .where(eq(accountUsers.email, 'cy@example.com'));
    const partner = await becomePartner(handle.db, { id: user?.id ?? '', name: 'Cy Wallet' });
    const { id: keyId, key } = await createApiKey(handle.db, { id: partner.id });
    await handle.db.insert(partnerWithdrawals).values({
      id: 'w'.repeat(26),
      partnerId: partner.id,
      coin: 'eth',
      network: 'ethereum',
      address: ETH_ADDRESS,
      amountUsd: '25.00',
      amount: '0.01',
      status: 'queued',
      tokenHash: 'x'.repeat(64),
      lang: 'en',
      expiresAt: new Date(Date.now() + 3_600_000),
      confirmedAt: new Date(),
    });
    const helper = await signedInStaff('helper2@example.com', 'support');
    const refused = await post(
      '/account/console/partners',
      { intent: 'paid', id: 'w'.repeat(26), hash: 'c'.repeat(64) },
      helper,
    );
    expect(await refused.text()).toContain('Only an operator may do this');

    const jar = await signedInStaff('ops2@example.com', 'operator');
    const page = await (await get('/account/console/partners', jar)).text();
    expect(page).toContain('Cy Wallet');
    expect(page).toContain('cy@example.com');
    expect(page).toContain(ETH_ADDRESS);
    const paid = await post(
      '/account/console/partners',
      { intent: 'paid', id: 'w'.repeat(26), hash: 'c'.repeat(64) },
      jar,
    );
    expect(paid.status).toBe(303);
    const [withdrawal] = await handle.db
      .select()
      .from(partnerWithdrawals)
      .where(eq(partnerWithdrawals.id, 'w'.repeat(26)));
    expect([withdrawal?.status, withdrawal?.txHash]).toEqual(['paid', 'c'.repeat(64)]);
    const twice = await post(
      '/account/console/partners',
      { intent: 'paid', id: 'w'.repeat(26), hash: 'c'.repeat(64) },
      jar,
    );
    expect(await twice.text()).toContain('No queued withdrawal with this id');

    // Refused with a reason: the amount goes back to the balance; the partner reads the reason.
    await handle.db.insert(partnerWithdrawals).values({
      id: 'r'.repeat(26),
      partnerId: partner.id,
      coin: 'eth',
      network: 'ethereum',
      address: ETH_ADDRESS,
      amountUsd: '12.00',
      amount: '0.005',
      status: 'queued',
      tokenHash: 'y'.repeat(64),
      lang: 'en',
      expiresAt: new Date(Date.now() + 3_600_000),
      confirmedAt: new Date(),
    });
    await handle.db.insert(partnerEarnings).values({
      partnerId: partner.id,
      kind: 'withdrawal',
      withdrawalId: 'r'.repeat(26),
      coin: 'eth',
      network: 'ethereum',
      amount: '-0.005',
      usd: '-12',
    });
    const balance = async () => (await made.services.partnerLedger.balanceUsd(partner.id)).toFixed(2);
    const before = await balance();
    const noReason = await post('/account/console/partners', { intent: 'refuse', id: 'r'.repeat(26) }, jar);
    expect(await noReason.text()).toContain('Give a reason');
    const refuse = await post(
      '/account/console/partners',
      { intent: 'refuse', id: 'r'.repeat(26), reason: 'The address is a mixer' },
      jar,
    );
    expect(refuse.status).toBe(303);
    expect(Number(await balance())).toBe(Number(before) + 12);
    const processing = await (await get(`/withdrawal/processing?id=${'r'.repeat(26)}`)).text();
    expect(processing).toContain('Your withdrawal was not sent');
    expect(processing).toContain('The address is a mixer');
    const detail = await (await get(`/account/console/partners?id=${partner.id}`, jar)).text();
    expect(detail).toContain('data-testid="partner-detail"');
    expect(detail).toContain('No stored theme');
    expect(detail).toContain('refusal');
    expect((await get('/account/console/partners?id=nobody', jar)).status).toBe(404);

    await post('/account/console/partners', { intent: 'revoke', id: keyId }, jar);
    expect(await partnerForKey(handle.db, key)).toBeNull();
    const tooMuch = await post(
      '/account/console/partners',
      { intent: 'share', id: partner.id, bps: '500' },
      jar,
    );
    expect(await tooMuch.text()).toContain('A share is 0 to 100 basis points');
    await post('/account/console/partners', { intent: 'share', id: partner.id, bps: '30' }, jar);
    const [after] = await handle.db.select().from(partners).where(eq(partners.id, partner.id));
    expect(after?.affiliateFeeBps).toBe(30);
    const actions = (
      await handle.db.select().from(auditLog).where(eq(auditLog.actorEmail, 'ops2@example.com'))
    ).map((entry) => entry.action);
    expect(actions.sort()).toEqual([
      'api_key.revoke',
      'partner.share',
      'withdrawal.paid',
      'withdrawal.refuse',
    ]);
  });
});
