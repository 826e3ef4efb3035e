import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_BACKFILL_TIERS } from '../core/directory/directory.ts';
import { seedDemoData } from '../core/seed.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();

/**
 * Every coin page, and a pair page with every coin on each side, answer 200 in English with their
 * own content; the lists link to them. (PGlite only: this is about pages, not the database.)
 */
describe('coin and pair pages', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  let codes: string[];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    await seedDemoData(handle.db);
    const test = createTestApp(build, handle, { HTML_CACHE: 'off' });
    app = test.app;
    await test.services.market.refresh();
    await test.services.market.backfillHistory({ tiers: CHART_BACKFILL_TIERS });
    codes = (await test.services.directory.coins()).map((coin) => coin.code);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('answers 200 for every coin page, with the coin, its price and its networks', async () => {
    const failures: string[] = [];
    for (const code of codes) {
      const response = await app.request(`/coin/${code}`);
      const html = await response.text();
      if (
        response.status !== 200 ||
        !html.includes(`data-coin="${code}"`) ||
        !html.includes('data-testid="network-table"')
      ) {
        failures.push(`/coin/${code}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('answers 200 for a pair page with every coin on each side', async () => {
    const failures: string[] = [];
    for (const code of codes) {
      const other = code === 'btc' ? 'eth' : 'btc';
      for (const path of [`/exchange/${code}-to-${other}`, `/exchange/${other}-to-${code}`]) {
        const response = await app.request(path);
        const html = await response.text();
        if (response.status !== 200 || !html.includes('data-page="exchange-pair"')) {
          failures.push(`${path}: ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('lists every coin across the coin list pages', async () => {
    const listed = new Set<string>();
    for (let page = 1; ; page++) {
      const response = await app.request(page === 1 ? '/coin' : `/coin/page-${page}`);
      if (response.status === 404) break;
      expect(response.status).toBe(200);
      for (const [, code] of (await response.text()).matchAll(/data-coin="([a-z0-9]+)"/g))
        listed.add(code as string);
    }
    expect([...listed].sort()).toEqual([...codes].sort());
  }, 60_000);

  it("finds a pair searched with the page language's connector word", async () => {
    for (const path of [
      '/exchange-pairs?q=btc+to+usdt',
      '/de/exchange-pairs?q=btc+zu+usdt',
      '/es/exchange-pairs?q=btc+a+usdt',
      '/ja/exchange-pairs?q=btc%E3%80%81usdt',
    ]) {
      const html = await (await app.request(path)).text();
      const pairs = [...html.matchAll(/data-pair="([a-z0-9-]+)"/g)].map((match) => match[1]);
      // BTC → USDT first (rank order), then the few other BTC-named coins to USDT.
      expect(pairs[0], path).toBe('btc-usdt');
      expect(pairs.length, path).toBeLessThan(5);
    }
  });
});
