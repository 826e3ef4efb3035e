import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { usePageLocation } from '../routing/page-location.ts';
import { requestIdle } from '../ui/hooks.ts';
import { MenuIntent } from './menu-intent.ts';
import { ChevronIcon } from './NavIcon.tsx';
import { NavItemLink } from './NavLink.tsx';
import { BLOG_PATH, type NavGroup } from './nav-items.ts';

type GroupId = NavGroup['id'];

/**
 * The desktop header menus (SPEC §2, §4): one submenu at a time, by hover (with the spec's delays)
 * or click, over a dimmed, blurred backdrop. Escape or a click outside closes it.
 */
export function DesktopNav({ groups }: { groups: readonly NavGroup[] }) {
  const { lang } = usePageLocation();
  const { t } = useTranslation();
  const [open, setOpen] = useState<GroupId | null>(null);
  const intent = useRef<MenuIntent<GroupId> | null>(null);
  intent.current ??= new MenuIntent<GroupId>(setOpen);
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // The submenus' items join the page once the browser is idle (or when one opens first): they are
  // hidden until opened, so the server's HTML leaves them out.
  const [itemsShown, setItemsShown] = useState(false);
  useEffect(() => requestIdle(() => setItemsShown(true)), []);

  useEffect(() => () => intent.current?.dispose(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the open menu.
  useEffect(() => intent.current?.close(), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      intent.current?.close();
      navRef.current?.querySelector<HTMLElement>(`[data-menu-trigger="${open}"]`)?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) intent.current?.close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const menu = intent.current;
  return (
    <>
      <nav
        ref={navRef}
        aria-label={t('nav.label')}
        className="hidden h-full items-center desk:flex"
        data-testid="desktop-nav"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) menu.close();
        }}
      >
        <ul className="flex h-full items-center gap-1">
          {groups.map((group) => {
            const expanded = open === group.id;
            const panelId = `nav-menu-${group.id}`;
            return (
              <li
                key={group.id}
                className="relative flex h-full items-center"
                onPointerEnter={(event) => event.pointerType === 'mouse' && menu.enter(group.id)}
                onPointerLeave={(event) => event.pointerType === 'mouse' && menu.leave()}
              >
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  data-menu-trigger={group.id}
                  onClick={() => menu.toggle(group.id)}
                  className="nav-trigger"
                >
                  {t(`nav.groups.${group.id}`)}
                  <ChevronIcon open={expanded} />
                </button>
                <div
                  id={panelId}
                  hidden={!expanded}
                  data-testid={`nav-menu-${group.id}`}
                  className="absolute top-full left-0 z-40 w-80 rounded-2xl bg-surface p-2 shadow-xl ring-1 ring-slate-200"
                >
                  {(itemsShown || expanded) && (
                    <ul className="grid gap-0.5">
                      {group.items.map((item) => (
                        <li key={item.id}>
                          <NavItemLink item={item} onChoose={() => menu.close()} />
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            );
          })}
          <li className="flex h-full items-center">
            <Link
              to={localizePath(lang, BLOG_PATH)}
              className="inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-ink hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              {t('nav.blog')}
            </Link>
          </li>
        </ul>
      </nav>
      <div
        aria-hidden="true"
        data-testid="nav-backdrop"
        hidden={open === null}
        onClick={() => menu.close()}
        className="fixed inset-x-0 top-[var(--header-height-lg)] bottom-0 z-20 bg-ink/30 backdrop-blur-sm"
      />
    </>
  );
}
