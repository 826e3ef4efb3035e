import { type LoaderFunctionArgs, useLoaderData, useLocation, useRouteLoaderData } from 'react-router';
import { loadBlogIndex } from '../blog/blog.server.ts';
import { ArticleCard, ArticleGrid, BlogNav, BlogPager } from '../blog/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadBlogIndex(args);
}

/** /blog/ and /blog/page/{number}/: featured articles on the first page, then every article, newest first. */
export default function BlogIndex() {
  const { featured, articles, pagination } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const root = useRouteLoaderData('root') as { baseUrl: string } | undefined;
  const first = pagination.page === 1;
  const title = first ? t('blog.index.title') : t('blog.index.titlePage', { page: pagination.page });
  const [lead, ...others] = featured;
  const featuredSlugs = new Set(featured.map((article) => article.slug));
  const latest = first ? articles.filter((article) => !featuredSlugs.has(article.slug)) : articles;
  return (
    <section data-page="blog">
      <PageHead
        title={title}
        description={
          first
            ? t('blog.index.description')
            : t('blog.index.descriptionPage', { page: pagination.page, pages: pagination.pages })
        }
      />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Blog',
          name: t('blog.feed.title'),
          description: t('blog.index.description'),
          url: `${root?.baseUrl ?? ''}/blog/`,
          inLanguage: 'en',
          blogPost: articles.map((article) => ({
            '@type': 'BlogPosting',
            headline: article.title,
            url: `${root?.baseUrl ?? ''}/blog/${article.slug}/`,
            datePublished: article.publishedAt,
            author: { '@type': 'Person', name: article.author.name },
          })),
        }}
      />
      <Breadcrumbs
        trail={
          first
            ? [{ name: t('blog.home'), path: '/blog/' }]
            : [
                { name: t('blog.home'), path: '/blog/' },
                { name: t('pager.page', { page: pagination.page }), path: pathname },
              ]
        }
      />
      <BlogNav />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">
        {first ? t('blog.index.heading') : t('blog.index.titlePage', { page: pagination.page })}
      </h1>
      {first ? <p className="mt-3 max-w-3xl text-lg text-muted">{t('blog.index.intro')}</p> : null}
      {first && lead ? (
        <section className="mt-8" aria-labelledby="featured-heading">
          <h2 id="featured-heading" className="mb-4 text-xl font-semibold">
            {t('blog.index.featured')}
          </h2>
          <div className="grid gap-6 lg:grid-cols-3" data-testid="featured">
            <div className="lg:col-span-2">
              <ArticleCard article={lead} priority />
            </div>
            <div className="flex flex-col gap-6">
              {others.map((article) => (
                <ArticleCard key={article.slug} article={article} />
              ))}
            </div>
          </div>
        </section>
      ) : null}
      <section className="mt-10" aria-labelledby="latest-heading">
        <h2 id="latest-heading" className="mb-4 text-xl font-semibold">
          {first ? t('blog.index.latest') : t('blog.index.all')}
        </h2>
        <ArticleGrid articles={latest} priority={first ? 0 : 3} />
      </section>
      <BlogPager pagination={pagination} />
    </section>
  );
}
