import './english.ts';
import type { ReactNode } from 'react';
import { Form, Link, useRouteLoaderData } from 'react-router';
import { formatChange } from '../../core/i18n/format.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { CoinIcon } from '../exchange/CoinIcon.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useNonce } from '../lib/nonce.ts';
import type { CoinSummary, Pagination } from './types.ts';

/** A coin's icon, name and code. */
export function CoinName({ coin, size = 28 }: { coin: CoinSummary; size?: number }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <CoinIcon coin={coin} size={size} />
      <span className="min-w-0">
        <span className="block truncate font-semibold">{coin.name}</span>
        <span className="block text-xs uppercase text-muted">{coin.code}</span>
      </span>
    </span>
  );
}

/** A change in percent, its direction in the sign and an arrow as well as in the colour. */
export function Change({ value, lang }: { value: number | null; lang: Lang }) {
  const tone = value === null || value === 0 ? 'text-muted' : value > 0 ? 'text-green-700' : 'text-red-700';
  const arrow = value === null || value === 0 ? '' : value > 0 ? '▲ ' : '▼ ';
  return (
    <span
      className={`whitespace-nowrap tabular-nums ${tone}`}
      data-change={value === null ? '' : value.toFixed(4)}
    >
      <span aria-hidden="true">{arrow}</span>
      {formatChange(value, lang)}
    </span>
  );
}

/** A 7-day price line drawn on the server: no script, a few hundred bytes. */
export function Sparkline({ points, label }: { points: readonly number[]; label: string }) {
  if (points.length < 2) return null;
  const width = 96;
  const height = 28;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const path = points
    .map((value, i) => {
      const x = (i / (points.length - 1)) * width;
      const y = height - 2 - ((value - min) / span) * (height - 4);
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join('');
  const rising = (points.at(-1) ?? 0) >= (points[0] ?? 0);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={label}>
      <path
        d={path}
        fill="none"
        strokeWidth="1.5"
        className={rising ? 'stroke-green-600' : 'stroke-red-600'}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

/** Structured data for search engines, escaped so no text can close the script element. */
export function JsonLd({ data }: { data: object }) {
  // A data block, not a script; it carries the response's nonce like every other script element.
  const nonce = useNonce();
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is data, escaped above; React would entity-encode it
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}

export interface Crumb {
  name: string;
  path: string;
}

/** The trail from the home page to this page, shown and given to search engines. */
export function Breadcrumbs({ lang, trail }: { lang: Lang; trail: readonly Crumb[] }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData('root') as { baseUrl: string } | undefined;
  const baseUrl = root?.baseUrl ?? '';
  const items: Crumb[] = [{ name: t('directory.breadcrumbs.home'), path: '/' }, ...trail];
  return (
    <nav aria-label={t('directory.breadcrumbs.label')} className="mb-4 text-sm text-muted">
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: items.map((item, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: item.name,
            item: `${baseUrl}${localizePath(lang, item.path)}`,
          })),
        }}
      />
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <li key={item.path} className="inline-flex items-center gap-1">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            {i === items.length - 1 ? (
              <span aria-current="page" className="text-ink">
                {item.name}
              </span>
            ) : (
              <Link to={localizePath(lang, item.path)} className="text-link">
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The path of page `page` of a list whose first page is `firstPage`. */
export function listPagePath(firstPage: string, page: number): string {
  return page <= 1 ? firstPage : `${firstPage}/page-${page}`;
}

/** Page links of a list (first, previous, a window around the current one, next, last). */
export function Pager({
  lang,
  firstPage,
  pagination,
}: {
  lang: Lang;
  firstPage: string;
  pagination: Pagination;
}) {
  const { t } = useTranslation();
  const { page, pages, query } = pagination;
  if (pages <= 1) return null;
  const search = query ? `?q=${encodeURIComponent(query)}` : '';
  const href = (n: number) => `${localizePath(lang, listPagePath(firstPage, n))}${search}`;
  const numbers = new Set([1, pages]);
  for (let n = Math.max(1, page - 2); n <= Math.min(pages, page + 2); n++) numbers.add(n);
  const shown = [...numbers].sort((a, b) => a - b);
  const cell =
    'inline-flex min-w-10 items-center justify-center rounded-lg border border-slate-200 px-3 py-2 text-sm';
  return (
    <nav aria-label={t('directory.pager.label')} className="mt-6" data-testid="pager">
      {page > 1 ? <link rel="prev" href={href(page - 1)} /> : null}
      {page < pages ? <link rel="next" href={href(page + 1)} /> : null}
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} className={`${cell} hover:bg-brand-50`} rel="prev">
              {t('directory.pager.previous')}
            </Link>
          </li>
        ) : null}
        {shown.map((n, i) => (
          <li key={n} className="inline-flex items-center gap-2">
            {i > 0 && n - (shown[i - 1] ?? n) > 1 ? <span aria-hidden="true">…</span> : null}
            {n === page ? (
              <span aria-current="page" className={`${cell} bg-brand-600 font-semibold text-white`}>
                {n}
              </span>
            ) : (
              <Link
                to={href(n)}
                className={`${cell} hover:bg-brand-50`}
                aria-label={t('directory.pager.page', { page: n })}
              >
                {n}
              </Link>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <Link to={href(page + 1)} className={`${cell} hover:bg-brand-50`} rel="next">
              {t('directory.pager.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** A GET search form: works without JavaScript, and as a client navigation with it. */
export function SearchBox({
  lang,
  action,
  query,
  label,
  placeholder,
}: {
  lang: Lang;
  action: string;
  query: string;
  label: string;
  placeholder: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={localizePath(lang, action)} role="search" className="flex max-w-xl gap-2">
      <label className="sr-only" htmlFor="directory-search">
        {label}
      </label>
      <input
        id="directory-search"
        name="q"
        type="search"
        defaultValue={query}
        placeholder={placeholder}
        maxLength={40}
        className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-surface px-3 py-2 text-base"
        data-testid="directory-search"
      />
      <button type="submit" className="btn btn-primary btn-md">
        {t('directory.search.submit')}
      </button>
    </Form>
  );
}

/** A titled block of a directory page. */
export function Block({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section className="mt-10" aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}
