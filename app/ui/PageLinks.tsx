import { Link } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';

/**
 * Page links of a paginated list: previous, the first and last page, a window around the current
 * one, next; with `rel=prev/next` links for search engines. `href(n)` is page n's address.
 */
export function PageLinks({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (n: number) => string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const numbers = new Set([1, pages]);
  for (let n = Math.max(1, page - 2); n <= Math.min(pages, page + 2); n++) numbers.add(n);
  const shown = [...numbers].sort((a, b) => a - b);
  const cell =
    'inline-flex min-w-10 items-center justify-center rounded-lg border border-slate-200 px-3 py-2 text-sm';
  return (
    <nav aria-label={t('pager.label')} className="mt-6" data-testid="pager">
      {page > 1 ? <link rel="prev" href={href(page - 1)} /> : null}
      {page < pages ? <link rel="next" href={href(page + 1)} /> : null}
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} className={`${cell} hover:bg-brand-50`} rel="prev">
              {t('pager.previous')}
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
                aria-label={t('pager.page', { page: n })}
              >
                {n}
              </Link>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <Link to={href(page + 1)} className={`${cell} hover:bg-brand-50`} rel="next">
              {t('pager.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
