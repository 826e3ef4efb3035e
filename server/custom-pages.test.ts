import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../core/seed.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();

/**
 * SPEC §2 custom pages: /custom/exchange-pairs and /custom/compare are one page, a pick of two that
 * works as a plain form, and the popular pairs. (PGlite only: this is about pages.)
 */
describe('custom pair and comparison pages', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    await seedDemoData(handle.db);
    app = createTestApp(build, handle, { HTML_CACHE: 'off' }).app;
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  const options = (html: string, name: string) => {
    const select = new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`, 's').exec(html)?.[1] ?? '';
    return [...select.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]);
  };

  it('offers a pick of two coins and links the popular comparisons', async () => {
    const response = await app.request('/custom/compare');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      '<h1 class="text-3xl font-bold tracking-tight md:text-4xl">Custom comparisons</h1>',
    );
    expect(html).toContain('Pick two coins');
    expect(options(html, 'from')).toContain('btc');
    expect(options(html, 'to').length).toBeGreaterThan(100);
    expect(html).toContain('href="/compare/btc-vs-eth"');
    expect(html).toContain('Bitcoin vs Ethereum');
    expect(html).toMatch(/href="\/compare"[^>]*>All comparisons<\/a>/);
  });

  it('offers the currencies and coins providers trade, in the language, and links popular pairs', async () => {
    const response = await app.request('/de/custom/exchange-pairs');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Wählen Sie Ihr Paar');
    expect(html).toContain('EUR · Euro');
    expect(options(html, 'from')).toContain('usd');
    expect(options(html, 'to')).toContain('btc');
    expect(html).toContain('href="/de/fiat/exchange/usd-to-btc"');
    expect(html).toContain('Bitcoin mit USD kaufen');
  });

  it('sends a pick to its page, the comparison in its canonical order', async () => {
    const compare = await app.request('/pl/custom/compare?from=eth&to=btc');
    expect(compare.status).toBe(302);
    expect(compare.headers.get('location')).toBe('/pl/compare/btc-vs-eth');
    const pair = await app.request('/custom/exchange-pairs?from=usd&to=btc');
    expect(pair.status).toBe(302);
    expect(pair.headers.get('location')).toBe('/fiat/exchange/usd-to-btc');
  });

  it('answers a pick that is no pair with 422 and says why, keeping what was picked', async () => {
    const same = await app.request('/custom/compare?from=eth&to=eth');
    expect(same.status).toBe(422);
    const html = await same.text();
    expect(html).toContain('Pick two different coins.');
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toMatch(/<select[^>]*name="from"[^>]*>.*?<option value="eth" selected=""/s);
    const unknown = await app.request('/ru/custom/exchange-pairs?from=xxx&to=btc');
    expect(unknown.status).toBe(422);
    expect(await unknown.text()).toContain('Эту пару пока не предлагает ни один провайдер.');
  });
});
