import './english.ts';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { formatChange } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { CoinIcon } from '../exchange/CoinIcon.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { PageLinks } from '../ui/PageLinks.tsx';
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
export function Change({ value }: { value: number | null }) {
  const lang = useLang();
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

/** The path of page `page` of a list whose first page is `firstPage`. */
export function listPagePath(firstPage: string, page: number): string {
  return page <= 1 ? firstPage : `${firstPage}/page-${page}`;
}

/** Page links of a directory list: `/…/page-{n}` after the first. */
export function Pager({ firstPage, pagination }: { firstPage: string; pagination: Pagination }) {
  const lang = useLang();
  const search = pagination.query ? `?q=${encodeURIComponent(pagination.query)}` : '';
  return (
    <PageLinks
      page={pagination.page}
      pages={pagination.pages}
      href={(n) => `${localizePath(lang, listPagePath(firstPage, n))}${search}`}
    />
  );
}

/** A GET search form: works without JavaScript, and as a client navigation with it. */
export function SearchBox({
  action,
  query,
  label,
  placeholder,
}: {
  action: string;
  query: string;
  label: string;
  placeholder: string;
}) {
  const lang = useLang();
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

/**
 * The frame of a paginated directory list (coins, pairs, comparisons): head, breadcrumb, title and
 * introduction, the search form when the list has one, the list or 'Nothing found', and the pages.
 */
export function DirectoryList({
  page,
  title,
  section,
  description,
  firstPage,
  pagination,
  search,
  empty,
  children,
}: {
  /** The page's name (`data-page`), also the key of its section title and introduction. */
  page: string;
  /** This page's title (with its number after the first page). */
  title: string;
  /** The list's name: the breadcrumb's. */
  section: string;
  /** The meta description. */
  description: string;
  firstPage: string;
  pagination: Pagination;
  search?: { label: string; placeholder: string };
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section data-page={page}>
      <PageHead
        title={`${title} | ${t('site.name')}`}
        description={description}
        noindex={pagination.query !== ''}
      />
      <Breadcrumbs trail={[{ name: section, path: firstPage }]} />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-3 max-w-3xl text-muted">{t(`pages.${page}.description`)}</p>
      {search ? (
        <div className="mt-6">
          <SearchBox
            action={firstPage}
            query={pagination.query}
            label={search.label}
            placeholder={search.placeholder}
          />
        </div>
      ) : null}
      {empty ? (
        <p className="mt-8 text-lg" data-testid="nothing-found">
          {t('directory.nothingFound')}
        </p>
      ) : (
        children
      )}
      <Pager firstPage={firstPage} pagination={pagination} />
    </section>
  );
}
