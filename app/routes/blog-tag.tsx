import { type LoaderFunctionArgs, useLoaderData, useRouteLoaderData } from 'react-router';
import { loadBlogTag } from '../blog/blog.server.ts';
import { ArticleGrid, BlogNav, BlogPager } from '../blog/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadBlogTag(args);
}

/** /blog/tag/{slug}/ and /{page}/: a topic's articles, newest first. */
export default function BlogTag() {
  const { tag, articles, pagination } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const root = useRouteLoaderData('root') as { baseUrl: string } | undefined;
  const title =
    pagination.page > 1
      ? t('blog.tag.titlePage', { name: tag.name, page: pagination.page })
      : t('blog.tag.title', { name: tag.name });
  return (
    <section data-page="blog-tag" data-tag={tag.slug}>
      <PageHead title={title} description={t('blog.tag.description', { description: tag.description })} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'CollectionPage',
          name: tag.name,
          description: tag.description,
          url: `${root?.baseUrl ?? ''}${pagination.firstPage}`,
          inLanguage: 'en',
        }}
      />
      <Breadcrumbs
        trail={[
          { name: t('blog.home'), path: '/blog/' },
          { name: t('blog.tags.heading'), path: '/blog/tag/' },
          { name: tag.name, path: pagination.firstPage },
        ]}
      />
      <BlogNav />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{tag.name}</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{tag.description}</p>
      <p className="mt-2 text-sm text-muted">{t('blog.authors.articles', { count: pagination.total })}</p>
      <div className="mt-8">
        <ArticleGrid articles={articles} />
      </div>
      <BlogPager pagination={pagination} />
    </section>
  );
}
