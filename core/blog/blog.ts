import { and, asc, count, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blogArticles, blogArticleTags, blogAuthors, blogTags } from '../../db/schema.ts';
import { withoutControlCharacters } from '../text.ts';
import type { TocEntry } from './markdown.ts';

/** Articles per page of the index, an author and a tag (a 3 × 3 grid). */
export const BLOG_PAGE_SIZE = 9;
/** Longest search query kept; the rest is cut. */
export const MAX_SEARCH_CHARS = 100;

export interface AuthorSummary {
  slug: string;
  name: string;
  role: string;
  avatar: string;
}

export interface Author extends AuthorSummary {
  bio: string;
  links: Record<string, string>;
  articles: number;
}

export interface Tag {
  slug: string;
  name: string;
  description: string;
  articles: number;
}

export interface ArticleSummary {
  slug: string;
  title: string;
  excerpt: string;
  cover: string;
  coverAlt: string;
  author: AuthorSummary;
  tags: { slug: string; name: string }[];
  readingMinutes: number;
  featured: boolean;
  /** ISO 8601. */
  publishedAt: string;
  updatedAt: string;
}

export interface Article extends ArticleSummary {
  bodyHtml: string;
  toc: TocEntry[];
  author: Author;
}

export interface ArticlePage {
  articles: ArticleSummary[];
  total: number;
}

/** A piece of a search snippet; `hit` pieces are the words that matched. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

export interface SearchHit {
  article: ArticleSummary;
  snippet: SnippetPart[];
}

export interface SearchPage {
  hits: SearchHit[];
  total: number;
}

/** A blog URL for the sitemap with the time its content last changed. */
export interface BlogSitemapEntry {
  path: string;
  lastmod: Date;
}

// Private-use characters mark the matched words in ts_headline's output: they cannot occur in an
// article's text, so the snippet is split on them and never carries markup from the database.
const HIT_START = '\uE000';
const HIT_END = '\uE001';

const published = eq(blogArticles.status, 'published');
const newestFirst = [desc(blogArticles.publishedAt), asc(blogArticles.slug)] as const;

const summaryColumns = {
  slug: blogArticles.slug,
  title: blogArticles.title,
  excerpt: blogArticles.excerpt,
  cover: blogArticles.cover,
  coverAlt: blogArticles.coverAlt,
  readingMinutes: blogArticles.readingMinutes,
  featured: blogArticles.featured,
  publishedAt: blogArticles.publishedAt,
  updatedAt: blogArticles.updatedAt,
  authorSlug: blogAuthors.slug,
  authorName: blogAuthors.name,
  authorRole: blogAuthors.role,
  authorAvatar: blogAuthors.avatar,
};

type SummaryRow = {
  slug: string;
  title: string;
  excerpt: string;
  cover: string;
  coverAlt: string;
  readingMinutes: number;
  featured: boolean;
  publishedAt: Date;
  updatedAt: Date;
  authorSlug: string;
  authorName: string;
  authorRole: string;
  authorAvatar: string;
};

/** Splits ts_headline output into plain and matched pieces. */
export function parseSnippet(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [index, piece] of headline.split(HIT_START).entries()) {
    const [hit, rest] = index === 0 ? [null, piece] : piece.split(HIT_END, 2);
    if (hit) parts.push({ text: hit, hit: true });
    if (rest) parts.push({ text: rest, hit: false });
  }
  return parts;
}

/**
 * The search text as typed, trimmed and cut to MAX_SEARCH_CHARS; control characters (a NUL fails
 * the whole query in PostgreSQL) and lone surrogates count as spaces.
 */
export function normalizeSearch(query: string | null | undefined): string {
  return withoutControlCharacters(query ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_SEARCH_CHARS)
    .replace(/\p{Cs}$/u, '');
}

/** Reads the blog: published articles only, newest first. */
export class BlogService {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async #tagsOf(slugs: string[]): Promise<Map<string, { slug: string; name: string }[]>> {
    const byArticle = new Map<string, { slug: string; name: string }[]>(slugs.map((slug) => [slug, []]));
    if (slugs.length === 0) return byArticle;
    const rows = await this.#db
      .select({ article: blogArticleTags.article, slug: blogTags.slug, name: blogTags.name })
      .from(blogArticleTags)
      .innerJoin(blogTags, eq(blogTags.slug, blogArticleTags.tag))
      .where(inArray(blogArticleTags.article, slugs))
      .orderBy(asc(blogArticleTags.position));
    for (const row of rows) byArticle.get(row.article)?.push({ slug: row.slug, name: row.name });
    return byArticle;
  }

  async #summaries(rows: SummaryRow[]): Promise<ArticleSummary[]> {
    const tags = await this.#tagsOf(rows.map((row) => row.slug));
    return rows.map((row) => ({
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt,
      cover: row.cover,
      coverAlt: row.coverAlt,
      author: { slug: row.authorSlug, name: row.authorName, role: row.authorRole, avatar: row.authorAvatar },
      tags: tags.get(row.slug) ?? [],
      readingMinutes: row.readingMinutes,
      featured: row.featured,
      publishedAt: row.publishedAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  #select() {
    return this.#db
      .select(summaryColumns)
      .from(blogArticles)
      .innerJoin(blogAuthors, eq(blogAuthors.slug, blogArticles.author));
  }

  async #page(where: ReturnType<typeof and>, page: number): Promise<ArticlePage> {
    const [rows, [total]] = await Promise.all([
      this.#select()
        .where(where)
        .orderBy(...newestFirst)
        .limit(BLOG_PAGE_SIZE)
        .offset((page - 1) * BLOG_PAGE_SIZE),
      this.#db.select({ n: count() }).from(blogArticles).where(where),
    ]);
    return { articles: await this.#summaries(rows), total: total?.n ?? 0 };
  }

  /** Page `page` (from 1) of every published article. */
  latest(page: number): Promise<ArticlePage> {
    return this.#page(published, page);
  }

  /** The articles marked featured, newest first. */
  async featured(limit = 3): Promise<ArticleSummary[]> {
    const rows = await this.#select()
      .where(and(published, eq(blogArticles.featured, true)))
      .orderBy(...newestFirst)
      .limit(limit);
    return this.#summaries(rows);
  }

  /** Whether `slug` is a published article (the blog-article route check). */
  async isPublished(slug: string): Promise<boolean> {
    const rows = await this.#db
      .select({ slug: blogArticles.slug })
      .from(blogArticles)
      .where(and(published, eq(blogArticles.slug, slug)))
      .limit(1);
    return rows.length > 0;
  }

  /** A published article with its body, or null. */
  async article(slug: string): Promise<Article | null> {
    const [row] = await this.#db
      .select({ ...summaryColumns, bodyHtml: blogArticles.bodyHtml, toc: blogArticles.toc })
      .from(blogArticles)
      .innerJoin(blogAuthors, eq(blogAuthors.slug, blogArticles.author))
      .where(and(published, eq(blogArticles.slug, slug)));
    if (!row) return null;
    const [[summary], author] = await Promise.all([this.#summaries([row]), this.author(row.authorSlug)]);
    if (!summary || !author) return null;
    return { ...summary, author, bodyHtml: row.bodyHtml, toc: row.toc as TocEntry[] };
  }

  /** Other articles sharing the most tags with `article`, then the newest. */
  async related(article: ArticleSummary, limit = 3): Promise<ArticleSummary[]> {
    const tagSlugs = article.tags.map((tag) => tag.slug);
    const shared = sql<number>`(select count(*) from ${blogArticleTags} where ${blogArticleTags.article} = ${blogArticles.slug} and ${tagSlugs.length > 0 ? inArray(blogArticleTags.tag, tagSlugs) : sql`false`})`;
    const rows = await this.#select()
      .where(and(published, ne(blogArticles.slug, article.slug)))
      .orderBy(desc(shared), ...newestFirst)
      .limit(limit);
    return this.#summaries(rows);
  }

  /** The article published just before (`previous`) and just after (`next`) this one. */
  async adjacent(
    article: ArticleSummary,
  ): Promise<{ previous: ArticleSummary | null; next: ArticleSummary | null }> {
    const at = new Date(article.publishedAt);
    const before = or(
      lt(blogArticles.publishedAt, at),
      and(eq(blogArticles.publishedAt, at), gt(blogArticles.slug, article.slug)),
    );
    const after = or(
      gt(blogArticles.publishedAt, at),
      and(eq(blogArticles.publishedAt, at), lt(blogArticles.slug, article.slug)),
    );
    const [previous, next] = await Promise.all([
      this.#select()
        .where(and(published, before))
        .orderBy(...newestFirst)
        .limit(1),
      this.#select()
        .where(and(published, after))
        .orderBy(asc(blogArticles.publishedAt), desc(blogArticles.slug))
        .limit(1),
    ]);
    const [summaries] = [await this.#summaries([...previous, ...next])];
    return {
      previous: previous.length > 0 ? (summaries[0] ?? null) : null,
      next: next.length > 0 ? (summaries[previous.length] ?? null) : null,
    };
  }

  /** Every author with a published article, with their counts, most prolific first. */
  async authors(): Promise<Author[]> {
    const rows = await this.#db
      .select({
        slug: blogAuthors.slug,
        name: blogAuthors.name,
        role: blogAuthors.role,
        avatar: blogAuthors.avatar,
        bio: blogAuthors.bio,
        links: blogAuthors.links,
        articles: count(blogArticles.slug),
      })
      .from(blogAuthors)
      .innerJoin(blogArticles, and(eq(blogArticles.author, blogAuthors.slug), published))
      .groupBy(blogAuthors.slug)
      .orderBy(desc(count(blogArticles.slug)), asc(blogAuthors.name));
    return rows;
  }

  /** An author with at least one published article, or null. */
  async author(slug: string): Promise<Author | null> {
    return (await this.authors()).find((author) => author.slug === slug) ?? null;
  }

  byAuthor(slug: string, page: number): Promise<ArticlePage> {
    return this.#page(and(published, eq(blogArticles.author, slug)), page);
  }

  /** Every tag with a published article, with their counts, most used first. */
  async tags(): Promise<Tag[]> {
    const rows = await this.#db
      .select({
        slug: blogTags.slug,
        name: blogTags.name,
        description: blogTags.description,
        articles: count(blogArticles.slug),
      })
      .from(blogTags)
      .innerJoin(blogArticleTags, eq(blogArticleTags.tag, blogTags.slug))
      .innerJoin(blogArticles, and(eq(blogArticles.slug, blogArticleTags.article), published))
      .groupBy(blogTags.slug)
      .orderBy(desc(count(blogArticles.slug)), asc(blogTags.name));
    return rows;
  }

  /** A tag with at least one published article, or null. */
  async tag(slug: string): Promise<Tag | null> {
    return (await this.tags()).find((tag) => tag.slug === slug) ?? null;
  }

  byTag(slug: string, page: number): Promise<ArticlePage> {
    const tagged = this.#db
      .select({ article: blogArticleTags.article })
      .from(blogArticleTags)
      .where(eq(blogArticleTags.tag, slug));
    return this.#page(and(published, inArray(blogArticles.slug, tagged)), page);
  }

  /**
   * Full-text search in English (PostgreSQL's, the same on PGlite): the query is read as a web
   * search (`"exact phrase"`, `or`, `-word`; any other punctuation is ignored, so no input breaks
   * it), hits are ranked by cover density with title words weighing most, and each comes with a
   * snippet of the body around the matched words.
   */
  async search(text: string, page: number): Promise<SearchPage> {
    const query = sql`websearch_to_tsquery('english', ${normalizeSearch(text)})`;
    const matches = and(published, sql`${blogArticles.search} @@ ${query}`);
    const [rows, [total]] = await Promise.all([
      this.#db
        .select({
          ...summaryColumns,
          headline: sql<string>`ts_headline('english', ${blogArticles.bodyText}, ${query}, ${`StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`})`,
        })
        .from(blogArticles)
        .innerJoin(blogAuthors, eq(blogAuthors.slug, blogArticles.author))
        .where(matches)
        .orderBy(desc(sql`ts_rank_cd(${blogArticles.search}, ${query})`), ...newestFirst)
        .limit(BLOG_PAGE_SIZE)
        .offset((page - 1) * BLOG_PAGE_SIZE),
      this.#db.select({ n: count() }).from(blogArticles).where(matches),
    ]);
    const summaries = await this.#summaries(rows);
    return {
      hits: summaries.map((article, index) => ({
        article,
        snippet: parseSnippet(rows[index]?.headline ?? ''),
      })),
      total: total?.n ?? 0,
    };
  }

  /** The newest articles with their bodies, for the feeds. */
  async feed(limit = 20): Promise<Article[]> {
    const rows = await this.#select()
      .where(published)
      .orderBy(...newestFirst)
      .limit(limit);
    const articles = await Promise.all(rows.map((row) => this.article(row.slug)));
    return articles.filter((article): article is Article => article !== null);
  }

  /** Every indexable blog URL (first pages only for lists) with when its content last changed. */
  async sitemapEntries(): Promise<BlogSitemapEntry[]> {
    const rows = await this.#db
      .select({ slug: blogArticles.slug, updatedAt: blogArticles.updatedAt, author: blogArticles.author })
      .from(blogArticles)
      .where(published)
      .orderBy(...newestFirst);
    if (rows.length === 0) return [];
    const tagRows = await this.#db
      .select({ article: blogArticleTags.article, tag: blogArticleTags.tag })
      .from(blogArticleTags)
      .where(
        inArray(
          blogArticleTags.article,
          rows.map((row) => row.slug),
        ),
      );
    const updated = new Map(rows.map((row) => [row.slug, row.updatedAt]));
    const newest = (dates: Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));
    const latestBy = (key: (slug: string) => string[]) => {
      const map = new Map<string, Date[]>();
      for (const row of rows)
        for (const name of key(row.slug)) map.set(name, [...(map.get(name) ?? []), row.updatedAt]);
      return map;
    };
    const authorOf = new Map(rows.map((row) => [row.slug, row.author]));
    const tagsOf = new Map<string, string[]>();
    for (const row of tagRows) tagsOf.set(row.article, [...(tagsOf.get(row.article) ?? []), row.tag]);
    const byAuthor = latestBy((slug) => [authorOf.get(slug) as string]);
    const byTag = latestBy((slug) => tagsOf.get(slug) ?? []);
    const all = newest(rows.map((row) => row.updatedAt));
    const totalPages = Math.ceil(rows.length / BLOG_PAGE_SIZE);
    return [
      { path: '/blog/', lastmod: all },
      ...Array.from({ length: totalPages - 1 }, (_, index) => ({
        path: `/blog/page/${index + 2}/`,
        lastmod: all,
      })),
      ...rows.map((row) => ({ path: `/blog/${row.slug}/`, lastmod: updated.get(row.slug) as Date })),
      { path: '/blog/authors/', lastmod: all },
      ...[...byAuthor].map(([slug, dates]) => ({ path: `/blog/authors/${slug}/`, lastmod: newest(dates) })),
      { path: '/blog/tag/', lastmod: all },
      ...[...byTag].map(([slug, dates]) => ({ path: `/blog/tag/${slug}/`, lastmod: newest(dates) })),
    ];
  }
}
