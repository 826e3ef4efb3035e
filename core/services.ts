import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { DatabaseOutage } from '../db/outage.ts';
import type { AccountService } from './account/account.ts';
import type { CustomerService } from './account/customers.ts';
import type { BlogService } from './blog/blog.ts';
import type { Catalogue } from './catalogue/catalogue.ts';
import type { CompanyService } from './company/company.ts';
import type { LegalTexts } from './company/legal.ts';
import type { Config } from './config.ts';
import type { ConsoleService } from './console/console.ts';
import type { CrossChainService } from './crosschain/crosschain.ts';
import type { DataVersions } from './data-versions.ts';
import type { DexService } from './dex/dex.ts';
import type { SandboxChains } from './dex/sandbox/runtime.ts';
import type { DirectoryService } from './directory/directory.ts';
import type { QuoteService } from './exchange/quotes.ts';
import type { SwapMailer } from './exchange/swap-mail.ts';
import type { SwapService } from './exchange/swaps.ts';
import type { PriceSource } from './exchange/types.ts';
import type { FiatOrderService } from './fiat/orders.ts';
import type { FiatMarket } from './fiat/quotes.ts';
import type { GlobalDataService } from './global/global-data.ts';
import type { HumanCheck } from './human-check/recaptcha.ts';
import type { Dictionary } from './i18n/dictionaries.ts';
import type { MailOutbox } from './mail/outbox.ts';
import type { ApiKeyUsage } from './partners/api-keys.ts';
import type { PartnerLedger } from './partners/ledger.ts';
import type { WebhookOutbox } from './partners/webhooks.ts';
import type { PartnerWithdrawals } from './partners/withdrawals.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { ReviewService } from './reviews/reviews.ts';
import type { PathRuleStore } from './routing/path-rules.ts';
import type { SupportService } from './support/support.ts';
import type { WidgetThemeStore } from './widget/themes.ts';

/** What the server builds once at start and hands to every request. */
export interface Services {
  config: Config;
  db: Database;
  log: Logger;
  dictionaries: ReadonlyMap<string, Dictionary>;
  pathRules: PathRuleStore;
  catalogue: Catalogue;
  prices: PriceSource;
  quotes: QuoteService;
  swaps: SwapService;
  /** Fiat currencies, countries, providers and their quotes (core/fiat/). */
  fiat: FiatMarket;
  /** Fiat orders: creation, webhooks, the sandbox checkout, the order job. */
  fiatOrders: FiatOrderService;
  /** The optional swap mails and their unsubscriptions. */
  swapMail: SwapMailer;
  /** DEX swaps: the EVM networks, their token lists and route quotes (core/dex). */
  dex: DexService;
  /** The sandbox chains the server runs (SANDBOX_CHAINS), null when none. */
  sandboxChains: SandboxChains | null;
  /** Cross-chain routes between the DEX networks (core/crosschain). */
  crossChain: CrossChainService;
  /** The coin, pair and comparison listings with their market figures. */
  directory: DirectoryService;
  /** Published blog articles, authors, tags and search. */
  blog: BlogService;
  rateLimiter: RateLimiter;
  /** SPEC §3 global data (footer coins, pairs, social links), cached in memory. */
  global: GlobalDataService;
  /** reCAPTCHA check of public forms; passes everything while RECAPTCHA_SECRET is unset. */
  humanCheck: HumanCheck;
  /** Mail to the operator, queued and sent by the outbox job (unsent without SMTP_URL). */
  mail: MailOutbox;
  /** Contact, add-coin and partner demo requests. */
  support: SupportService;
  /** Customer reviews of finished swaps. */
  reviews: ReviewService;
  /** Partners' white-label widget themes, by partner id or by their own host. */
  widgetThemes: WidgetThemeStore;
  /** Partners' earnings ledger: a row per finished swap, totals, series, CSV (core/partners/ledger.ts). */
  partnerLedger: PartnerLedger;
  /** Partners' withdrawals of their balance, confirmed by a mailed link (core/partners/withdrawals.ts). */
  partnerWithdrawals: PartnerWithdrawals;
  /** Partners' webhooks and the outbox of their deliveries (core/partners/webhooks.ts). */
  webhooks: WebhookOutbox;
  /** Requests per API key, counted in memory and written once a minute. */
  apiKeyUsage: ApiKeyUsage;
  /** True while the sandbox providers (and their deposit simulator) are on. */
  sandbox: boolean;
  /** Id of the running client build (builds/latest.json). */
  buildId: string;
  /** The about page's figures and the providers' live figures from our own swaps. */
  company: CompanyService;
  /** The legal pages' texts (content/legal), rendered once. */
  legal: LegalTexts;
  /** Versions of the data pages are rendered from (the HTML cache's validity). */
  dataVersions: DataVersions;
  /** The account area: sign-up, sign-in, sessions, second factor (Better Auth, core/account/). */
  account: AccountService;
  /** The operator console: overview, search, support inbox, moderation, switches, audit log. */
  console: ConsoleService;
  /** The account's swaps and orders, claim links and mail switches (core/account/customers.ts). */
  customers: CustomerService;
  /** A database outage seen a moment ago: pages answer 503 at once instead of waiting on it. */
  databaseOutage: DatabaseOutage;
}
