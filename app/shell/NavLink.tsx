import { Link } from 'react-router';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ExternalLink } from './ExternalLink.tsx';
import { ExternalIcon, NavIcon } from './NavIcon.tsx';
import type { NavItem } from './navigation.ts';

/** One navigation item: icon tile, title and subtitle; outer links open in a new tab. */
export function NavItemLink({ item, lang, onChoose }: { item: NavItem; lang: Lang; onChoose?: () => void }) {
  const { t } = useTranslation();
  const body = (
    <>
      <span className={`grid size-10 shrink-0 place-items-center rounded-lg ${item.iconColor}`}>
        <NavIcon name={item.icon} />
      </span>
      <span className="min-w-0">
        <span className="flex items-center gap-1 font-medium text-ink">
          {t(`nav.items.${item.id}.title`)}
          {item.outerLink && <ExternalIcon />}
        </span>
        <span className="block text-sm text-muted">{t(`nav.items.${item.id}.subtitle`)}</span>
      </span>
    </>
  );
  const className =
    'flex items-start gap-3 rounded-xl p-2.5 hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand-500';
  if (item.outerLink) {
    return (
      <ExternalLink href={item.to} className={className} onClick={onChoose} data-nav-item={item.id}>
        {body}
      </ExternalLink>
    );
  }
  return (
    <Link to={localizePath(lang, item.to)} className={className} onClick={onChoose} data-nav-item={item.id}>
      {body}
    </Link>
  );
}
