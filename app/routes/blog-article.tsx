import { type LoaderFunctionArgs, useLoaderData, useRouteLoaderData } from 'react-router';
import {
  ArticleBody,
  ArticleFooter,
  ArticleHeader,
  ArticleJsonLd,
  ArticleMetaTags,
  ArticleSideContents,
  cardImage,
} from '../blog/ArticleSections.tsx';
import { loadBlogArticle } from '../blog/blog.server.ts';
import { ArticleGrid, BlogNav, COVER_RATIO } from '../blog/parts.tsx';
import { ShareLinks } from '../blog/ShareLinks.tsx';
import { ExchangeFormWhenNeeded } from '../exchange/ExchangeFormWhenNeeded.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { Image } from '../ui/Image.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadBlogArticle(args);
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
  return (
    <article data-page="blog-article" data-slug={article.slug}>
      <PageHead
        title={`${article.title} | ${t('blog.feed.title')}`}
        description={article.excerpt}
        type="article"
        image={image}
      />
      <ArticleMetaTags article={article} baseUrl={baseUrl} />
      <ArticleJsonLd article={article} baseUrl={baseUrl} url={url} image={image} />
      <Breadcrumbs
        trail={[
          { name: t('blog.home'), path: '/blog/' },
          { name: article.title, path: `/blog/${article.slug}/` },
        ]}
      />
      <BlogNav />
      {/* The article's text, meta and links: server HTML the browser keeps (docs/decisions/032). */}
      <ArticleHeader article={article} />
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
          <ArticleBody article={article} />
          <div className="mt-10 border-t border-slate-200 pt-6">
            <ShareLinks url={url} title={article.title} />
          </div>
          <ArticleFooter article={article} previous={previous} next={next} />
        </div>
        <ArticleSideContents article={article} />
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
