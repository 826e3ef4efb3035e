import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadBlogTags } from '../blog/blog.server.ts';
import { BlogNav } from '../blog/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadBlogTags(args);
}

/** /blog/tag/: every topic with its description and number of articles. */
export default function BlogTags() {
  const { tags } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section data-page="blog-tags">
      <PageHead title={t('blog.tags.title')} description={t('blog.tags.description')} />
      <Breadcrumbs
        trail={[
          { name: t('blog.home'), path: '/blog/' },
          { name: t('blog.tags.heading'), path: '/blog/tag/' },
        ]}
      />
      <BlogNav />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('blog.tags.heading')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{t('blog.tags.intro')}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tags.map((tag) => (
          <li key={tag.slug} data-tag={tag.slug}>
            <Link
              to={`/blog/tag/${tag.slug}/`}
              className="flex h-full flex-col gap-2 rounded-2xl border border-slate-200 bg-surface p-5 hover:border-brand-500"
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="text-lg font-semibold">{tag.name}</span>
                <span className="shrink-0 text-sm text-muted">
                  {t('blog.authors.articles', { count: tag.articles })}
                </span>
              </span>
              <span className="text-sm text-muted">{tag.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
