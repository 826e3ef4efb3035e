import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadBlogAuthors } from '../blog/blog.server.ts';
import { AuthorCard, BlogNav } from '../blog/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadBlogAuthors(args);
}

/** /blog/authors/: everyone who writes the blog, with their number of articles. */
export default function BlogAuthors() {
  const { authors } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section data-page="blog-authors">
      <PageHead title={t('blog.authors.title')} description={t('blog.authors.description')} />
      <Breadcrumbs
        trail={[
          { name: t('blog.home'), path: '/blog/' },
          { name: t('blog.authors.heading'), path: '/blog/authors/' },
        ]}
      />
      <BlogNav />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('blog.authors.heading')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{t('blog.authors.intro')}</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {authors.map((author) => (
          <li
            key={author.slug}
            className="rounded-2xl border border-slate-200 bg-surface p-6"
            data-author={author.slug}
          >
            <AuthorCard author={author} />
            <p className="mt-4 text-sm font-medium text-muted">
              {t('blog.authors.articles', { count: author.articles })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
