import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryService } from '../core/directory/directory.ts';
import { QuoteService } from '../core/exchange/quotes.ts';
import { seedDemoData } from '../core/seed.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { gatedProvider } from '../tests/fakes/gated-provider.ts';
import { PENDING_PAGE_TTL_SECONDS } from './page-handler.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();

/**
 * Pair and coin pages never wait for a provider (issue 31): with every provider stalled, they render
 * at once from what is at hand (the catalogue's limits, an offers table the browser fills in), and
 * once the providers have answered in the background the next render shows their offers.
 * (PGlite only: this is about the render, not the database.)
 */
describe('pair and coin pages while every provider is slow', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  let gates: ReturnType<typeof gatedProvider>[];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    await seedDemoData(handle.db);
    const test = createTestApp(build, handle, { HTML_CACHE: 'off' });
    app = test.app;
    const { services } = test;
    await services.market.refresh();
    // The configured sandbox providers, each behind a gate that holds every quote until opened.
    gates = ['sandbox-alpha', 'sandbox-bravo'].map((id) => {
      const inner = services.swaps.provider(id);
      if (!inner) throw new Error(`no provider ${id}`);
      return gatedProvider(inner, id);
    });
    const quotes = new QuoteService({
      db: handle.db,
      catalogue: services.catalogue,
      providers: gates,
      // Far beyond the test's bounds: a render that waited for a provider would show in the time.
      timeoutMs: 120_000,
    });
    services.directory = new DirectoryService({
      db: handle.db,
      catalogue: services.catalogue,
      market: services.market,
      quotes,
    });
    // The build's modules and the database warmed by a page of no pair.
    await (await app.request('/coins')).text();
  }, 120_000);
  afterAll(async () => {
    for (const gate of gates ?? []) gate.open();
    await handle?.close();
  });

  it('renders a coin page at once with the catalogue limits', async () => {
    const started = performance.now();
    const response = await app.request('/coin/ltc');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(html).toContain('data-testid="network-table"');
  }, 30_000);
  it('renders the pair page at once, offers pending, kept a few seconds only, then with the offers', async () => {
    const started = performance.now();
    const response = await app.request('/exchange/btc-to-eth');
    const html = await response.text();
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect(elapsed).toBeLessThan(3_000);
    expect(html).toContain('data-page="exchange-pair"');
    expect(html).toContain('data-pending="true"');
    expect(html).toContain('Asking the providers for their offers');
    expect(html).not.toContain('data-testid="offers-table"');
    // The catalogue's rate and limits are shown meanwhile; whether a fixed rate is offered is not
    // known yet, and the page does not say "No".
    expect(html).toContain('data-testid="pair-min"');
    expect(html).toMatch(/data-testid="pair-fixed-rate"[^>]*>—</);
    expect(response.headers.get('cache-control')).toBe(
      `public, max-age=0, s-maxage=${PENDING_PAGE_TTL_SECONDS}`,
    );
    // The background calls are shared: more renders meanwhile ask the providers nothing more.
    const asked = gates.map((gate) => gate.asked);
    expect(asked.every((n) => n > 0)).toBe(true);
    for (let i = 0; i < 3; i++) await (await app.request('/exchange/btc-to-eth')).text();
    expect(gates.map((gate) => gate.asked)).toEqual(asked);

    for (const gate of gates) gate.open();
    let filled = '';
    for (let i = 0; i < 100 && !filled.includes('data-testid="offers-table"'); i++) {
      await new Promise((tick) => setTimeout(tick, 50));
      filled = await (await app.request('/exchange/btc-to-eth')).text();
    }
    expect(filled).toContain('data-testid="offers-table"');
    expect(filled).toContain('data-provider="sandbox-alpha"');
    expect(filled).not.toContain('data-pending="true"');
    // The sandbox providers offer fixed rates on the pair.
    expect(filled).toMatch(/data-testid="pair-fixed-rate"[^>]*>Yes</);
  }, 60_000);
});
