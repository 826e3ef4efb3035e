import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { syncBlog } from '../core/blog/sync.ts';
import { DataVersions } from '../core/data-versions.ts';
import {
  comparisonAt,
  comparisonCount,
  exchangePairAt,
  exchangePairCount,
  pageCount,
} from '../core/directory/pairs.ts';
import { LANGUAGES } from '../core/i18n/languages.ts';
import { seedDemoData } from '../core/seed.ts';
import {
  CHILD_SITEMAP_BYTES,
  MAX_SITEMAP_URLS,
  type SitemapDirectory,
  STATIC_PAGES,
} from '../core/seo/sitemap.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { coinPrices } from '../db/schema.ts';
import { databaseTargets } from '../db/testing.ts';
import { parseXml, type XmlElement } from '../tests/support/xml.ts';
import { createSitemapRoutes, crossChainSitemapPaths } from './sitemap.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const BASE = 'https://swapgate.example';

function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((item) => item.name === name);
}

describe.each(databaseTargets())('sitemaps on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  let services: ReturnType<typeof createTestApp>['services'];

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    ({ app, services } = createTestApp(build, handle));
  });
  afterAll(async () => {
    await services.close();
    await handle.close();
  });

  it('answers robots.txt', async () => {
    const response = await app.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const lines = (await response.text()).split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of ['/swap/', '/api/', '/apiglobal/', '/img', '/design-system', '/*/design-system']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    // An article's cover (its og:image, sized by /img) stays open to crawlers.
    expect(lines).toContain('Allow: /img?src=%2Fblog%2F');
  });

  it('lists the blog once, in English, each page with the time it last changed', async () => {
    await syncBlog(handle.db);
    const index = parseXml(await (await app.request('/sitemap.xml')).text());
    const blogEntry = index.children.find(
      (sitemap) => child(sitemap, 'loc')?.text === `${BASE}/sitemaps/blog.xml`,
    );
    const entries = await services.blog.sitemapEntries();
    const newest = Math.max(...entries.map((entry) => entry.lastmod.getTime()));
    expect(child(blogEntry ?? index, 'lastmod')?.text).toBe(
      new Date(newest).toISOString().replace('.000Z', 'Z'),
    );

    const response = await app.request('/sitemaps/blog.xml');
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const urlset = parseXml(await response.text());
    const urls = urlset.children.map((url) => [child(url, 'loc')?.text, child(url, 'lastmod')?.text]);
    const article = await services.blog.latest(1).then((page) => page.articles[0]);
    expect(urls).toContainEqual([`${BASE}/blog/`, expect.any(String)]);
    expect(urls).toContainEqual([
      `${BASE}/blog/${article?.slug}/`,
      new Date(article?.updatedAt ?? 0).toISOString().replace('.000Z', 'Z'),
    ]);
    expect(urls.map(([loc]) => loc)).toContain(`${BASE}/blog/tag/`);
    expect(urls.every(([loc]) => loc?.startsWith(`${BASE}/blog/`) && loc.endsWith('/'))).toBe(true);
    expect(new Set(urls.map(([loc]) => loc)).size).toBe(urls.length);
  });

  it('lists every child in the index, and each child holds every page in every language', {
    timeout: 60_000,
  }, async () => {
    const response = await app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const index = parseXml(await response.text());
    expect(index.name).toBe('sitemapindex');
    const all = index.children.map((sitemap) => child(sitemap, 'loc')?.text as string);
    // The blog's own sitemap is last (tested below); the sections' children come before it.
    expect(all.at(-1)).toBe(`${BASE}/sitemaps/blog.xml`);
    const locs = all.slice(0, -1);
    // No stored price yet: no lastmod.
    expect(index.children.slice(0, -1).every((sitemap) => !child(sitemap, 'lastmod'))).toBe(true);

    const coins = await services.directory.coins();
    const pairs = exchangePairCount(coins.length);
    const comparisons = comparisonCount(coins.length);
    const expectedPages = {
      pages: STATIC_PAGES.length,
      coins: pageCount(coins.length) + coins.length,
      pairs: pageCount(pairs) + pairs,
      compare: pageCount(comparisons) + comparisons,
      // The buy, sell and fiat pages that have a provider (core/fiat/quotes.ts).
      fiat: (await services.fiat.sitemapPaths()).length,
      // The cross-chain pair pages the pairs list links to.
      crosschain: crossChainSitemapPaths().length,
    };
    expect(expectedPages.crosschain).toBeGreaterThan(100);
    expect(expectedPages.fiat).toBeGreaterThan(1_000);
    // Every child answers. The small sections' children and the first and last child of the others
    // are read in full (all of them would be over a gigabyte): the first is full, the last holds the
    // rest, and together they account for every page.
    const children = new Map<string, number>();
    for (const loc of locs) {
      const match =
        /^https:\/\/swapgate\.example\/sitemaps\/(pages|coins|pairs|compare|fiat|crosschain)-(\d+)\.xml$/.exec(
          loc,
        );
      expect(match, loc).not.toBeNull();
      const [, section = '', n = ''] = match ?? [];
      expect(Number(n)).toBe((children.get(section) ?? 0) + 1);
      children.set(section, Number(n));
    }
    const seen = {
      pages: new Set<string>(),
      coins: new Set<string>(),
      pairs: new Set<string>(),
      compare: new Set<string>(),
      fiat: new Set<string>(),
      crosschain: new Set<string>(),
    };
    for (const [name, count] of children) {
      const section = name as keyof typeof seen;
      const sizes: number[] = [];
      for (let n = 1; n <= count; n++) {
        const path = `/sitemaps/${section}-${n}.xml`;
        const read = section === 'pages' || section === 'coins' || n === 1 || n === count;
        const childResponse = await app.request(path, { method: read ? 'GET' : 'HEAD' });
        expect(childResponse.status, path).toBe(200);
        expect(childResponse.headers.get('content-type')).toBe('application/xml; charset=utf-8');
        if (!read) continue;
        const xml = await childResponse.text();
        expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(CHILD_SITEMAP_BYTES);
        let urls = 0;
        for (let at = xml.indexOf('<url>'); at >= 0; at = xml.indexOf('<url>', at + 5)) urls++;
        expect(urls).toBeLessThanOrEqual(MAX_SITEMAP_URLS);
        expect(urls % LANGUAGES.length).toBe(0);
        sizes.push(urls);
        // Parsed whole but for the large first children (core/seo/sitemap.test.ts checks those).
        if (n > 1 || count === 1 || section === 'pages' || section === 'coins') {
          const urlset = parseXml(xml);
          expect(urlset.name).toBe('urlset');
          expect(urlset.attributes['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
          expect(urlset.children).toHaveLength(urls);
          const bad = urlset.children.filter((url) => {
            const links = url.children.filter((item) => item.name === 'xhtml:link');
            seen[section].add(links.at(-1)?.attributes.href as string);
            return (
              links.map((link) => link.attributes.hreflang).join() !== [...LANGUAGES, 'x-default'].join() ||
              !links.some((link) => link.attributes.href === child(url, 'loc')?.text)
            );
          });
          expect(bad).toEqual([]);
        }
      }
      const [first = 0, ...others] = sizes;
      const total = count === 1 ? first : (count - 1) * first + (others.at(-1) ?? 0);
      expect(total, section).toBe(expectedPages[section] * LANGUAGES.length);
    }
    expect(seen.pages.size).toBe(STATIC_PAGES.length);
    expect(seen.coins.size).toBe(expectedPages.coins);
    expect(seen.coins).toContain(`${BASE}/coin/${coins[0]?.code}`);
    expect(seen.pages).toContain(`${BASE}/kyc-aml`);
    const lastPair = await services.directory.exchangePairs().then((list) => list.at(list.count - 1));
    expect(seen.pairs).toContain(`${BASE}/exchange/${lastPair.from.code}-to-${lastPair.to.code}`);
    const lastComparison = await services.directory.comparisons().then((list) => list.at(list.count - 1));
    expect(seen.compare).toContain(
      `${BASE}/compare/${lastComparison.from.code}-vs-${lastComparison.to.code}`,
    );
  });

  it('dates the market sections by the latest stored price', async () => {
    await handle.db.insert(coinPrices).values([
      { coin: 'btc', usd: '60000', source: 'test', updatedAt: new Date('2025-01-02T03:04:05.678Z') },
      { coin: 'eth', usd: '3000', source: 'test', updatedAt: new Date('2025-01-02T03:09:00.000Z') },
    ]);
    // What the price job does after storing prices.
    services.dataVersions.bump('market');
    const index = parseXml(await (await app.request('/sitemap.xml')).text());
    // The blog's child is dated by its articles (above).
    for (const sitemap of index.children.slice(0, -1)) {
      const loc = child(sitemap, 'loc')?.text as string;
      expect(child(sitemap, 'lastmod')?.text, loc).toBe(
        loc.includes('/pages-') ? undefined : '2025-01-02T03:09:00Z',
      );
    }
    const coins = parseXml(await (await app.request('/sitemaps/coins-1.xml')).text());
    expect(child(coins.children[0] as XmlElement, 'lastmod')?.text).toBe('2025-01-02T03:09:00Z');
  });

  it('answers 404 for unknown children', async () => {
    for (const path of [
      '/sitemaps/blog-1.xml',
      '/sitemaps/coins-0.xml',
      '/sitemaps/coins-2.xml',
      '/sitemaps/pages-2.xml',
      '/sitemaps/coins-1.txt',
      '/sitemaps/coins.xml',
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it('compresses the stream for clients that accept it', async () => {
    const response = await app.request('/sitemaps/pages-1.xml', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = response.body?.pipeThrough(new DecompressionStream('gzip')) as ReadableStream<Uint8Array>;
    const xml = await new Response(body).text();
    expect(parseXml(xml).children).toHaveLength(STATIC_PAGES.length * LANGUAGES.length);
  });

  /** Counts the pair pages rendered into sitemaps from now on; undone by `restore`. */
  function countPairPages() {
    const original = services.directory.exchangePairs.bind(services.directory);
    const counter = { pages: 0, restore: () => spy.mockRestore() };
    const spy = vi.spyOn(services.directory, 'exchangePairs').mockImplementation(async () => {
      const list = await original();
      return {
        count: list.count,
        at(k: number) {
          counter.pages++;
          return list.at(k);
        },
      };
    });
    return counter;
  }

  it('renders a child once for requests at the same time, and again after its data changes', {
    timeout: 60_000,
  }, async () => {
    const counter = countPairPages();
    try {
      const fetchChild = (encoding: string) =>
        Promise.resolve(
          app.request('/sitemaps/pairs-1.xml', { headers: { 'accept-encoding': encoding } }),
        ).then(async (response) => {
          expect(response.status).toBe(200);
          if (!response.headers.get('content-encoding')) return response.text();
          const xml = response.body?.pipeThrough(
            new DecompressionStream('gzip'),
          ) as ReadableStream<Uint8Array>;
          return new Response(xml).text();
        });
      // Crawlers with and without gzip, all at once.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => fetchChild(i % 2 === 0 ? 'gzip, br' : 'identity')),
      );
      const urls = (answers[0]?.split('<url>').length ?? 1) - 1;
      expect(urls).toBeGreaterThan(1_000);
      expect(new Set(answers).size).toBe(1);
      const perChild = counter.pages;
      // Every pair page of the child rendered once, for the twenty answers.
      const pairPages = (xml = '') =>
        (xml.match(/<loc>[^<]*\/exchange\/[^<]*<\/loc>/g)?.length ?? 0) / LANGUAGES.length;
      expect(perChild).toBe(pairPages(answers[0]));

      // Asked again with nothing changed: from memory.
      expect(await fetchChild('gzip')).toBe(answers[0]);
      expect(counter.pages).toBe(perChild);

      // New prices date the pages anew: rendered once more.
      await handle.db
        .insert(coinPrices)
        .values({ coin: 'ltc', usd: '90', source: 'test', updatedAt: new Date('2025-02-03T04:05:06Z') });
      services.dataVersions.bump('market');
      const [changed, again] = await Promise.all([fetchChild('gzip'), fetchChild('gzip')]);
      expect(changed).toBe(again);
      expect(counter.pages).toBe(perChild + pairPages(changed));
      expect(changed).toContain('<lastmod>2025-02-03T04:05:06Z</lastmod>');
      expect(answers[0]).not.toContain('2025-02-03T04:05:06Z');
    } finally {
      counter.restore();
    }
  });

  it('answers /healthz and /readyz while a large child is being built', { timeout: 60_000 }, async () => {
    // A change no one has rendered yet: the next request of the child builds it.
    services.dataVersions.bump('catalogue');
    const counter = countPairPages();
    try {
      const events: string[] = [];
      const building = Promise.resolve(
        app.request('/sitemaps/pairs-1.xml', { headers: { 'accept-encoding': 'gzip' } }),
      );
      void building.then(() => events.push('sitemap'));
      // The build has begun.
      while (counter.pages === 0) await new Promise((resolve) => setImmediate(resolve));
      const [health, ready] = await Promise.all([app.request('/healthz'), app.request('/readyz')]);
      events.push('health');
      expect(health.status).toBe(200);
      expect(ready.status).toBe(200);
      const builtWhenHealthAnswered = counter.pages;
      expect((await building).status).toBe(200);
      expect(events).toEqual(['health', 'sitemap']);
      // The health answers came in the middle of the build, not after it.
      expect(builtWhenHealthAnswered).toBeLessThan(counter.pages);
    } finally {
      counter.restore();
    }
  });

  it('streams a large child through HTTP without holding it', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const coins = Array.from({ length: 1_500 }, (_, i) => ({ code: `coin${i}` }));
    const list = (count: number, at: (k: number) => { from: number; to: number }) => ({
      count,
      at(k: number) {
        const pair = at(k);
        return { from: coins[pair.from] as { code: string }, to: coins[pair.to] as { code: string } };
      },
    });
    const directory: SitemapDirectory = {
      coins: async () => coins,
      exchangePairs: async () => list(exchangePairCount(coins.length), exchangePairAt),
      comparisons: async () => list(comparisonCount(coins.length), comparisonAt),
    };
    const routes = createSitemapRoutes({
      config: { BASE_URL: BASE },
      db: handle.db,
      dataVersions: new DataVersions(),
      directory,
      blog: { sitemapEntries: async () => [] },
    });

    const index = parseXml(await (await routes.request('/sitemap.xml')).text());
    expect(
      index.children.filter((sitemap) => child(sitemap, 'loc')?.text?.includes('/pairs-')).length,
    ).toBeGreaterThan(1_000);

    gc();
    const before = process.memoryUsage().heapUsed;
    let live = 0;
    let bytes = 0;
    for (const n of [1, 2, 3]) {
      const response = await routes.request(`/sitemaps/pairs-${n}.xml`);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      for (let read = 1; ; read++) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        if (read % 1024 === 0) {
          gc();
          live = Math.max(live, process.memoryUsage().heapUsed - before);
        }
      }
    }
    // Three children of up to 24 MB each.
    expect(bytes).toBeGreaterThan(60 * 2 ** 20);
    expect(live).toBeLessThan(16 * 2 ** 20);
  });
});
