import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../core/seed.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';

const build = await loadServerBuild();

type Json = Record<string, unknown> & {
  error?: { code: string; message: string; field?: string };
  offers?: { provider: string; amountFrom: string; amountTo: string; fixedRate: boolean; eta: unknown }[];
};

/** POST /api/v1/quotes with an amount to receive (issue 16: reverse quotes, every offer shown). */
describe.each(databaseTargets())('quotes API: offers and reverse quotes on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];

  async function quote(body: Record<string, unknown>) {
    const response = await app.request('/api/v1/quotes', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({ from: 'btc', to: 'eth', rateType: 'float', ...body }),
    });
    return { status: response.status, json: (await response.json()) as Json };
  }

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    const made = createTestApp(build, handle, {
      SANDBOX_STEP_DELAY_MS: '0',
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    });
    app = made.app;
    await made.services.market.refresh();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('answers an amount to receive with the amount to send and every offer, least to send first', async () => {
    const { status, json } = await quote({ amountTo: '2' });
    expect(status).toBe(200);
    expect(json.reverse).toBe(true);
    expect(Number(json.amountTo)).toBeGreaterThanOrEqual(2);
    const offers = json.offers ?? [];
    expect(offers.length).toBeGreaterThan(1);
    expect(json.amountFrom).toBe(offers[0]?.amountFrom);
    const sent = offers.map((o) => Number(o.amountFrom));
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(offers.every((o) => typeof o.fixedRate === 'boolean' && 'eta' in o)).toBe(true);
    expect((json.usd as { from: string | null }).from).toMatch(/^\d/);
  });

  it('refuses both amounts with 400 naming the field, and a tiny amount to receive with the minimum', async () => {
    const both = await quote({ amount: '0.1', amountTo: '2' });
    expect(both.status).toBe(400);
    expect(both.json.error?.field).toBe('amount');
    const tiny = await quote({ amountTo: '0.000001' });
    expect(tiny.status).toBe(422);
    expect(tiny.json.error?.code).toBe('amount_below_min');
    expect(tiny.json.error?.field).toBe('amountTo');
    expect(tiny.json.error?.message).toMatch(/BTC/);
  });
});
