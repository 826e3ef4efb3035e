import { max } from 'drizzle-orm';
import { Hono } from 'hono';
import { CROSS_CHAIN_PATH_SYMBOL, crossChainPairPath } from '../app/crosschain/paths.ts';
import type { BlogService } from '../core/blog/blog.ts';
import type { Config } from '../core/config.ts';
import { crossChainPairs } from '../core/crosschain/tokens.ts';
import {
  BLOG_SITEMAP_PATH,
  chunkStream,
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

const CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/** The time of the latest stored price: when the coin, pair and comparison pages last changed. */
export async function latestPriceTime(db: Database): Promise<Date | null> {
  const [row] = await db.select({ at: max(coinPrices.updatedAt) }).from(coinPrices);
  return row?.at ?? null;
}

function xmlResponse(chunks: Iterator<string, unknown, undefined>): Response {
  return new Response(chunkStream(chunks), {
    headers: { 'Content-Type': XML, 'Cache-Control': CACHE_CONTROL },
  });
}

/**
 * `/robots.txt`, the sitemap index `/sitemap.xml` and its children `/sitemaps/{section}-{n}.xml`,
 * streamed as the client reads them (core/seo/sitemap.ts). Mounted before the pages.
 */
/** The cross-chain pair pages the pairs list links to (symbols a path can carry), each once. */
export function crossChainSitemapPaths(): string[] {
  const paths = crossChainPairs()
    .filter((pair) => CROSS_CHAIN_PATH_SYMBOL.test(pair.token.symbol))
    .map((pair) =>
      crossChainPairPath(pair.token.symbol, pair.from.network, pair.token.symbol, pair.to.network),
    );
  return [...new Set(paths)];
}

export function createSitemapRoutes(services: {
  config: Pick<Config, 'BASE_URL'>;
  db: Database;
  /** The services' DirectoryService, or anything with its `coins`, `exchangePairs` and `comparisons`. */
  directory: SitemapDirectory;
  blog: Pick<BlogService, 'sitemapEntries'>;
  /** The buy, sell and fiat pages with a provider (core/fiat/quotes.ts FiatMarket). */
  fiat?: { sitemapPaths(): Promise<readonly string[]> };
}): Hono {
  const app = new Hono();
  const baseUrl = services.config.BASE_URL;

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

  app.get('/sitemap.xml', async () => {
    const [plans, blog] = await Promise.all([planSitemaps(await options()), services.blog.sitemapEntries()]);
    const lastmod =
      blog.length > 0 ? new Date(Math.max(...blog.map((entry) => entry.lastmod.getTime()))) : null;
    return xmlResponse(sitemapIndexChunks(plans, [{ path: BLOG_SITEMAP_PATH, lastmod }]));
  });

  app.get(BLOG_SITEMAP_PATH, async (c) => {
    c.header('Content-Type', XML);
    c.header('Cache-Control', CACHE_CONTROL);
    return c.body(renderBlogSitemap(baseUrl, await services.blog.sitemapEntries()));
  });

  app.get('/sitemaps/:file', async (c) => {
    const child = parseChildName(c.req.param('file'));
    if (!child) return c.text('Not Found', 404);
    const plan = await planSection(child.section, await options());
    if (child.n > plan.children) return c.text('Not Found', 404);
    return xmlResponse(sitemapChunks(plan, child.n));
  });

  return app;
}
