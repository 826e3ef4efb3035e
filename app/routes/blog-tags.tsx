import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadBlogTags } from '../blog/blog.server.ts';
import { BlogIndexHeader } from '../blog/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadBlogTags(args);
}

/** /blog/tag/: every topic with its description and number of articles. */
export default function BlogTags() {
  const { tags } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section data-page="blog-tags">
      <BlogIndexHeader section="tags" path="/blog/tag/" />
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
