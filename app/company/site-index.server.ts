import { PAGES } from '../routing/pages.ts';

/** The sections of the human-readable sitemap, in the order the page shows them. */
export const SITE_SECTIONS = ['exchange', 'buySell', 'coins', 'company', 'support', 'legal'] as const;
export type SiteSection = (typeof SITE_SECTIONS)[number];

/** Which section each listed page belongs to; the blog and the coins have their own lists. */
const SECTION_OF: Record<string, SiteSection> = {
  home: 'exchange',
  swap: 'exchange',
  dex: 'exchange',
  'exchange-pairs': 'exchange',
  'cross-chain': 'exchange',
  'cross-chain-tokens': 'exchange',
  fiat: 'buySell',
  'fiat-pairs': 'buySell',
  buy: 'buySell',
  sell: 'buySell',
  coins: 'coins',
  compare: 'coins',
  'about-us': 'company',
  partners: 'company',
  'for-partners': 'company',
  providers: 'company',
  press: 'company',
  'customer-feedbacks': 'company',
  'how-it-works': 'support',
  faq: 'support',
  'transaction-status': 'support',
  contact: 'support',
  sitemap: 'support',
  'privacy-policy': 'legal',
  'terms-of-use': 'legal',
  'terms-for-partners': 'legal',
  'cookie-policy': 'legal',
  'kyc-aml': 'legal',
};

/**
 * Pages with a fixed address that are no index entry: service screens, the design system, the
 * widgets, landings and the withdrawal screens reached from the account area or an email.
 */
export const UNLISTED_PAGES: ReadonlySet<string> = new Set([
  'maintenance',
  'design-system',
  'widget',
  'widget-v2',
  'congrats',
  'withdrawal-processing',
  'withdrawal-confirm',
  'custom-exchange-pairs',
  'custom-compare',
]);

export interface SiteIndexSection {
  id: SiteSection;
  pages: { name: string; path: string }[];
}

/** The site's fixed pages by section, from the page list: every page without a parameter. */
export function siteIndex(): SiteIndexSection[] {
  const sections = new Map<SiteSection, SiteIndexSection>(SITE_SECTIONS.map((id) => [id, { id, pages: [] }]));
  for (const page of PAGES) {
    if (page.path.includes('{') || UNLISTED_PAGES.has(page.name)) continue;
    const id = SECTION_OF[page.name];
    if (!id) continue;
    sections.get(id)?.pages.push({ name: page.name, path: page.path });
  }
  return [...sections.values()];
}

/** Fixed pages neither listed nor deliberately left out (a test keeps this empty). */
export function unsortedPages(): string[] {
  return PAGES.filter(
    (page) =>
      !page.path.includes('{') &&
      !UNLISTED_PAGES.has(page.name) &&
      !page.path.startsWith('/blog') &&
      SECTION_OF[page.name] === undefined,
  ).map((page) => page.name);
}
