import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryEntry } from '../core/providers/registry.ts';
import { seedDemoData } from '../core/seed.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import type { AppServices } from './services.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** `data-provider="id"` followed by the first text of the element it opens: provider id → shown name. */
function namesIn(html: string, tag: 'th' | 'h3'): Map<string, string> {
  const names = new Map<string, string>();
  const pattern = new RegExp(`data-provider="([^"]+)"[^>]*>\\s*<${tag}\\b[^>]*>([^<]+)<`, 'g');
  for (const [, id, name] of html.matchAll(pattern)) names.set(id as string, (name as string).trim());
  return names;
}

/**
 * One display name per provider everywhere (issue 25 point 6, issue 32): the pair page's offers
 * table, the quotes the form shows (GET by the page from the API), /providers, /partners, and the
 * fiat ramps' offers and orders all name a provider as its adapter in the registry does. Fails
 * when any two places disagree. (PGlite only: this is about pages.)
 */
describe('provider display names', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  let services: AppServices;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    await seedDemoData(handle.db);
    ({ app, services } = createTestApp(build, handle, {
      HTML_CACHE: 'off',
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    }));
    await services.market.refresh();
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  const page = async (path: string) => {
    const response = await app.request(path);
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const api = async (path: string, body: unknown) => {
    const response = await app.request(`/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const registryName = (id: string) => services.swaps.provider(id)?.name;

  it('names each exchange provider the same in the pair page’s table, the quotes, /providers and /partners', async () => {
    const quote = await api('/quotes', { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float' });
    const offers = quote.offers as { provider: string; providerName: string }[];
    expect(offers.length).toBeGreaterThan(1);
    // The form shows the chosen offer's name from this same answer.
    expect(quote.providerName).toBe(registryName(quote.provider as string));
    const fromApi = new Map(offers.map((offer) => [offer.provider, offer.providerName]));
    for (const [id, name] of fromApi) expect(name, id).toBe(registryName(id));

    for (const lang of ['', '/de', '/ja']) {
      // The pair page renders from the offers at hand (docs/decisions/034): the first render asks
      // the providers in the background, and a later one shows them.
      await expect
        .poll(
          async () => (await page(`${lang}/exchange/btc-to-eth`)).includes('data-testid="offers-table"'),
          {
            timeout: 20_000,
          },
        )
        .toBe(true);
      const table = namesIn(await page(`${lang}/exchange/btc-to-eth`), 'th');
      expect(table.size, `${lang} pair page`).toBe(fromApi.size);
      for (const [id, name] of table) expect(name, `${lang} pair page ${id}`).toBe(fromApi.get(id));
      for (const path of ['/providers', '/partners']) {
        const cards = namesIn(await page(`${lang}${path}`), 'h3');
        expect(cards.size, `${lang}${path}`).toBeGreaterThanOrEqual(fromApi.size);
        for (const [id, name] of cards) expect(name, `${lang}${path} ${id}`).toBe(registryName(id));
      }
    }
  });

  it('lists each ramp, DEX and bridge source on /providers and /partners, named once, with what it serves', async () => {
    // A second app whose settings switch on a DEX and a bridge source (page figures only: no call out).
    const made = createTestApp(build, handle, {
      HTML_CACHE: 'off',
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      KYBERSWAP_CLIENT_ID: 'swapgate-test',
      KYBERSWAP_API_URL: 'http://127.0.0.1:9',
      ACROSS_API_KEY: 'test-key',
      ACROSS_API_URL: 'http://127.0.0.1:9',
    });
    const sources = await made.services.company.sourceStats();
    const kinds = new Set(sources.map((source) => source.kind));
    expect([...kinds].sort()).toEqual(['bridge', 'dex', 'fiat']);
    for (const source of sources) {
      const name =
        source.kind === 'fiat'
          ? made.services.fiat.provider(source.id)?.name
          : registryEntry(source.id)?.name;
      expect(source.name, source.id).toBe(name);
      expect(source.coins, source.id).toBeGreaterThan(0);
      expect(source.networks, source.id).toBeGreaterThan(0);
    }
    const sourceNames = (html: string) => {
      const names = new Map<string, string>();
      const pattern = /data-source="([^"]+)"[^>]*>\s*<h3\b[^>]*>([^<]+)</g;
      for (const [, id, name] of html.matchAll(pattern)) names.set(id as string, (name as string).trim());
      return names;
    };
    for (const path of ['/providers', '/de/partners', '/ja/providers']) {
      const response = await made.app.request(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const cards = sourceNames(html);
      expect(cards.size, path).toBe(sources.length);
      for (const source of sources) expect(cards.get(source.id), `${path} ${source.id}`).toBe(source.name);
      // Each exchange provider's card counts the coins it serves.
      expect(html).toContain('data-field="coins"');
    }
  });

  it('names each ramp the same in its offers, its order and the sale page', async () => {
    const sale = {
      side: 'sell',
      fiat: 'eur',
      coin: 'btc',
      amount: '0.05',
      country: 'de',
      paymentMethod: 'bank_transfer',
    };
    const quote = await api('/fiat/quotes', sale);
    const offers = quote.offers as { provider: string; providerName: string }[];
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(offer.providerName).toBe(services.fiat.provider(offer.provider)?.name);
    const order = await api('/fiat/orders', { ...sale, walletAddress: BTC_ADDRESS });
    const offer = offers.find((o) => o.provider === order.provider);
    expect(order.providerName).toBe(offer?.providerName);
    const html = await page(`/fiat/sell/${order.id}`);
    expect(html).toContain(`from ${order.providerName as string}`);
  });
});

/**
 * One source of limits (issue 25 point 6): a trade's limits are the providers', the same in
 * GET /pairs, POST /quotes, the pair page and the coin page; GET /coins names its catalogue
 * figures as references, a different kind. (PGlite only.)
 */
describe('limits', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    await seedDemoData(handle.db);
    const made = createTestApp(build, handle, { HTML_CACHE: 'off', RATE_LIMIT_READS_PER_MINUTE: '100000' });
    app = made.app;
    await made.services.market.refresh();
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  const json = async (path: string, body?: unknown) => {
    const response = await app.request(`/api/v1${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const shown = (html: string, testId: string) =>
    new RegExp(`data-testid="${testId}"[^>]*>([^<]+)<`)
      .exec(html)?.[1]
      ?.replace(/<!-- -->/g, '')
      .trim();

  it('gives BTC the same min and max in GET /pairs, POST /quotes, the pair page and the coin page', async () => {
    const pair = await json('/pairs/btc/eth');
    const quote = await json('/quotes', { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float' });
    expect(pair.min).toBeTruthy();
    expect({ min: quote.min, max: quote.max }).toEqual({ min: pair.min, max: pair.max });

    // The pages render from the facts at hand (docs/decisions/034): the first render asks the
    // providers in the background, and a later one shows their limits.
    const pairPage = async () => (await app.request('/exchange/btc-to-eth')).text();
    await expect
      .poll(async () => shown(await pairPage(), 'pair-min'), { timeout: 20_000 })
      .toBe(`${pair.min} BTC`);
    expect(shown(await pairPage(), 'pair-max')).toBe(`${pair.max} BTC`);
    const coin = async () => (await (await app.request('/coin/btc')).text()).replaceAll('<!-- -->', '');
    await expect
      .poll(async () => shown(await coin(), 'network-min'), { timeout: 20_000 })
      .toBe(`${pair.min} BTC`);
    const coinPage = await coin();
    expect(coinPage).toContain(`the minimum is ${pair.min} BTC`);
  });

  it('names the catalogue figures of GET /coins as references, not limits', async () => {
    const { coins } = (await json('/coins')) as {
      coins: { code: string; networks: Record<string, unknown>[] }[];
    };
    const btc = coins.find((coin) => coin.code === 'btc')?.networks[0] ?? {};
    expect(btc).toHaveProperty('referenceMin');
    expect(btc).toHaveProperty('referenceMax');
    expect(btc).not.toHaveProperty('min');
    expect(btc).not.toHaveProperty('max');
    const document = await json('/openapi.json');
    const text = JSON.stringify(document);
    expect(text).toContain("The catalogue's reference minimum");
    expect(text).toContain('not a trade');
  });
});
