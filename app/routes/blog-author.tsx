import { type LoaderFunctionArgs, useLoaderData, useRouteLoaderData } from 'react-router';
import { loadBlogAuthor } from '../blog/blog.server.ts';
import { ArticleGrid, AuthorCard, BlogNav, BlogPager } from '../blog/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadBlogAuthor(args);
}

/** /blog/authors/{slug}/ and /{page}/: an author's profile and articles. */
export default function BlogAuthor() {
  const { author, articles, pagination } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const root = useRouteLoaderData('root') as { baseUrl: string } | undefined;
  const baseUrl = root?.baseUrl ?? '';
  const names = { name: author.name, role: author.role };
  const title =
    pagination.page > 1
      ? t('blog.author.titlePage', { ...names, page: pagination.page })
      : t('blog.author.title', names);
  return (
    <section data-page="blog-author" data-author={author.slug}>
      <PageHead title={title} description={t('blog.author.description', { ...names, bio: author.bio })} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'ProfilePage',
          mainEntity: {
            '@type': 'Person',
            name: author.name,
            jobTitle: author.role,
            description: author.bio,
            image: `${baseUrl}${author.avatar}`,
            url: `${baseUrl}/blog/authors/${author.slug}/`,
            sameAs: Object.values(author.links),
            worksFor: { '@type': 'Organization', name: t('site.name') },
          },
        }}
      />
      <Breadcrumbs
        trail={[
          { name: t('blog.home'), path: '/blog/' },
          { name: t('blog.authors.heading'), path: '/blog/authors/' },
          { name: author.name, path: pagination.firstPage },
        ]}
      />
      <BlogNav />
      <div className="rounded-2xl border border-slate-200 bg-surface p-6">
        <AuthorCard author={author} heading="h1" />
      </div>
      <h2 className="mt-10 mb-4 text-xl font-semibold">
        {t('blog.author.heading', { name: author.name })}{' '}
        <span className="font-normal text-muted">
          ({t('blog.authors.articles', { count: pagination.total })})
        </span>
      </h2>
      <ArticleGrid articles={articles} />
      <BlogPager pagination={pagination} />
    </section>
  );
}
