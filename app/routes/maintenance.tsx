import { data, type HeadersArgs, type LoaderFunctionArgs, useLocation } from 'react-router';
import { maintenanceMode } from '../../core/config.ts';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';

/**
 * SPEC §4: while maintenance is on, this page answers 503 with Retry-After. It is never indexed,
 * in any mode: a search result saying "maintenance is in progress" would be wrong most of the time.
 */
export function loader(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { config } = args.context.get(requestStateContext).services;
  if (maintenanceMode(config) !== 'on') return data(page, { headers: { 'X-Robots-Tag': 'noindex' } });
  return data(page, {
    status: 503,
    headers: {
      'Retry-After': String(config.MAINTENANCE_RETRY_AFTER_SECONDS),
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}

export function headers({ loaderHeaders }: HeadersArgs) {
  return loaderHeaders;
}

export default function Maintenance() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <PageHead title={t('maintenance.title')} description={t('pages.maintenance.description')} noindex />
      <p className="text-2xl font-bold text-brand-600">{t('site.name')}</p>
      <h1 className="text-3xl font-semibold">{t('maintenance.title')}</h1>
      <p className="text-muted">{t('maintenance.description')}</p>
      <a href={pathname} className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white">
        {t('maintenance.retry')}
      </a>
    </section>
  );
}
