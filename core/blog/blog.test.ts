import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { BLOG_PAGE_SIZE, BlogService, normalizeSearch, parseSnippet } from './blog.ts';
import { readBlogSources } from './content.ts';
import { syncBlog } from './sync.ts';

/** A content folder with two authors, three tags and `extra` filler articles. */
function contentDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'blog-'));
  for (const kind of ['authors', 'tags', 'posts']) mkdirSync(join(dir, kind));
  const write = (path: string, text: string) => writeFileSync(join(dir, path), text);
  write(
    'authors/ann.md',
    '---\nname: Ann Example\nrole: Support\navatar: /blog/authors/ann.svg\n---\nAnn helps.\n',
  );
  write(
    'authors/bob.md',
    '---\nname: Bob Example\nrole: Engineer\navatar: /blog/authors/bob.svg\n---\nBob builds.\n',
  );
  write('tags/memos.md', '---\nname: Memos\n---\nMemo things.\n');
  write('tags/rates.md', '---\nname: Rates\n---\nRate things.\n');
  write('tags/unused.md', '---\nname: Unused\n---\nNothing here.\n');
  const post = (slug: string, front: Record<string, string>, body: string) =>
    write(
      `posts/${slug}.md`,
      `---\n${Object.entries({
        excerpt: 'An excerpt long enough to pass the front matter rules of the blog.',
        author: 'ann',
        tags: '[rates]',
        cover: `/blog/covers/${slug}.svg`,
        coverAlt: 'A cover',
        ...front,
      })
        .map(([key, value]) => `${key}: ${value}`)
        .join('\n')}\n---\n${body}\n`,
    );
  post(
    'destination-tags',
    { title: '"Destination tags and memos explained"', tags: '[memos, rates]', published: '2024-01-10' },
    '## What a memo is\n\nA destination tag tells the exchange which account a deposit belongs to.\n\n### Example\n\n```ts\nconst tag = 12345;\n```\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1)) and [site](/swap) and [out](https://example.com)\n\n| a | b |\n|---|---|\n| 1 | 2 |',
  );
  post(
    'fixed-rates',
    { title: '"Fixed rates in practice"', author: 'bob', published: '2024-02-10', featured: 'true' },
    '## Fixed\n\nA fixed rate guarantees the amount. Some wallets also want a memo for the payout.',
  );
  post(
    'a-draft',
    { title: '"A draft nobody sees"', published: '2024-03-10', draft: 'true' },
    'Memo memo memo.',
  );
  for (let n = 1; n <= BLOG_PAGE_SIZE; n++) {
    post(
      `filler-${n}`,
      { title: `"Filler article number ${n}"`, published: `2023-0${(n % 9) + 1}-01` },
      'Plain words.',
    );
  }
  return dir;
}

describe('blog helpers', () => {
  it('splits a headline into plain and matched pieces', () => {
    expect(parseSnippet('a \uE000memo\uE001 b \uE000tag\uE001')).toEqual([
      { text: 'a ', hit: false },
      { text: 'memo', hit: true },
      { text: ' b ', hit: false },
      { text: 'tag', hit: true },
    ]);
    expect(parseSnippet('<b>x</b>')).toEqual([{ text: '<b>x</b>', hit: false }]);
  });

  it('trims and cuts a search query', () => {
    expect(normalizeSearch('  memo   tag ')).toBe('memo tag');
    expect(normalizeSearch('x'.repeat(500))).toHaveLength(100);
    expect(normalizeSearch(null)).toBe('');
  });

  it('refuses an article with an unknown author, naming the file', () => {
    const dir = contentDir();
    writeFileSync(
      join(dir, 'posts/orphan.md'),
      '---\ntitle: An orphan article\nexcerpt: An excerpt long enough to pass the front matter rules.\nauthor: nobody\ntags: [rates]\ncover: /blog/covers/x.svg\ncoverAlt: x x x\npublished: 2024-01-01\n---\nBody',
    );
    expect(() => readBlogSources(dir)).toThrow('posts/orphan.md: unknown author "nobody"');
  });
});

describe.each(databaseTargets())('blog on $name', (target) => {
  let handle: DatabaseHandle;
  let blog: BlogService;
  const dir = contentDir();

  beforeAll(async () => {
    handle = await target.open();
    await syncBlog(handle.db, readBlogSources(dir));
    blog = new BlogService(handle.db);
  }, 60_000);
  afterAll(async () => {
    await handle.close();
  });

  it('re-syncs without duplicating, rewriting only a changed file', async () => {
    expect(await syncBlog(handle.db, readBlogSources(dir))).toEqual({ authors: [], tags: [], articles: [] });
    const path = join(dir, 'posts/fixed-rates.md');
    const { readFileSync } = await import('node:fs');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace('Fixed rates in practice', 'Fixed rates, in practice'),
    );
    expect(await syncBlog(handle.db, readBlogSources(dir))).toEqual({
      authors: [],
      tags: [],
      articles: ['fixed-rates'],
    });
    expect((await blog.article('fixed-rates'))?.title).toBe('Fixed rates, in practice');
    expect((await blog.latest(1)).total).toBe(BLOG_PAGE_SIZE + 2);
  });

  it('renders safe HTML with anchors, highlighting and a table of contents', async () => {
    const article = await blog.article('destination-tags');
    expect(article?.toc).toEqual([
      { depth: 2, id: 'what-a-memo-is', text: 'What a memo is' },
      { depth: 3, id: 'example', text: 'Example' },
    ]);
    const html = article?.bodyHtml ?? '';
    expect(html).toContain('<h2 id="what-a-memo-is">');
    expect(html).toContain('class="hljs language-ts"');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="/swap">site</a>');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('<div class="table-scroll" tabindex="0"><table>');
    expect(html).toContain('<pre tabindex="0">');
    expect(article?.tags.map((tag) => tag.slug)).toEqual(['memos', 'rates']);
    expect(article?.author).toMatchObject({ slug: 'ann', name: 'Ann Example', articles: BLOG_PAGE_SIZE + 1 });
  });

  it('searches with a query no database text may hold (NUL, other control characters, a lone surrogate)', async () => {
    for (const query of ['\u0000', 'memo\u0000tag', '\u0007memo\u001b', 'memo\uD800', '\uDFFF']) {
      await expect(blog.search(query, 1), JSON.stringify(query)).resolves.toHaveProperty('total');
    }
    expect((await blog.search('memo\u0000tag', 1)).total).toBeGreaterThan(0);
  });

  it('hides drafts everywhere', async () => {
    expect(await blog.isPublished('a-draft')).toBe(false);
    expect(await blog.article('a-draft')).toBeNull();
    expect((await blog.search('draft', 1)).total).toBe(0);
    const everything = [...(await blog.latest(1)).articles, ...(await blog.latest(2)).articles];
    expect(everything.map((article) => article.slug)).not.toContain('a-draft');
  });

  it('pages the newest first', async () => {
    const first = await blog.latest(1);
    expect(first.articles).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.articles[0]?.slug).toBe('fixed-rates');
    expect(first.articles[1]?.slug).toBe('destination-tags');
    expect((await blog.latest(2)).articles).toHaveLength(2);
    expect((await blog.featured()).map((article) => article.slug)).toEqual(['fixed-rates']);
  });

  it('lists authors and tags with their published articles only', async () => {
    expect((await blog.authors()).map((author) => [author.slug, author.articles])).toEqual([
      ['ann', BLOG_PAGE_SIZE + 1],
      ['bob', 1],
    ]);
    expect((await blog.tags()).map((tag) => [tag.slug, tag.articles])).toEqual([
      ['rates', BLOG_PAGE_SIZE + 2],
      ['memos', 1],
    ]);
    expect(await blog.tag('unused')).toBeNull();
    expect((await blog.byTag('memos', 1)).articles.map((article) => article.slug)).toEqual([
      'destination-tags',
    ]);
    expect((await blog.byAuthor('bob', 1)).articles.map((article) => article.slug)).toEqual(['fixed-rates']);
  });

  it('finds related, previous and next articles', async () => {
    const article = await blog.article('destination-tags');
    if (!article) throw new Error('missing');
    expect((await blog.related(article, 1)).map((other) => other.slug)).toEqual(['fixed-rates']);
    const { previous, next } = await blog.adjacent(article);
    expect(next?.slug).toBe('fixed-rates');
    expect(previous?.slug).toMatch(/^filler-/);
  });

  it('ranks title matches first and marks the matched words in snippets', async () => {
    const { hits, total } = await blog.search('memo', 1);
    expect(total).toBe(2);
    expect(hits.map((hit) => hit.article.slug)).toEqual(['destination-tags', 'fixed-rates']);
    const marked = hits[0]?.snippet.filter((part) => part.hit).map((part) => part.text.toLowerCase());
    expect(marked?.length).toBeGreaterThan(0);
    expect(marked?.every((word) => word.startsWith('memo'))).toBe(true);
  });

  it('takes any characters in a query without failing', async () => {
    for (const query of [
      "'",
      '"',
      '&|!():*',
      '\\',
      '<script>',
      'memo -fixed',
      '"destination tag"',
      'the',
      '%_',
    ]) {
      const result = await blog.search(query, 1);
      expect(result.total, query).toBeGreaterThanOrEqual(0);
    }
    expect((await blog.search('memo -fixed', 1)).hits.map((hit) => hit.article.slug)).toEqual([
      'destination-tags',
    ]);
    expect((await blog.search('nothingmatchesthis', 1)).total).toBe(0);
  });

  it('lists blog URLs for the sitemap with their last change', async () => {
    const entries = await blog.sitemapEntries();
    const paths = entries.map((entry) => entry.path);
    expect(paths).toContain('/blog/');
    expect(paths).toContain('/blog/page/2/');
    expect(paths).toContain('/blog/destination-tags/');
    expect(paths).toContain('/blog/authors/bob/');
    expect(paths).toContain('/blog/tag/memos/');
    expect(paths).not.toContain('/blog/a-draft/');
    expect(paths).not.toContain('/blog/tag/unused/');
    expect(entries.find((entry) => entry.path === '/blog/authors/bob/')?.lastmod.toISOString()).toBe(
      '2024-02-10T00:00:00.000Z',
    );
  });
});
