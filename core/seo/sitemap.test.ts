import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseXml, type XmlElement } from '../../tests/support/xml.ts';
import {
  comparisonAt,
  comparisonCount,
  exchangePairAt,
  exchangePairCount,
  type RankPair,
} from '../directory/pairs.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { imageUrl } from '../images/protocol.ts';
import { alternateLinks, languageAlternates } from '../routing/alternates.ts';
import {
  CHILD_SITEMAP_BYTES,
  chunkStream,
  escapeXml,
  MAX_SITEMAP_URLS,
  parseChildName,
  planSection,
  planSitemaps,
  robotsTxt,
  type SectionPlan,
  type SitemapCoin,
  type SitemapDirectory,
  STATIC_PAGES,
  sitemapChunks,
  sitemapIndexChunks,
  URLS_PER_PAGE,
} from './sitemap.ts';

const BASE = 'https://swapgate.example';
const LASTMOD = new Date('2025-03-04T05:06:07.890Z');

/** A directory of `codes`, ranked in the given order, with the real list orders of core/directory/pairs.ts. */
function fakeDirectory(codes: readonly string[]): SitemapDirectory {
  const coins: SitemapCoin[] = codes.map((code) => ({ code }));
  const list = (count: number, at: (k: number) => RankPair) => ({
    count,
    at(k: number) {
      const pair = at(k);
      return { from: coins[pair.from] as SitemapCoin, to: coins[pair.to] as SitemapCoin };
    },
  });
  return {
    coins: async () => coins,
    exchangePairs: async () => list(exchangePairCount(coins.length), exchangePairAt),
    comparisons: async () => list(comparisonCount(coins.length), comparisonAt),
  };
}

function fakeCodes(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `coin${i}`);
}

function text(chunks: Iterable<string>): string {
  return [...chunks].join('');
}

function urlsOf(root: XmlElement): XmlElement[] {
  expect(root.name).toBe('urlset');
  return root.children;
}

/** Every `<url>`: its loc, and its alternates exactly the 14 languages and x-default of its page. */
function checkUrls(urls: XmlElement[]): string[] {
  const pages: string[] = [];
  for (const url of urls) {
    expect(url.name).toBe('url');
    const loc = url.children.find((child) => child.name === 'loc')?.text as string;
    const links = url.children.filter((child) => child.name === 'xhtml:link');
    expect(links).toHaveLength(LANGUAGES.length + 1);
    expect(links.map((link) => link.attributes.hreflang)).toEqual([...LANGUAGES, 'x-default']);
    for (const link of links) expect(link.attributes.rel).toBe('alternate');
    const xDefault = links.at(-1)?.attributes.href as string;
    const page = xDefault.slice(BASE.length);
    expect(links.map((link) => ({ hrefLang: link.attributes.hreflang, href: link.attributes.href }))).toEqual(
      languageAlternates(BASE, page),
    );
    expect(links.map((link) => link.attributes.href)).toContain(loc);
    pages.push(page);
  }
  return pages;
}

describe('alternates', () => {
  it('gives the sitemaps the 14 languages and x-default', () => {
    expect(languageAlternates(BASE, '/faq')).toEqual([
      ...LANGUAGES.map((lang) => ({
        hrefLang: lang,
        href: lang === 'en' ? `${BASE}/faq` : `${BASE}/${lang}/faq`,
      })),
      { hrefLang: 'x-default', href: `${BASE}/faq` },
    ]);
    expect(languageAlternates(BASE, '/').map((link) => link.href)).toContain(`${BASE}/nl`);
  });

  it('keeps the pages’ 61 alternates with the regional variants', () => {
    const links = alternateLinks(BASE, '/nl/faq');
    expect(links).toHaveLength(61);
    expect(links).toContainEqual({ hrefLang: 'es-MX', href: `${BASE}/es/faq` });
    expect(links.at(-1)).toEqual({ hrefLang: 'x-default', href: `${BASE}/faq` });
  });
});

describe('sitemap generation', () => {
  it('escapes XML special characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(escapeXml('plain')).toBe('plain');
  });

  it('reads child names', () => {
    expect(parseChildName('coins-3.xml')).toEqual({ section: 'coins', n: 3 });
    expect(parseChildName('coins-0.xml')).toBeNull();
    expect(parseChildName('blog-1.xml')).toBeNull();
    expect(parseChildName('coins-01.xml')).toBeNull();
    expect(parseChildName('coins-1.xml.gz')).toBeNull();
  });

  it('lists every child in the index, with the latest price time on the market sections', async () => {
    const plans = await planSitemaps({
      baseUrl: BASE,
      directory: fakeDirectory(fakeCodes(300)),
      lastmod: LASTMOD,
    });
    const root = parseXml(text(sitemapIndexChunks(plans)));
    expect(root.name).toBe('sitemapindex');
    expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const expected = plans.flatMap((plan) =>
      Array.from({ length: plan.children }, (_, i) => ({
        loc: `${BASE}/sitemaps/${plan.section}-${i + 1}.xml`,
        lastmod: plan.section === 'pages' ? undefined : '2025-03-04T05:06:07Z',
      })),
    );
    // 300 coins: 89,700 pairs in several children.
    expect(plans.find((plan) => plan.section === 'pairs')?.children).toBeGreaterThan(1);
    expect(
      root.children.map((sitemap) => ({
        loc: sitemap.children.find((child) => child.name === 'loc')?.text,
        lastmod: sitemap.children.find((child) => child.name === 'lastmod')?.text,
      })),
    ).toEqual(expected);
  });

  it('lists the static pages in every language with their alternates', async () => {
    const plan = await planSection('pages', {
      baseUrl: BASE,
      directory: fakeDirectory([]),
      lastmod: LASTMOD,
    });
    expect(plan.children).toBe(1);
    const root = parseXml(text(sitemapChunks(plan, 1)));
    expect(root.attributes).toEqual({
      xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
      'xmlns:xhtml': 'http://www.w3.org/1999/xhtml',
    });
    const urls = urlsOf(root);
    expect(urls).toHaveLength(STATIC_PAGES.length * LANGUAGES.length);
    const pages = checkUrls(urls);
    expect(new Set(pages)).toEqual(new Set(STATIC_PAGES));
    const locs = urls.map((url) => url.children[0]?.text);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain(`${BASE}/`);
    expect(locs).toContain(`${BASE}/ja`);
    expect(locs).toContain(`${BASE}/uk/kyc-aml`);
    // No lastmod on the static pages.
    expect(urls.every((url) => url.children.every((child) => child.name !== 'lastmod'))).toBe(true);
  });

  it('lists the coin list, its pages and every coin', async () => {
    const codes = fakeCodes(120);
    const plan = await planSection('coins', {
      baseUrl: BASE,
      directory: fakeDirectory(codes),
      lastmod: LASTMOD,
    });
    const root = parseXml(text(sitemapChunks(plan, 1)));
    const urls = urlsOf(root);
    const pages = [...new Set(checkUrls(urls))];
    expect(pages).toEqual(['/coin', '/coin/page-2', '/coin/page-3', ...codes.map((code) => `/coin/${code}`)]);
    expect(urls[0]?.children[1]).toMatchObject({ name: 'lastmod', text: '2025-03-04T05:06:07Z' });
  });

  it('lists pair and comparison pages in list order', async () => {
    const directory = fakeDirectory(['btc', 'eth', 'usdt']);
    const pairs = await planSection('pairs', { baseUrl: BASE, directory, lastmod: null });
    expect([...new Set(checkUrls(urlsOf(parseXml(text(sitemapChunks(pairs, 1))))))]).toEqual([
      '/exchange-pairs',
      '/exchange/btc-to-eth',
      '/exchange/eth-to-btc',
      '/exchange/btc-to-usdt',
      '/exchange/usdt-to-btc',
      '/exchange/eth-to-usdt',
      '/exchange/usdt-to-eth',
    ]);
    const compare = await planSection('compare', { baseUrl: BASE, directory, lastmod: null });
    expect([...new Set(checkUrls(urlsOf(parseXml(text(sitemapChunks(compare, 1))))))]).toEqual([
      '/compare',
      '/compare/btc-vs-eth',
      '/compare/btc-vs-usdt',
      '/compare/eth-vs-usdt',
    ]);
  });

  it('escapes what a coin code could bring into the URLs', async () => {
    const plan = await planSection('coins', {
      baseUrl: BASE,
      directory: fakeDirectory(["o'neil", 'a&b', 'x<y>']),
      lastmod: null,
    });
    const xml = text(sitemapChunks(plan, 1));
    expect(xml).toContain(`<loc>${BASE}/coin/o&apos;neil</loc>`);
    const pages = checkUrls(urlsOf(parseXml(xml)));
    expect(new Set(pages)).toEqual(new Set(['/coin', "/coin/o'neil", '/coin/a%26b', '/coin/x%3Cy%3E']));
  });

  it('splits a section so no child exceeds 50,000 URLs or 24 MB (under 25 MB), each page whole in one child', async () => {
    // Issue 32: half the protocol's 50 MB, under 25 MB.
    expect(CHILD_SITEMAP_BYTES).toBeLessThan(25_000_000);
    for (const [section, coins] of [
      ['pairs', 70],
      ['compare', 100],
      ['coins', 9_000],
    ] as const) {
      const plan = await planSection(section, {
        baseUrl: BASE,
        directory: fakeDirectory(fakeCodes(coins)),
        lastmod: LASTMOD,
      });
      expect(plan.pagesPerChild * URLS_PER_PAGE).toBeLessThanOrEqual(MAX_SITEMAP_URLS);
      expect(plan.children).toBe(Math.ceil(plan.pages.count / plan.pagesPerChild));
      expect(plan.children).toBeGreaterThan(1);
      // Every child but the last is full; the last holds the rest, up to the section's last page.
      const counts: number[] = [];
      for (let n = 1; n <= plan.children; n++) {
        const xml = text(sitemapChunks(plan, n));
        counts.push(xml.split('<url>').length - 1);
        expect(new TextEncoder().encode(xml).length).toBeLessThanOrEqual(CHILD_SITEMAP_BYTES);
        if (n === plan.children) {
          expect(xml).toContain(`<loc>${BASE}/ja${plan.pages.at(plan.pages.count - 1)}</loc>`);
        }
      }
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(plan.pages.count * URLS_PER_PAGE);
      expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_SITEMAP_URLS);
      expect(counts.slice(0, -1).every((count) => count === plan.pagesPerChild * URLS_PER_PAGE)).toBe(true);
    }
    const plan = await planSection('pairs', {
      baseUrl: BASE,
      directory: fakeDirectory(fakeCodes(400)),
      lastmod: LASTMOD,
    });
    // Pair pages of 14 × 15 URLs are large: the byte limit decides here, not the URL count.
    expect(plan.pagesPerChild * URLS_PER_PAGE).toBeLessThan(MAX_SITEMAP_URLS);
    expect(() => sitemapChunks(plan, plan.children + 1).next()).toThrow(RangeError);
  });

  it('sizes the children by the longest URL a section can have', async () => {
    // Long codes of one length: the bound is close to the real size (the short list pages come first).
    const codes = Array.from({ length: 40 }, (_, i) => `${'x'.repeat(300)}${String(i).padStart(2, '0')}`);
    const plan = await planSection('pairs', {
      baseUrl: BASE,
      directory: fakeDirectory(codes),
      lastmod: LASTMOD,
    });
    expect(plan.children).toBeGreaterThan(1);
    const bytes = new TextEncoder().encode(text(sitemapChunks(plan, 1))).length;
    expect(bytes).toBeLessThanOrEqual(CHILD_SITEMAP_BYTES);
    expect(bytes).toBeGreaterThan(CHILD_SITEMAP_BYTES * 0.8);
  });

  it('writes robots.txt', () => {
    expect(robotsTxt(BASE)).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /swap/',
        'Disallow: /*/swap/',
        'Disallow: /api/',
        'Disallow: /apiglobal/',
        'Allow: /img?src=%2Fblog%2F',
        'Disallow: /img',
        'Disallow: /design-system',
        'Disallow: /*/design-system',
        'Disallow: /account',
        '',
        `Sitemap: ${BASE}/sitemap.xml`,
        '',
      ].join('\n'),
    );
    // What the Allow line opens: an article cover as the article page sizes it for og:image.
    const cover = imageUrl({ src: '/blog/covers/fixed-vs-floating-rates.jpg', width: 1200, height: 630 });
    expect(cover.startsWith('/img?src=%2Fblog%2F')).toBe(true);
  });
});

/** The engine's collector, to measure what is really held (the flag may be set at run time). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('streaming', () => {
  it('produces chunks only as they are read', async () => {
    let produced = 0;
    function* chunks() {
      for (let i = 0; i < 100; i++) {
        produced++;
        yield `<c>${i}</c>`;
      }
    }
    const reader = chunkStream(chunks()).getReader();
    // Every turn of the event loop the stream could use to run ahead of its reader.
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    // At most the queue's one chunk ahead of the reader.
    expect(produced).toBeLessThanOrEqual(1);
    await reader.read();
    await reader.read();
    expect(produced).toBeLessThanOrEqual(3);
    await reader.cancel();
    expect(produced).toBeLessThanOrEqual(3);
  });

  it('streams over a million URLs of a 1,500-coin directory with flat memory', async () => {
    const gc = collector();
    const plan: SectionPlan = await planSection('pairs', {
      baseUrl: BASE,
      directory: fakeDirectory(fakeCodes(1_500)),
      lastmod: LASTMOD,
    });
    // 1,500 coins: 2,248,500 pairs, over 31 million URLs in all.
    expect(plan.pages.count * URLS_PER_PAGE).toBeGreaterThan(30_000_000);

    gc();
    const before = process.memoryUsage().heapUsed;
    // `peak`: heap in use, garbage included, sampled as chunks pass; `live`: after a collection,
    // taken in the middle of children (a child held whole would show there).
    let peak = 0;
    let live = 0;
    let urls = 0;
    let totalBytes = 0;
    let largestChild = 0;
    let n = 0;
    let reads = 0;
    const started = performance.now();
    while (urls < 1_000_000) {
      n++;
      let childBytes = 0;
      let childUrls = 0;
      const reader = chunkStream(sitemapChunks(plan, n)).getReader();
      // Reads are counted across children: a collection every 1,024 chunks however a child ends.
      for (;;) {
        const read = ++reads;
        const { done, value } = await reader.read();
        if (done) break;
        childBytes += value.length;
        // Chunks end between pages: `<url>` is never split across two.
        const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        for (let at = bytes.indexOf('<url>'); at >= 0; at = bytes.indexOf('<url>', at + 5)) childUrls++;
        if (read % 128 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - before);
        if (read % 1024 === 0) {
          gc();
          live = Math.max(live, process.memoryUsage().heapUsed - before);
        }
      }
      expect(childUrls).toBeLessThanOrEqual(MAX_SITEMAP_URLS);
      expect(childBytes).toBeLessThanOrEqual(CHILD_SITEMAP_BYTES);
      urls += childUrls;
      totalBytes += childBytes;
      largestChild = Math.max(largestChild, childBytes);
    }
    gc();
    const retained = process.memoryUsage().heapUsed - before;
    const seconds = (performance.now() - started) / 1000;
    const mib = (value: number) => (value / 2 ** 20).toFixed(1);
    console.info(
      `sitemap memory test: ${n} children, ${urls} URLs, ${mib(totalBytes)} MiB of XML ` +
        `(largest child ${mib(largestChild)} MiB) in ${seconds.toFixed(1)} s; heap growth: ` +
        `peak ${mib(peak)} MiB, live ${mib(live)} MiB, retained ${mib(retained)} MiB`,
    );
    expect(urls).toBeGreaterThan(1_000_000);
    expect(totalBytes).toBeGreaterThan(1_000 * 2 ** 20);
    expect(peak).toBeLessThan(64 * 2 ** 20);
    expect(live).toBeLessThan(16 * 2 ** 20);
    expect(retained).toBeLessThan(8 * 2 ** 20);
  }, 60_000);
});
