import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../core/seed.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();

/**
 * Currencies, countries and regions are named in the page's language (docs/VOICE.md), and Korean
 * titles take the particle their value needs. (PGlite only: this is about pages.)
 */
describe('names in the page language', () => {
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

  const page = async (path: string) => {
    const response = await app.request(path);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it('lists payout currencies in the language on the sell pages', async () => {
    const vi = await page('/vi/sell/eth');
    expect(vi).toContain('VND · Đồng Việt Nam');
    expect(vi).not.toContain('Vietnamese Dong');
    const es = await page('/es/sell/eth/fr');
    expect(es).toContain('EUR · euro');
    expect(es).not.toContain('EUR · Euro');
    const uk = await page('/uk/sell/eth');
    expect(uk).toContain('UAH · українська гривня');
  });

  it('names the country and its regions in the language', async () => {
    const pl = await page('/pl/buy/btc/de');
    expect(pl).toContain('Niemcy');
    expect(pl).toContain('Nadrenia Północna-Westfalia');
    expect(pl).not.toContain('North Rhine-Westphalia');
    const region = await page('/de/buy/btc/de/nw');
    expect(region).toContain('Nordrhein-Westfalen');
    expect(region).not.toContain('North Rhine-Westphalia');
    // Australia, Brazil, Canada and India too.
    expect(await page('/ru/buy/btc/ca')).toContain('Британская Колумбия');
    expect(await page('/fr/buy/btc/au')).toContain('Nouvelle-Galles du Sud');
    expect(await page('/ja/buy/btc/in')).toContain('マハーラーシュトラ州');
    expect(await page('/uk/buy/btc/br')).toContain('Сан-Паулу');
  });

  it('writes Korean titles with the particle the value takes', async () => {
    const usd = await page('/ko/buy-coin/usd-btc');
    expect(usd).toMatch(/<title>USD로 BTC 구매/);
    expect(usd).not.toContain('(으)로');
    expect(usd).not.toContain('을(를)');
  });

  it('declares og:locale and its alternates; the English-only blog has none', async () => {
    const german = await page('/de/about-us');
    expect(german).toContain('<meta property="og:locale" content="de_DE"/>');
    expect(german.match(/property="og:locale:alternate"/g)).toHaveLength(13);
    expect(german).toContain('<meta property="og:locale:alternate" content="pt_BR"/>');
    const blog = await page('/blog/');
    expect(blog).toContain('<meta property="og:locale" content="en_US"/>');
    expect(blog).not.toContain('og:locale:alternate');
  });

  it('gives the home pages Organization and WebSite (with a SearchAction) structured data', async () => {
    for (const path of ['/', '/de', '/swap']) {
      const html = await page(path);
      const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
        (match) =>
          JSON.parse(match[1] ?? '{}') as { '@graph'?: { '@type': string; potentialAction?: unknown }[] },
      );
      const graph = blocks.flatMap((block) => block['@graph'] ?? []);
      expect(
        graph.map((node) => node['@type']),
        path,
      ).toEqual(['Organization', 'WebSite']);
      expect(JSON.stringify(graph[1]?.potentialAction), path).toContain('q={search_term_string}');
    }
    expect(await page('/de')).toContain('/de/coin?q={search_term_string}');
  });
});
