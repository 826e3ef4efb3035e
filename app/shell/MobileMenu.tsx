import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { usePageLocation } from '../routing/page-location.ts';
import { lockScroll, useIsMobile } from '../ui/hooks.ts';
import { Icon } from '../ui/Icon.tsx';
import { AccountButton } from './AccountButton.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { ChevronIcon } from './NavIcon.tsx';
import { NavItemLink } from './NavLink.tsx';
import { BLOG_PATH, type NavGroup } from './nav-items.ts';

/**
 * The burger menu of the mobile layout (SPEC §2, 991 px or less): a full-screen panel under the
 * header with a single-open, collapsible accordion of the header's groups, the language switcher
 * and the account button. The page does not scroll while it is open; choosing a link, Escape, a
 * navigation or growing to the desktop layout closes it.
 */
export function MobileMenu({ groups, accountUrl }: { groups: readonly NavGroup[]; accountUrl: string }) {
  const { t } = useTranslation();
  const { lang } = usePageLocation();
  const [open, setOpen] = useState(false);
  const [section, setSection] = useState<NavGroup['id'] | null>(null);
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const panelId = useId();
  const burgerRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the panel.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!mobile) setOpen(false);
  }, [mobile]);
  useEffect(() => {
    if (!open) return;
    const unlock = lockScroll();
    // The page under the panel is out of reach for focus and assistive technology while it is open.
    const covered = [...document.querySelectorAll<HTMLElement>('#main, footer')];
    for (const element of covered) element.inert = true;
    const onKeyDown = (event: KeyboardEvent) => {
      // The language drawer above the panel handles its own Escape.
      if (event.key === 'Escape' && !document.querySelector('[data-drawer]')) {
        setOpen(false);
        burgerRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      for (const element of covered) element.inert = false;
      unlock();
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div className="desk:hidden">
      <button
        ref={burgerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
        data-testid="burger"
        onClick={() => setOpen((value) => !value)}
        className="grid size-10 place-items-center rounded-lg text-ink hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <Icon name={open ? 'cross' : 'burger'} className="size-6" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        data-testid="mobile-menu"
        className="fixed inset-x-0 top-[var(--header-height-sm)] bottom-0 z-30 overflow-y-auto overscroll-contain bg-surface px-4 pt-2 pb-8"
      >
        {/* The panel's content is rendered when it opens: the header's menus are in the HTML once. */}
        {open && (
          <>
            <nav aria-label={t('nav.label')}>
              <ul className="divide-y divide-slate-200">
                {groups.map((group) => {
                  const expanded = section === group.id;
                  const listId = `${panelId}-${group.id}`;
                  return (
                    <li key={group.id}>
                      <button
                        type="button"
                        aria-expanded={expanded}
                        aria-controls={listId}
                        data-accordion={group.id}
                        onClick={() => setSection(expanded ? null : group.id)}
                        className="flex w-full items-center justify-between py-4 text-left text-base font-semibold text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
                      >
                        {t(`nav.groups.${group.id}`)}
                        <ChevronIcon open={expanded} className="size-5" />
                      </button>
                      <ul id={listId} hidden={!expanded} className="grid gap-0.5 pb-3">
                        {group.items.map((item) => (
                          <li key={item.id}>
                            <NavItemLink item={item} onChoose={close} />
                          </li>
                        ))}
                      </ul>
                    </li>
                  );
                })}
                <li>
                  <Link
                    to={localizePath(lang, BLOG_PATH)}
                    onClick={close}
                    className="flex py-4 text-base font-semibold text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
                  >
                    {t('nav.blog')}
                  </Link>
                </li>
              </ul>
            </nav>
            <div className="mt-4 flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
              <LanguageMenu testId="mobile-language-button" />
              <AccountButton accountUrl={accountUrl} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
