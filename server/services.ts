import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AccountService } from '../core/account/account.ts';
import { accountSecret, createAccountAuth } from '../core/account/auth.ts';
import { CustomerService } from '../core/account/customers.ts';
import { BlogService } from '../core/blog/blog.ts';
import { createTelegramBot, type TelegramBot } from '../core/bot/telegram.ts';
import { Catalogue } from '../core/catalogue/catalogue.ts';
import { CompanyService, type LiquiditySource } from '../core/company/company.ts';
import { LegalTexts } from '../core/company/legal.ts';
import type { Config } from '../core/config.ts';
import { ConsoleService } from '../core/console/console.ts';
import { AcrossSource } from '../core/crosschain/across.ts';
import { CrossChainService } from '../core/crosschain/crosschain.ts';
import { type CrossChainRouteSource, LiFiSource } from '../core/crosschain/lifi.ts';
import { lazySandboxBridge } from '../core/crosschain/sandbox-bridge-job.ts';
import { DataVersions } from '../core/data-versions.ts';
import { DexService } from '../core/dex/dex.ts';
import type { SandboxChainSet } from '../core/dex/sandbox/chain-set.ts';
import { SandboxChains } from '../core/dex/sandbox/runtime.ts';
import { DirectoryService } from '../core/directory/directory.ts';
import { QuoteService } from '../core/exchange/quotes.ts';
import { SwapMailer } from '../core/exchange/swap-mail.ts';
import { SwapService } from '../core/exchange/swaps.ts';
import type { LiquidityProvider } from '../core/exchange/types.ts';
import { BanxaProvider } from '../core/fiat/banxa.ts';
import { readProviderCoverage, readUsdRates, servesCoin } from '../core/fiat/coverage.ts';
import { MoonPayProvider } from '../core/fiat/moonpay.ts';
import { FiatOrderService } from '../core/fiat/orders.ts';
import { FiatMarket } from '../core/fiat/quotes.ts';
import { ResilientFiatProvider } from '../core/fiat/resilience.ts';
import { SaleMailer } from '../core/fiat/sale-mail.ts';
import { createSandboxFiatProviders } from '../core/fiat/sandbox.ts';
import { DatabaseTokenStore } from '../core/fiat/token-store.ts';
import { TransakProvider } from '../core/fiat/transak.ts';
import type { FiatProvider } from '../core/fiat/types.ts';
import { GlobalDataService } from '../core/global/global-data.ts';
import { RecaptchaVerifier } from '../core/human-check/recaptcha.ts';
import { loadDictionaries } from '../core/i18n/dictionaries.ts';
import { LANGUAGES } from '../core/i18n/languages.ts';
import { MailOutbox } from '../core/mail/outbox.ts';
import { createMailTransport } from '../core/mail/transport.ts';
import { CoinGeckoFeed, coinGeckoIds, SnapshotFeed } from '../core/market/feeds.ts';
import { MarketService } from '../core/market/market.ts';
import { ApiKeyUsage } from '../core/partners/api-keys.ts';
import { PartnerLedger } from '../core/partners/ledger.ts';
import { WebhookOutbox } from '../core/partners/webhooks.ts';
import { PartnerWithdrawals } from '../core/partners/withdrawals.ts';
import {
  configuredRouteSources,
  createConfiguredProviders,
  entryServes,
  instantCoverage,
} from '../core/providers/registry.ts';
import { resilientCrossChainSource } from '../core/providers/resilience.ts';
import { createSandboxProviders } from '../core/providers/sandbox.ts';
import { ProviderHealth, ProviderSwitchboard } from '../core/providers/switchboard.ts';
import { MemoryRateLimiter, RATE_LIMIT_REDIS_OPTIONS, RedisRateLimiter } from '../core/rate-limit.ts';
import { ReviewService } from '../core/reviews/reviews.ts';
import { PathRuleStore } from '../core/routing/path-rules.ts';
import type { Services } from '../core/services.ts';
import { SupportService } from '../core/support/support.ts';
import { WidgetThemeStore } from '../core/widget/themes.ts';
import type { Database, PoolStats } from '../db/client.ts';
import { DatabaseOutage } from '../db/outage.ts';
import { announceChange } from './data-version-sync.ts';
import { Metrics } from './metrics.ts';

/** Reads the running build's id from builds/latest.json, written by the build (scripts/build-manifest.ts). */
export function readBuildId(clientDir: string): string {
  const file = join(clientDir, 'builds', 'latest.json');
  if (!existsSync(file)) return 'dev';
  return (JSON.parse(readFileSync(file, 'utf8')) as { id: string }).id;
}

export interface AppServices extends Services {
  market: MarketService;
  /** Prometheus metrics of this node (server/metrics.ts). */
  metrics: Metrics;
  /** The Telegram bot when it runs in the server (TELEGRAM_BOT_TOKEN, core/bot/telegram.ts). */
  telegram: TelegramBot | null;
  /** Releases what the services hold open (Redis). */
  close(): Promise<void>;
}

/** The composition root: every service the HTTP app, the jobs and the pages use, built once. */
export function createServices(options: {
  config: Config;
  db: Database;
  log: Logger;
  clientDir: string;
  /** The PostgreSQL pool's connections, for the metrics. */
  poolStats?: () => PoolStats | null;
  /** Node's own metrics (memory, event loop, GC): on in the server, off where many apps are built. */
  nodeMetrics?: boolean;
}): AppServices {
  const { config, db, log, clientDir } = options;
  const dataVersions = new DataVersions();
  const metrics = new Metrics({
    db,
    poolStats: options.poolStats ?? (() => null),
    defaults: options.nodeMetrics ?? false,
  });
  const catalogue = new Catalogue(db, () => dataVersions.bump('catalogue'));
  const feed =
    config.PRICE_FEED === 'coingecko'
      ? new CoinGeckoFeed({
          baseUrl: config.COINGECKO_API_URL,
          ...(config.COINGECKO_API_KEY ? { apiKey: config.COINGECKO_API_KEY } : {}),
          timeoutMs: 10_000,
          ids: coinGeckoIds(),
        })
      : new SnapshotFeed();
  const market = new MarketService({ db, feed, log });

  const providers: LiquidityProvider[] = [];
  if (config.SANDBOX_PROVIDERS) {
    const step = config.SANDBOX_STEP_DELAY_MS;
    providers.push(
      ...createSandboxProviders(
        { db, catalogue, prices: market },
        {
          delays: { confirmingMs: step, exchangingMs: step, sendingMs: step },
          fixedRateTtlMs: config.FIXED_QUOTE_TTL_SECONDS * 1000,
        },
      ),
    );
  }
  // Every real adapter whose keys are set (core/providers/registry.ts), each behind its breaker.
  providers.push(...createConfiguredProviders(config, { catalogue }));
  if (providers.length === 0) log.warn('No liquidity provider is enabled: quotes and swaps are unavailable');

  // The operator console's switches (quotes skip a provider switched off) and health figures.
  const switchboard = new ProviderSwitchboard(db);
  void switchboard.refresh().catch(() => {});
  const providerHealth = new ProviderHealth();
  const quotes = new QuoteService({
    db,
    catalogue,
    providers,
    timeoutMs: config.QUOTE_TIMEOUT_MS,
    serviceFeeBps: config.SERVICE_FEE_BPS,
    fixedQuoteTtlMs: config.FIXED_QUOTE_TTL_SECONDS * 1000,
    onProviderAnswer: (answer) => {
      metrics.observeQuote(answer);
      providerHealth.observe(answer);
    },
    prices: market,
    isEnabled: (id) => switchboard.enabled(id),
  });
  const fiatCoverage = readProviderCoverage();
  const fiatProviders: FiatProvider[] = [];
  if (config.SANDBOX_PROVIDERS) {
    fiatProviders.push(
      ...createSandboxFiatProviders(
        fiatCoverage,
        { db, catalogue, prices: market, usdRates: readUsdRates() },
        {
          baseUrl: config.BASE_URL,
          webhookSecret: config.FIAT_SANDBOX_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
          stepMs: config.SANDBOX_STEP_DELAY_MS,
        },
      ),
    );
  }
  const moonPayCoverage = fiatCoverage.find((c) => c.kind === 'moonpay');
  if (config.MOONPAY_API_KEY && config.MOONPAY_SECRET_KEY && config.MOONPAY_WEBHOOK_KEY && moonPayCoverage) {
    fiatProviders.push(
      new MoonPayProvider({
        apiKey: config.MOONPAY_API_KEY,
        secretKey: config.MOONPAY_SECRET_KEY,
        webhookKey: config.MOONPAY_WEBHOOK_KEY,
        apiUrl: config.MOONPAY_API_URL,
        buyUrl: config.MOONPAY_BUY_URL,
        sellUrl: config.MOONPAY_SELL_URL,
        coverage: moonPayCoverage,
      }),
    );
  }
  const banxaCoverage = fiatCoverage.find((c) => c.kind === 'banxa');
  if (config.BANXA_API_KEY && config.BANXA_API_SECRET && config.BANXA_URL && banxaCoverage) {
    fiatProviders.push(
      new BanxaProvider({
        apiKey: config.BANXA_API_KEY,
        apiSecret: config.BANXA_API_SECRET,
        baseUrl: config.BANXA_URL,
        coverage: banxaCoverage,
      }),
    );
  }
  const transakCoverage = fiatCoverage.find((c) => c.kind === 'transak');
  if (config.TRANSAK_API_KEY && config.TRANSAK_API_SECRET && transakCoverage) {
    fiatProviders.push(
      new TransakProvider({
        apiKey: config.TRANSAK_API_KEY,
        apiSecret: config.TRANSAK_API_SECRET,
        apiUrl: config.TRANSAK_API_URL,
        gatewayUrl: config.TRANSAK_GATEWAY_URL,
        referrerDomain: new URL(config.BASE_URL).hostname,
        coverage: transakCoverage,
        // One token for every worker and node: Transak invalidates a token when it issues the next.
        tokens: new DatabaseTokenStore(db, transakCoverage.id),
      }),
    );
  }
  const dictionaries = loadDictionaries();
  const mailTransport = createMailTransport(config);
  const mail = new MailOutbox({ db, transport: mailTransport, log: log.child({ component: 'mail' }) });
  const fiat = new FiatMarket({
    db,
    catalogue,
    // The real ramps each behind its breaker and retries, like the instant-exchange adapters.
    providers: fiatProviders.map((p) => (p.sandbox ? p : new ResilientFiatProvider(p))),
    coverage: fiatCoverage,
    timeoutMs: config.QUOTE_TIMEOUT_MS,
    // The console's switches and health figures cover the ramps as they do the exchange providers.
    isEnabled: (id) => switchboard.enabled(id),
    onProviderAnswer: (answer) => providerHealth.observe(answer),
  });
  const fiatOrders = new FiatOrderService({
    db,
    catalogue,
    market: fiat,
    log: log.child({ component: 'fiat' }),
    baseUrl: config.BASE_URL,
    unpaidTtlMs: config.FIAT_ORDER_TTL_MINUTES * 60_000,
    pollMs: config.FIAT_POLL_INTERVAL_MS,
    providerTimeoutMs: config.QUOTE_TIMEOUT_MS * 2,
    mailer: new SaleMailer({
      mail,
      dictionaries,
      catalogue,
      baseUrl: config.BASE_URL,
      providerName: (id) => fiat.provider(id)?.name ?? id,
    }),
  });
  const directory = new DirectoryService({
    db,
    catalogue,
    market,
    quotes,
    marketVersion: () => dataVersions.version('market'),
    catalogueVersion: () => dataVersions.version('catalogue'),
  });
  const partnerLedger = new PartnerLedger({
    db,
    prices: market,
    catalogue,
    log: log.child({ component: 'partners' }),
  });
  // The server's secret: it signs account sessions, the swap mails' decision links, withdrawal links.
  const secret = accountSecret(config.ACCOUNT_SECRET, config.DATA_DIR);
  const swapMail = new SwapMailer({
    mail,
    dictionaries,
    catalogue,
    baseUrl: config.BASE_URL,
    linkSecret: secret,
  });
  // Production webhooks go to public https addresses only; the sandbox (demo) reaches local receivers.
  const webhooks = new WebhookOutbox({
    db,
    log: log.child({ component: 'partner-webhooks' }),
    policy: { production: config.DEPLOYMENT === 'production' },
  });
  const swaps = new SwapService({
    db,
    catalogue,
    quotes,
    providers,
    log,
    serviceFeeBps: config.SERVICE_FEE_BPS,
    unpaidTtlMs: config.SWAP_UNPAID_TTL_MINUTES * 60_000,
    actionWindowMs: config.SWAP_ACTION_WINDOW_MINUTES * 60_000,
    pollActiveMs: config.SWAP_POLL_INTERVAL_MS,
    checkLeaseMs: config.SWAP_CHECK_LEASE_MS,
    ...(config.IDEMPOTENCY_LEASE_MS ? { idempotencyLeaseMs: config.IDEMPOTENCY_LEASE_MS } : {}),
    mailer: swapMail,
    onEnded: partnerLedger,
    webhooks,
  });
  // Redis only holds rate-limit counters: a command fails at once while it is unreachable and after
  // 250 ms when it hangs, and the limiter counts in process meanwhile (core/rate-limit.ts).
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, ...RATE_LIMIT_REDIS_OPTIONS })
    : null;

  const rateLimiter = redis
    ? new RedisRateLimiter(redis, { log: log.child({ component: 'rate-limit' }) })
    : new MemoryRateLimiter();
  const telegram = config.TELEGRAM_IN_SERVER
    ? createTelegramBot({ config, db, log, catalogue, quotes, swaps, dictionaries, rateLimiter })
    : null;

  const dex = new DexService({ config, db, log: log.child({ component: 'dex' }) });
  // The sandbox chains of the default start: listed from here on, each started on its first use.
  const sandboxNetworks = dex
    .networksForSandboxChains()
    .filter((network) => config.SANDBOX_CHAIN_NETWORKS.includes(network.id));
  const sandboxChains =
    config.SANDBOX_CHAINS === 'on' && sandboxNetworks.length > 0
      ? new SandboxChains({
          set: dex.sandboxChains,
          networks: sandboxNetworks,
          deps: {
            tokenList: (network) => dex.tokenList(network),
            coinRanks: async () => new Map((await catalogue.coins()).map((coin) => [coin.code, coin.rank])),
            usdPrice: (code) => market.usdPrice(code),
            log: log.child({ component: 'sandbox-chains' }),
          },
        })
      : null;

  // The legal texts are rendered while the server starts, so no visitor waits for the first render.
  const legal = new LegalTexts();
  legal
    .preload(LANGUAGES)
    .catch((error: unknown) => log.error({ err: error }, 'A legal text cannot be rendered'));

  const account = new AccountService({
    auth: createAccountAuth({
      db,
      mail,
      dictionaries,
      log: log.child({ component: 'account' }),
      // The area's own origin: its mailed links lead there (ACCOUNT_URL, another host or this one).
      baseUrl: new URL(config.ACCOUNT_URL).origin,
      otherOrigins: [new URL(config.BASE_URL).origin],
      secret,
      secureCookies: config.BASE_URL.startsWith('https:'),
    }),
    rateLimiter,
    signInPerIp: config.ACCOUNT_SIGNIN_PER_IP,
    signInPerEmail: config.ACCOUNT_SIGNIN_PER_EMAIL,
  });

  const pathRules = new PathRuleStore({ db, log, ttlMs: config.PATH_RULES_TTL_MS });
  const reviews = new ReviewService(db, () => dataVersions.bump('reviews'), {
    mail,
    email: config.OPERATOR_EMAIL,
  });
  const partnerWithdrawals = new PartnerWithdrawals({
    db,
    ledger: partnerLedger,
    catalogue,
    prices: market,
    mail,
    dictionaries,
    baseUrl: config.BASE_URL,
    secret,
    sandbox: config.SANDBOX_PROVIDERS,
    sandboxQueueFromUsd: config.SANDBOX_WITHDRAWALS_QUEUE_FROM_USD,
    log: log.child({ component: 'partners' }),
  });
  const widgetThemes = new WidgetThemeStore(db);
  const operatorConsole = new ConsoleService({
    partners: { ledger: partnerLedger, withdrawals: partnerWithdrawals, themes: widgetThemes },
    db,
    swaps,
    reviews,
    mail,
    switchboard,
    health: providerHealth,
    providers: () => quotes.providers,
    ramps: () =>
      fiat.providers.map((ramp) => ({
        id: ramp.id,
        name: ramp.name,
        circuit: ramp instanceof ResilientFiatProvider ? ramp.circuit : null,
      })),
    operatorEmail: config.OPERATOR_EMAIL,
    onPathRulesChanged: async () => {
      pathRules.invalidate();
      // Other nodes (PostgreSQL) re-read their rules at once.
      await announceChange(db, 'path-rules').catch(() => {});
    },
  });

  return {
    config,
    db,
    log,
    dictionaries,
    account,
    console: operatorConsole,
    customers: new CustomerService({ db, mail, dictionaries, rateLimiter, accountUrl: config.ACCOUNT_URL }),
    telegram,
    pathRules,
    buildId: readBuildId(clientDir),
    catalogue,
    prices: market,
    market,
    quotes,
    swaps,
    swapMail,
    dex,
    sandboxChains,
    crossChain: new CrossChainService({
      dex,
      sources: crossChainSources(config, dex.sandboxChains),
      timeoutMs: config.QUOTE_TIMEOUT_MS,
      log: log.child({ component: 'cross-chain' }),
    }),
    fiat,
    fiatOrders,
    directory,
    blog: new BlogService(db),
    rateLimiter,
    global: new GlobalDataService({ db, log, onChange: () => dataVersions.bump('global') }),
    humanCheck: new RecaptchaVerifier({
      secret: config.RECAPTCHA_SECRET,
      verifyUrl: config.RECAPTCHA_VERIFY_URL,
      minScore: config.RECAPTCHA_MIN_SCORE,
      log,
    }),
    mail,
    support: new SupportService({ db, mail, operatorEmail: config.OPERATOR_EMAIL, dictionaries }),
    reviews,
    widgetThemes,
    partnerLedger,
    partnerWithdrawals,
    webhooks,
    apiKeyUsage: new ApiKeyUsage(db),
    sandbox: config.SANDBOX_PROVIDERS,
    company: new CompanyService({
      db,
      catalogue,
      providers,
      coverage: instantCoverage,
      sources: liquiditySources(config, fiatProviders, fiatCoverage),
    }),
    legal,
    dataVersions,
    databaseOutage: new DatabaseOutage(),
    metrics,
    async close() {
      redis?.disconnect();
      mailTransport.close();
    },
  };
}

/**
 * What /providers and /partners list beside the instant-exchange providers: the fiat ramps this
 * environment runs (named as their offers name them) and the configured DEX and bridge sources
 * (named as the registry names them), each with its coverage of the catalogue.
 */
function liquiditySources(
  config: Config,
  fiatProviders: readonly FiatProvider[],
  fiatCoverage: ReturnType<typeof readProviderCoverage>,
): LiquiditySource[] {
  const ramps = fiatProviders.map((provider): LiquiditySource => {
    const coverage = fiatCoverage.find((entry) => entry.id === provider.id);
    return {
      id: provider.id,
      name: provider.name,
      kind: 'fiat',
      serves: (asset) => coverage !== undefined && servesCoin(coverage, asset.coin, asset.network),
    };
  });
  const routes = configuredRouteSources(config).map(
    (entry): LiquiditySource => ({
      id: entry.id,
      name: entry.name,
      kind: entry.kind === 'dex' ? 'dex' : 'bridge',
      serves: entryServes(entry),
    }),
  );
  return [...ramps, ...routes];
}

/**
 * LI.FI when enabled and Across when its key is set (both off the sandbox networks, each behind its
 * circuit breaker), and the sandbox bridge between DEX_SANDBOX_FILE's chains, quoted side by side.
 */
function crossChainSources(config: Config, sandboxChains: SandboxChainSet): CrossChainRouteSource[] {
  const sources: CrossChainRouteSource[] = [];
  // Never on a network a sandbox chain stands in for (planned or deployed).
  const offNetwork = (network: Parameters<SandboxChainSet['covers']>[0]) => sandboxChains.covers(network);
  if (config.LIFI_ENABLED) {
    sources.push(
      resilientCrossChainSource(
        new LiFiSource({
          baseUrl: config.LIFI_API_URL,
          ...(config.LIFI_API_KEY ? { apiKey: config.LIFI_API_KEY } : {}),
          offNetwork,
        }),
      ),
    );
  }
  if (config.ACROSS_API_KEY) {
    sources.push(
      resilientCrossChainSource(
        new AcrossSource({
          baseUrl: config.ACROSS_API_URL,
          apiKey: config.ACROSS_API_KEY,
          ...(config.ACROSS_INTEGRATOR_ID ? { integratorId: config.ACROSS_INTEGRATOR_ID } : {}),
          offNetwork,
        }),
      ),
    );
  }
  // Between two or more sandbox chains (planned or deployed; the set is planned before this runs).
  if (sandboxChains.size >= 2) {
    // The relayer's interval, then a confirmation: a release lands within two intervals.
    const etaSeconds = Math.max(1, Math.ceil((2 * config.SANDBOX_BRIDGE_INTERVAL_MS) / 1000));
    sources.push(lazySandboxBridge(sandboxChains, { etaSeconds }));
  }
  return sources;
}
