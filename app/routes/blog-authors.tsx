import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadBlogAuthors } from '../blog/blog.server.ts';
import { AuthorCard, BlogIndexHeader } from '../blog/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadBlogAuthors(args);
}

/** /blog/authors/: everyone who writes the blog, with their number of articles. */
export default function BlogAuthors() {
  const { authors } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section data-page="blog-authors">
      <BlogIndexHeader section="authors" path="/blog/authors/" />
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
