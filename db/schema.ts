import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Type-only: the columns hold the exchange's statuses and rate types (erased at runtime, so db
// still depends on nothing above it).
import type { RateType, SwapDecisionKind, SwapProblem, SwapStatus } from '../core/exchange/types.ts';
import type { PayoutKind } from '../core/fiat/payout.ts';
import type { FiatOrderStatus, FiatSide, PaymentMethod } from '../core/fiat/types.ts';

/**
 * Per-path routing rules (SPEC §7 "lookup by path"): a redirect target and on/off switches for
 * the named route middlewares.
 */
export const pathRules = pgTable(
  'path_rules',
  {
    path: text('path').primaryKey(),
    redirectTo: text('redirect_to'),
    redirectStatus: integer('redirect_status').notNull().default(301),
    middlewares: jsonb('middlewares').$type<Record<string, boolean>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('path_rules_path_check', sql`${table.path} LIKE '/%'`),
    check('path_rules_status_check', sql`${table.redirectStatus} IN (301, 302, 307, 308)`),
  ],
);

export type PathRuleRow = typeof pathRules.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Catalogue (seeded from content/catalogue/*.json and core/address/networks.ts)
// ---------------------------------------------------------------------------------------------

export const networks = pgTable('networks', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  nativeCoin: text('native_coin').notNull(),
  addressFormat: text('address_format').notNull(),
  memoName: text('memo_name'),
  memoRequired: boolean('memo_required').notNull().default(false),
  memoFormat: text('memo_format'),
  confirmations: integer('confirmations').notNull(),
  explorerTx: text('explorer_tx').notNull(),
  explorerAddress: text('explorer_address'),
  decimals: integer('decimals').notNull(),
  networkFeeUsd: numeric('network_fee_usd').notNull(),
});

export const coins = pgTable('coins', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** Position in the catalogue: majors first. */
  rank: integer('rank').notNull(),
  popular: boolean('popular').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
});

export const coinNetworks = pgTable(
  'coin_networks',
  {
    coin: text('coin')
      .notNull()
      .references(() => coins.code),
    network: text('network')
      .notNull()
      .references(() => networks.id),
    contract: text('contract'),
    decimals: integer('decimals').notNull(),
    min: numeric('min').notNull(),
    max: numeric('max').notNull(),
  },
  (table) => [primaryKey({ columns: [table.coin, table.network] })],
);

export const fiatCurrencies = pgTable('fiat_currencies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  decimals: integer('decimals').notNull(),
  min: numeric('min').notNull(),
  max: numeric('max').notNull(),
  popular: boolean('popular').notNull().default(false),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  currency: text('currency')
    .notNull()
    .references(() => fiatCurrencies.code),
});

export const regions = pgTable(
  'regions',
  {
    country: text('country')
      .notNull()
      .references(() => countries.code),
    code: text('code').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
  },
  (table) => [primaryKey({ columns: [table.country, table.code] })],
);

// ---------------------------------------------------------------------------------------------
// Market
// ---------------------------------------------------------------------------------------------

export const coinPrices = pgTable('coin_prices', {
  coin: text('coin').primaryKey(),
  usd: numeric('usd').notNull(),
  source: text('source').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const priceHistory = pgTable(
  'price_history',
  {
    coin: text('coin').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    usd: numeric('usd').notNull(),
  },
  (table) => [primaryKey({ columns: [table.coin, table.at] })],
);

// ---------------------------------------------------------------------------------------------
// Partners, promo codes
// ---------------------------------------------------------------------------------------------

export const partners = pgTable('partners', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Share of each swap amount paid to the partner, in basis points (20 = 0.2%). */
  affiliateFeeBps: integer('affiliate_fee_bps').notNull().default(20),
  /** The account-area user who runs this partner (self-service keys); null for CLI-made partners. */
  userId: text('user_id')
    .unique()
    .references(() => accountUsers.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const apiKeys = pgTable('api_keys', {
  id: text('id').primaryKey(),
  partnerId: text('partner_id')
    .notNull()
    .references(() => partners.id),
  /** SHA-256 of the key; the key itself is shown once, at creation. */
  keyHash: text('key_hash').notNull().unique(),
  /** First characters of the key, to recognise it in lists. */
  prefix: text('prefix').notNull(),
  /** The partner's own label for the key (account area). */
  name: text('name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** When a request last came with the key, to the minute (written with the usage counts). */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/**
 * Requests per key and calendar month (UTC, `2026-11`): counted in memory by each node and added
 * here at most once a minute (core/partners/api-keys.ts, ApiKeyUsage), never once per request.
 */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: text('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.keyId, table.month] })],
);

/** A partner's webhook (core/partners/webhooks.ts): where its swaps' status changes are POSTed, signed with `secret`. */
export const partnerWebhooks = pgTable('partner_webhooks', {
  partnerId: text('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  /** The HMAC-SHA256 key of the signatures: shown to the partner once, kept to sign. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * The partner webhooks' outbox: one row per event, written in the transaction of the swap's status
 * change, claimed with SKIP LOCKED and a lease, retried with backoff; also the delivery log.
 */
export const partnerWebhookDeliveries = pgTable(
  'partner_webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull().unique(),
    /** `swap.status_changed` or `test`. */
    event: text('event').notNull(),
    swapId: text('swap_id'),
    /** The JSON body, signed and sent as it is. */
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    /** When the job next tries; null once delivered or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('partner_webhook_deliveries_due_idx').on(table.nextAttemptAt),
    index('partner_webhook_deliveries_partner_idx').on(table.partnerId, table.id),
    check(
      'partner_webhook_deliveries_status_check',
      sql`${table.status} IN ('pending', 'delivered', 'failed')`,
    ),
  ],
);

/**
 * A partner's white-label widget theme (core/widget/themes.ts): brand name, colours, radius, logo,
 * texts per language, kept as the checked JSON of core/widget/config.ts; optionally the partner's
 * own host that serves the widget (a request's Host is looked up here and nowhere else).
 */
export const widgetThemes = pgTable('widget_themes', {
  partnerId: text('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  host: text('host').unique(),
  theme: jsonb('theme').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A partner's withdrawal of its balance (core/partners/withdrawals.ts): asked in the account area,
 * confirmed through a mailed single-use link (only the link token's HMAC is kept), then paid
 * (sandbox: at once) or queued for the operator until a transaction hash is noted.
 */
export const partnerWithdrawals = pgTable(
  'partner_withdrawals',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    coin: text('coin').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    memo: text('memo'),
    /** The balance asked for, in USD. */
    amountUsd: numeric('amount_usd').notNull(),
    /** What is sent, in `coin` units (set when it is confirmed, at that time's price). */
    amount: numeric('amount'),
    status: text('status').$type<'requested' | 'queued' | 'paid' | 'refused'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    lang: text('lang').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    txHash: text('tx_hash'),
    /** Why the operator refused a queued withdrawal (shown to the partner); null otherwise. */
    refusedReason: text('refused_reason'),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('partner_withdrawals_partner_idx').on(table.partnerId, table.createdAt)],
);

/**
 * The partners' earnings ledger (core/partners/ledger.ts): an `earning` per finished swap of a
 * partner, a `reversal` when a swap that earned is refunded, a `withdrawal` when a withdrawal is
 * confirmed, a `refusal` (the withdrawal's debit given back) when the operator refuses a confirmed
 * one. `usd` is signed; the balance is its sum. One row per swap and kind, one per withdrawal and kind.
 */
export const partnerEarnings = pgTable(
  'partner_earnings',
  {
    id: serial('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'earning' | 'reversal' | 'withdrawal' | 'refusal'>().notNull(),
    /** `affiliate` or `api` for a swap's rows (how the share was worked out). */
    programme: text('programme').$type<'affiliate' | 'api'>(),
    swapId: text('swap_id').references(() => swaps.id),
    withdrawalId: text('withdrawal_id').references(() => partnerWithdrawals.id),
    /** The share in `coin` units (the swap's payout coin, or the withdrawal's coin), signed. */
    coin: text('coin').notNull(),
    network: text('network').notNull(),
    amount: numeric('amount').notNull(),
    /** The share in USD at the time of the row, signed. */
    usd: numeric('usd').notNull(),
    /** The swap's payout in USD at the time (the API tiers count it), signed like `usd`. */
    volumeUsd: numeric('volume_usd').notNull().default('0'),
    /** The share applied, in basis points: of the amount (affiliate) or of our service fee (API). */
    shareBps: integer('share_bps'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('partner_earnings_swap_kind_idx').on(table.swapId, table.kind),
    uniqueIndex('partner_earnings_withdrawal_kind_idx').on(table.withdrawalId, table.kind),
    index('partner_earnings_partner_idx').on(table.partnerId, table.at),
  ],
);

export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  active: boolean('active').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

// ---------------------------------------------------------------------------------------------
// Quotes and swaps
// ---------------------------------------------------------------------------------------------

/** A fixed-rate offer the visitor may accept until it expires. */
export const fixedQuotes = pgTable('fixed_quotes', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  fromCoin: text('from_coin').notNull(),
  fromNetwork: text('from_network').notNull(),
  toCoin: text('to_coin').notNull(),
  toNetwork: text('to_network').notNull(),
  amountFrom: numeric('amount_from').notNull(),
  amountTo: numeric('amount_to').notNull(),
  rate: numeric('rate').notNull(),
  /** Our fee and the payout network fee already deducted from amountTo, in `to` units. */
  serviceFee: numeric('service_fee').notNull().default('0'),
  networkFee: numeric('network_fee').notNull().default('0'),
  /** The provider's own id for the locked rate, when it has one. */
  providerRateId: text('provider_rate_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const swaps = pgTable(
  'swaps',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    providerSwapId: text('provider_swap_id').notNull(),
    status: text('status').$type<SwapStatus>().notNull(),
    rateType: text('rate_type').$type<RateType>().notNull(),
    fromCoin: text('from_coin').notNull(),
    fromNetwork: text('from_network').notNull(),
    toCoin: text('to_coin').notNull(),
    toNetwork: text('to_network').notNull(),
    amountFrom: numeric('amount_from').notNull(),
    amountTo: numeric('amount_to').notNull(),
    rate: numeric('rate').notNull(),
    serviceFee: numeric('service_fee').notNull(),
    affiliateFee: numeric('affiliate_fee').notNull(),
    networkFee: numeric('network_fee').notNull(),
    depositAddress: text('deposit_address').notNull(),
    depositMemo: text('deposit_memo'),
    payoutAddress: text('payout_address').notNull(),
    payoutMemo: text('payout_memo'),
    refundAddress: text('refund_address'),
    refundMemo: text('refund_memo'),
    amountDeposited: numeric('amount_deposited'),
    amountPaidOut: numeric('amount_paid_out'),
    depositHash: text('deposit_hash'),
    payoutHash: text('payout_hash'),
    /** Why the swap left the happy path (core/exchange/swap-states.ts), or null. */
    problem: text('problem').$type<SwapProblem>(),
    /** The provider's limits for the swap, in `from` units (named when a deposit is outside them). */
    minAmount: numeric('min_amount'),
    maxAmount: numeric('max_amount'),
    /** What the payout comes to given the deposit actually received (null: the order's amountTo). */
    amountExpected: numeric('amount_expected'),
    /** action_needed only: when the default decision applies. */
    actionDeadline: timestamp('action_deadline', { withTimezone: true }),
    /** The decision taken on an action-needed swap, and whether the visitor or the default took it. */
    decision: text('decision').$type<SwapDecisionKind>(),
    decidedBy: text('decided_by').$type<'visitor' | 'default'>(),
    refundHash: text('refund_hash'),
    amountRefunded: numeric('amount_refunded'),
    quoteId: text('quote_id'),
    promoCode: text('promo_code'),
    partnerId: text('partner_id').references(() => partners.id),
    /**
     * How the partner came to the swap (core/partners/ledger.ts): `api` made with the partner's API
     * key (a tier of our service fee), `affiliate` through its link, code or widget (its
     * affiliate share); null without a partner.
     */
    partnerVia: text('partner_via').$type<'affiliate' | 'api'>(),
    /** Unpaid swaps expire at this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Fixed rate only: the locked rate holds for deposits made before this time. */
    rateExpiresAt: timestamp('rate_expires_at', { withTimezone: true }),
    /** When the status job next asks the provider; null once the swap is final. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** Optional: where the receipt and status mails go (core/exchange/swap-mail.ts); null once unsubscribed. */
    notifyEmail: text('notify_email'),
    /** The language the mails are written in (the visitor's when the swap was created). */
    notifyLang: text('notify_lang'),
    /** 192 random bits in the mails' unsubscribe link. */
    notifyToken: text('notify_token'),
    /** The account the swap is listed in (core/account/customers.ts), once saved or claimed. */
    accountUserId: text('account_user_id').references(() => accountUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('swaps_next_check_idx').on(table.nextCheckAt),
    index('swaps_partner_idx').on(table.partnerId),
    index('swaps_account_user_idx').on(table.accountUserId, table.createdAt),
    index('swaps_notify_email_idx').on(table.notifyEmail),
    uniqueIndex('swaps_provider_swap_idx').on(table.provider, table.providerSwapId),
  ],
);

export const swapEvents = pgTable(
  'swap_events',
  {
    id: serial('id').primaryKey(),
    swapId: text('swap_id')
      .notNull()
      .references(() => swaps.id),
    status: text('status').$type<SwapStatus>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('swap_events_swap_idx').on(table.swapId, table.at)],
);

/** `Idempotency-Key` bookkeeping for swap creation: one row per (client, key). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request with this key is still being handled. */
    swapId: text('swap_id'),
    /** The id of the swap the request holding the key is creating (its provider reference). */
    pendingSwapId: text('pending_swap_id'),
    /**
     * Until then the request holding the key is presumed alive; after it (a crashed process) the
     * next request with the key completes or takes over what it left.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

/**
 * The sandbox liquidity providers' own books: what a real provider keeps on its side. The
 * sandbox deposit endpoint writes here, and the providers' getSwap reads from here.
 */
export const sandboxSwaps = pgTable('sandbox_swaps', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  rateType: text('rate_type').notNull(),
  fromCoin: text('from_coin').notNull(),
  fromNetwork: text('from_network').notNull(),
  toCoin: text('to_coin').notNull(),
  toNetwork: text('to_network').notNull(),
  amountFrom: numeric('amount_from').notNull(),
  amountTo: numeric('amount_to').notNull(),
  rate: numeric('rate').notNull(),
  min: numeric('min').notNull(),
  max: numeric('max').notNull(),
  depositAddress: text('deposit_address').notNull(),
  depositMemo: text('deposit_memo'),
  payoutAddress: text('payout_address').notNull(),
  payoutMemo: text('payout_memo'),
  refundAddress: text('refund_address'),
  /** Our markup, kept back from the payout (see ProviderSwapRequest.partnerFeeBps). */
  partnerFeeBps: integer('partner_fee_bps').notNull().default(0),
  /** Fixed-rate offers must be paid before this time. */
  rateExpiresAt: timestamp('rate_expires_at', { withTimezone: true }),
  depositAmount: numeric('deposit_amount'),
  depositedAt: timestamp('deposited_at', { withTimezone: true }),
  /** Sandbox only: what the simulated provider does after the deposit ('hold', 'provider_failure'). */
  scenario: text('scenario'),
  refundMemo: text('refund_memo'),
  /** The decision on a swap the provider could not settle alone, and when it came. */
  decision: text('decision'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** After a decision to continue: the payout at the market rate of that moment. */
  marketAmountTo: numeric('market_amount_to'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Global data (SPEC §3 "global data": footer coins, pairs and social links) and the newsletter
// ---------------------------------------------------------------------------------------------

/** The footer's popular pairs, in `rank` order (SPEC §3 popularPairs). */
export const popularPairs = pgTable(
  'popular_pairs',
  {
    fromCoin: text('from_coin')
      .notNull()
      .references(() => coins.code),
    toCoin: text('to_coin')
      .notNull()
      .references(() => coins.code),
    rank: integer('rank').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.fromCoin, table.toCoin] }),
    check('popular_pairs_distinct_check', sql`${table.fromCoin} <> ${table.toCoin}`),
  ],
);

/** The footer's social links (SPEC §3 socialMedias); `network` is also the icon name. */
export const socialLinks = pgTable(
  'social_links',
  {
    network: text('network').primaryKey(),
    link: text('link').notNull(),
    rank: integer('rank').notNull(),
  },
  (table) => [check('social_links_link_check', sql`${table.link} LIKE 'https://%'`)],
);

/** Newsletter sign-ups (SPEC §7 POST /apiglobal/contact/subscribe); one row per address. */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  /** Trimmed and lowercased. */
  email: text('email').notNull().unique(),
  /** Language of the site the visitor subscribed from (Accept-Language). */
  lang: text('lang').notNull(),
  /** Truncated SHA-256 of the client address, never the address itself; null when unknown. */
  ipHash: text('ip_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Blog (synchronised from content/blog/ by core/blog/sync.ts)
// ---------------------------------------------------------------------------------------------

/** PostgreSQL's full-text document type (drizzle has no built-in for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const blogAuthors = pgTable('blog_authors', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  bio: text('bio').notNull(),
  avatar: text('avatar').notNull(),
  /** Profile links by network (`x`, `linkedin`, `github`, …). */
  links: jsonb('links').$type<Record<string, string>>().notNull().default({}),
  /** SHA-256 of the source file: a sync rewrites the row only when it changed. */
  sourceHash: text('source_hash').notNull(),
});

export const blogTags = pgTable('blog_tags', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  sourceHash: text('source_hash').notNull(),
});

export const blogArticles = pgTable(
  'blog_articles',
  {
    slug: text('slug').primaryKey(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    /** The Markdown source and the sanitised HTML made from it. */
    bodyMarkdown: text('body_markdown').notNull(),
    bodyHtml: text('body_html').notNull(),
    /** The body as plain text: what search matches and its snippets quote. */
    bodyText: text('body_text').notNull(),
    /** Headings of the body (level 2 and 3) with their anchors. */
    toc: jsonb('toc').$type<{ depth: number; id: string; text: string }[]>().notNull(),
    cover: text('cover').notNull(),
    coverAlt: text('cover_alt').notNull(),
    author: text('author')
      .notNull()
      .references(() => blogAuthors.slug),
    readingMinutes: integer('reading_minutes').notNull(),
    status: text('status').$type<'draft' | 'published'>().notNull(),
    featured: boolean('featured').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    sourceHash: text('source_hash').notNull(),
    /** Weighted search document: title (A), excerpt (B), body (C). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', excerpt), 'B') || setweight(to_tsvector('english', body_text), 'C')`,
      ),
  },
  (table) => [
    check('blog_articles_status_check', sql`${table.status} IN ('draft', 'published')`),
    index('blog_articles_listing_idx').on(table.status, table.publishedAt),
    index('blog_articles_author_idx').on(table.author),
    index('blog_articles_search_idx').using('gin', table.search),
  ],
);

export const blogArticleTags = pgTable(
  'blog_article_tags',
  {
    article: text('article')
      .notNull()
      .references(() => blogArticles.slug, { onDelete: 'cascade' }),
    tag: text('tag')
      .notNull()
      .references(() => blogTags.slug),
    /** Order of the tag in the article's front matter. */
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.article, table.tag] }),
    index('blog_article_tags_tag_idx').on(table.tag),
  ],
);

export type BlogArticleRow = typeof blogArticles.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Support: form submissions, reviews and the mail outbox
// ---------------------------------------------------------------------------------------------

/** What a support form asks for. */
export type SupportRequestKind = 'contact' | 'add_coin' | 'partner_demo';

/** Contact, add-coin and partner demo requests (core/support/), kept whether or not mail works. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<SupportRequestKind>().notNull(),
    /** The contact's name, or the company of a demo request. */
    name: text('name').notNull(),
    /** Trimmed and lowercased. */
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The form's other fields (coin name, ticker, network, contract, website; monthly volume). */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    /** Language of the page the form was sent from. */
    lang: text('lang').notNull(),
    /** Truncated SHA-256 of the client address; null when unknown. */
    ipHash: text('ip_hash'),
    /** Closed by the operator console once answered or dealt with. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('support_requests_kind_check', sql`${table.kind} IN ('contact', 'add_coin', 'partner_demo')`),
    index('support_requests_created_idx').on(table.createdAt),
  ],
);

/** Customer reviews (/customer-feedbacks): one per finished swap, which proves the customer. */
export type ReviewStatus = 'held' | 'published' | 'rejected';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    swapId: text('swap_id')
      .notNull()
      .references(() => swaps.id),
    name: text('name').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    lang: text('lang').notNull(),
    /**
     * New reviews are held until the operator publishes them (anyone holding a finished swap's id
     * could post otherwise); reviews from before the hold stay published.
     */
    status: text('status').$type<ReviewStatus>().notNull().default('published'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reviews_swap_idx').on(table.swapId),
    index('reviews_status_idx').on(table.status, table.createdAt),
    index('reviews_created_idx').on(table.createdAt),
    check('reviews_rating_check', sql`${table.rating} BETWEEN 1 AND 5`),
  ],
);

export type MailStatus = 'pending' | 'sent';

/**
 * Mail waiting to be sent (core/mail/outbox.ts): written in the same step as what it reports, sent
 * by the outbox job, retried with backoff while the mail server is away, never dropped.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    replyTo: text('reply_to'),
    /** Extra headers (List-Unsubscribe). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the job next tries; null once sent. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.nextAttemptAt),
    check('mail_outbox_status_check', sql`${table.status} IN ('pending', 'sent')`),
  ],
);

/**
 * A Telegram chat with the bot (core/bot/): its language and where its swap conversation stands,
 * so any node (webhook) or the bot's own process (polling) carries it on.
 */
export const telegramChats = pgTable('telegram_chats', {
  chatId: text('chat_id').primaryKey(),
  lang: text('lang').notNull(),
  /** The conversation's step and what it has gathered so far (core/bot/conversation.ts). */
  state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Swaps created from a Telegram chat: their status changes are pushed to it (core/bot/status-push.ts). */
export const telegramSwaps = pgTable(
  'telegram_swaps',
  {
    swapId: text('swap_id')
      .primaryKey()
      .references(() => swaps.id),
    chatId: text('chat_id').notNull(),
    /** The last status the chat was told of. */
    notifiedStatus: text('notified_status').$type<SwapStatus>().notNull(),
    /** Null once the swap is final and the chat has been told. */
    watching: boolean('watching').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('telegram_swaps_watching_idx').on(table.watching)],
);

/**
 * Tokens of the DEX networks (core/dex/tokens.ts): the Uniswap default token list seeded per chain,
 * plus tokens added by configuration (`source` 'config', listed first). `icon` is our own icon path;
 * the list's `logo_uri` is kept for reference and never drawn (external hosts stay out of the CSP).
 */
export const dexTokens = pgTable(
  'dex_tokens',
  {
    chainId: integer('chain_id').notNull(),
    /** Lower-case 0x address. */
    address: text('address').notNull(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    decimals: integer('decimals').notNull(),
    icon: text('icon').notNull(),
    logoUri: text('logo_uri'),
    source: text('source').$type<'list' | 'config'>().notNull(),
    rank: integer('rank').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.address] })],
);

// ---------------------------------------------------------------------------------------------
// Fiat: buying and selling crypto through on-/off-ramp providers (core/fiat/)
// ---------------------------------------------------------------------------------------------

export const fiatOrders = pgTable(
  'fiat_orders',
  {
    /** 128 random bits, base32 (core/fiat/types.ts FIAT_ORDER_ID_PATTERN). */
    id: text('id').primaryKey(),
    side: text('side').$type<FiatSide>().notNull(),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id'),
    status: text('status').$type<FiatOrderStatus>().notNull(),
    fiat: text('fiat').notNull(),
    fiatAmount: numeric('fiat_amount').notNull(),
    coin: text('coin').notNull(),
    network: text('network').notNull(),
    cryptoAmount: numeric('crypto_amount').notNull(),
    rate: numeric('rate').notNull(),
    fee: numeric('fee').notNull(),
    networkFee: numeric('network_fee').notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    country: text('country').notNull(),
    region: text('region'),
    /** buy: where the coins go; sell: where a failed sale is refunded. */
    walletAddress: text('wallet_address').notNull(),
    walletMemo: text('wallet_memo'),
    checkoutUrl: text('checkout_url').notNull(),
    /** sell: where the ramp takes the coins (generated per order), with its memo on memo networks. */
    depositAddress: text('deposit_address'),
    depositMemo: text('deposit_memo'),
    /** sell: the deposit as the ramp saw it: amount, transaction and its confirmations so far. */
    depositReceived: numeric('deposit_received'),
    depositTxHash: text('deposit_tx_hash'),
    depositConfirmations: integer('deposit_confirmations'),
    /** sell: where the money goes (core/fiat/payout.ts): `iban` or `card`, shown masked only. */
    payoutKind: text('payout_kind').$type<PayoutKind>(),
    payoutDestination: text('payout_destination'),
    /** sell: where the sale's mails go (core/fiat/sale-mail.ts): the address the seller gave for it. */
    notifyEmail: text('notify_email'),
    txHash: text('tx_hash'),
    failureReason: text('failure_reason'),
    /** The visitor's language when the order was created (the checkout and order pages). */
    lang: text('lang').notNull(),
    /** `Idempotency-Key` of the creating request: client scope, key and a digest of its body. */
    idempotencyScope: text('idempotency_scope'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** An order not paid by then expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the order job next looks at it; null once final. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** The account the order is listed in (core/account/customers.ts), once saved. */
    accountUserId: text('account_user_id').references(() => accountUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('fiat_orders_next_check_idx').on(table.nextCheckAt),
    index('fiat_orders_account_user_idx').on(table.accountUserId, table.createdAt),
    uniqueIndex('fiat_orders_idempotency_idx').on(table.idempotencyScope, table.idempotencyKey),
  ],
);

export const fiatOrderEvents = pgTable(
  'fiat_order_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => fiatOrders.id),
    status: text('status').$type<FiatOrderStatus>().notNull(),
    /** What moved it: `api`, `webhook`, `job`. */
    source: text('source').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('fiat_order_events_order_idx').on(table.orderId, table.at)],
);

/** Every provider webhook taken in, by its event id: a replayed event is answered and ignored. */
export const fiatWebhookEvents = pgTable(
  'fiat_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderId: text('order_id').notNull(),
    status: text('status').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** The sandbox fiat providers' own books: the payments taken on the sandbox checkout. */
export const fiatSandboxPayments = pgTable('fiat_sandbox_payments', {
  orderId: text('order_id').primaryKey(),
  provider: text('provider').notNull(),
  /** `succeeded`, `declined`, or `challenge` while a 3-D Secure step waits. */
  outcome: text('outcome').notNull(),
  cardLast4: text('card_last4').notNull(),
  /** A sale's deposit (outcome `deposited`): the coins the seller sent. */
  amount: numeric('amount'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// The account area (core/account/): Better Auth's tables (docs/decisions/013)
// ---------------------------------------------------------------------------------------------

/** A person with an account: a customer or a partner. Better Auth's `user` model. */
/** `support` reads and replies in the console; `operator` also takes money and switch actions. */
export type AccountRole = 'user' | 'support' | 'operator';

export const accountUsers = pgTable('account_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** The TOTP second factor is on (Better Auth's two-factor plugin). */
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  /** What the user may do beyond their own account: the operator console (core/console/). */
  role: text('role').$type<AccountRole>().notNull().default('user'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Signed-in sessions (the cookie holds the token, signed): revocable one by one or all at once. */
export const accountSessions = pgTable(
  'account_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => accountUsers.id, { onDelete: 'cascade' }),
  },
  (table) => [index('account_sessions_user_idx').on(table.userId)],
);

/** Ways to sign in (Better Auth's `account` model): `credential` holds the scrypt password hash. */
export const accountCredentials = pgTable(
  'account_credentials',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => accountUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_credentials_user_idx').on(table.userId)],
);

/** Single-use tokens: email verification and password reset (Better Auth's `verification`). */
export const accountVerifications = pgTable(
  'account_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_verifications_identifier_idx').on(table.identifier)],
);

/** A user's TOTP secret and backup codes (encrypted by Better Auth with its secret). */
export const accountTwoFactors = pgTable(
  'account_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => accountUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('account_two_factors_user_idx').on(table.userId)],
);

/**
 * Passkeys (Better Auth's passkey plugin, WebAuthn): a user's public keys, one per authenticator.
 * `credential_id` is the authenticator's credential id (base64url), `public_key` the COSE key
 * (base64); `counter` is the signature counter, checked against replays.
 */
export const accountPasskeys = pgTable(
  'account_passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => accountUsers.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull().unique(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
    aaguid: text('aaguid'),
  },
  (table) => [index('account_passkeys_user_idx').on(table.userId)],
);

// ---------------------------------------------------------------------------------------------
// The operator console (core/console/)
// ---------------------------------------------------------------------------------------------

/**
 * Every operator action: who, when, what, and the record before and after. Append-only: a trigger
 * refuses UPDATE and DELETE (migration 0020).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);

/** Notes on a swap or order and replies to a support request, written in the console. */
export const consoleNotes = pgTable(
  'console_notes',
  {
    id: serial('id').primaryKey(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    kind: text('kind').$type<'note' | 'reply'>().notNull(),
    authorEmail: text('author_email').notNull(),
    text: text('text').notNull(),
    /** The outbox mail a reply went out as. */
    mailId: integer('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('console_notes_target_idx').on(table.targetType, table.targetId, table.createdAt),
    check('console_notes_kind_check', sql`${table.kind} IN ('note', 'reply')`),
  ],
);

/** Providers and ramps switched off (or back on) by an operator; absent means on. */
export const providerSwitches = pgTable('provider_switches', {
  providerId: text('provider_id').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A provider's access token shared by every process (migration 0021, docs/decisions/028): Transak
 * invalidates a token when a new one is issued, so the workers and nodes take turns on one row.
 */
export const providerTokens = pgTable('provider_tokens', {
  providerId: text('provider_id').primaryKey(),
  token: text('token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** The token before the last refresh (webhooks signed just before it still verify). */
  previousToken: text('previous_token'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
// The account area's customers (core/account/customers.ts, migration 0018, docs/decisions/023)
// ---------------------------------------------------------------------------------------------

/** A user's mail switches: swap status mails (receipts and statuses), and the newsletter. */
export const accountMailPreferences = pgTable('account_mail_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => accountUsers.id, { onDelete: 'cascade' }),
  swapMails: boolean('swap_mails').notNull().default(true),
  newsletter: boolean('newsletter').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Claim links: mailed to the address swaps were made with, single use, expiring. `id` is the
 * SHA-256 of the link's token (the token itself is never stored); only `userId` may follow it.
 */
export const accountClaims = pgTable(
  'account_claims',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => accountUsers.id, { onDelete: 'cascade' }),
    /** The address the link went to: the swaps made with it are what it claims. */
    email: text('email').notNull(),
    /** Only this swap, when the claim was asked for by its id. */
    swapId: text('swap_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_claims_user_idx').on(table.userId)],
);
