import { Link, type LoaderFunctionArgs, useLoaderData, useRouteLoaderData } from 'react-router';
import { formatDay } from '../../core/i18n/format.ts';
import { imageUrl } from '../../core/images/protocol.ts';
import { loadBlogArticle } from '../blog/blog.server.ts';
import { ArticleGrid, AuthorCard, BLOG_LANG, BlogNav, COVER_RATIO, TagLinks } from '../blog/parts.tsx';
import { ShareLinks } from '../blog/ShareLinks.tsx';
import { ARTICLE_BODY, type ArticleSummary } from '../blog/types.ts';
import { ExchangeFormWhenNeeded } from '../exchange/ExchangeFormWhenNeeded.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { Image } from '../ui/Image.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';
import { ServerHtml, useWithheldText } from '../ui/ServerHtml.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadBlogArticle(args);
}

/** The cover as a 1200 × 630 JPEG: what social networks and search engines can read (not SVG). */
function cardImage(cover: string): string {
  return imageUrl({ src: cover, width: 1200, height: 630, fit: 'cover', format: 'jpeg' });
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

/**
 * /blog/{slug}/: the article with its cover, author, topics, reading time, contents, share links,
 * previous and next articles, related articles and the exchange form.
 */
export default function BlogArticle() {
  const { article, related, previous, next, form } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const root = useRouteLoaderData('root') as { baseUrl: string } | undefined;
  const baseUrl = root?.baseUrl ?? '';
  const url = `${baseUrl}/blog/${article.slug}/`;
  const image = cardImage(article.cover);
  const changed = article.updatedAt !== article.publishedAt;
  // The server's render reads the body the document's data goes without (kept by ServerHtml).
  const bodyHtml = useWithheldText(ARTICLE_BODY, article.bodyHtml);
  const contents =
    article.toc.length > 1 ? (
      <ol className="flex flex-col gap-2 text-sm">
        {article.toc.map((entry) => (
          <li key={entry.id} className={entry.depth === 3 ? 'pl-4' : ''}>
            <a href={`#${entry.id}`} className="text-muted hover:text-brand-700">
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    ) : null;
  return (
    <article data-page="blog-article" data-slug={article.slug}>
      <PageHead
        title={`${article.title} | ${t('blog.feed.title')}`}
        description={article.excerpt}
        type="article"
        image={image}
      />
      <meta property="article:published_time" content={article.publishedAt} />
      <meta property="article:modified_time" content={article.updatedAt} />
      <meta property="article:author" content={`${baseUrl}/blog/authors/${article.author.slug}/`} />
      <meta property="article:section" content={article.tags[0]?.name ?? ''} />
      {article.tags.map((tag) => (
        <meta key={tag.slug} property="article:tag" content={tag.name} />
      ))}
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
      <Breadcrumbs
        trail={[
          { name: t('blog.home'), path: '/blog/' },
          { name: article.title, path: `/blog/${article.slug}/` },
        ]}
      />
      <BlogNav />
      {/* The article's text, meta and links: server HTML the browser keeps (docs/decisions/032). */}
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
      <div className="mx-auto mt-8 max-w-4xl overflow-hidden rounded-2xl">
        <Image
          src={article.cover}
          alt={article.coverAlt}
          ratio={COVER_RATIO}
          sizes="(min-width: 896px) 896px, 100vw"
          priority
          className="block w-full"
        />
      </div>
      <div className="mt-10 lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-12">
        <div className="min-w-0">
          <ServerHtml version={article.slug}>
            {contents ? (
              <details
                className="mb-8 rounded-xl border border-slate-200 bg-surface p-4 lg:hidden"
                data-testid="toc-mobile"
              >
                <summary className="cursor-pointer font-semibold">{t('blog.article.toc')}</summary>
                <nav aria-label={t('blog.article.toc')} className="mt-3">
                  {contents}
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
          <div className="mt-10 border-t border-slate-200 pt-6">
            <ShareLinks url={url} title={article.title} />
          </div>
          <ServerHtml version={article.slug}>
            <section
              className="mt-10 rounded-2xl border border-slate-200 bg-surface p-6"
              aria-label={t('blog.article.aboutAuthor')}
            >
              <p className="mb-4 text-xs font-semibold uppercase text-muted">
                {t('blog.article.aboutAuthor')}
              </p>
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
                <div>
                  {next ? <Neighbour article={next} label={t('blog.article.next')} align="right" /> : null}
                </div>
              </nav>
            ) : null}
          </ServerHtml>
        </div>
        <aside className="hidden lg:block">
          <ServerHtml className="sticky top-24 flex flex-col gap-8" version={article.slug}>
            {contents ? (
              <nav aria-label={t('blog.article.toc')} data-testid="toc">
                <p className="mb-3 text-xs font-semibold uppercase text-muted">{t('blog.article.toc')}</p>
                {contents}
              </nav>
            ) : null}
          </ServerHtml>
        </aside>
      </div>
      <section
        className="-mx-4 mt-14 bg-brand-50 p-4 sm:mx-0 sm:rounded-2xl sm:p-6 md:p-10"
        aria-labelledby="cta-heading"
        data-testid="article-cta"
      >
        <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold">
              {t('blog.article.ctaTitle')}
            </h2>
            <p className="mt-2 text-muted">{t('blog.article.ctaText')}</p>
          </div>
          <ExchangeFormWhenNeeded from={form.from} to={form.to} />
        </div>
      </section>
      {related.length > 0 ? (
        <section className="mt-14" aria-labelledby="related-heading">
          <h2 id="related-heading" className="mb-4 text-2xl font-bold">
            {t('blog.article.related')}
          </h2>
          <ArticleGrid articles={related} />
        </section>
      ) : null}
    </article>
  );
}
