import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLocation } from 'react-router';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';

export function loader(args: LoaderFunctionArgs): PageData {
  return resolvePage(args);
}

export default function Home() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section data-page="home">
      <PageHead title={t('pages.home.title')} description={t('pages.home.description')} pathname={pathname} />
      <h1 className="text-4xl font-bold tracking-tight md:text-5xl">{t('pages.home.title')}</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted">{t('pages.home.description')}</p>
    </section>
  );
}
