import { DEX_NETWORKS } from '../../core/dex/networks.ts';
import { PAGES } from '../../core/routing/pages.ts';

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
  'cross-chain-bridges': 'exchange',
  'dex-network': 'exchange',
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
 * widgets, landings, the account area and the withdrawal screens reached from it or an email.
 */
export const UNLISTED_PAGES: ReadonlySet<string> = new Set([
  'maintenance',
  'design-system',
  'widget',
  'widget-v2',
  'congrats',
  'withdrawal-processing',
  'withdrawal-confirm',
  // The account area: personal pages, reached from the header's account button.
  'account',
  'account-registration',
  'account-sign-in',
  'account-two-factor',
  'account-forgot-password',
  'account-reset-password',
  // The operator console: staff only.
  'console',
  'console-swaps',
  'console-swap',
  'console-order',
  'console-support',
  'console-reviews',
  'console-mail',
  'console-path-rules',
  'console-providers',
  'console-partners',
  'console-audit',
  'console-audit-csv',
  'account-earnings',
  'account-withdrawals',
  'account-api-keys',
  'account-webhooks',
  'account-widget',
  'account-swaps',
  'account-claim',
  'account-sitemap',
  'custom-exchange-pairs',
  'custom-compare',
]);

export interface SiteIndexSection {
  id: SiteSection;
  /** Each page with the values its title takes (a DEX network page's network). */
  pages: { name: string; path: string; values?: Record<string, string> }[];
}

/** Pages with a parameter whose few values are all listed: one entry per value. */
const EXPANDED: Record<string, () => { path: string; values: Record<string, string> }[]> = {
  'dex-network': () =>
    DEX_NETWORKS.map((network) => ({
      path: `/dex/networks/${network.id}`,
      values: { network: network.name },
    })),
};

/** The site's fixed pages by section, from the page list: every page without a parameter. */
export function siteIndex(): SiteIndexSection[] {
  const sections = new Map<SiteSection, SiteIndexSection>(SITE_SECTIONS.map((id) => [id, { id, pages: [] }]));
  for (const page of PAGES) {
    const id = SECTION_OF[page.name];
    if (!id || UNLISTED_PAGES.has(page.name)) continue;
    const expand = EXPANDED[page.name];
    if (expand) {
      for (const entry of expand()) sections.get(id)?.pages.push({ name: page.name, ...entry });
    } else if (!page.path.includes('{')) {
      sections.get(id)?.pages.push({ name: page.name, path: page.path });
    }
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
