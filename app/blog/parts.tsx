import './english.ts';
import { Form, Link } from 'react-router';
import { formatDay } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { Icon, type SocialIconName } from '../ui/Icon.tsx';
import { Image } from '../ui/Image.tsx';
import { PageLinks } from '../ui/PageLinks.tsx';
import type { ArticleSummary, Author, BlogPagination } from './types.ts';

/** Blog pages are English whatever the URL's prefix (SPEC §2). */
export const BLOG_LANG = 'en';
/** Covers are drawn 1200 × 630, the social-card shape. */
export const COVER_RATIO = 1200 / 630;

/** Page n of a blog list: `/blog/page/{n}/` for the index, `{list}{n}/` for the others. */
export function blogPagePath(firstPage: string, n: number): string {
  if (n <= 1) return firstPage;
  return firstPage === '/blog/' ? `/blog/page/${n}/` : `${firstPage}${n}/`;
}

/** The blog's own menu: all articles, authors, topics, search and the feed. */
export function BlogNav({ query = '' }: { query?: string }) {
  const { t } = useTranslation();
  const link = 'rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50';
  return (
    <div className="mb-8 flex flex-col gap-3 border-b border-slate-200 pb-4 md:flex-row md:items-center md:justify-between">
      <nav aria-label={t('blog.nav.label')}>
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/blog/" className={link}>
              {t('blog.nav.all')}
            </Link>
          </li>
          <li>
            <Link to="/blog/authors/" className={link}>
              {t('blog.nav.authors')}
            </Link>
          </li>
          <li>
            <Link to="/blog/tag/" className={link}>
              {t('blog.nav.tags')}
            </Link>
          </li>
          <li>
            <a href="/blog/rss.xml" className={link} type="application/rss+xml">
              {t('blog.nav.rss')}
            </a>
          </li>
        </ul>
      </nav>
      <BlogSearchForm query={query} />
    </div>
  );
}

/** A GET search form: works without JavaScript, and as a client navigation with it. */
export function BlogSearchForm({ query, large = false }: { query: string; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/blog/search/" role="search" className="flex w-full gap-2 md:w-auto">
      <label className="sr-only" htmlFor={large ? 'blog-search-large' : 'blog-search'}>
        {t('blog.search.label')}
      </label>
      <input
        id={large ? 'blog-search-large' : 'blog-search'}
        name="q"
        type="search"
        defaultValue={query}
        maxLength={100}
        placeholder={t('blog.search.placeholder')}
        data-testid={large ? 'blog-search-large' : 'blog-search'}
        className={`min-w-0 flex-1 rounded-lg border border-slate-300 bg-surface px-3 focus:border-brand-500 focus:outline-none md:w-64 ${large ? 'py-3 text-base' : 'py-2 text-sm'}`}
      />
      <button
        type="submit"
        className="inline-flex items-center gap-1 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        <Icon name="search" className="size-4" />
        {t('blog.search.submit')}
      </button>
    </Form>
  );
}

/** Author, day and reading time of an article. */
export function ArticleMeta({ article, dateLabel }: { article: ArticleSummary; dateLabel?: string }) {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
      <Link
        to={`/blog/authors/${article.author.slug}/`}
        className="inline-flex items-center gap-2 text-ink hover:underline"
      >
        <img
          src={article.author.avatar}
          alt=""
          width={24}
          height={24}
          className="size-6 rounded-full"
          loading="lazy"
        />
        {article.author.name}
      </Link>
      <span aria-hidden="true">·</span>
      <time dateTime={article.publishedAt}>{dateLabel ?? formatDay(article.publishedAt, BLOG_LANG)}</time>
      <span aria-hidden="true">·</span>
      <span>{t('blog.card.minutes', { count: article.readingMinutes })}</span>
    </p>
  );
}

/** An article's topics as links. */
export function TagLinks({ tags }: { tags: ArticleSummary['tags'] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link
            to={`/blog/tag/${tag.slug}/`}
            className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700 hover:bg-brand-500 hover:text-white"
          >
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** An article in a list: cover, topics, title, excerpt and meta. */
export function ArticleCard({ article, priority = false }: { article: ArticleSummary; priority?: boolean }) {
  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-surface shadow-sm"
      data-testid="article-card"
      data-slug={article.slug}
    >
      <Link to={`/blog/${article.slug}/`} tabIndex={-1} aria-hidden="true">
        <Image
          src={article.cover}
          alt=""
          ratio={COVER_RATIO}
          sizes="(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw"
          priority={priority}
          className="block w-full"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <TagLinks tags={article.tags} />
        <h3 className="text-lg font-semibold leading-snug">
          <Link to={`/blog/${article.slug}/`} className="hover:text-brand-700">
            {article.title}
          </Link>
        </h3>
        <p className="flex-1 text-sm text-muted">{article.excerpt}</p>
        <ArticleMeta article={article} />
      </div>
    </article>
  );
}

/** Articles in a grid: one column on phones, two on tablets, three on wide screens. */
export function ArticleGrid({
  articles,
  priority = 0,
}: {
  articles: readonly ArticleSummary[];
  priority?: number;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="article-grid">
      {articles.map((article, index) => (
        <ArticleCard key={article.slug} article={article} priority={index < priority} />
      ))}
    </div>
  );
}

/** Page links of a blog list. */
export function BlogPager({ pagination, query }: { pagination: BlogPagination; query?: string }) {
  const search = query ? `?q=${encodeURIComponent(query)}` : '';
  return (
    <PageLinks
      page={pagination.page}
      pages={pagination.pages}
      href={(n) => `${blogPagePath(pagination.firstPage, n)}${search}`}
    />
  );
}

const PROFILE_NAMES: Record<string, string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  github: 'GitHub',
  telegram: 'Telegram',
  website: 'Website',
};

/** An author's avatar, name, role, bio and profile links. */
export function AuthorCard({ author, heading = 'h2' }: { author: Author; heading?: 'h1' | 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const Heading = heading;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start" data-testid="author-card">
      <img src={author.avatar} alt="" width={80} height={80} className="size-20 shrink-0 rounded-full" />
      <div className="min-w-0">
        <Heading className={heading === 'h1' ? 'text-3xl font-bold tracking-tight' : 'text-lg font-semibold'}>
          <Link to={`/blog/authors/${author.slug}/`} className="hover:text-brand-700">
            {author.name}
          </Link>
        </Heading>
        <p className="text-sm font-medium text-brand-700">{author.role}</p>
        <p className="mt-2 text-muted">{author.bio}</p>
        {Object.keys(author.links).length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-3" aria-label={t('blog.author.profiles')}>
            {Object.entries(author.links).map(([network, href]) => (
              <li key={network}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer me"
                  className="inline-flex items-center gap-1 text-sm text-link"
                >
                  <Icon name={`social-${socialIcon(network)}`} className="size-4" />
                  {PROFILE_NAMES[network] ?? network}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function socialIcon(network: string): SocialIconName {
  return network === 'x' || network === 'linkedin' || network === 'telegram' ? network : 'link';
}

/** The head of the blog's authors and topics indexes: title, breadcrumb, blog menu and introduction. */
export function BlogIndexHeader({ section, path }: { section: 'authors' | 'tags'; path: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHead title={t(`blog.${section}.title`)} description={t(`blog.${section}.description`)} />
      <Breadcrumbs
        trail={[
          { name: t('blog.home'), path: '/blog/' },
          { name: t(`blog.${section}.heading`), path },
        ]}
      />
      <BlogNav />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t(`blog.${section}.heading`)}</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{t(`blog.${section}.intro`)}</p>
    </>
  );
}
