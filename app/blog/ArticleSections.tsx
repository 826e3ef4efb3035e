import { Link } from 'react-router';
import { formatDay } from '../../core/i18n/format.ts';
import { imageUrl } from '../../core/images/protocol.ts';
import { useTranslation } from '../i18n/react.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';
import { ServerHtml, useWithheldText } from '../ui/ServerHtml.tsx';
import { AuthorCard, BLOG_LANG, TagLinks } from './parts.tsx';
import { ARTICLE_BODY, type Article, type ArticleSummary } from './types.ts';

/** The cover as a 1200 × 630 JPEG: what social networks and search engines can read (not SVG). */
export function cardImage(cover: string): string {
  return imageUrl({ src: cover, width: 1200, height: 630, fit: 'cover', format: 'jpeg' });
}

/** The article's Open Graph tags: published and changed, author, section and topics. */
export function ArticleMetaTags({ article, baseUrl }: { article: Article; baseUrl: string }) {
  return (
    <>
      <meta property="article:published_time" content={article.publishedAt} />
      <meta property="article:modified_time" content={article.updatedAt} />
      <meta property="article:author" content={`${baseUrl}/blog/authors/${article.author.slug}/`} />
      <meta property="article:section" content={article.tags[0]?.name ?? ''} />
      {article.tags.map((tag) => (
        <meta key={tag.slug} property="article:tag" content={tag.name} />
      ))}
    </>
  );
}

/** The article as BlogPosting JSON-LD. */
export function ArticleJsonLd({
  article,
  baseUrl,
  url,
  image,
}: {
  article: Article;
  baseUrl: string;
  url: string;
  image: string;
}) {
  const { t } = useTranslation();
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        headline: article.title,
        description: article.excerpt,
        image: [`${baseUrl}${image}`],
        datePublished: article.publishedAt,
        dateModified: article.updatedAt,
        inLanguage: 'en',
        keywords: article.tags.map((tag) => tag.name).join(', '),
        author: {
          '@type': 'Person',
          name: article.author.name,
          jobTitle: article.author.role,
          url: `${baseUrl}/blog/authors/${article.author.slug}/`,
          sameAs: Object.values(article.author.links),
        },
        publisher: {
          '@type': 'Organization',
          name: t('site.name'),
          logo: { '@type': 'ImageObject', url: `${baseUrl}/favicon.svg` },
        },
      }}
    />
  );
}

/** Topics, title, excerpt, author, days and reading time: server HTML the browser keeps. */
export function ArticleHeader({ article }: { article: Article }) {
  const { t } = useTranslation();
  const changed = article.updatedAt !== article.publishedAt;
  return (
    <ServerHtml as="header" className="mx-auto max-w-3xl" version={article.slug}>
      <TagLinks tags={article.tags} />
      <h1 className="mt-4 text-3xl font-bold leading-tight tracking-tight md:text-5xl">{article.title}</h1>
      <p className="mt-4 text-lg text-muted">{article.excerpt}</p>
      <p
        className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted"
        data-testid="article-meta"
      >
        <Link
          to={`/blog/authors/${article.author.slug}/`}
          className="inline-flex items-center gap-2 font-medium text-ink hover:underline"
        >
          <img src={article.author.avatar} alt="" width={32} height={32} className="size-8 rounded-full" />
          {article.author.name}
        </Link>
        <span aria-hidden="true">·</span>
        <time dateTime={article.publishedAt}>
          {t('blog.article.published', { date: formatDay(article.publishedAt, BLOG_LANG) })}
        </time>
        {changed ? (
          <>
            <span aria-hidden="true">·</span>
            <time dateTime={article.updatedAt}>
              {t('blog.article.updated', { date: formatDay(article.updatedAt, BLOG_LANG) })}
            </time>
          </>
        ) : null}
        <span aria-hidden="true">·</span>
        <span>{t('blog.card.minutes', { count: article.readingMinutes })}</span>
      </p>
    </ServerHtml>
  );
}

/** The article's contents (h2 and h3) as links to its headings; nothing for one heading or none. */
function Contents({ toc }: { toc: Article['toc'] }) {
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {toc.map((entry) => (
        <li key={entry.id} className={entry.depth === 3 ? 'pl-4' : ''}>
          <a href={`#${entry.id}`} className="text-muted hover:text-brand-700">
            {entry.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** The contents folded (below wide screens) and the body: server HTML the browser keeps. */
export function ArticleBody({ article }: { article: Article }) {
  const { t } = useTranslation();
  // The server's render reads the body the document's data goes without (kept by ServerHtml).
  const bodyHtml = useWithheldText(ARTICLE_BODY, article.bodyHtml);
  return (
    <ServerHtml version={article.slug}>
      {article.toc.length > 1 ? (
        <details
          className="mb-8 rounded-xl border border-slate-200 bg-surface p-4 lg:hidden"
          data-testid="toc-mobile"
        >
          <summary className="cursor-pointer font-semibold">{t('blog.article.toc')}</summary>
          <nav aria-label={t('blog.article.toc')} className="mt-3">
            <Contents toc={article.toc} />
          </nav>
        </details>
      ) : null}
      <div
        className="article-body"
        data-testid="article-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised when the Markdown was rendered (core/blog/markdown.ts)
        dangerouslySetInnerHTML={{ __html: bodyHtml }}
      />
    </ServerHtml>
  );
}

function Neighbour({
  article,
  label,
  align,
}: {
  article: ArticleSummary;
  label: string;
  align: 'left' | 'right';
}) {
  return (
    <Link
      to={`/blog/${article.slug}/`}
      rel={align === 'left' ? 'prev' : 'next'}
      className={`flex flex-col gap-1 rounded-xl border border-slate-200 bg-surface p-4 hover:border-brand-500 ${align === 'right' ? 'sm:text-right' : ''}`}
    >
      <span className="text-xs font-semibold uppercase text-muted">{label}</span>
      <span className="font-semibold">{article.title}</span>
    </Link>
  );
}

/** About the author, then the previous and next articles: server HTML the browser keeps. */
export function ArticleFooter({
  article,
  previous,
  next,
}: {
  article: Article;
  previous: ArticleSummary | null;
  next: ArticleSummary | null;
}) {
  const { t } = useTranslation();
  return (
    <ServerHtml version={article.slug}>
      <section
        className="mt-10 rounded-2xl border border-slate-200 bg-surface p-6"
        aria-label={t('blog.article.aboutAuthor')}
      >
        <p className="mb-4 text-xs font-semibold uppercase text-muted">{t('blog.article.aboutAuthor')}</p>
        <AuthorCard author={article.author} heading="h2" />
        <p className="mt-4">
          <Link to={`/blog/authors/${article.author.slug}/`} className="text-link text-sm">
            {t('blog.article.allBy', { name: article.author.name })}
          </Link>
        </p>
      </section>
      {previous || next ? (
        <nav
          className="mt-10 grid gap-4 sm:grid-cols-2"
          aria-label={`${t('blog.article.previous')} / ${t('blog.article.next')}`}
        >
          <div>
            {previous ? (
              <Neighbour article={previous} label={t('blog.article.previous')} align="left" />
            ) : null}
          </div>
          <div>{next ? <Neighbour article={next} label={t('blog.article.next')} align="right" /> : null}</div>
        </nav>
      ) : null}
    </ServerHtml>
  );
}

/** The contents beside the article on wide screens: server HTML the browser keeps. */
export function ArticleSideContents({ article }: { article: Article }) {
  const { t } = useTranslation();
  return (
    <aside className="hidden lg:block">
      <ServerHtml className="sticky top-24 flex flex-col gap-8" version={article.slug}>
        {article.toc.length > 1 ? (
          <nav aria-label={t('blog.article.toc')} data-testid="toc">
            <p className="mb-3 text-xs font-semibold uppercase text-muted">{t('blog.article.toc')}</p>
            <Contents toc={article.toc} />
          </nav>
        ) : null}
      </ServerHtml>
    </aside>
  );
}
