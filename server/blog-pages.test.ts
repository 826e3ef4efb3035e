import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE } from '../core/blog/blog.ts';
import { readBlogSources } from '../core/blog/content.ts';
import { syncBlog } from '../core/blog/sync.ts';
import { seedDemoData } from '../core/seed.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { parseXml, type XmlElement } from '../tests/support/xml.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const BASE = 'https://swapgate.example';

const child = (element: XmlElement, name: string) => element.children.find((item) => item.name === name);
const children = (element: XmlElement, name: string) => element.children.filter((item) => item.name === name);

/**
 * The blog as a visitor and a feed reader get it, on the content that ships in content/blog/.
 * (PGlite only: search on both databases is tested in core/blog/blog.test.ts.)
 */
describe('blog pages and feeds', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  const sources = readBlogSources();
  const published = sources.articles.filter((article) => !article.draft);
  const draft = sources.articles.find((article) => article.draft);
  const newest = [...published].sort((a, b) => b.published.getTime() - a.published.getTime())[0];

  const get = async (path: string) => {
    const response = await app.request(path);
    return {
      status: response.status,
      location: response.headers.get('location'),
      html: await response.text(),
    };
  };

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    await seedDemoData(handle.db);
    await syncBlog(handle.db, sources);
    app = createTestApp(build, handle, { HTML_CACHE: 'off', BASE_URL: BASE }).app;
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('ships at least 12 published articles by 3 authors with 8 topics, and the promo-code article', () => {
    expect(published.length).toBeGreaterThanOrEqual(12);
    expect(new Set(published.map((article) => article.author)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(published.flatMap((article) => article.tags)).size).toBeGreaterThanOrEqual(8);
    expect(published.map((article) => article.slug)).toContain('swapgate-promo-code');
  });

  it('shows the index with featured and latest articles, and pages past the end are not found', async () => {
    const index = await get('/blog/');
    expect(index.status).toBe(200);
    expect(index.html).toContain('data-testid="featured"');
    expect(index.html).toContain(`href="/blog/${newest?.slug}/"`);
    expect(index.html).toContain('"@type":"Blog"');
    const pages = Math.ceil(published.length / BLOG_PAGE_SIZE);
    expect((await get('/blog/page/1/')).location).toBe('/blog/');
    expect((await get(`/blog/page/${pages}/`)).status).toBe(pages > 1 ? 200 : 301);
    expect((await get(`/blog/page/${pages + 1}/`)).status).toBe(404);
    expect((await get('/blog')).location).toBe('/blog/');
  });

  it('shows an article with its metadata, contents and call to action', async () => {
    const { status, html } = await get('/blog/swapgate-promo-code/');
    expect(status).toBe(200);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/swapgate\.example\/img\?src=%2Fblog%2Fcovers%2Fswapgate-promo-code\.svg&amp;w=1200&amp;h=630/,
    );
    expect(html).toContain('<meta property="article:published_time"');
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/blog/swapgate-promo-code/"/>`);
    expect(html).not.toContain('hrefLang="de"');
    expect(html).toContain('data-testid="article-body"');
    expect(html).toContain('data-testid="toc"');
    expect(html).toContain('data-testid="share-links"');
    expect(html).toContain('data-testid="author-card"');
    expect(html).toContain('data-testid="article-cta"');
    expect(html).toContain('application/rss+xml');
  });

  it('renders every published article', async () => {
    for (const article of published) {
      const { status, html } = await get(`/blog/${article.slug}/`);
      expect(status, article.slug).toBe(200);
      expect(html, article.slug).toContain(`data-slug="${article.slug}"`);
    }
  }, 60_000);

  it('is English under every language prefix, its canonical the unprefixed address', async () => {
    const { status, html } = await get('/fr/blog/swapgate-promo-code/');
    expect(status).toBe(200);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/blog/swapgate-promo-code/"/>`);
  });

  it('answers 404 for an unknown or unpublished article, with a way back to the blog', async () => {
    for (const path of ['/blog/no-such-article/', `/blog/${draft?.slug}/`, '/blog/page/']) {
      const { status, html } = await get(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain('href="/blog/"');
      expect(html, path).toContain('Go to the blog');
    }
  });

  it('lists authors and topics; unknown ones and pages past the end are not found', async () => {
    const authors = await get('/blog/authors/');
    expect(authors.status).toBe(200);
    for (const author of sources.authors) expect(authors.html).toContain(`data-author="${author.slug}"`);
    const slug = newest?.author ?? '';
    const author = await get(`/blog/authors/${slug}/`);
    expect(author.status).toBe(200);
    expect(author.html).toContain('"@type":"ProfilePage"');
    expect((await get(`/blog/authors/${slug}/1/`)).location).toBe(`/blog/authors/${slug}/`);
    expect((await get(`/blog/authors/${slug}/9/`)).status).toBe(404);
    expect((await get('/blog/authors/nobody/')).status).toBe(404);

    const tags = await get('/blog/tag/');
    expect(tags.status).toBe(200);
    const tag = newest?.tags[0] ?? '';
    expect(tags.html).toContain(`data-tag="${tag}"`);
    expect((await get(`/blog/tag/${tag}/`)).html).toContain(`href="/blog/${newest?.slug}/"`);
    expect((await get('/blog/tag/no-such-topic/')).status).toBe(404);
    expect((await get(`/blog/tag/${tag}/9/`)).status).toBe(404);
  });

  it('searches with marked snippets, and answers an empty, odd or fruitless query', async () => {
    const hit = await get('/blog/search/?q=destination+tag');
    expect(hit.status).toBe(200);
    expect(hit.html).toContain('data-testid="search-hit"');
    expect(hit.html).toContain('data-slug="memos-and-destination-tags"');
    expect(hit.html).toMatch(/<mark[^>]*>(?:destination|tag)/i);
    expect(hit.html).toContain('<meta name="robots" content="noindex, follow"/>');
    const empty = await get('/blog/search/');
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('Type a word or two to search every article.');
    const none = await get('/blog/search/?q=zzzqqq');
    expect(none.html).toContain('data-testid="search-none"');
    for (const query of [
      '%27%22%3C%3E%26',
      '%21%28%29%3A%2A%7C',
      '-',
      '%5C',
      '%00',
      'a%00b',
      '%0D%0A',
      '%ED%A0%80',
    ]) {
      expect((await get(`/blog/search/?q=${query}`)).status, query).toBe(200);
    }
    expect((await get('/blog/search/9/?q=swap')).status).toBe(404);
  });

  it('serves a valid RSS 2.0 feed of the newest articles', async () => {
    const response = await app.request('/blog/rss.xml');
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const rss = parseXml(await response.text());
    expect(rss.name).toBe('rss');
    expect(rss.attributes.version).toBe('2.0');
    const channel = child(rss, 'channel') as XmlElement;
    expect(child(channel, 'link')?.text).toBe(`${BASE}/blog/`);
    expect(child(channel, 'atom:link')?.attributes.href).toBe(`${BASE}/blog/rss.xml`);
    const items = children(channel, 'item');
    expect(items).toHaveLength(Math.min(20, published.length));
    expect(child(items[0] as XmlElement, 'link')?.text).toBe(`${BASE}/blog/${newest?.slug}/`);
    for (const item of items) {
      expect(Number.isNaN(Date.parse(child(item, 'pubDate')?.text ?? ''))).toBe(false);
      expect(child(item, 'guid')?.text).toBe(child(item, 'link')?.text);
      const content = child(item, 'content:encoded')?.text ?? '';
      expect(content).toContain('<h2');
      expect(content).not.toMatch(/href="\/(?!\/)/);
    }
    expect(items.map((item) => child(item, 'link')?.text)).not.toContain(`${BASE}/blog/${draft?.slug}/`);
  });

  it('serves a valid Atom feed', async () => {
    const response = await app.request('/blog/atom.xml');
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = parseXml(await response.text());
    expect(feed.name).toBe('feed');
    expect(feed.attributes.xmlns).toBe('http://www.w3.org/2005/Atom');
    expect(child(feed, 'id')?.text).toBe(`${BASE}/blog/`);
    const entries = children(feed, 'entry');
    expect(entries).toHaveLength(Math.min(20, published.length));
    const ids = entries.map((entry) => child(entry, 'id')?.text);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of entries) {
      expect(child(entry, 'updated')?.text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(child(child(entry, 'author') as XmlElement, 'name')?.text).toBeTruthy();
      expect(child(entry, 'content')?.attributes.type).toBe('html');
    }
  });
});
