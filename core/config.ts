import { z } from 'zod';
import { DEX_NETWORK_IDS } from './dex/networks.ts';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const csv = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

/** Every setting the product reads from the environment; nothing else reads process.env. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  BASE_URL: z
    .url()
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SPEC §4: 'true' turns maintenance on; any other value sends /maintenance to /; unset does nothing. */
  LANDING__MAINTENANCE_MODE: z.string().optional(),
  MAINTENANCE_RETRY_AFTER_SECONDS: z.coerce.number().int().positive().default(600),
  /** Hosts an absolute path-rule redirect may point to (comma-separated). */
  REDIRECT_ALLOWED_HOSTS: csv,
  PATH_RULES_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  /** Seed demo content into an empty database on start. */
  SEED_DEMO_DATA: booleanString.default(true),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * HTTP worker processes of `npm start` sharing PORT (server/cluster.ts). Unset: one per core on
   * PostgreSQL without sandbox providers or chains, one otherwise; above 1 refused on PGlite and
   * with the sandbox chains, which live in one process.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** Bearer token a Prometheus scraper sends to read /metrics; without one /metrics does not exist. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Trust X-Forwarded-For from one reverse proxy in front of the app; off by default. */
  TRUST_PROXY: booleanString.default(false),
  /** Rendered pages kept in memory for anonymous GETs (docs/decisions/006); `off` renders every request. */
  HTML_CACHE: z.enum(['on', 'off']).default('on'),
  /** How long a rendered page is served at most; also the `s-maxage` shared caches get. */
  HTML_CACHE_TTL_SECONDS: z.coerce.number().int().positive().default(60),
  /** Memory the HTML cache may take. */
  HTML_CACHE_MAX_MB: z.coerce.number().positive().default(64),
  /** Pages rendered at once; more wait their turn in arrival order (server/render-queue.ts). */
  RENDER_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /** Pages waiting for a render at most; one more is answered 503 at once (server/overload.ts). */
  RENDER_QUEUE_MAX: z.coerce.number().int().positive().default(64),
  /** Requests in progress on one node at most; one more is answered 503 at once. */
  MAX_IN_FLIGHT: z.coerce.number().int().positive().default(512),
  /** Redis for rate limits and caches shared by several nodes; in-process without it. */
  REDIS_URL: z.string().optional(),

  // Exchange
  /** The simulated liquidity providers and their deposit simulator. */
  SANDBOX_PROVIDERS: booleanString.default(true),
  /** Delays of the sandbox status steps after a deposit: confirming, exchanging, sending. */
  SANDBOX_STEP_DELAY_MS: z.coerce.number().int().min(0).default(4_000),
  /**
   * Partners' withdrawals in the sandbox are paid at once; those of this many USD or more wait in
   * the console's queue for the operator instead (0: every one). Unset: none waits.
   */
  SANDBOX_WITHDRAWALS_QUEUE_FROM_USD: z.coerce.number().min(0).optional(),
  CHANGENOW_API_KEY: z.string().optional(),
  CHANGENOW_API_URL: z.url().default('https://api.changenow.io/v2'),
  // More instant-exchange providers (core/providers/, README "Liquidity providers"): each is on when its keys are set.
  /** SideShift.ai: the account's private key (x-sideshift-secret) and account id (affiliateId). */
  SIDESHIFT_SECRET: z.string().optional(),
  SIDESHIFT_AFFILIATE_ID: z.string().optional(),
  SIDESHIFT_API_URL: z.url().default('https://sideshift.ai/api/v2'),
  /** Changelly: the partner's RSA private key (PEM, or PKCS#8 DER in hex) registered with Changelly. */
  CHANGELLY_PRIVATE_KEY: z.string().optional(),
  CHANGELLY_API_URL: z.url().default('https://api.changelly.com/v2'),
  /** Exolix: the API key (Authorization header). */
  EXOLIX_API_KEY: z.string().optional(),
  EXOLIX_API_URL: z.url().default('https://exolix.com/api/v2'),
  /** LetsExchange: the API token (Bearer) and the affiliate id of the partner account. */
  LETSEXCHANGE_API_KEY: z.string().optional(),
  LETSEXCHANGE_AFFILIATE_ID: z.string().optional(),
  LETSEXCHANGE_API_URL: z.url().default('https://api.letsexchange.io/api'),
  /** FixedFloat: the API key and secret (HMAC signing); the referral code is optional. */
  FIXEDFLOAT_API_KEY: z.string().optional(),
  FIXEDFLOAT_API_SECRET: z.string().optional(),
  FIXEDFLOAT_REFCODE: z.string().optional(),
  FIXEDFLOAT_API_URL: z.url().default('https://ff.io/api/v2'),
  /** Our fee on each swap, in basis points of the payout (0 with a valid promo code). */
  SERVICE_FEE_BPS: z.coerce.number().int().min(0).max(1_000).default(40),
  QUOTE_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  FIXED_QUOTE_TTL_SECONDS: z.coerce.number().int().positive().default(600),
  /** How long a swap waits for its deposit before it expires. */
  SWAP_UNPAID_TTL_MINUTES: z.coerce.number().int().positive().default(120),
  /** How long a swap in action_needed waits for the visitor's decision before continuing at the market rate. */
  SWAP_ACTION_WINDOW_MINUTES: z.coerce.number().int().positive().default(1440),
  SWAP_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(2_000),
  /**
   * How long a swap request holds its Idempotency-Key before the key counts as abandoned (its process
   * died) and a retry may take it over; unset: twice the provider timeout plus 10 s (30 s).
   */
  IDEMPOTENCY_LEASE_MS: z.coerce.number().int().positive().optional(),
  /** How long a status-job run holds the swaps it claimed; those of a node killed mid-run wait this long. */
  SWAP_CHECK_LEASE_MS: z.coerce.number().int().positive().default(60_000),
  // Fiat (core/fiat/): on-/off-ramp orders. The sandbox providers run with SANDBOX_PROVIDERS.
  /** How long a fiat order waits for its payment before it expires. */
  FIAT_ORDER_TTL_MINUTES: z.coerce.number().int().positive().default(30),
  /** How often the order job asks the providers about open fiat orders. */
  FIAT_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(2_000),
  /** Key the sandbox fiat providers sign their webhooks with; unset: a random key per process. */
  FIAT_SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** MoonPay (off unless all three keys are set): publishable key, secret key, webhook signing key. */
  MOONPAY_API_KEY: z.string().optional(),
  MOONPAY_SECRET_KEY: z.string().optional(),
  MOONPAY_WEBHOOK_KEY: z.string().optional(),
  MOONPAY_API_URL: z.url().default('https://api.moonpay.com'),
  MOONPAY_BUY_URL: z.url().default('https://buy.moonpay.com'),
  MOONPAY_SELL_URL: z.url().default('https://sell.moonpay.com'),
  /** Banxa (off unless all three are set): API key and secret (HMAC), and the partner's site `https://{partner}.banxa.com`. */
  BANXA_API_KEY: z.string().optional(),
  BANXA_API_SECRET: z.string().optional(),
  BANXA_URL: z.url().optional(),
  /**
   * Transak (off unless key and secret are set): API key and secret from its partner dashboard; the
   * API and gateway origins (staging: `https://api-stg.transak.com`, `https://api-gateway-stg.transak.com`).
   */
  TRANSAK_API_KEY: z.string().optional(),
  TRANSAK_API_SECRET: z.string().optional(),
  TRANSAK_API_URL: z.url().default('https://api.transak.com'),
  TRANSAK_GATEWAY_URL: z.url().default('https://api-gateway.transak.com'),
  PRICE_FEED: z.enum(['snapshot', 'coingecko']).default('snapshot'),
  COINGECKO_API_URL: z.url().default('https://api.coingecko.com/api/v3'),
  COINGECKO_API_KEY: z.string().optional(),
  PRICE_REFRESH_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),

  // DEX swaps (core/dex/): the five EVM networks; a network without a route source says so on /dex.
  /** JSON-RPC endpoints the server reads each chain through (balances, allowances, receipts). */
  DEX_RPC_URL_ETHEREUM: z.url().optional(),
  DEX_RPC_URL_BSC: z.url().optional(),
  DEX_RPC_URL_POLYGON: z.url().optional(),
  DEX_RPC_URL_ARBITRUM: z.url().optional(),
  DEX_RPC_URL_OPTIMISM: z.url().optional(),
  /** Local Uniswap v2 deployments standing in for networks of the same chain id (core/dex/sandbox-file.ts). */
  DEX_SANDBOX_FILE: z.string().optional(),
  /** A token list (tokenlists.org format) whose tokens are added to the networks' lists. */
  DEX_TOKEN_LIST_FILE: z.string().optional(),
  /** 0x Swap API v2 key: 0x quotes on every network when set. */
  ZEROX_API_KEY: z.string().optional(),
  ZEROX_API_URL: z.url().default('https://api.0x.org'),
  /** LI.FI for cross-chain routes (core/crosschain/): off unless true; the key only raises its rate limits. */
  LIFI_ENABLED: booleanString.default(false),
  LIFI_API_URL: z.url().default('https://li.quest/v1'),
  LIFI_API_KEY: z.string().optional(),
  /**
   * KyberSwap Aggregator API (core/dex/kyberswap.ts): a DEX route source beside 0x when set. No key:
   * the client id (`X-Client-Id`, 1–64 characters) names us to KyberSwap and sets our rate limit.
   */
  KYBERSWAP_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, `_`, `.` or `-`, at most 64')
    .optional(),
  KYBERSWAP_API_URL: z.url().default('https://aggregator-api.kyberswap.com'),
  /** Across Swap API (core/crosschain/across.ts): a bridge route source beside LI.FI when its key is set. */
  ACROSS_API_KEY: z.string().min(1).optional(),
  ACROSS_API_URL: z.url().default('https://app.across.to/api'),
  /** The 2-byte integrator id Across gives (`0x` and 4 hex digits); optional, sent with every quote. */
  ACROSS_INTEGRATOR_ID: z
    .string()
    .regex(/^0x[0-9a-fA-F]{4}$/, 'a 2-byte hex id such as 0xdead')
    .optional(),
  /**
   * Sandbox chains (core/dex/sandbox/chains.ts): `on` runs a local chain in the server for each
   * network no real route source serves (started on its first use), `off` runs none.
   */
  SANDBOX_CHAINS: z.enum(['on', 'off']).default('on'),
  /**
   * The networks that get a sandbox chain when SANDBOX_CHAINS is on: all five by default. Each
   * starts on its first use, so an idle server carries none; all five running stay within the
   * memory budget (README, "Memory of an idle node").
   */
  SANDBOX_CHAIN_NETWORKS: csv.pipe(z.array(z.enum(DEX_NETWORK_IDS))).default([...DEX_NETWORK_IDS]),
  /** The faucet of the sandbox chains: claims per address per day, and per visitor address per hour. */
  SANDBOX_FAUCET_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(3),
  SANDBOX_FAUCET_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** JSON-RPC requests per visitor address per minute on /sandbox/rpc/{chainId}. */
  SANDBOX_RPC_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** How often the sandbox bridge's relayer looks for deposits on the sandbox chains (core/crosschain/sandbox-bridge.ts). */
  SANDBOX_BRIDGE_INTERVAL_MS: z.coerce.number().int().min(100).default(2_000),

  // Human check (reCAPTCHA v3) for public forms; without a secret the check is off (and logged).
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** Newsletter subscriptions per client and hour. */
  RATE_LIMIT_SUBSCRIBE_PER_HOUR: z.coerce.number().int().positive().default(5),

  /** Script of the human check loaded by the browser (SPEC §7); tests point it at a fake. */
  RECAPTCHA_SCRIPT_URL: z.url().default('https://www.google.com/recaptcha/api.js'),

  // Links the header and footer lead out to (SPEC §2 "Page shell"), opened in a new tab.
  /**
   * The account area (core/account/): the header's account button goes to its registration page.
   * Unset: `{BASE_URL}/account`, served by this server.
   */
  ACCOUNT_URL: z
    .url()
    .optional()
    .transform((url) => url?.replace(/\/+$/, '')),
  /**
   * Signs the account area's session cookies and encrypts second-factor secrets (32+ characters).
   * Unset: a random one kept in `{DATA_DIR}/account-secret` (one node; set it for several).
   */
  ACCOUNT_SECRET: z.string().min(32).optional(),
  /** Sign-in attempts per client address, and per email address, in 15 minutes. */
  ACCOUNT_SIGNIN_PER_IP: z.coerce.number().int().positive().default(30),
  ACCOUNT_SIGNIN_PER_EMAIL: z.coerce.number().int().positive().default(5),
  /** API documentation for partners; by default our own OpenAPI page. */
  API_DOCS_URL: z.string().default('/api/v1/docs'),
  PRESS_URL: z.url().default('https://press.swapgate.io'),
  PRESS_KIT_URL: z.url().default('https://press.swapgate.io/kit'),
  BUG_BOUNTY_URL: z.url().default('https://hackerone.com/swapgate'),
  PROMO_ARTICLE_URL: z.string().default('/blog/swapgate-promo-code/'),
  TELEGRAM_BOT_URL: z.url().default('https://t.me/swapgate_bot'),
  TRUST_REVIEW_URL: z.url().default('https://www.trustpilot.com/review/swapgate.io'),

  /**
   * The /design-system showcase of the UI components: on in development and tests, 404 in
   * production unless set to true (the browser tests' server does).
   */
  DESIGN_SYSTEM_PAGE: booleanString.optional(),

  /** Google Tag Manager id (GTM-… or G-…, SPEC §5, §7); without it no analytics load and the CSP stays closed. */
  GTM_ID: z.string().optional(),

  // Mail (core/mail/): operator notices go through the outbox; without SMTP_URL they stay pending.
  /** smtp:// or smtps:// URL of the mail server (user and password in the URL); unset keeps mail in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Sender of the site's mail. */
  MAIL_FROM: z.string().default('SwapGate <no-reply@swapgate.io>'),
  /** Where contact, add-coin and demo requests are sent. */
  OPERATOR_EMAIL: z.email().default('support@swapgate.io'),
  /**
   * Bearer token (16+ characters) for GET /apiglobal/support/requests, the operator's list of form
   * submissions; without it that endpoint does not exist.
   */
  OPERATOR_TOKEN: z.string().min(16).optional(),
  /** How often the outbox job looks for mail to send. */
  MAIL_OUTBOX_INTERVAL_MS: z.coerce.number().int().positive().default(15_000),
  /** Contact, add-coin, demo-request and review submissions per client and hour. */
  RATE_LIMIT_FORMS_PER_HOUR: z.coerce.number().int().positive().default(10),

  // Telegram bot (core/bot/): off unless a token is set.
  /** The bot's token from @BotFather; without it there is no bot. */
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  /** Long polling (getUpdates) instead of the webhook: for a bot without a public HTTPS address. */
  TELEGRAM_POLLING: booleanString.default(false),
  /** Webhook mode: the secret last segment of the webhook's path, /telegram/{secret} (16+ characters). */
  TELEGRAM_WEBHOOK_PATH_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,}$/, '16+ characters of A-Z a-z 0-9 _ -')
    .optional(),
  /** Webhook mode: what Telegram sends in X-Telegram-Bot-Api-Secret-Token (16+ characters). */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, '16-256 characters of A-Z a-z 0-9 _ -')
    .optional(),
  /** Run the bot inside the web server (true) or only as its own process, `npm run bot` (false). */
  TELEGRAM_IN_SERVER: booleanString.default(true),
  /** The Bot API's address; tests and development point it at the fake (tests/fakes/telegram-fake.ts). */
  TELEGRAM_API_ROOT: z
    .url()
    .default('https://api.telegram.org')
    .transform((url) => url.replace(/\/+$/, '')),
  /** How often swaps created from a chat are checked for status changes to push. */
  TELEGRAM_PUSH_INTERVAL_MS: z.coerce.number().int().positive().default(3_000),

  // Rate limits per client and minute
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /**
   * Reads (quotes included) made by the site's own pages (a browser's same-origin request, without
   * an API key): browsing from behind one address (an office, a carrier's NAT) needs more than an
   * API client does.
   */
  RATE_LIMIT_SITE_READS_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** Partners with an API key get this many times the anonymous limits. */
  RATE_LIMIT_PARTNER_MULTIPLIER: z.coerce.number().int().positive().default(10),

  /**
   * `production` makes the start safe by default (compose.yaml sets it): the sandbox providers are
   * off unless SANDBOX_PROVIDERS=true asks for them, the sandbox chains unless SANDBOX_CHAINS=on,
   * and a DATABASE_URL with a sample password
   * (swapgate, postgres, password) or none is refused.
   */
  DEPLOYMENT: z.enum(['demo', 'production']).default('demo'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'ACCOUNT_URL'> & { ACCOUNT_URL: string };
export type MaintenanceMode = 'on' | 'off' | 'unset';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${details}`);
  }
  const config = parsed.data;
  if (config.DEPLOYMENT === 'production') {
    if (!env.SANDBOX_PROVIDERS) config.SANDBOX_PROVIDERS = false;
    // Each node would run chains of its own, which diverge (docs/decisions/009).
    if (!env.SANDBOX_CHAINS) config.SANDBOX_CHAINS = 'off';
    if (config.DATABASE_URL) {
      let password = '';
      try {
        password = decodeURIComponent(new URL(config.DATABASE_URL).password);
      } catch {
        // Not a URL (a connection string pg reads otherwise): refused below like one without a password.
      }
      if (SAMPLE_PASSWORDS.has(password.toLowerCase())) {
        throw new ConfigError(
          'Invalid configuration: DATABASE_URL has a sample password or none, refused with DEPLOYMENT=production ' +
            '(set POSTGRES_PASSWORD for compose.yaml)',
        );
      }
    }
  }
  return { ...config, ACCOUNT_URL: config.ACCOUNT_URL ?? `${config.BASE_URL}/account` };
}

/** Passwords of the samples and defaults, which a production database must not have. */
const SAMPLE_PASSWORDS = new Set(['', 'swapgate', 'postgres', 'password', 'changeme']);

export function maintenanceMode(config: Pick<Config, 'LANDING__MAINTENANCE_MODE'>): MaintenanceMode {
  const value = config.LANDING__MAINTENANCE_MODE;
  if (value === undefined) return 'unset';
  return value === 'true' ? 'on' : 'off';
}

/** Whether /design-system is served: outside production, or where DESIGN_SYSTEM_PAGE says so. */
export function designSystemEnabled(config: Pick<Config, 'NODE_ENV' | 'DESIGN_SYSTEM_PAGE'>): boolean {
  return config.DESIGN_SYSTEM_PAGE ?? config.NODE_ENV !== 'production';
}

/** The names of every setting (for checks that deployment files set only real ones). */
export function configSchemaKeys(): string[] {
  return Object.keys(configSchema.shape);
}
