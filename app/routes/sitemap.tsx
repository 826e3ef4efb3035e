import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadSitemap } from '../company/company.server.ts';
import '../company/english.ts';
import { PageIntro, useLocalPath } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { coinPath } from '../shell/footer-links.ts';

export function loader(args: LoaderFunctionArgs) {
  return loadSitemap(args);
}

const LIST = 'grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3';

/** /sitemap: every section and page of the site, the coins and the blog, for people. */
export default function Sitemap() {
  const { sections, coins, articles, tags } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const local = useLocalPath();
  return (
    <article data-page="sitemap">
      <PageIntro
        page="sitemap"
        path="/sitemap"
        heading={t('sitemapPage.heading')}
        intro={<p>{t('sitemapPage.intro')}</p>}
      />
      <div className="mt-10 grid gap-10 md:grid-cols-2 lg:grid-cols-3">
        {sections.map((section) => (
          <section key={section.id} data-sitemap-section={section.id}>
            <h2 className="text-xl font-bold">{t(`sitemapPage.sections.${section.id}`)}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {section.pages.map((page) => (
                <li key={page.path}>
                  <Link to={local(page.path)} className="text-link">
                    {t(`pages.${page.name}.title`, page.values)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <section className="mt-12" data-sitemap-section="blog">
        <h2 className="text-xl font-bold">{t('sitemapPage.sections.blog')}</h2>
        <p className="mt-1 text-sm text-muted">{t('sitemapPage.blogNote')}</p>
        <ul className={`mt-3 ${LIST}`}>
          <li>
            <a href="/blog/" className="text-link">
              {t('pages.blog.title')}
            </a>
          </li>
          {articles.map((article) => (
            <li key={article.slug} className="min-w-0">
              <a href={`/blog/${article.slug}/`} className="text-link break-words">
                {article.title}
              </a>
            </li>
          ))}
        </ul>
        {tags.length > 0 ? (
          <>
            <h3 className="mt-6 font-semibold">{t('sitemapPage.topics')}</h3>
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
              {tags.map((tag) => (
                <li key={tag.slug}>
                  <a href={`/blog/tag/${tag.slug}/`} className="text-link">
                    {tag.name}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section className="mt-12" data-sitemap-section="coin-pages">
        <h2 className="text-xl font-bold">{t('sitemapPage.sections.coinPages')}</h2>
        <ul className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-5">
          {coins.map((coin) => (
            <li key={coin.code} className="min-w-0 truncate">
              <Link to={local(coinPath(coin.code))} className="text-link">
                {coin.name} ({coin.code.toUpperCase()})
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
