import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { localizePath, splitLanguage } from '../../core/routing/paths.ts';
import { LanguageMenu } from './LanguageMenu.tsx';

export function Header({ browserLanguages }: { browserLanguages: readonly string[] }) {
  const { t } = useTranslation();
  const { lang } = splitLanguage(useLocation().pathname);
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center justify-between bg-surface px-4 shadow-sm lg:h-16">
      <Link
        to={localizePath(lang, '/')}
        className="text-lg font-bold text-brand-600"
        aria-label={t('site.homeLink')}
      >
        {t('site.name')}
      </Link>
      <LanguageMenu browserLanguages={browserLanguages} />
    </header>
  );
}
