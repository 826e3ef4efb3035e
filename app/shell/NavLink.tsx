import { Link } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { usePageLocation } from '../routing/page-location.ts';
import { ExternalLink } from './ExternalLink.tsx';
import { ExternalIcon, NavIcon } from './NavIcon.tsx';
import type { NavItem } from './nav-items.ts';

/** One navigation item: icon tile, title and subtitle; outer links open in a new tab. */
export function NavItemLink({ item, onChoose }: { item: NavItem; onChoose?: () => void }) {
  const { lang } = usePageLocation();
  const { t } = useTranslation();
  const body = (
    <>
      <span className={`nav-item-icon ${item.iconColor}`}>
        <NavIcon name={item.icon} />
      </span>
      <span className="min-w-0">
        <span className="nav-item-title">
          {t(`nav.items.${item.id}.title`)}
          {item.outerLink && <ExternalIcon />}
        </span>
        <span className="nav-item-subtitle">{t(`nav.items.${item.id}.subtitle`)}</span>
      </span>
    </>
  );
  const className = 'nav-item';
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
