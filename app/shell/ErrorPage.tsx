import { isRouteErrorResponse, Link } from 'react-router';
import { isBlogPath, localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { usePageLocation } from '../routing/page-location.ts';

export interface ErrorView {
  status: number;
  message: string;
}

export function errorView(error: unknown): ErrorView {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' ? error.data : error.statusText;
    return { status: error.status, message };
  }
  return { status: 500, message: 'Internal Server Error' };
}

/** SPEC §2 "Other screens": status code, title, description and a way back; the address stays. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { lang, path } = usePageLocation();
  const { status, message } = errorView(error);
  const notFound = status === 404;
  // 503: the database is away for a moment (db/outage.ts); the way on is this page again.
  const unavailable = status === 503;
  const texts = notFound ? '404' : unavailable ? '503' : '500';
  const inBlog = isBlogPath(path);
  const home = unavailable ? localizePath(lang, path) : localizePath(lang, inBlog ? '/blog/' : '/');
  return (
    <section
      className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-20 text-center"
      data-testid="error-page"
    >
      <title>{t(`${texts}.title`)}</title>
      <meta name="robots" content="noindex" />
      <p className="text-7xl font-bold text-brand-600" data-testid="error-status">
        {status}
      </p>
      <h1 className="text-3xl font-semibold">{t(`${texts}.title`)}</h1>
      {notFound && <p className="text-xl">{t('404.missing')}</p>}
      <p className="text-muted">
        {inBlog && notFound ? t('404.blogDescription') : t(`${texts}.description`)}
      </p>
      <p className="font-mono text-xs text-muted" data-testid="error-message">
        {message}
      </p>
      <Link
        to={home}
        reloadDocument={!notFound}
        className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
      >
        {inBlog && notFound ? t('404.blogButton') : t(`${texts}.button`)}
      </Link>
    </section>
  );
}
