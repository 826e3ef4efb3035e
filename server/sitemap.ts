import { max } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { BlogService } from '../core/blog/blog.ts';
import type { Config } from '../core/config.ts';
import { CROSS_CHAIN_PATH_SYMBOL, crossChainPairPath } from '../core/crosschain/paths.ts';
import { crossChainPairs } from '../core/crosschain/tokens.ts';
import type { DataSource, DataVersions } from '../core/data-versions.ts';
import {
  BLOG_SITEMAP_PATH,
  parseChildName,
  planSection,
  planSitemaps,
  renderBlogSitemap,
  robotsTxt,
  type SitemapDirectory,
  type SitemapOptions,
  sitemapChunks,
  sitemapIndexChunks,
} from '../core/seo/sitemap.ts';
import type { Database } from '../db/client.ts';
import { coinPrices } from '../db/schema.ts';
import { gzippedBody, SitemapCache } from './sitemap-cache.ts';

const CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/** The time of the latest stored price: when the coin, pair and comparison pages last changed. */
export async function latestPriceTime(db: Database): Promise<Date | null> {
  const [row] = await db.select({ at: max(coinPrices.updatedAt) }).from(coinPrices);
  return row?.at ?? null;
}

/** Gzipped sitemaps kept in memory at most (XML gzips ~90:1: a 24 MB child to about a quarter of a MB). */
export const SITEMAP_CACHE_BYTES = 64 * 2 ** 20;

/** What the sections' sitemaps are made of: the coins, pairs and fiat pages, dated by the prices. */
const SECTION_DATA: readonly DataSource[] = ['catalogue', 'market'];
const BLOG_DATA: readonly DataSource[] = ['blog'];
const INDEX_DATA: readonly DataSource[] = [...SECTION_DATA, ...BLOG_DATA];

/** The cross-chain pair pages the pairs list links to (symbols a path can carry), each once. */
export function crossChainSitemapPaths(): string[] {
  const paths = crossChainPairs()
    .filter((pair) => CROSS_CHAIN_PATH_SYMBOL.test(pair.token.symbol))
    .map((pair) =>
      crossChainPairPath(pair.token.symbol, pair.from.network, pair.token.symbol, pair.to.network),
    );
  return [...new Set(paths)];
}

/**
 * `/robots.txt`, the sitemap index `/sitemap.xml` and its children `/sitemaps/{section}-{n}.xml`
 * (core/seo/sitemap.ts). Each is rendered once while its data stays at the same versions and kept
 * gzipped (server/sitemap-cache.ts): a crawler fetching children at once costs one render each,
 * rendered in turns with every other request. Mounted before the pages.
 */
export function createSitemapRoutes(services: {
  config: Pick<Config, 'BASE_URL'>;
  db: Database;
  /** The versions the stored sitemaps were rendered at (services.dataVersions). */
  dataVersions: DataVersions;
  /** Bytes of gzipped sitemaps kept (default SITEMAP_CACHE_BYTES). */
  sitemapCacheBytes?: number;
  /** The services' DirectoryService, or anything with its `coins`, `exchangePairs` and `comparisons`. */
  directory: SitemapDirectory;
  blog: Pick<BlogService, 'sitemapEntries'>;
  /** The buy, sell and fiat pages with a provider (core/fiat/quotes.ts FiatMarket). */
  fiat?: { sitemapPaths(): Promise<readonly string[]> };
}): Hono {
  const app = new Hono();
  const baseUrl = services.config.BASE_URL;
  const cache = new SitemapCache({
    versions: services.dataVersions,
    maxBytes: services.sitemapCacheBytes ?? SITEMAP_CACHE_BYTES,
  });

  /**
   * The sitemap at `path` from the cache or rendered once; 404 when `render` finds none. A HEAD
   * request renders nothing: it gets the headers (and the length, when the sitemap is stored).
   */
  async function serveXml(
    c: Context,
    data: readonly DataSource[],
    render: () => Promise<Iterator<string, unknown, undefined> | null>,
  ): Promise<Response> {
    const headers = { 'Content-Type': XML, 'Cache-Control': CACHE_CONTROL, Vary: 'Accept-Encoding' };
    const path = c.req.path;
    const gzip =
      c.req.method === 'HEAD'
        ? (cache.peek(path, data) ?? ((await render()) ? Buffer.alloc(0) : null))
        : await cache.gzip(path, data, render);
    if (!gzip) return c.text('Not Found', 404);
    if (gzip.length === 0) return new Response(null, { headers });
    const answer = gzippedBody(gzip, c.req.header('Accept-Encoding'));
    return new Response(answer.body, { headers: { ...headers, ...answer.headers } });
  }

  async function options(): Promise<SitemapOptions> {
    const { directory, fiat } = services;
    return {
      baseUrl,
      directory: {
        coins: () => directory.coins(),
        exchangePairs: () => directory.exchangePairs(),
        comparisons: () => directory.comparisons(),
        ...(fiat ? { fiatPaths: () => fiat.sitemapPaths() } : {}),
        crossChainPaths: async () => crossChainSitemapPaths(),
      },
      lastmod: await latestPriceTime(services.db),
    };
  }

  app.get('/robots.txt', (c) => {
    c.header('Content-Type', 'text/plain; charset=utf-8');
    c.header('Cache-Control', CACHE_CONTROL);
    return c.body(robotsTxt(baseUrl));
  });

  app.get('/sitemap.xml', (c) =>
    serveXml(c, INDEX_DATA, async () => {
      const [plans, blog] = await Promise.all([
        planSitemaps(await options()),
        services.blog.sitemapEntries(),
      ]);
      const lastmod =
        blog.length > 0 ? new Date(Math.max(...blog.map((entry) => entry.lastmod.getTime()))) : null;
      return sitemapIndexChunks(plans, [{ path: BLOG_SITEMAP_PATH, lastmod }]);
    }),
  );

  app.get(BLOG_SITEMAP_PATH, (c) =>
    serveXml(c, BLOG_DATA, async () =>
      [renderBlogSitemap(baseUrl, await services.blog.sitemapEntries())].values(),
    ),
  );

  app.get('/sitemaps/:file', (c) => {
    const child = parseChildName(c.req.param('file'));
    if (!child) return c.text('Not Found', 404);
    return serveXml(c, SECTION_DATA, async () => {
      const plan = await planSection(child.section, await options());
      return child.n > plan.children ? null : sitemapChunks(plan, child.n);
    });
  });

  return app;
}
