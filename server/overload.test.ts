import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { databaseTargets } from '../db/testing.ts';
import { inFlightLimit } from './overload.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const pglite = databaseTargets({})[0] as ReturnType<typeof databaseTargets>[number];

describe('overload', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await pglite.open();
    await seedDemoData(handle.db);
  }, 60_000);
  afterAll(async () => {
    await handle.close();
  });

  it('answers 503 at once past the in-flight limit: JSON on the API, a small page in the visitor language elsewhere', async () => {
    const { services } = createTestApp(build, handle);
    let rejected = 0;
    const app = new Hono();
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    app.use(inFlightLimit({ max: 2, services, onReject: () => rejected++ }));
    app.get('/healthz', (c) => c.text('ok'));
    app.all('*', async (c) => {
      await held;
      return c.text('done');
    });

    const busy = [app.request('/one'), app.request('/two')];
    const page = await app.request('/de/coin/btc');
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('1');
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Vorübergehend nicht verfügbar');

    const api = await app.request('/api/v1/currencies', { headers: { 'accept-language': 'fr' } });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('1');
    expect(await api.json()).toEqual({
      error: { code: 'unavailable', message: expect.any(String) },
    });

    // The balancer's health check still gets through.
    expect((await app.request('/healthz')).status).toBe(200);
    expect(rejected).toBe(2);

    release();
    expect((await Promise.all(busy)).map((response) => response.status)).toEqual([200, 200]);
    expect((await app.request('/three')).status).toBe(200);
  });

  it('turns away pages past the render line with 503 and serves the rest', async () => {
    const { app } = createTestApp(build, handle, {
      HTML_CACHE: 'off',
      RENDER_CONCURRENCY: '1',
      RENDER_QUEUE_MAX: '2',
    });
    const paths = ['/coin/btc', '/coin/eth', '/de/coin/ltc', '/fr/coin/btc', '/compare', '/exchange-pairs'];
    const responses = await Promise.all([...paths, ...paths].map((path) => app.request(path)));
    const statuses = responses.map((response) => response.status);
    // One rendering and two waiting are served; the rest are refused, none fails.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    for (const response of responses.filter((answer) => answer.status === 503)) {
      expect(response.headers.get('retry-after')).toBe('1');
    }
    // Once the line has moved, pages render again.
    expect((await app.request('/coin/btc')).status).toBe(200);
  });
});
