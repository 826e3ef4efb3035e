import type { DataSource } from '../data-versions.ts';
import { DEX_NETWORK_IDS } from '../dex/networks.ts';
import { COIN_CODE_PATTERN, SWAP_ID_PATTERN } from '../exchange/types.ts';
import { FIAT_ORDER_ID_PATTERN } from '../fiat/types.ts';
import type { LayoutName } from './layouts.ts';
import type { RouteMiddlewareName } from './middleware-names.ts';

export interface PageDef {
  /** Stable page name; dictionary keys are `pages.{name}.title` / `.description`. */
  name: string;
  /**
   * Unprefixed path pattern as in SPEC §2: `{param}` stands for a parameter and may share a
   * segment with literal text (`page-{page}`, `{from}-to-{to}`).
   */
  path: string;
  layout: LayoutName;
  /** Route module under app/; pages whose content comes with a later issue use the generic page. */
  file?: string;
  /** Named route middlewares (SPEC §8), switchable per path by path rules. */
  middleware?: readonly RouteMiddlewareName[];
  /**
   * Data the page shows besides the footer's global data, which every page shows: its cached HTML
   * is dropped when one of them changes (core/data-versions.ts).
   */
  data?: readonly DataSource[];
  /** The page shows one visitor's record: never stored by any cache. */
  private?: true;
}

const GENERIC = 'routes/page.tsx';
/** The buy, sell and fiat pages: one module, the widget preset by the path (app/fiat/). */
const FIAT = 'routes/fiat-trade.tsx';
/** They show the catalogue's coins and the market's prices (through the quotes). */
const FIAT_DATA: readonly DataSource[] = ['catalogue'];
/** The legal pages: one module renders content/legal/{lang}/{page}.md. */
const LEGAL = 'routes/legal.tsx';
/** Pages made of the catalogue and market prices. */
const MARKET: readonly DataSource[] = ['catalogue', 'market'];
/** Pages made of the blog's articles, authors and tags. */
const BLOG: readonly DataSource[] = ['blog'];

const DECLARED_PAGES: readonly PageDef[] = [
  { name: 'home', path: '/', layout: 'default', file: 'routes/home.tsx', data: ['catalogue'] },
  {
    name: 'about-us',
    path: '/about-us',
    layout: 'default',
    file: 'routes/about-us.tsx',
    data: ['catalogue'],
  },
  { name: 'partners', path: '/partners', layout: 'default', file: 'routes/partners.tsx' },
  { name: 'for-partners', path: '/for-partners', layout: 'default', file: 'routes/for-partners.tsx' },
  { name: 'how-it-works', path: '/how-it-works', layout: 'default', file: 'routes/how-it-works.tsx' },
  {
    name: 'customer-feedbacks',
    path: '/customer-feedbacks',
    layout: 'default',
    file: 'routes/customer-feedbacks.tsx',
    data: ['reviews'],
  },
  { name: 'faq', path: '/faq', layout: 'default', file: 'routes/faq.tsx' },
  { name: 'press', path: '/press', layout: 'default', file: 'routes/press.tsx' },
  { name: 'providers', path: '/providers', layout: 'default', file: 'routes/providers.tsx' },
  { name: 'contact', path: '/contact', layout: 'default', file: 'routes/contact.tsx' },
  { name: 'congrats', path: '/congrats', layout: 'default', file: 'routes/congrats.tsx' },
  { name: 'dex', path: '/dex', layout: 'default', file: 'routes/dex.tsx' },
  {
    name: 'dex-network',
    path: '/dex/networks/{network}',
    layout: 'default',
    file: 'routes/dex-network.tsx',
  },
  {
    // A sandbox chain's transaction, read from the chain (no explorer knows it): never cached.
    name: 'dex-tx',
    path: '/dex/tx/{chainId}/{hash}',
    layout: 'default',
    file: 'routes/dex-tx.tsx',
    private: true,
  },
  { name: 'swap', path: '/swap', layout: 'default', file: 'routes/swap.tsx', data: ['catalogue'] },
  {
    name: 'swap-status',
    path: '/swap/{swapId}',
    layout: 'default',
    file: 'routes/swap-status.tsx',
    private: true,
  },
  {
    name: 'swap-unsubscribe',
    path: '/swap/{swapId}/unsubscribe',
    layout: 'default',
    file: 'routes/swap-unsubscribe.tsx',
    private: true,
  },
  {
    // The signed link of the "action needed" mail (docs/decisions/020).
    name: 'swap-decide',
    path: '/swap/{swapId}/decide',
    layout: 'default',
    file: 'routes/swap-decide.tsx',
    private: true,
  },
  {
    name: 'transaction-status',
    path: '/transaction-status',
    layout: 'default',
    file: 'routes/transaction-status.tsx',
  },
  { name: 'maintenance', path: '/maintenance', layout: 'bare', file: 'routes/maintenance.tsx' },
  { name: 'cookie-policy', path: '/cookie-policy', layout: 'default', file: LEGAL },
  { name: 'privacy-policy', path: '/privacy-policy', layout: 'default', file: LEGAL },
  { name: 'terms-of-use', path: '/terms-of-use', layout: 'default', file: LEGAL },
  { name: 'terms-for-partners', path: '/terms-for-partners', layout: 'default', file: LEGAL },
  { name: 'kyc-aml', path: '/kyc-aml', layout: 'default', file: LEGAL },
  {
    name: 'sitemap',
    path: '/sitemap',
    layout: 'default',
    file: 'routes/sitemap.tsx',
    data: ['catalogue', 'blog'],
  },
  {
    // One partner's withdrawal (`?id=`, or the mailed link's `?token=`): never cached.
    name: 'withdrawal-processing',
    path: '/withdrawal/processing',
    layout: 'default',
    file: 'routes/withdrawal.tsx',
    private: true,
  },
  {
    name: 'withdrawal-confirm',
    path: '/withdrawal/confirm',
    layout: 'default',
    file: 'routes/withdrawal.tsx',
    private: true,
  },
  // The account area (app/account/, core/account/): under /account, where its session cookie is
  // sent; its language follows that word (`/account/de/sign-in`, core/routing/paths.ts).
  { name: 'account', path: '/account', layout: 'default', file: 'routes/account.tsx', private: true },
  {
    name: 'account-registration',
    path: '/account/registration',
    layout: 'default',
    file: 'routes/account-registration.tsx',
    private: true,
  },
  {
    name: 'account-sign-in',
    path: '/account/sign-in',
    layout: 'default',
    file: 'routes/account-sign-in.tsx',
    private: true,
  },
  {
    name: 'account-two-factor',
    path: '/account/two-factor',
    layout: 'default',
    file: 'routes/account-two-factor.tsx',
    private: true,
  },
  {
    name: 'account-forgot-password',
    path: '/account/forgot-password',
    layout: 'default',
    file: 'routes/account-forgot-password.tsx',
    private: true,
  },
  {
    name: 'account-reset-password',
    path: '/account/reset-password',
    layout: 'default',
    file: 'routes/account-reset-password.tsx',
    private: true,
  },
  // The operator console (app/console/, core/console/): staff only, everyone else gets a 404.
  { name: 'console', path: '/account/console', layout: 'default', file: 'routes/console.tsx', private: true },
  {
    name: 'console-swaps',
    path: '/account/console/swaps',
    layout: 'default',
    file: 'routes/console-swaps.tsx',
    private: true,
  },
  {
    name: 'console-swap',
    path: '/account/console/swaps/{swapId}',
    layout: 'default',
    file: 'routes/console-swap.tsx',
    private: true,
  },
  {
    name: 'console-order',
    path: '/account/console/orders/{orderId}',
    layout: 'default',
    file: 'routes/console-order.tsx',
    private: true,
  },
  {
    name: 'console-support',
    path: '/account/console/support',
    layout: 'default',
    file: 'routes/console-support.tsx',
    private: true,
  },
  {
    name: 'console-reviews',
    path: '/account/console/reviews',
    layout: 'default',
    file: 'routes/console-reviews.tsx',
    private: true,
  },
  {
    name: 'console-mail',
    path: '/account/console/mail',
    layout: 'default',
    file: 'routes/console-mail.tsx',
    private: true,
  },
  {
    name: 'console-path-rules',
    path: '/account/console/path-rules',
    layout: 'default',
    file: 'routes/console-path-rules.tsx',
    private: true,
  },
  {
    name: 'console-providers',
    path: '/account/console/providers',
    layout: 'default',
    file: 'routes/console-providers.tsx',
    private: true,
  },
  {
    name: 'console-partners',
    path: '/account/console/partners',
    layout: 'default',
    file: 'routes/console-partners.tsx',
    private: true,
  },
  {
    name: 'console-audit',
    path: '/account/console/audit',
    layout: 'default',
    file: 'routes/console-audit.tsx',
    private: true,
  },
  {
    name: 'console-audit-csv',
    path: '/account/console/audit.csv',
    layout: 'default',
    file: 'routes/console-audit-csv.ts',
    private: true,
  },
  // The partner's money (core/partners/): earnings ledger and withdrawals.
  {
    name: 'account-earnings',
    path: '/account/earnings',
    layout: 'default',
    file: 'routes/account-earnings.tsx',
    private: true,
  },
  {
    name: 'account-withdrawals',
    path: '/account/withdrawals',
    layout: 'default',
    file: 'routes/account-withdrawals.tsx',
    private: true,
  },
  // The partner's tools (issue 26): API keys, webhooks, widget and theme.
  {
    name: 'account-api-keys',
    path: '/account/api-keys',
    layout: 'default',
    file: 'routes/account-api-keys.tsx',
    private: true,
  },
  {
    name: 'account-webhooks',
    path: '/account/webhooks',
    layout: 'default',
    file: 'routes/account-webhooks.tsx',
    private: true,
  },
  {
    name: 'account-widget',
    path: '/account/widget',
    layout: 'default',
    file: 'routes/account-widget.tsx',
    private: true,
  },
  // The account's customer pages (core/account/customers.ts) and the account site's map.
  {
    name: 'account-swaps',
    path: '/account/swaps',
    layout: 'default',
    file: 'routes/account-swaps.tsx',
    private: true,
  },
  {
    name: 'account-claim',
    path: '/account/claim',
    layout: 'default',
    file: 'routes/account-claim.tsx',
    private: true,
  },
  {
    name: 'account-sitemap',
    path: '/account/sitemap',
    layout: 'default',
    file: 'routes/account-sitemap.tsx',
    private: true,
  },
  { name: 'design-system', path: '/design-system', layout: 'default', file: 'routes/design-system.tsx' },
  { name: 'widget', path: '/widget', layout: 'bare', middleware: ['widget-v2-redirect'] },
  {
    name: 'widget-v2',
    path: '/v2/widget',
    layout: 'bare',
    file: 'routes/widget.tsx',
    middleware: ['widget-v2-redirect'],
    // A widget shows one visitor's swap (`?swap=`) and a partner's stored theme.
    private: true,
  },

  { name: 'coins', path: '/coin', layout: 'coins', file: 'routes/coins.tsx', data: MARKET },
  { name: 'coins-page', path: '/coin/page-{page}', layout: 'coins', file: 'routes/coin.tsx', data: MARKET },
  { name: 'coin', path: '/coin/{coin}', layout: 'default', file: 'routes/coin.tsx', data: MARKET },
  {
    name: 'exchange-pairs',
    path: '/exchange-pairs',
    layout: 'pairs',
    file: 'routes/exchange-pairs.tsx',
    data: MARKET,
  },
  {
    name: 'exchange-pairs-page',
    path: '/exchange-pairs/page-{page}',
    layout: 'pairs',
    file: 'routes/exchange-pairs.tsx',
    data: MARKET,
  },
  {
    name: 'exchange-pair',
    path: '/exchange/{from}-to-{to}',
    layout: 'default',
    middleware: ['exchange-pair'],
    file: 'routes/exchange-pair.tsx',
    data: MARKET,
  },
  { name: 'compare', path: '/compare', layout: 'compare', file: 'routes/compare.tsx', data: MARKET },
  {
    name: 'compare-page',
    path: '/compare/page-{page}',
    layout: 'compare',
    file: 'routes/compare-pair.tsx',
    data: MARKET,
  },
  {
    name: 'compare-pair',
    path: '/compare/{from}-vs-{to}',
    layout: 'compare',
    middleware: ['compare-pair'],
    file: 'routes/compare-pair.tsx',
    data: MARKET,
  },

  { name: 'cross-chain', path: '/cross-chain', layout: 'cross-chain', file: 'routes/cross-chain.tsx' },
  {
    name: 'cross-chain-page',
    path: '/cross-chain/page-{page}',
    layout: 'cross-chain',
    file: 'routes/cross-chain.tsx',
  },
  {
    name: 'cross-chain-pair',
    // A token on a network each side: /cross-chain/usdc-ethereum-to-usdc-optimism.
    path: '/cross-chain/{fromToken}-to-{toToken}',
    layout: 'cross-chain',
    middleware: ['cross-chain-pair'],
    file: 'routes/cross-chain.tsx',
  },
  {
    name: 'cross-chain-bridges',
    path: '/cross-chain/bridges',
    layout: 'cross-chain',
    file: 'routes/cross-chain.tsx',
  },
  {
    name: 'cross-chain-tokens',
    path: '/cross-chain/tokens',
    layout: 'cross-chain-tokens',
    file: 'routes/cross-chain.tsx',
  },
  {
    name: 'cross-chain-tokens-page',
    path: '/cross-chain/tokens/page-{page}',
    layout: 'cross-chain-tokens',
    file: 'routes/cross-chain.tsx',
  },

  { name: 'fiat', path: '/fiat', layout: 'fiat', file: FIAT, data: FIAT_DATA },
  { name: 'fiat-pairs', path: '/fiat/pairs', layout: 'fiat', file: 'routes/fiat-pairs.tsx', data: FIAT_DATA },
  {
    name: 'fiat-pairs-page',
    path: '/fiat/pairs/page-{page}',
    layout: 'fiat',
    file: 'routes/fiat-pairs.tsx',
    data: FIAT_DATA,
  },
  {
    name: 'fiat-exchange-pair',
    path: '/fiat/exchange/{from}-to-{to}',
    layout: 'fiat',
    middleware: ['fiat-exchange-pair'],
    file: FIAT,
    data: FIAT_DATA,
  },
  {
    name: 'fiat-checkout',
    path: '/fiat/checkout/{orderId}',
    layout: 'default',
    file: 'routes/fiat-checkout.tsx',
    private: true,
  },
  {
    name: 'fiat-sell',
    path: '/fiat/sell/{orderId}',
    layout: 'default',
    file: 'routes/fiat-sell.tsx',
    private: true,
  },
  {
    name: 'fiat-order',
    path: '/fiat/order/{orderId}',
    layout: 'default',
    file: 'routes/fiat-order.tsx',
    private: true,
  },

  { name: 'buy', path: '/buy', layout: 'default', file: FIAT, data: FIAT_DATA },
  { name: 'buy-coin', path: '/buy/{coin}', layout: 'default', file: FIAT, data: FIAT_DATA },
  { name: 'buy-coin-country', path: '/buy/{coin}/{country}', layout: 'default', file: FIAT, data: FIAT_DATA },
  {
    name: 'buy-coin-region',
    path: '/buy/{coin}/{country}/{region}',
    layout: 'default',
    file: FIAT,
    data: FIAT_DATA,
  },
  { name: 'buy-pair', path: '/buy-coin/{from}-{to}', layout: 'default', file: FIAT, data: FIAT_DATA },
  { name: 'sell', path: '/sell', layout: 'default', file: FIAT, data: FIAT_DATA },
  { name: 'sell-coin', path: '/sell/{coin}', layout: 'default', file: FIAT, data: FIAT_DATA },
  {
    name: 'sell-coin-country',
    path: '/sell/{coin}/{country}',
    layout: 'default',
    file: FIAT,
    data: FIAT_DATA,
  },
  {
    name: 'sell-coin-region',
    path: '/sell/{coin}/{country}/{region}',
    layout: 'default',
    file: FIAT,
    data: FIAT_DATA,
  },
  { name: 'sell-pair', path: '/sell-coin/{from}-{to}', layout: 'default', file: FIAT, data: FIAT_DATA },

  { name: 'blog', path: '/blog', layout: 'blog', file: 'routes/blog.tsx', data: BLOG },
  { name: 'blog-page', path: '/blog/page/{number}', layout: 'blog', file: 'routes/blog.tsx', data: BLOG },
  {
    name: 'blog-article',
    path: '/blog/{slug}',
    layout: 'blog',
    middleware: ['blog-article'],
    file: 'routes/blog-article.tsx',
    // The exchange form under the article shows the catalogue's default pair.
    data: ['blog', 'catalogue'],
  },
  {
    name: 'blog-authors',
    path: '/blog/authors',
    layout: 'blog',
    file: 'routes/blog-authors.tsx',
    data: BLOG,
  },
  {
    name: 'blog-author',
    path: '/blog/authors/{slug}',
    layout: 'blog',
    file: 'routes/blog-author.tsx',
    data: BLOG,
  },
  {
    name: 'blog-author-page',
    path: '/blog/authors/{slug}/{page}',
    layout: 'blog',
    file: 'routes/blog-author.tsx',
    data: BLOG,
  },
  { name: 'blog-search', path: '/blog/search', layout: 'blog', file: 'routes/blog-search.tsx', data: BLOG },
  {
    name: 'blog-search-page',
    path: '/blog/search/{number}',
    layout: 'blog',
    file: 'routes/blog-search.tsx',
    data: BLOG,
  },
  { name: 'blog-tags', path: '/blog/tag', layout: 'blog', file: 'routes/blog-tags.tsx', data: BLOG },
  { name: 'blog-tag', path: '/blog/tag/{slug}', layout: 'blog', file: 'routes/blog-tag.tsx', data: BLOG },
  {
    name: 'blog-tag-page',
    path: '/blog/tag/{slug}/{page}',
    layout: 'blog',
    file: 'routes/blog-tag.tsx',
    data: BLOG,
  },

  {
    name: 'custom-exchange-pairs',
    path: '/custom/exchange-pairs',
    layout: 'default',
    file: 'routes/custom.tsx',
    data: FIAT_DATA,
  },
  {
    name: 'custom-compare',
    path: '/custom/compare',
    layout: 'default',
    file: 'routes/custom.tsx',
    data: MARKET,
  },
];

/** Every page of the site, declared once; app/routes.ts expands it to the 14 languages. */
export type Page = PageDef & { file: string };

export const PAGES: readonly Page[] = DECLARED_PAGES.map((page) => ({ file: GENERIC, ...page }));

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const POSITIVE_INTEGER = /^[1-9][0-9]{0,8}$/;
/** A token on one of the DEX networks (core/dex/networks.ts): its symbol, lowercase, and the network's id. */
const NETWORK_TOKEN = new RegExp(`^[a-z0-9]{1,20}-(?:${DEX_NETWORK_IDS.join('|')})$`);
/** One of the DEX networks' ids. */
const DEX_NETWORK = new RegExp(`^(?:${DEX_NETWORK_IDS.join('|')})$`);

/** A transaction hash: 32 bytes in hex. */
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** The first words of the pages' paths (`blog`, `buy`, `fiat`, …). */
const PAGE_WORDS = [...new Set(DECLARED_PAGES.map((page) => page.path.split('/')[1] ?? ''))].filter(Boolean);

/**
 * A coin code that is not one of the site's words: `/buy/blog/page/3` must have one reading. React
 * Router would rank it as the blog's `/:lang/blog/page/:number` (more literal segments) while the
 * path has no language and is a buy page; no coin is called "blog" or "fiat", so such paths are
 * simply not found.
 */
const COIN = new RegExp(`^(?!(?:${PAGE_WORDS.join('|')})$)${COIN_CODE_PATTERN.source.slice(1)}`);

/** The check each route parameter must pass; a failure answers 404 'Page Not Found: {path}'. */
export const PARAM_CHECKS: Record<string, RegExp> = {
  page: POSITIVE_INTEGER,
  number: POSITIVE_INTEGER,
  coin: COIN,
  from: COIN_CODE_PATTERN,
  to: COIN_CODE_PATTERN,
  country: SLUG,
  region: SLUG,
  slug: SLUG,
  swapId: SWAP_ID_PATTERN,
  orderId: FIAT_ORDER_ID_PATTERN,
  network: DEX_NETWORK,
  fromToken: NETWORK_TOKEN,
  toToken: NETWORK_TOKEN,
  chainId: POSITIVE_INTEGER,
  hash: TX_HASH,
};
