import { Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { loadCustomList } from '../directory/custom-lists.server.ts';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadCustomList(args);
}

const field =
  'mt-1 w-full min-w-0 rounded-lg border border-slate-200 bg-surface px-3 py-2 text-base focus:border-brand-500 focus:outline-none';

/**
 * SPEC §2: the one page of /custom/exchange-pairs and /custom/compare. Pick two and go (a plain
 * GET form, answered by a redirect to the pair's page), or follow one of the popular pairs.
 */
export default function CustomList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { lang, page, kind, picked, refused } = data;
  const compare = kind === 'compare';
  const texts = compare ? 'custom.compare' : 'custom.exchangePairs';
  const title = t(`pages.${page}.title`);
  const fromLabel = compare ? t('custom.compare.first') : t('fiat.widget.youPay');
  const toLabel = compare ? t('custom.compare.second') : t('fiat.widget.youGet');
  return (
    <article data-page={page}>
      <PageHead
        title={`${title} | ${t('site.name')}`}
        description={t(`pages.${page}.description`)}
        noindex={refused}
      />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{t(`pages.${page}.description`)}</p>

      <section className="card mt-8 max-w-3xl" aria-labelledby="custom-pick">
        <h2 id="custom-pick" className="text-xl font-semibold">
          {t(`${texts}.heading`)}
        </h2>
        <Form
          method="get"
          className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          data-testid="custom-form"
        >
          <div className="min-w-0">
            <label htmlFor="custom-from" className="text-sm font-medium text-muted">
              {fromLabel}
            </label>
            <select id="custom-from" name="from" defaultValue={picked.from} className={field}>
              {data.from.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor="custom-to" className="text-sm font-medium text-muted">
              {toLabel}
            </label>
            <select id="custom-to" name="to" defaultValue={picked.to} className={field}>
              {data.to.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary btn-md">
            {t(`${texts}.submit`)}
          </button>
        </Form>
        {refused ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700" data-testid="custom-refused">
            {t(`${texts}.refused`)}
          </p>
        ) : null}
      </section>

      <section className="mt-10" aria-labelledby="custom-popular">
        <h2 id="custom-popular" className="text-2xl font-bold tracking-tight">
          {t(`${texts}.popular`)}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="custom-popular">
          {data.popular.map((link) => (
            <li key={link.path}>
              <Link
                to={localizePath(lang, link.path)}
                className="card block font-medium hover:border-brand-500"
              >
                {compare
                  ? t('custom.compare.link', { a: link.from, b: link.to })
                  : t('custom.exchangePairs.link', { from: link.from, to: link.to })}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <Link
            to={localizePath(lang, compare ? '/compare' : '/fiat/pairs')}
            className="font-medium text-brand-700 underline"
          >
            {t(`${texts}.all`)}
          </Link>
        </p>
      </section>
    </article>
  );
}
