import { NETWORK_IDS } from '../address/networks.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { Config } from '../config.ts';
import type { LiquidityProvider } from '../exchange/types.ts';
import { type ProviderCoverage, readProviderCoverage, servesCoin } from '../fiat/coverage.ts';
import type { ResilienceOptions } from '../resilience.ts';
import { CHANGELLY_BLOCKCHAINS, ChangellyProvider } from './changelly.ts';
import { CHANGENOW_NETWORKS, ChangeNowProvider } from './changenow.ts';
import { EXOLIX_NETWORKS, ExolixProvider } from './exolix.ts';
import { FIXEDFLOAT_NETWORKS, FixedFloatProvider } from './fixedfloat.ts';
import { type CoverageEntry, coverageOf, type NetworkCodes } from './kit.ts';
import { LETSEXCHANGE_NETWORKS, LetsExchangeProvider } from './letsexchange.ts';
import { ResilientProvider } from './resilience.ts';
import { SIDESHIFT_NETWORKS, SideShiftProvider } from './sideshift.ts';

/**
 * One registry of the providers the product can compare: id, display name, kind, the settings
 * that switch each on, what it serves and whether it is configured. The composition root builds the
 * instant-exchange providers from it, `npm run providers -- list` prints it, and every page names a
 * provider by the display name written here (the adapters carry the same `name`).
 */

export type ProviderKind = 'instant' | 'fiat' | 'dex' | 'bridge';

export interface ProviderEntry {
  id: string;
  name: string;
  kind: ProviderKind;
  /** The settings that switch it on (all must be set), as README's configuration lists them. */
  env: readonly (keyof Config)[];
  /** The public API documentation the adapter follows. */
  docs: string;
  /** What the operator needs from the provider. */
  needs: string;
  configured(config: Config): boolean;
  /** The networks it serves, by our ids (with its own codes where it has them). */
  networks: NetworkCodes | readonly string[];
  /** Narrower than its networks: the coins it lists (the fiat ramps' coverage file). */
  serves?: (asset: CoverageEntry) => boolean;
}

let fiatCoverage: ProviderCoverage[] | null = null;
/** Whether a fiat provider of that coverage kind delivers the asset (content/fiat/providers.json). */
function fiatServes(kind: ProviderCoverage['kind']) {
  return (asset: CoverageEntry): boolean => {
    fiatCoverage ??= readProviderCoverage();
    return fiatCoverage.some(
      (provider) => provider.kind === kind && servesCoin(provider, asset.coin, asset.network),
    );
  };
}

const EVM_DEX_NETWORKS = ['ethereum', 'bsc', 'polygon', 'arbitrum', 'optimism'] as const;
const ALL_NETWORKS: readonly string[] = NETWORK_IDS;

export const PROVIDER_REGISTRY: readonly ProviderEntry[] = [
  {
    id: 'sandbox',
    name: 'Sandbox providers',
    kind: 'instant',
    env: ['SANDBOX_PROVIDERS'],
    docs: 'core/providers/sandbox.ts',
    needs: 'nothing: simulated, labelled as sandbox',
    configured: (config) => config.SANDBOX_PROVIDERS,
    networks: ALL_NETWORKS,
  },
  {
    id: 'changenow',
    name: 'ChangeNOW',
    kind: 'instant',
    env: ['CHANGENOW_API_KEY'],
    docs: 'https://changenow.io/api/docs',
    needs: 'a partner account and its API key; its partner fee set to SERVICE_FEE_BPS',
    configured: (config) => Boolean(config.CHANGENOW_API_KEY),
    networks: CHANGENOW_NETWORKS,
  },
  {
    id: 'sideshift',
    name: 'SideShift.ai',
    kind: 'instant',
    env: ['SIDESHIFT_SECRET', 'SIDESHIFT_AFFILIATE_ID'],
    docs: 'https://docs.sideshift.ai',
    needs:
      'a SideShift account: its private key and account id; server-side integrations must be allowed for your IP',
    configured: (config) => Boolean(config.SIDESHIFT_SECRET && config.SIDESHIFT_AFFILIATE_ID),
    networks: SIDESHIFT_NETWORKS,
  },
  {
    id: 'changelly',
    name: 'Changelly',
    kind: 'instant',
    env: ['CHANGELLY_PRIVATE_KEY'],
    docs: 'https://docs.changelly.com',
    needs: 'an RSA key pair whose public key Changelly has registered for the partner account',
    configured: (config) => Boolean(config.CHANGELLY_PRIVATE_KEY),
    networks: CHANGELLY_BLOCKCHAINS,
  },
  {
    id: 'exolix',
    name: 'Exolix',
    kind: 'instant',
    env: ['EXOLIX_API_KEY'],
    docs: 'https://exolix.com/developers',
    needs: 'an Exolix affiliate account and its API key',
    configured: (config) => Boolean(config.EXOLIX_API_KEY),
    networks: EXOLIX_NETWORKS,
  },
  {
    id: 'letsexchange',
    name: 'LetsExchange',
    kind: 'instant',
    env: ['LETSEXCHANGE_API_KEY', 'LETSEXCHANGE_AFFILIATE_ID'],
    docs: 'https://api-doc.letsexchange.io',
    needs: 'a LetsExchange partner account: its API token and affiliate id',
    configured: (config) => Boolean(config.LETSEXCHANGE_API_KEY && config.LETSEXCHANGE_AFFILIATE_ID),
    networks: LETSEXCHANGE_NETWORKS,
  },
  {
    id: 'fixedfloat',
    name: 'FixedFloat',
    kind: 'instant',
    env: ['FIXEDFLOAT_API_KEY', 'FIXEDFLOAT_API_SECRET'],
    docs: 'https://ff.io/api',
    needs: 'a FixedFloat account with API access: its key and secret (optionally a referral code)',
    configured: (config) => Boolean(config.FIXEDFLOAT_API_KEY && config.FIXEDFLOAT_API_SECRET),
    networks: FIXEDFLOAT_NETWORKS,
  },
  {
    id: 'sandbox-fiat',
    name: 'Sandbox ramps',
    kind: 'fiat',
    env: ['SANDBOX_PROVIDERS'],
    docs: 'core/fiat/sandbox.ts',
    needs: 'nothing: simulated, labelled as sandbox',
    configured: (config) => config.SANDBOX_PROVIDERS,
    networks: ALL_NETWORKS,
    serves: fiatServes('sandbox'),
  },
  {
    id: 'moonpay',
    name: 'MoonPay',
    kind: 'fiat',
    env: ['MOONPAY_API_KEY', 'MOONPAY_SECRET_KEY', 'MOONPAY_WEBHOOK_KEY'],
    docs: 'https://dev.moonpay.com',
    needs: 'a MoonPay partner account: publishable key, secret key and webhook signing key',
    configured: (config) =>
      Boolean(config.MOONPAY_API_KEY && config.MOONPAY_SECRET_KEY && config.MOONPAY_WEBHOOK_KEY),
    networks: ALL_NETWORKS,
    serves: fiatServes('moonpay'),
  },
  {
    id: 'banxa',
    name: 'Banxa',
    kind: 'fiat',
    env: ['BANXA_API_KEY', 'BANXA_API_SECRET', 'BANXA_URL'],
    docs: 'https://docs.banxa.com',
    needs: 'a Banxa partner account: API key and secret, the partner site, and the webhook URL registered',
    configured: (config) => Boolean(config.BANXA_API_KEY && config.BANXA_API_SECRET && config.BANXA_URL),
    networks: ALL_NETWORKS,
    serves: fiatServes('banxa'),
  },
  {
    id: 'transak',
    name: 'Transak',
    kind: 'fiat',
    env: ['TRANSAK_API_KEY', 'TRANSAK_API_SECRET'],
    docs: 'https://docs.transak.com',
    needs:
      'a Transak partner account (KYB approved): API key and secret, our domain as referrer, and the order webhook URL registered',
    configured: (config) => Boolean(config.TRANSAK_API_KEY && config.TRANSAK_API_SECRET),
    networks: ALL_NETWORKS,
    serves: fiatServes('transak'),
  },
  {
    id: '0x',
    name: '0x',
    kind: 'dex',
    env: ['ZEROX_API_KEY'],
    docs: 'https://0x.org/docs/api',
    needs: 'a 0x dashboard API key',
    configured: (config) => Boolean(config.ZEROX_API_KEY),
    networks: EVM_DEX_NETWORKS,
  },
  {
    id: 'kyberswap',
    name: 'KyberSwap',
    kind: 'dex',
    env: ['KYBERSWAP_CLIENT_ID'],
    docs: 'https://docs.kyberswap.com/developer-guide/aggregator-api',
    needs: 'no account: a client id of your choosing (X-Client-Id); ask KyberSwap for a higher rate limit',
    configured: (config) => Boolean(config.KYBERSWAP_CLIENT_ID),
    networks: EVM_DEX_NETWORKS,
  },
  {
    id: 'lifi',
    name: 'LI.FI',
    kind: 'bridge',
    env: ['LIFI_ENABLED'],
    docs: 'https://docs.li.fi',
    needs: 'nothing to start; an API key raises its rate limits',
    configured: (config) => config.LIFI_ENABLED,
    networks: EVM_DEX_NETWORKS,
  },
  {
    id: 'across',
    name: 'Across',
    kind: 'bridge',
    env: ['ACROSS_API_KEY'],
    docs: 'https://docs.across.to',
    needs: 'an Across API key and integrator id (request form on docs.across.to)',
    configured: (config) => Boolean(config.ACROSS_API_KEY),
    networks: EVM_DEX_NETWORKS,
  },
];

/** The registry's entry of a provider id. */
export function registryEntry(id: string): ProviderEntry | undefined {
  return PROVIDER_REGISTRY.find((entry) => entry.id === id);
}

/** Which catalogue assets an entry serves by network (tokens are confirmed per quote where listed live). */
export function servedAssets(entry: ProviderEntry, assets: readonly CoverageEntry[]): CoverageEntry[] {
  const networks = entry.networks;
  const serves = entry.serves ?? (() => true);
  if (Array.isArray(networks))
    return assets.filter((asset) => networks.includes(asset.network) && serves(asset));
  return coverageOf(networks as NetworkCodes, assets, serves);
}

/** Whether an entry serves one asset (coin on a network), by the same coverage as servedAssets. */
export function entryServes(entry: ProviderEntry): (asset: CoverageEntry) => boolean {
  return (asset) => servedAssets(entry, [asset]).length > 0;
}

/**
 * The registry's coverage of a live instant-exchange provider, by its id (the three simulated
 * providers, `sandbox-*`, share the sandbox entry); undefined for an id the registry lacks.
 */
export function instantCoverage(providerId: string): ((asset: CoverageEntry) => boolean) | undefined {
  const entry =
    registryEntry(providerId) ?? (providerId.startsWith('sandbox-') ? registryEntry('sandbox') : undefined);
  return entry?.kind === 'instant' ? entryServes(entry) : undefined;
}

/** The DEX and bridge sources this environment's settings switch on, in the registry's order. */
export function configuredRouteSources(config: Config): ProviderEntry[] {
  return PROVIDER_REGISTRY.filter(
    (entry) => (entry.kind === 'dex' || entry.kind === 'bridge') && entry.configured(config),
  );
}

export interface InstantProviderDeps {
  catalogue: Pick<Catalogue, 'asset'>;
  fetch?: typeof fetch;
  resilience?: ResilienceOptions;
}

/**
 * The real instant-exchange adapters whose keys are configured, each behind its circuit breaker
 * and retries (the sandbox providers are built by core/providers/sandbox.ts).
 */
export function createConfiguredProviders(config: Config, deps: InstantProviderDeps): LiquidityProvider[] {
  const base = { catalogue: deps.catalogue, ...(deps.fetch ? { fetch: deps.fetch } : {}) };
  const adapters: LiquidityProvider[] = [];
  if (config.CHANGENOW_API_KEY) {
    adapters.push(
      new ChangeNowProvider({ apiKey: config.CHANGENOW_API_KEY, baseUrl: config.CHANGENOW_API_URL }, base),
    );
  }
  if (config.SIDESHIFT_SECRET && config.SIDESHIFT_AFFILIATE_ID) {
    adapters.push(
      new SideShiftProvider(
        {
          secret: config.SIDESHIFT_SECRET,
          affiliateId: config.SIDESHIFT_AFFILIATE_ID,
          baseUrl: config.SIDESHIFT_API_URL,
        },
        base,
      ),
    );
  }
  if (config.CHANGELLY_PRIVATE_KEY) {
    adapters.push(
      new ChangellyProvider(
        { privateKey: config.CHANGELLY_PRIVATE_KEY, baseUrl: config.CHANGELLY_API_URL },
        base,
      ),
    );
  }
  if (config.EXOLIX_API_KEY) {
    adapters.push(
      new ExolixProvider({ apiKey: config.EXOLIX_API_KEY, baseUrl: config.EXOLIX_API_URL }, base),
    );
  }
  if (config.LETSEXCHANGE_API_KEY && config.LETSEXCHANGE_AFFILIATE_ID) {
    adapters.push(
      new LetsExchangeProvider(
        {
          apiKey: config.LETSEXCHANGE_API_KEY,
          affiliateId: config.LETSEXCHANGE_AFFILIATE_ID,
          baseUrl: config.LETSEXCHANGE_API_URL,
        },
        base,
      ),
    );
  }
  if (config.FIXEDFLOAT_API_KEY && config.FIXEDFLOAT_API_SECRET) {
    adapters.push(
      new FixedFloatProvider(
        {
          apiKey: config.FIXEDFLOAT_API_KEY,
          apiSecret: config.FIXEDFLOAT_API_SECRET,
          baseUrl: config.FIXEDFLOAT_API_URL,
          ...(config.FIXEDFLOAT_REFCODE ? { refcode: config.FIXEDFLOAT_REFCODE } : {}),
        },
        base,
      ),
    );
  }
  return adapters.map((adapter) => new ResilientProvider(adapter, deps.resilience));
}

export interface ProviderRow {
  id: string;
  name: string;
  kind: ProviderKind;
  configured: boolean;
  env: readonly string[];
  /** The catalogue coins it serves on at least one network, sorted. */
  coins: string[];
  /** How many (coin, network) assets of the catalogue it serves. */
  assets: number;
}

/** The registry as `npm run providers -- list` prints it: coverage against the catalogue's assets. */
export function providerTable(config: Config, assets: readonly CoverageEntry[]): ProviderRow[] {
  return PROVIDER_REGISTRY.map((entry) => {
    const served = servedAssets(entry, assets);
    return {
      id: entry.id,
      name: entry.name,
      kind: entry.kind,
      configured: entry.configured(config),
      env: entry.env,
      coins: [...new Set(served.map((asset) => asset.coin))].sort(),
      assets: served.length,
    };
  });
}
