import { Link } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { usePageLocation } from '../routing/page-location.ts';
import { AccountButton } from './AccountButton.tsx';
import { DesktopNav } from './DesktopNav.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { navigationGroups } from './nav-items.ts';
import type { SiteLinks } from './site-links.ts';

/**
 * The site header (SPEC §2): 56 px high in the mobile layout (991 px or less), 64 px from 992 px
 * (the `desk` breakpoint), so the height changes exactly where the burger gives way to the menus.
 */
export function Header({
  links,
}: {
  /** Missing only when the root loader itself failed: the fatal error page keeps logo and language. */
  links: SiteLinks | undefined;
}) {
  const { t } = useTranslation();
  const { lang, path } = usePageLocation();
  const groups = links ? navigationGroups(links) : [];
  const home = localizePath(lang, '/');
  return (
    <header
      className="sticky top-0 z-30 h-[var(--header-height-sm)] bg-surface shadow-sm desk:h-[var(--header-height-lg)]"
      data-testid="site-header"
    >
      <div className="mx-auto flex h-full max-w-7xl items-center gap-4 px-4">
        <Link
          to={home}
          // SPEC §2: on the home page the logo reloads the page.
          reloadDocument={path === '/'}
          className="flex items-center gap-2 text-lg font-bold text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500"
          aria-label={t('site.homeLink')}
          data-testid="logo"
        >
          <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path
              d="M9 12h12l-3-3M23 20H11l3 3"
              fill="none"
              stroke="#fff"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{t('site.name')}</span>
        </Link>
        {links && <DesktopNav groups={groups} />}
        <div className="ml-auto flex items-center gap-2">
          <div className="hidden items-center gap-2 desk:flex">
            <LanguageMenu />
            {links && <AccountButton accountUrl={links.account} />}
          </div>
          {links && <MobileMenu groups={groups} accountUrl={links.account} />}
        </div>
      </div>
    </header>
  );
}
