import type { NavIconName } from '../ui/Icon.tsx';
import type { SiteLinks } from './site-links.ts';

/**
 * A navigation item (SPEC §3): its title and subtitle come from `nav.items.{id}`; `to` is an
 * unprefixed internal path, or an absolute address when `outerLink` (opened in a new tab).
 */
export interface NavItem {
  id: string;
  icon: NavIconName;
  /** Tailwind classes colouring the icon's tile. */
  iconColor: string;
  to: string;
  outerLink: boolean;
}

export interface NavGroup {
  /** Title key `nav.groups.{id}`. */
  id: 'personal' | 'business' | 'company' | 'support';
  items: readonly NavItem[];
}

const item = (id: string, icon: NavIconName, iconColor: string, to: string, outerLink = false): NavItem => ({
  id,
  icon,
  iconColor,
  to,
  outerLink,
});

/**
 * The header's groups (SPEC §2 "Header"), shared by the desktop menus and the burger panel. Paths
 * are written without the trailing slash the spec shows where our normalisation would redirect.
 */
export function navigationGroups(links: Pick<SiteLinks, 'apiDocs' | 'press'>): readonly NavGroup[] {
  return [
    {
      id: 'personal',
      items: [
        item('swap', 'swap', 'bg-brand-50 text-brand-700', '/swap'),
        item('buy', 'buy', 'bg-emerald-50 text-emerald-700', '/buy'),
        item('sell', 'sell', 'bg-amber-50 text-amber-800', '/sell'),
        item('coins', 'coins', 'bg-orange-50 text-orange-700', '/coin'),
        item('pairs', 'pairs', 'bg-violet-50 text-violet-700', '/exchange-pairs'),
        item('reviews', 'reviews', 'bg-rose-50 text-rose-700', '/customer-feedbacks'),
      ],
    },
    {
      id: 'business',
      items: [
        item('forPartners', 'partners', 'bg-brand-50 text-brand-700', '/for-partners'),
        item('apiDocs', 'api', 'bg-slate-100 text-slate-700', links.apiDocs, true),
      ],
    },
    {
      id: 'company',
      items: [
        item('aboutUs', 'about', 'bg-brand-50 text-brand-700', '/about-us'),
        item('partners', 'handshake', 'bg-emerald-50 text-emerald-700', '/partners'),
        item('press', 'press', 'bg-slate-100 text-slate-700', links.press, true),
      ],
    },
    {
      id: 'support',
      items: [
        item('transactionStatus', 'status', 'bg-brand-50 text-brand-700', '/transaction-status'),
        item('howItWorks', 'how', 'bg-violet-50 text-violet-700', '/how-it-works'),
        item('contact', 'contact', 'bg-emerald-50 text-emerald-700', '/contact'),
        item('faq', 'faq', 'bg-amber-50 text-amber-800', '/faq'),
      ],
    },
  ];
}

/** The Blog link: one entry with no submenu. */
export const BLOG_PATH = '/blog/';
