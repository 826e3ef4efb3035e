import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blogArticles, blogArticleTags, blogAuthors, blogTags } from '../../db/schema.ts';
import { BlogContentError, type BlogSources, readBlogSources } from './content.ts';
import { readingMinutes, renderMarkdown } from './markdown.ts';
import { BLOG_SECTIONS } from './sections.ts';

export interface BlogSyncResult {
  /** Slugs written because they were new or their file changed. */
  authors: string[];
  tags: string[];
  articles: string[];
}

async function storedHashes(db: Database) {
  const [authors, tags, articles] = await Promise.all([
    db.select({ slug: blogAuthors.slug, hash: blogAuthors.sourceHash }).from(blogAuthors),
    db.select({ slug: blogTags.slug, hash: blogTags.sourceHash }).from(blogTags),
    db.select({ slug: blogArticles.slug, hash: blogArticles.sourceHash }).from(blogArticles),
  ]);
  const map = (rows: { slug: string; hash: string }[]) => new Map(rows.map((row) => [row.slug, row.hash]));
  return { authors: map(authors), tags: map(tags), articles: map(articles) };
}

/**
 * Brings the blog tables in line with content/blog/: new files are inserted, changed files
 * (by their hash) rewritten, unchanged ones left alone, so running it at every start is cheap and
 * never duplicates a post. A post whose file is removed stays as it was (unpublish it with
 * `draft: true` instead); its slug keeps answering rather than breaking links.
 */
export async function syncBlog(
  db: Database,
  sources: BlogSources = readBlogSources(),
): Promise<BlogSyncResult> {
  for (const article of sources.articles) {
    if (BLOG_SECTIONS.has(article.slug)) {
      throw new BlogContentError(`posts/${article.slug}.md: "${article.slug}" is a blog section, not a slug`);
    }
  }
  const stored = await storedHashes(db);
  const authors = sources.authors.filter((author) => stored.authors.get(author.slug) !== author.hash);
  const tags = sources.tags.filter((tag) => stored.tags.get(tag.slug) !== tag.hash);
  const changed = sources.articles.filter((article) => stored.articles.get(article.slug) !== article.hash);
  // Rendering happens before the transaction: it is the slow part and touches no table.
  const articles = await Promise.all(
    changed.map(async (article) => ({ article, rendered: await renderMarkdown(article.body) })),
  );

  await db.transaction(async (tx) => {
    for (const author of authors) {
      const row = {
        name: author.name,
        role: author.role,
        bio: author.body,
        avatar: author.avatar,
        links: author.links,
        sourceHash: author.hash,
      };
      await tx
        .insert(blogAuthors)
        .values({ slug: author.slug, ...row })
        .onConflictDoUpdate({ target: blogAuthors.slug, set: row });
    }
    for (const tag of tags) {
      const row = { name: tag.name, description: tag.body, sourceHash: tag.hash };
      await tx
        .insert(blogTags)
        .values({ slug: tag.slug, ...row })
        .onConflictDoUpdate({ target: blogTags.slug, set: row });
    }
    for (const { article, rendered } of articles) {
      const row = {
        title: article.title,
        excerpt: article.excerpt,
        bodyMarkdown: article.body,
        bodyHtml: rendered.html,
        bodyText: rendered.text,
        toc: rendered.toc,
        cover: article.cover,
        coverAlt: article.coverAlt,
        author: article.author,
        readingMinutes: readingMinutes(rendered.words),
        status: article.draft ? ('draft' as const) : ('published' as const),
        featured: article.featured,
        publishedAt: article.published,
        updatedAt: article.updated ?? article.published,
        sourceHash: article.hash,
      };
      await tx
        .insert(blogArticles)
        .values({ slug: article.slug, ...row })
        .onConflictDoUpdate({ target: blogArticles.slug, set: row });
    }
    if (articles.length > 0) {
      const slugs = articles.map(({ article }) => article.slug);
      await tx.delete(blogArticleTags).where(inArray(blogArticleTags.article, slugs));
      await tx
        .insert(blogArticleTags)
        .values(
          articles.flatMap(({ article }) =>
            article.tags.map((tag, position) => ({ article: article.slug, tag, position })),
          ),
        );
    }
  });
  return {
    authors: authors.map((author) => author.slug),
    tags: tags.map((tag) => tag.slug),
    articles: articles.map(({ article }) => article.slug),
  };
}
