import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SandboxFiatProvider } from '../../core/fiat/sandbox.ts';
import { seedDemoData } from '../../core/seed.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { fiatOrders, mailOutbox } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import type { AppServices } from '../services.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';

const build = await loadServerBuild();

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const IBAN = 'DE89 3704 0044 0532 0130 00';
const STEP_MS = 60_000;
const SALE = {
  side: 'sell',
  fiat: 'eur',
  coin: 'btc',
  amount: '0.05',
  country: 'de',
  paymentMethod: 'bank_transfer',
  walletAddress: BTC_ADDRESS,
};

type Json = Record<string, unknown> & { error?: { code: string; message: string; field?: string } };

/**
 * A sale's mails through the outbox, step by step with the sandbox ramp: "send your coins" when
 * the seller gives the payout and an email, then "coins received", "paid out", "refunded" and
 * "expired", each only to that address and in the order's language.
 */
describe.each(databaseTargets())('sale mails on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  let services: AppServices;
  let clock = Date.now();

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    ({ app, services } = createTestApp(build, handle, {
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      SANDBOX_STEP_DELAY_MS: String(STEP_MS),
    }));
    await services.market.refresh();
  });
  afterAll(async () => {
    await handle?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const startClock = () => {
    clock = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
  };
  const advance = (ms: number) => {
    clock += ms;
    vi.setSystemTime(clock);
  };

  async function call(method: string, path: string, body?: unknown, lang = 'en') {
    const response = await app.request(`/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'accept-language': lang },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as Json };
  }
  const mailsTo = async (to: string) =>
    (await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)))
      .map((mail) => ({ subject: mail.subject, text: mail.text }))
      .reverse();
  const step = async (id: string, ms: number) => {
    advance(ms);
    await services.fiatOrders.sync(id);
    return (await call('GET', `/fiat/orders/${id}`)).json;
  };

  it('mails where to send the coins, then coins received and paid out, to the seller’s address only', async () => {
    startClock();
    const email = 'seller@example.com';
    const created = await call('POST', '/fiat/orders', SALE);
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const deposit = created.json.deposit as { address: string; amount: string };

    const badEmail = await call('POST', `/fiat/orders/${id}/payout`, { destination: IBAN, email: 'nope' });
    expect(badEmail.status).toBe(422);
    expect(badEmail.json.error).toMatchObject({ code: 'invalid_email', field: 'email' });
    expect(await mailsTo('nope')).toEqual([]);

    const given = await call('POST', `/fiat/orders/${id}/payout`, { destination: IBAN, email });
    expect(given.status).toBe(200);
    // The address is the order's, not shown back in the API.
    expect(JSON.stringify(given.json)).not.toContain(email);
    let mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const asked = mails[0];
    expect(asked?.subject).toBe('Send your BTC to complete your sale | SwapGate');
    expect(asked?.text).toContain('Send exactly 0.05 BTC (Bitcoin) to this deposit address:');
    expect(asked?.text).toContain(`\n${deposit.address}\n`);
    expect(asked?.text).toMatch(/Please send it before .+ \(UTC\); after that the sale expires\./);
    expect(asked?.text).toContain('goes to DE89 •••• 3000');
    expect(asked?.text).toContain(`https://swapgate.example/fiat/order/${id}`);
    // Nothing the order's creator typed reaches the mail: not the refund address, not the IBAN.
    expect(asked?.text).not.toContain(BTC_ADDRESS);
    expect(asked?.text).not.toContain('370400440532013000');

    // Giving the payout again (same address) asks nothing new.
    await call('POST', `/fiat/orders/${id}/payout`, { destination: IBAN });
    expect(await mailsTo(email)).toHaveLength(1);

    expect((await call('POST', `/sandbox/fiat/orders/${id}/deposit`)).status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await step(id, STEP_MS)).status).toBe('paid');
    expect((await step(id, STEP_MS)).status).toBe('sending');
    expect((await step(id, STEP_MS)).status).toBe('completed');
    mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Send your BTC to complete your sale | SwapGate',
      'We received your BTC | SwapGate',
      'Your BTC sale is paid out | SwapGate',
    ]);
    expect(mails[1]?.text).toContain('Your 0.05 BTC arrived and are confirmed.');
    expect(mails[2]?.text).toContain('Paid to: DE89 •••• 3000');
    const stored = await handle.db.select().from(fiatOrders).where(eq(fiatOrders.id, id));
    expect(stored[0]?.notifyEmail).toBe(email);
  });

  it('mails an expired sale in its language, and a refunded one', async () => {
    startClock();
    const email = 'verkauf@example.com';
    const created = await call('POST', '/fiat/orders', SALE, 'de');
    const id = created.json.id as string;
    await call('POST', `/fiat/orders/${id}/payout`, { destination: IBAN, email }, 'de');
    expect((await step(id, 31 * 60_000)).status).toBe('expired');
    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Senden Sie Ihre BTC, um Ihren Verkauf abzuschließen | SwapGate',
      'Ihr BTC-Verkauf ist abgelaufen | SwapGate',
    ]);
    expect(mails[1]?.text).toContain('Bitte senden Sie nichts mehr an die Einzahlungsadresse');

    const refundEmail = 'refund@example.com';
    const sale = await call('POST', '/fiat/orders', SALE);
    const saleId = sale.json.id as string;
    await call('POST', `/fiat/orders/${saleId}/payout`, { destination: IBAN, email: refundEmail });
    await call('POST', `/sandbox/fiat/orders/${saleId}/deposit`);
    expect((await step(saleId, STEP_MS)).status).toBe('paid');
    const provider = services.fiat.provider(sale.json.provider as string);
    expect(provider).toBeInstanceOf(SandboxFiatProvider);
    const { headers, body } = (provider as SandboxFiatProvider).signedWebhook(saleId, 'refunded');
    await services.fiatOrders.handleWebhook(provider?.id ?? '', headers, body);
    expect((await mailsTo(refundEmail)).map((mail) => mail.subject)).toEqual([
      'Send your BTC to complete your sale | SwapGate',
      'We received your BTC | SwapGate',
      'Your BTC sale has been refunded | SwapGate',
    ]);
  });

  it('sends nothing for a sale without an email', async () => {
    startClock();
    const before = (await handle.db.select().from(mailOutbox)).length;
    const created = await call('POST', '/fiat/orders', SALE);
    const id = created.json.id as string;
    await call('POST', `/fiat/orders/${id}/payout`, { destination: IBAN });
    await call('POST', `/sandbox/fiat/orders/${id}/deposit`);
    await step(id, 3 * STEP_MS);
    expect((await handle.db.select().from(mailOutbox)).length).toBe(before);
  });
});
