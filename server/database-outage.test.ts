import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../core/seed.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { hasPostgresServer, ThrowawayPostgres } from '../tests/support/postgres-server.ts';
import { until } from '../tests/support/redis-server.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe.runIf(hasPostgresServer())('the site when its PostgreSQL goes away', () => {
  let server: ThrowawayPostgres;
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    server = await ThrowawayPostgres.start();
    handle = await openDatabase({ url: server.url });
    await handle.migrate();
    await seedDemoData(handle.db);
    const test = createTestApp(build, handle, { SANDBOX_STEP_DELAY_MS: '0' });
    app = test.app;
    await test.services.market.refresh();
  }, 60_000);
  afterAll(async () => {
    await handle?.close().catch(() => {});
    await server?.stop();
  });

  /** A request's status, Retry-After and body. */
  async function ask(path: string, init?: RequestInit) {
    const response = await app.request(path, init);
    const body = await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
  }

  // Not timed: the database stays down until the end, so each answer below shows the request did
  // not wait for it to come back, and its 503 with the outage's code that it was cut by the outage.
  it('answers 503 with Retry-After while it is down, without waiting for it, and serves again once it is back', async () => {
    const created = await app.request('/api/v1/swaps', {
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
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await server.kill();
    // A new swap needs the database too: the answer names the database's outage (503
    // `unavailable`, as documented), not an exchange partner that is not responding (502).
    const create = await ask('/api/v1/swaps', {
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
    expect(create.status, create.body).toBe(503);
    expect(create.retryAfter).toBe('5');
    expect(JSON.parse(create.body).error.code).toBe('unavailable');

    const api = await ask(`/api/v1/swaps/${id}`);
    expect(api.status).toBe(503);
    expect(api.retryAfter).toBe('5');
    expect(JSON.parse(api.body).error.code).toBe('unavailable');

    const page = await ask(`/swap/${id}`);
    expect(page.status).toBe(503);
    expect(page.retryAfter).toBe('5');
    expect(page.body).toContain('data-testid="error-page"');
    expect(page.body).toContain('Temporarily unavailable');

    // The outage is known now: another uncached page answers the branded 503 without waiting on
    // the database, in its own language.
    const other = await ask('/de/coin/btc');
    expect(other.status).toBe(503);
    expect(other.retryAfter).toBe('5');
    expect(other.body).toContain('Vorübergehend nicht verfügbar');
    expect(other.body).toContain('>503<');

    const ready = await ask('/readyz');
    expect(ready.status).toBe(503);

    await server.start();
    await until(async () => (await app.request(`/api/v1/swaps/${id}`)).status === 200, 15_000);
    // Pages try the database again once the outage's 5 s window has passed.
    await until(async () => (await app.request(`/swap/${id}`)).status === 200, 15_000);
  }, 60_000);
});
