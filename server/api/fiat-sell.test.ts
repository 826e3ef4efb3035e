import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateAddress } from '../../core/address/validate.ts';
import { seedDemoData } from '../../core/seed.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';

const build = await loadServerBuild();

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const IBAN = 'DE89 3704 0044 0532 0130 00';
const SALE = {
  side: 'sell',
  fiat: 'eur',
  coin: 'btc',
  amount: '0.05',
  country: 'de',
  paymentMethod: 'bank_transfer',
  walletAddress: BTC_ADDRESS,
};

type Json = Record<string, unknown> & {
  error?: { code: string; message: string; field?: string };
  deposit?: Record<string, unknown> | null;
  payout?: Record<string, unknown> | null;
};

describe.each(databaseTargets())('a sale on $name', (target) => {
  let handle: DatabaseHandle;
  let instant: ReturnType<typeof createTestApp>['app'];
  let slow: ReturnType<typeof createTestApp>['app'];
  const env = { RATE_LIMIT_READS_PER_MINUTE: '100000', RATE_LIMIT_WRITES_PER_MINUTE: '100000' };

  const caller =
    (app: () => ReturnType<typeof createTestApp>['app']) =>
    async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await app().request(`/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: (await response.json()) as Json };
    };
  const call = caller(() => instant);
  const callSlow = caller(() => slow);

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    const a = createTestApp(build, handle, { ...env, SANDBOX_STEP_DELAY_MS: '0' });
    const b = createTestApp(build, handle, { ...env, SANDBOX_STEP_DELAY_MS: '3600000' });
    instant = a.app;
    slow = b.app;
    await Promise.all([a.services.market.refresh(), b.services.market.refresh()]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('gives a sale a deposit address of the coin, asks for the IBAN, and follows both legs', async () => {
    const created = await call('POST', '/fiat/orders', SALE);
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(created.json.checkoutUrl).toBe(`https://swapgate.example/fiat/sell/${id}`);
    const deposit = created.json.deposit as { address: string; amount: string; deadline: string };
    expect(validateAddress('bitcoin', deposit.address).valid).toBe(true);
    expect(deposit.address).not.toBe(BTC_ADDRESS);
    expect(deposit).toMatchObject({ amount: '0.05', coin: 'btc', received: null, txHash: null });
    expect(Date.parse(deposit.deadline)).toBeGreaterThan(Date.now());
    expect(created.json.payout).toMatchObject({
      kind: 'iban',
      method: 'bank_transfer',
      destination: null,
      status: 'waiting',
      stage: 'payout_details',
    });

    // The coins cannot be sent before the seller says where the money goes.
    const early = await call('POST', `/sandbox/fiat/orders/${id}/deposit`);
    expect(early.status).toBe(409);
    expect(early.json.error?.code).toBe('payout_missing');

    const bad = await call(
      'POST',
      `/fiat/orders/${id}/payout`,
      { destination: 'DE89370400440532013001' },
      { 'accept-language': 'de' },
    );
    expect(bad.status).toBe(422);
    expect(bad.json.error).toMatchObject({ code: 'invalid_iban', field: 'destination' });
    expect(bad.json.error?.message).not.toMatch(/^fiat\./);

    const given = await call('POST', `/fiat/orders/${id}/payout`, { destination: IBAN });
    expect(given.status).toBe(200);
    expect(given.json.payout).toMatchObject({ destination: 'DE89 •••• 3000', stage: 'awaiting_deposit' });
    expect(JSON.stringify(given.json)).not.toContain('370400440532013000');

    const sent = await call('POST', `/sandbox/fiat/orders/${id}/deposit`);
    expect(sent.status).toBe(200);
    const shown = await call('GET', `/fiat/orders/${id}`);
    expect(shown.json.status).toBe('completed');
    expect(shown.json.deposit).toMatchObject({
      received: '0.05',
      confirmations: 2,
      confirmationsRequired: 2,
    });
    expect((shown.json.deposit as { txHash: string }).txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(shown.json.payout).toMatchObject({
      status: 'sent',
      stage: 'paid_out',
      amount: created.json.fiatAmount,
    });

    const again = await call('POST', `/sandbox/fiat/orders/${id}/deposit`);
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('sale_not_open');
  });

  it('shows a deposit being confirmed before the payout', async () => {
    const created = await callSlow('POST', '/fiat/orders', SALE);
    const id = created.json.id as string;
    await callSlow('POST', `/fiat/orders/${id}/payout`, { destination: IBAN });
    const sent = await callSlow('POST', `/sandbox/fiat/orders/${id}/deposit`);
    expect(sent.status).toBe(200);
    expect(sent.json.status).toBe('pending_payment');
    expect(sent.json.deposit).toMatchObject({ received: '0.05', confirmations: 0 });
    expect(sent.json.payout).toMatchObject({ status: 'waiting', stage: 'confirming' });
    // Once the coins are seen, the payout destination is fixed.
    const change = await callSlow('POST', `/fiat/orders/${id}/payout`, { destination: IBAN });
    expect(change.status).toBe(409);
  });

  it('takes a card for a card payout, Luhn-checked', async () => {
    const created = await call('POST', '/fiat/orders', { ...SALE, paymentMethod: 'card' });
    const id = created.json.id as string;
    expect(created.json.payout).toMatchObject({ kind: 'card' });
    const iban = await call('POST', `/fiat/orders/${id}/payout`, { destination: IBAN });
    expect(iban.json.error?.code).toBe('invalid_payout_card');
    const card = await call('POST', `/fiat/orders/${id}/payout`, { destination: '4242 4242 4242 4242' });
    expect(card.json.payout).toMatchObject({ destination: '•••• 4242' });
  });

  it('keeps a sale off the card checkout, and a purchase off the payout', async () => {
    const sale = await call('POST', '/fiat/orders', SALE);
    const paid = await call('POST', `/sandbox/fiat/orders/${sale.json.id}/pay`, {
      number: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.status).toBe(409);
    const buy = await call('POST', '/fiat/orders', {
      side: 'buy',
      fiat: 'usd',
      coin: 'btc',
      amount: '250',
      country: 'us',
      paymentMethod: 'card',
      walletAddress: BTC_ADDRESS,
    });
    expect(buy.json).toMatchObject({ deposit: null, payout: null });
    const payout = await call('POST', `/fiat/orders/${buy.json.id}/payout`, { destination: IBAN });
    expect(payout.status).toBe(404);
    const bad = await call('POST', `/fiat/orders/${sale.json.id}/payout`, { nothing: 1 });
    expect(bad.status).toBe(400);
  });
});
