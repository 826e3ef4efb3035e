/**
 * The sitemaps (sitemaps.org 0.9): an index of child sitemaps per section, each child listing every
 * page once per language with its 14 language alternates and x-default. Everything is computed
 * from `{count, at(k)}` lists one page at a time and written as a stream of small text chunks, so a
 * sitemap of millions of URLs never sits in memory. No HTTP here: server/sitemap.ts serves it.
 */
import { pageCount } from '../directory/pairs.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { languageAlternates } from '../routing/alternates.ts';

export const SITEMAP_SECTIONS = ['pages', 'coins', 'pairs', 'compare', 'fiat', 'crosschain'] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

export function isSitemapSection(value: string): value is SitemapSection {
  return (SITEMAP_SECTIONS as readonly string[]).includes(value);
}

/** The site's fixed pages (unprefixed), each listed in every language. */
export const STATIC_PAGES: readonly string[] = [
  '/',
  '/about-us',
  '/partners',
  '/for-partners',
  '/how-it-works',
  '/customer-feedbacks',
  '/faq',
  '/press',
  '/providers',
  '/contact',
  '/dex',
  '/dex/networks/ethereum',
  '/dex/networks/bsc',
  '/dex/networks/polygon',
  '/dex/networks/arbitrum',
  '/dex/networks/optimism',
  '/cross-chain',
  '/cross-chain/tokens',
  '/cross-chain/bridges',
  '/swap',
  '/transaction-status',
  '/cookie-policy',
  '/privacy-policy',
  '/terms-of-use',
  '/terms-for-partners',
  '/kyc-aml',
  '/sitemap',
];

/** sitemaps.org: at most 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed per file. */
export const MAX_SITEMAP_URLS = 50_000;
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/**
 * Our children stay under half the protocol's size (issue 32: under 25 MB): a crawler fetches and
 * parses a smaller file sooner, and a child is rendered in less time by the server.
 */
export const CHILD_SITEMAP_BYTES = 24_000_000;

/** Each page is one `<url>` per language. */
export const URLS_PER_PAGE = LANGUAGES.length;

/** Characters gathered before a chunk is handed on (a few KB: small, but not a write per URL). */
const CHUNK_CHARS = 16 * 1024;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '</urlset>\n';
const INDEX_OPEN = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const INDEX_CLOSE = '</sitemapindex>\n';

/** What the sitemaps need of the directory (core/directory/directory.ts's DirectoryService). */
export interface SitemapCoin {
  readonly code: string;
}
export interface SitemapPairList {
  readonly count: number;
  at(k: number): { from: SitemapCoin; to: SitemapCoin };
}
export interface SitemapDirectory {
  coins(): Promise<readonly SitemapCoin[]>;
  exchangePairs(): Promise<SitemapPairList>;
  comparisons(): Promise<SitemapPairList>;
  /** The buy, sell and fiat pages with at least one provider (core/fiat/quotes.ts); none when absent. */
  fiatPaths?(): Promise<readonly string[]>;
  /** The cross-chain pair pages (a token on one network to the same token on another); none when absent. */
  crossChainPaths?(): Promise<readonly string[]>;
}

/** A section's pages as unprefixed paths, computed one at a time. */
export interface PathList {
  readonly count: number;
  at(k: number): string;
  /** UTF-8 bytes of the longest path once XML-escaped, or more: the size bound rests on it. */
  readonly maxPathBytes: number;
}

export interface SectionPlan {
  section: SitemapSection;
  baseUrl: string;
  pages: PathList;
  /** The section's last change, when known. */
  lastmod: Date | null;
  /** Whole pages (one `<url>` per language each) per child sitemap. */
  pagesPerChild: number;
  /** Number of child sitemaps, at least one. */
  children: number;
}

export interface SitemapOptions {
  /** The site's origin without a trailing slash (config BASE_URL). */
  baseUrl: string;
  directory: SitemapDirectory;
  /** When the coin, pair and comparison pages last changed (the latest stored price). */
  lastmod: Date | null;
}

const XML_SPECIAL = /[&<>"']/;
const XML_SPECIAL_ALL = /[&<>"']/g;
const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return XML_SPECIAL.test(text)
    ? text.replace(XML_SPECIAL_ALL, (char) => XML_ENTITIES[char] as string)
    : text;
}

const encoder = new TextEncoder();

function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

/** W3C datetime, to the second, in UTC. */
export function w3cDatetime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The `<url>` entries of one page (unprefixed `path`): one per language, each with every alternate. */
export function renderPage(baseUrl: string, path: string, lastmod: Date | null): string {
  const links = languageAlternates(baseUrl, path);
  let shared = lastmod ? `<lastmod>${w3cDatetime(lastmod)}</lastmod>` : '';
  const locs: string[] = [];
  for (const link of links) {
    const href = escapeXml(link.href);
    if (link.hrefLang !== 'x-default') locs.push(href);
    shared += `<xhtml:link rel="alternate" hreflang="${link.hrefLang}" href="${href}"/>`;
  }
  shared += '</url>\n';
  let out = '';
  for (const loc of locs) out += `<url><loc>${loc}</loc>${shared}`;
  return out;
}

/**
 * The most bytes one page's entries can take in a section: the entries of a made-up page whose path
 * has `maxPathBytes` plain characters. Every real page's text is the same but for its URLs, each no
 * longer than the made-up one's (same base, same language prefix, an escaped path no longer).
 */
export function maxPageBytes(baseUrl: string, maxPathBytes: number, lastmod: Date | null): number {
  return utf8Bytes(renderPage(baseUrl, `/${'x'.repeat(Math.max(0, maxPathBytes - 1))}`, lastmod));
}

/** Whole pages per child so that no child exceeds 50,000 URLs nor CHILD_SITEMAP_BYTES (24 MB). */
export function pagesPerChild(pageBytes: number): number {
  const envelope = utf8Bytes(XML_DECLARATION + URLSET_OPEN + URLSET_CLOSE);
  const byUrls = Math.floor(MAX_SITEMAP_URLS / URLS_PER_PAGE);
  const byBytes = Math.floor((CHILD_SITEMAP_BYTES - envelope) / pageBytes);
  return Math.max(1, Math.min(byUrls, byBytes));
}

function escapedBytes(path: string): number {
  return utf8Bytes(escapeXml(path));
}

/** A list page, its numbered pages (`{prefix}/page-{n}`, n ≥ 2), then the items. */
function listWithPages(
  prefix: string,
  items: number,
  item: (k: number) => string,
  maxItemBytes: number,
): PathList {
  const pages = pageCount(items);
  return {
    count: pages + items,
    at: (k) => (k === 0 ? prefix : k < pages ? `${prefix}/page-${k + 1}` : item(k - pages)),
    maxPathBytes: Math.max(escapedBytes(`${prefix}/page-${pages}`), items > 0 ? maxItemBytes : 0),
  };
}

function code(coin: SitemapCoin): string {
  return encodeURIComponent(coin.code);
}

function maxCodeBytes(coins: readonly SitemapCoin[]): number {
  let max = 0;
  for (const coin of coins) max = Math.max(max, escapedBytes(code(coin)));
  return max;
}

/** The pages of a section, computed on demand from the directory. */
export async function sectionPages(section: SitemapSection, directory: SitemapDirectory): Promise<PathList> {
  switch (section) {
    case 'pages':
      return {
        count: STATIC_PAGES.length,
        at: (k) => STATIC_PAGES[k] as string,
        maxPathBytes: Math.max(...STATIC_PAGES.map(escapedBytes)),
      };
    case 'coins': {
      const coins = await directory.coins();
      return listWithPages(
        '/coin',
        coins.length,
        (k) => `/coin/${code(coins[k] as SitemapCoin)}`,
        escapedBytes('/coin/') + maxCodeBytes(coins),
      );
    }
    case 'pairs': {
      const [coins, pairs] = await Promise.all([directory.coins(), directory.exchangePairs()]);
      return listWithPages(
        '/exchange-pairs',
        pairs.count,
        (k) => {
          const { from, to } = pairs.at(k);
          return `/exchange/${code(from)}-to-${code(to)}`;
        },
        escapedBytes('/exchange/-to-') + 2 * maxCodeBytes(coins),
      );
    }
    case 'compare': {
      const [coins, comparisons] = await Promise.all([directory.coins(), directory.comparisons()]);
      return listWithPages(
        '/compare',
        comparisons.count,
        (k) => {
          const { from, to } = comparisons.at(k);
          return `/compare/${code(from)}-vs-${code(to)}`;
        },
        escapedBytes('/compare/-vs-') + 2 * maxCodeBytes(coins),
      );
    }
    case 'fiat':
    case 'crosschain': {
      const list = section === 'fiat' ? directory.fiatPaths : directory.crossChainPaths;
      const paths = (await list?.call(directory)) ?? [];
      let maxPathBytes = 0;
      for (const path of paths) maxPathBytes = Math.max(maxPathBytes, escapedBytes(path));
      return { count: paths.length, at: (k) => paths[k] as string, maxPathBytes };
    }
  }
}

/** How a section splits into child sitemaps. */
export async function planSection(section: SitemapSection, options: SitemapOptions): Promise<SectionPlan> {
  const pages = await sectionPages(section, options.directory);
  const lastmod = section === 'pages' ? null : options.lastmod;
  const perChild = pagesPerChild(maxPageBytes(options.baseUrl, pages.maxPathBytes, lastmod));
  return {
    section,
    baseUrl: options.baseUrl,
    pages,
    lastmod,
    pagesPerChild: perChild,
    children: Math.max(1, Math.ceil(pages.count / perChild)),
  };
}

export function planSitemaps(options: SitemapOptions): Promise<SectionPlan[]> {
  return Promise.all(SITEMAP_SECTIONS.map((section) => planSection(section, options)));
}

/** The path of child `n` (1-based) of a section. */
export function childPath(section: SitemapSection, n: number): string {
  return `/sitemaps/${section}-${n}.xml`;
}

/** Reads `/sitemaps/{section}-{n}.xml`'s file name; null for anything else. */
export function parseChildName(file: string): { section: SitemapSection; n: number } | null {
  const match = /^([a-z]+)-([1-9]\d{0,8})\.xml$/.exec(file);
  if (!match || !isSitemapSection(match[1] as string)) return null;
  return { section: match[1] as SitemapSection, n: Number(match[2]) };
}

/** A child sitemap listed in the index besides the sections' children. */
export interface ExtraSitemap {
  path: string;
  lastmod: Date | null;
}

/** The sitemap index, in chunks: every section's children, then `extra` ones (the blog's). */
export function* sitemapIndexChunks(
  plans: readonly SectionPlan[],
  extra: readonly ExtraSitemap[] = [],
): Generator<string, void, undefined> {
  let out = XML_DECLARATION + INDEX_OPEN;
  for (const plan of plans) {
    const lastmod = plan.lastmod ? `<lastmod>${w3cDatetime(plan.lastmod)}</lastmod>` : '';
    for (let n = 1; n <= plan.children; n++) {
      out += `<sitemap><loc>${escapeXml(`${plan.baseUrl}${childPath(plan.section, n)}`)}</loc>${lastmod}</sitemap>\n`;
      if (out.length >= CHUNK_CHARS) {
        yield out;
        out = '';
      }
    }
  }
  for (const sitemap of extra) {
    const lastmod = sitemap.lastmod ? `<lastmod>${w3cDatetime(sitemap.lastmod)}</lastmod>` : '';
    out += `<sitemap><loc>${escapeXml(`${plans[0]?.baseUrl ?? ''}${sitemap.path}`)}</loc>${lastmod}</sitemap>\n`;
  }
  yield out + INDEX_CLOSE;
}

/** The blog's URL path of its sitemap; its pages are English only, one `<url>` each. */
export const BLOG_SITEMAP_PATH = '/sitemaps/blog.xml';

/** The blog's sitemap: each URL once (no language alternates), with its own `lastmod`. */
export function renderBlogSitemap(
  baseUrl: string,
  entries: readonly { path: string; lastmod: Date }[],
): string {
  let out = XML_DECLARATION + URLSET_OPEN;
  for (const entry of entries) {
    out += `<url><loc>${escapeXml(`${baseUrl}${entry.path}`)}</loc><lastmod>${w3cDatetime(entry.lastmod)}</lastmod></url>\n`;
  }
  return out + URLSET_CLOSE;
}

/** Child sitemap `n` (1-based) of a section, in chunks of a few KB; throws past the last child. */
export function* sitemapChunks(plan: SectionPlan, n: number): Generator<string, void, undefined> {
  if (!Number.isInteger(n) || n < 1 || n > plan.children)
    throw new RangeError(`No sitemap ${plan.section}-${n}`);
  const start = (n - 1) * plan.pagesPerChild;
  const end = Math.min(plan.pages.count, start + plan.pagesPerChild);
  let out = XML_DECLARATION + URLSET_OPEN;
  for (let k = start; k < end; k++) {
    out += renderPage(plan.baseUrl, plan.pages.at(k), plan.lastmod);
    if (out.length >= CHUNK_CHARS) {
      yield out;
      out = '';
    }
  }
  yield out + URLSET_CLOSE;
}

/**
 * A byte stream read from `chunks` one chunk per pull: nothing is produced before the reader asks
 * for it, so a slow client holds back the generator rather than filling memory.
 */
export function chunkStream(chunks: Iterator<string, unknown, undefined>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      cancel() {
        chunks.return?.(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * robots.txt: everything but one visitor's pages, the APIs, image resizing and the design system.
 * The blog's images are the exception to image resizing: an article's cover, sized by /img, is its
 * `og:image` and `BlogPosting.image`, which search engines must be able to fetch.
 */
export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /swap/',
    'Disallow: /*/swap/',
    'Disallow: /api/',
    'Disallow: /apiglobal/',
    // Before the Disallow it makes an exception to: crawlers that take the first matching rule
    // (rather than the longest, as Google and RFC 9309) read it first too.
    `Allow: /img?src=${encodeURIComponent('/blog/')}`,
    'Disallow: /img',
    'Disallow: /design-system',
    'Disallow: /*/design-system',
    // The account area: personal pages, never indexed (they also say noindex).
    'Disallow: /account',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
