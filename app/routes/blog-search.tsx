import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadBlogSearch } from '../blog/blog.server.ts';
import { ArticleMeta, BlogNav, BlogPager, BlogSearchForm, TagLinks } from '../blog/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadBlogSearch(args);
}

/**
 * /blog/search/?q= and /blog/search/{number}/?q=: ranked results with the matched words marked in
 * a snippet; an invitation without a query, a hint and the topics when nothing matches.
 */
export default function BlogSearch() {
  const { query, hits, tags, pagination } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const title = !query
    ? t('blog.search.title')
    : pagination.page > 1
      ? t('blog.search.titlePage', { query, page: pagination.page })
      : t('blog.search.titleQuery', { query });
  return (
    <section data-page="blog-search">
      {/* Result pages are not for search engines; the empty search page is. */}
      <PageHead title={title} description={t('blog.search.description')} noindex={query !== ''} />
      <Breadcrumbs
        trail={[
          { name: t('blog.home'), path: '/blog/' },
          { name: t('blog.search.heading'), path: '/blog/search/' },
        ]}
      />
      <BlogNav query={query} />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('blog.search.heading')}</h1>
      <div className="mt-6 max-w-2xl">
        <BlogSearchForm query={query} large />
      </div>
      <div className="mt-8" data-testid="search-results">
        {!query ? (
          <p className="text-lg text-muted">{t('blog.search.empty')}</p>
        ) : pagination.total === 0 ? (
          <div data-testid="search-none">
            <p className="text-lg font-semibold">{t('blog.search.none', { query })}</p>
            <p className="mt-2 text-muted">{t('blog.search.noneHint')}</p>
          </div>
        ) : (
          <>
            <p className="mb-6 text-muted" data-testid="search-count">
              {t('blog.search.results', { count: pagination.total, query })}
            </p>
            <ol className="flex flex-col gap-6">
              {hits.map(({ article, snippet }) => (
                <li
                  key={article.slug}
                  className="rounded-2xl border border-slate-200 bg-surface p-5"
                  data-testid="search-hit"
                  data-slug={article.slug}
                >
                  <TagLinks tags={article.tags} />
                  <h2 className="mt-3 text-xl font-semibold">
                    <Link to={`/blog/${article.slug}/`} className="hover:text-brand-700">
                      {article.title}
                    </Link>
                  </h2>
                  <p className="mt-2 text-sm text-muted" data-testid="search-snippet">
                    {snippet.length > 0
                      ? snippet.map((part, index) =>
                          part.hit ? (
                            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never move
                            <mark key={index} className="rounded bg-amber-100 px-0.5 text-ink">
                              {part.text}
                            </mark>
                          ) : (
                            part.text
                          ),
                        )
                      : article.excerpt}
                  </p>
                  <div className="mt-3">
                    <ArticleMeta article={article} />
                  </div>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      {query ? <BlogPager pagination={pagination} query={query} /> : null}
      {!query || pagination.total === 0 ? (
        <section className="mt-10" aria-labelledby="topics-heading">
          <h2 id="topics-heading" className="mb-3 text-lg font-semibold">
            {t('blog.tags.heading')}
          </h2>
          <TagLinks tags={tags} />
        </section>
      ) : null}
    </section>
  );
}
