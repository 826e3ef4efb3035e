import type { GlobalData } from '../../core/global/global-data.ts';
import { accountSitemapUrl, type SiteLinks } from './site-links.ts';

/**
 * What the footer links to (SPEC §2 "Footer"): four columns of site pages, the legal pages, the
 * outward links from config and the monitoring and rating sites. Paths are unprefixed; the footer
 * localises them. Labels are dictionary keys.
 */

export interface FooterLink {
  /** Dictionary key of the link text. */
  labelKey: string;
  /** Unprefixed path as the router matches it (no trailing slash except on the blog). */
  path: string;
}

export interface FooterColumn {
  id: 'exchange' | 'coins' | 'company' | 'support';
  titleKey: string;
  links: readonly FooterLink[];
}

/** The coin and pair the columns' example pages show. */
export const EXAMPLE_COIN = 'btc';
export const EXAMPLE_PAIR = { from: 'btc', to: 'eth' } as const;

/** A coin page: `/coin/{coinCode}`. */
export function coinPath(code: string): string {
  return `/coin/${encodeURIComponent(code.toLowerCase())}`;
}

/** An exchange pair page: `/exchange/{fromCode}-to-{toCode}`. */
export function pairPath(from: string, to: string): string {
  return `/exchange/${encodeURIComponent(from.toLowerCase())}-to-${encodeURIComponent(to.toLowerCase())}`;
}

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    id: 'exchange',
    titleKey: 'footer.columns.exchange',
    links: [
      { labelKey: 'footer.links.swap', path: '/swap' },
      { labelKey: 'footer.links.exchangePairs', path: '/exchange-pairs' },
      { labelKey: 'footer.links.examplePair', path: pairPath(EXAMPLE_PAIR.from, EXAMPLE_PAIR.to) },
      { labelKey: 'footer.links.fiatPairs', path: '/fiat/pairs' },
      { labelKey: 'footer.links.crossChain', path: '/cross-chain' },
      { labelKey: 'footer.links.crossChainTokens', path: '/cross-chain/tokens' },
    ],
  },
  {
    id: 'coins',
    titleKey: 'footer.columns.coins',
    links: [
      { labelKey: 'footer.links.coins', path: '/coin' },
      { labelKey: 'footer.links.exampleCoin', path: coinPath(EXAMPLE_COIN) },
      { labelKey: 'footer.links.compare', path: '/compare' },
    ],
  },
  {
    id: 'company',
    titleKey: 'footer.columns.company',
    links: [
      { labelKey: 'footer.links.aboutUs', path: '/about-us' },
      { labelKey: 'footer.links.partners', path: '/partners' },
      { labelKey: 'footer.links.forPartners', path: '/for-partners' },
      { labelKey: 'footer.links.customerFeedbacks', path: '/customer-feedbacks' },
      { labelKey: 'footer.links.blog', path: '/blog/' },
    ],
  },
  {
    id: 'support',
    titleKey: 'footer.columns.support',
    links: [
      { labelKey: 'footer.links.howItWorks', path: '/how-it-works' },
      { labelKey: 'footer.links.faq', path: '/faq' },
      { labelKey: 'footer.links.transactionStatus', path: '/transaction-status' },
      { labelKey: 'footer.links.contact', path: '/contact' },
    ],
  },
];

export const LEGAL_LINKS: readonly FooterLink[] = [
  { labelKey: 'footer.legal.privacyPolicy', path: '/privacy-policy' },
  { labelKey: 'footer.legal.termsOfUse', path: '/terms-of-use' },
  { labelKey: 'footer.legal.termsForPartners', path: '/terms-for-partners' },
  { labelKey: 'footer.legal.cookiePolicy', path: '/cookie-policy' },
  { labelKey: 'footer.legal.kycAml', path: '/kyc-aml' },
];

export interface ExternalFooterLink {
  labelKey: string;
  href: string;
}

/** The outward links, from runtime config; each opens in a new tab. */
export function externalLinks(links: SiteLinks): ExternalFooterLink[] {
  return [
    { labelKey: 'footer.external.apiDocs', href: links.apiDocs },
    { labelKey: 'footer.external.telegramBot', href: links.telegramBot },
    { labelKey: 'footer.external.promoArticle', href: links.promoArticle },
    { labelKey: 'footer.external.trustReview', href: links.trustReview },
    { labelKey: 'footer.external.pressKit', href: links.pressKit },
    { labelKey: 'footer.external.bugBounty', href: links.bugBounty },
    { labelKey: 'footer.external.sitemap', href: accountSitemapUrl(links.account) },
  ].filter((link) => link.href !== '');
}

export interface MonitoringSite {
  name: string;
  url: string;
}

/** SPEC §2: 14 exchange-monitoring and rating sites, shown by name, opened in a new tab, nofollow. */
export const MONITORING_SITES: readonly MonitoringSite[] = [
  { name: 'BestChange', url: 'https://www.bestchange.com/' },
  { name: 'Kurs Expert', url: 'https://kurs.expert/' },
  { name: 'Exnode', url: 'https://exnode.ru/' },
  { name: 'Glazok', url: 'https://glazok.org/' },
  { name: 'OKchanger', url: 'https://www.okchanger.com/' },
  { name: 'ExchangeSumo', url: 'https://exchangesumo.com/' },
  { name: 'WellCrypto', url: 'https://wellcrypto.io/' },
  { name: 'Trustpilot', url: 'https://www.trustpilot.com/' },
  { name: 'Sitejabber', url: 'https://www.sitejabber.com/' },
  { name: 'ScamAdviser', url: 'https://www.scamadviser.com/' },
  { name: 'CryptWerk', url: 'https://cryptwerk.com/' },
  { name: 'Coinpaprika', url: 'https://coinpaprika.com/' },
  { name: 'CoinGecko', url: 'https://www.coingecko.com/' },
  { name: 'CoinMarketCap', url: 'https://coinmarketcap.com/' },
];

/** `rel` of every monitoring link: not followed by search engines, no opener, no referrer. */
export const MONITORING_REL = 'nofollow noopener noreferrer';

export interface PopularCoinLink {
  name: string;
  /** Upper-case ticker as shown. */
  code: string;
  path: string;
}

export function popularCoinLinks(global: Pick<GlobalData, 'popularCrypto'>): PopularCoinLink[] {
  return global.popularCrypto.map(({ coinInfo }) => ({
    name: coinInfo.name,
    code: coinInfo.code.toUpperCase(),
    path: coinPath(coinInfo.code),
  }));
}

export interface PopularPairLink {
  from: string;
  to: string;
  path: string;
}

export function popularPairLinks(global: Pick<GlobalData, 'popularPairs'>): PopularPairLink[] {
  return global.popularPairs.map(({ pairInfo }) => ({
    from: pairInfo.from.code.toUpperCase(),
    to: pairInfo.to.code.toUpperCase(),
    path: pairPath(pairInfo.from.code, pairInfo.to.code),
  }));
}

/** Display names of the social networks the icons know; others are shown with a capital letter. */
const SOCIAL_NAMES: Record<string, string> = {
  telegram: 'Telegram',
  x: 'X',
  twitter: 'X',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  reddit: 'Reddit',
  linkedin: 'LinkedIn',
  medium: 'Medium',
  discord: 'Discord',
};

export function socialName(logo: string): string {
  const key = logo.trim().toLowerCase();
  return SOCIAL_NAMES[key] ?? (key ? key.charAt(0).toUpperCase() + key.slice(1) : logo);
}
