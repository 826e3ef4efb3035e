import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { z } from 'zod';
import { RENDER_VERSION } from './markdown.ts';

/** content/blog/: authors/, tags/ and posts/, one Markdown file with front matter each. */
export const BLOG_CONTENT_DIR = fileURLToPath(new URL('../../content/blog/', import.meta.url));

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().regex(SLUG_PATTERN, 'lowercase words joined by hyphens');
/** A same-site image path that /img can read. */
const sitePath = z.string().regex(/^\/[a-z0-9/._-]+\.(?:svg|png|jpe?g|webp|avif)$/);
/** YAML reads `2024-05-14` as a Date; a quoted string works too. */
const day = z.union([
  z.date(),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .transform((value) => new Date(value)),
]);

const authorSchema = z.strictObject({
  name: z.string().min(1).max(80),
  role: z.string().min(1).max(80),
  avatar: sitePath,
  links: z
    .record(
      z
        .string()
        .regex(/^(?:x|linkedin|github|telegram|website)$/, 'x, linkedin, github, telegram or website'),
      z.url(),
    )
    .default({}),
});

const tagSchema = z.strictObject({ name: z.string().min(1).max(40) });

const articleSchema = z.strictObject({
  title: z.string().min(10).max(120),
  excerpt: z.string().min(40).max(260),
  author: slug,
  tags: z.array(slug).min(1).max(5),
  cover: sitePath,
  coverAlt: z.string().min(3).max(160),
  published: day,
  updated: day.optional(),
  featured: z.boolean().default(false),
  draft: z.boolean().default(false),
});

interface Source {
  slug: string;
  /** SHA-256 of the whole file. */
  hash: string;
  body: string;
}

export interface AuthorSource extends Source, z.infer<typeof authorSchema> {}
export interface TagSource extends Source, z.infer<typeof tagSchema> {}
export interface ArticleSource extends Source, z.infer<typeof articleSchema> {}

export interface BlogSources {
  authors: AuthorSource[];
  tags: TagSource[];
  articles: ArticleSource[];
}

export class BlogContentError extends Error {
  override name = 'BlogContentError';
}

function readKind<T extends object>(dir: string, kind: string, schema: z.ZodType<T>): (Source & T)[] {
  const folder = join(dir, kind);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -3);
      if (!SLUG_PATTERN.test(name))
        throw new BlogContentError(`${kind}/${file}: the file name is not a slug`);
      const raw = readFileSync(join(folder, file), 'utf8');
      const parsed = matter(raw);
      const result = schema.safeParse(parsed.data);
      if (!result.success) {
        throw new BlogContentError(`${kind}/${file}: ${z.prettifyError(result.error)}`);
      }
      return {
        ...result.data,
        slug: name,
        hash: createHash('sha256').update(`${RENDER_VERSION}\n${raw}`).digest('hex'),
        body: parsed.content.trim(),
      };
    });
}

/**
 * Reads and checks every blog source file: front matter against its schema, and every article's
 * author and tags against the authors and tags there are. Throws on the first error, naming the file.
 */
export function readBlogSources(dir: string = BLOG_CONTENT_DIR): BlogSources {
  const authors = readKind(dir, 'authors', authorSchema);
  const tags = readKind(dir, 'tags', tagSchema);
  const articles = readKind(dir, 'posts', articleSchema);
  const authorSlugs = new Set(authors.map((author) => author.slug));
  const tagSlugs = new Set(tags.map((tag) => tag.slug));
  for (const article of articles) {
    if (!authorSlugs.has(article.author)) {
      throw new BlogContentError(`posts/${article.slug}.md: unknown author "${article.author}"`);
    }
    const unknown = article.tags.find((tag) => !tagSlugs.has(tag));
    if (unknown) throw new BlogContentError(`posts/${article.slug}.md: unknown tag "${unknown}"`);
  }
  return { authors, tags, articles };
}
