import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { Big, toAmount } from '../exchange/decimal.ts';
import { DECIMAL_NUMBER_PATTERN } from '../exchange/types.ts';

/** A source of current USD prices for catalogue coins (by our coin code). */
export interface PriceFeed {
  readonly name: string;
  /**
   * True when fetchPrices answers for any `now`, past included (a simulation); MarketService
   * only backfills history from such feeds.
   */
  readonly historical?: boolean;
  /** USD prices as decimal strings; coins the feed does not know are left out. */
  fetchPrices(coins: readonly string[], now: Date, signal: AbortSignal): Promise<Map<string, string>>;
}

export class PriceFeedError extends Error {
  readonly feed: string;
  constructor(feed: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PriceFeedError';
    this.feed = feed;
  }
}

// ---------------------------------------------------------------------------------------------
// Bundled snapshot (content/market/prices.json)
// ---------------------------------------------------------------------------------------------

const snapshotEntrySchema = z.object({
  code: z.string().regex(/^[a-z0-9]+$/),
  coingeckoId: z.string().regex(/^[a-z0-9-]+$/),
  usd: z.string().regex(DECIMAL_NUMBER_PATTERN),
});

export type SnapshotEntry = z.infer<typeof snapshotEntrySchema>;

const snapshotFileSchema = z.array(snapshotEntrySchema);

let cachedSnapshot: readonly SnapshotEntry[] | undefined;

/** The bundled price snapshot, read and validated once. */
export function loadSnapshot(): readonly SnapshotEntry[] {
  cachedSnapshot ??= snapshotFileSchema.parse(
    JSON.parse(readFileSync(new URL('../../content/market/prices.json', import.meta.url), 'utf8')),
  );
  return cachedSnapshot;
}

/** coin code → CoinGecko API id, from the snapshot (what CoinGeckoFeed needs as `ids`). */
export function coinGeckoIds(entries: readonly SnapshotEntry[] = loadSnapshot()): Map<string, string> {
  return new Map(entries.map((entry) => [entry.code, entry.coingeckoId]));
}

/** Largest relative drift of the simulation around the snapshot price. */
export const DRIFT_AMPLITUDE = 0.04;
/** Same for coins pegged to a fiat currency. */
export const STABLE_DRIFT_AMPLITUDE = 0.002;

/** Fiat-pegged coins whose snapshot is not exactly 1 USD (EUR-pegged). */
const FIAT_PEGGED = new Set(['eurc']);

/**
 * Wrapped and staked forms move with their underlying coin, so the simulation does not open
 * arbitrage gaps of several percent between, say, BTC and WBTC.
 */
const DRIFT_ANCHORS: Readonly<Record<string, string>> = {
  wbtc: 'btc',
  cbbtc: 'btc',
  weth: 'eth',
  steth: 'eth',
  wsteth: 'eth',
  reth: 'eth',
  cbeth: 'eth',
  paxg: 'xaut',
  matic: 'pol',
};

const HOUR_MS = 3_600_000;
/** Period ranges of the three sine components: intraday, days, weeks. */
const PERIOD_RANGES_MS: readonly (readonly [number, number])[] = [
  [5 * HOUR_MS, 20 * HOUR_MS],
  [2 * 24 * HOUR_MS, 7 * 24 * HOUR_MS],
  [10 * 24 * HOUR_MS, 40 * 24 * HOUR_MS],
];

interface Wave {
  weight: number;
  periodMs: number;
  phase: number;
}

/** FNV-1a: a stable 32-bit hash, so drift parameters never change between runs or machines. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny seeded PRNG for the per-coin wave parameters. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function wavesFor(key: string): Wave[] {
  const random = seededRandom(fnv1a(key));
  const raw = PERIOD_RANGES_MS.map(([min, max]) => ({
    weight: 0.5 + random(),
    periodMs: min + random() * (max - min),
    phase: random() * 2 * Math.PI,
  }));
  // Weights sum to 1, so |Σ weight·sin| ≤ 1 and the amplitude bounds the drift.
  const total = raw.reduce((sum, wave) => sum + wave.weight, 0);
  return raw.map((wave) => ({ ...wave, weight: wave.weight / total }));
}

/** Relative drift in [-amplitude, amplitude], smooth in time. */
function drift(waves: readonly Wave[], amplitude: number, atMs: number): number {
  let sum = 0;
  for (const wave of waves) sum += wave.weight * Math.sin((2 * Math.PI * atMs) / wave.periodMs + wave.phase);
  return Math.max(-amplitude, Math.min(amplitude, amplitude * sum));
}

/** About 8 significant digits, whatever the magnitude (BTC or SHIB). */
function roundPrice(value: Big): string {
  const decimals = Math.min(18, Math.max(2, 7 - value.e));
  return toAmount(value, decimals);
}

interface SimulatedCoin {
  base: Big;
  waves: Wave[];
  amplitude: number;
}

/**
 * The default, offline feed: the bundled snapshot with a bounded, deterministic drift (a sum of
 * three sines whose periods and phases come from a hash of the coin), so prices look alive
 * and the same (coin, time) always gives the same price.
 */
export class SnapshotFeed implements PriceFeed {
  readonly name = 'snapshot';
  readonly historical = true;
  readonly #coins = new Map<string, SimulatedCoin>();

  constructor(entries: readonly SnapshotEntry[] = loadSnapshot()) {
    for (const entry of entries) {
      const stable = entry.usd === '1' || FIAT_PEGGED.has(entry.code);
      this.#coins.set(entry.code, {
        base: new Big(entry.usd),
        waves: wavesFor(DRIFT_ANCHORS[entry.code] ?? entry.code),
        amplitude: stable ? STABLE_DRIFT_AMPLITUDE : DRIFT_AMPLITUDE,
      });
    }
  }

  /** The simulated price of one coin at one time, or null for a coin not in the snapshot. */
  priceAt(coin: string, at: Date): string | null {
    const simulated = this.#coins.get(coin);
    if (!simulated) return null;
    const factor = 1 + drift(simulated.waves, simulated.amplitude, at.getTime());
    return roundPrice(simulated.base.times(factor.toFixed(12)));
  }

  async fetchPrices(coins: readonly string[], now: Date, signal: AbortSignal): Promise<Map<string, string>> {
    signal.throwIfAborted();
    const prices = new Map<string, string>();
    for (const coin of coins) {
      const price = this.priceAt(coin, now);
      if (price !== null) prices.set(coin, price);
    }
    return prices;
  }
}

// ---------------------------------------------------------------------------------------------
// CoinGecko
// ---------------------------------------------------------------------------------------------

export const COINGECKO_PUBLIC_URL = 'https://api.coingecko.com/api/v3';
export const COINGECKO_PRO_URL = 'https://pro-api.coingecko.com/api/v3';

export type CoinGeckoKeyHeader = 'x-cg-demo-api-key' | 'x-cg-pro-api-key';

/** CoinGecko's documented limit of ids per /simple/price call. */
export const COINGECKO_MAX_IDS = 250;

export interface CoinGeckoFeedOptions {
  /** e.g. https://api.coingecko.com/api/v3 (demo/public) or https://pro-api.coingecko.com/api/v3. */
  baseUrl: string;
  apiKey?: string | undefined;
  /** Defaults to the pro header for a pro-api host, the demo header otherwise. */
  keyHeader?: CoinGeckoKeyHeader | undefined;
  /** Per request. */
  timeoutMs: number;
  /** coin code → CoinGecko id. */
  ids: ReadonlyMap<string, string>;
  /** Ids per request, at most COINGECKO_MAX_IDS. */
  batchSize?: number;
}

// Unknown ids are simply absent; a known id may lack a usd value, or carry null.
const simplePriceSchema = z.record(
  z.string(),
  z.looseObject({ usd: z.number().nonnegative().nullable().optional() }),
);

/** The real adapter: `GET {baseUrl}/simple/price?ids=…&vs_currencies=usd`. */
export class CoinGeckoFeed implements PriceFeed {
  readonly name = 'coingecko';
  readonly #baseUrl: string;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  readonly #ids: ReadonlyMap<string, string>;
  readonly #batchSize: number;

  constructor(options: CoinGeckoFeedOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs;
    this.#ids = options.ids;
    this.#batchSize = Math.max(1, Math.min(COINGECKO_MAX_IDS, options.batchSize ?? COINGECKO_MAX_IDS));
    this.#headers = { accept: 'application/json' };
    if (options.apiKey) {
      const header =
        options.keyHeader ?? (this.#baseUrl.includes('pro-api.') ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key');
      this.#headers[header] = options.apiKey;
    }
  }

  async fetchPrices(coins: readonly string[], _now: Date, signal: AbortSignal): Promise<Map<string, string>> {
    // Several codes may share one id (e.g. a token listed under two codes).
    const codesById = new Map<string, string[]>();
    for (const coin of coins) {
      const id = this.#ids.get(coin);
      if (!id) continue;
      const codes = codesById.get(id);
      if (codes) codes.push(coin);
      else codesById.set(id, [coin]);
    }
    const ids = [...codesById.keys()];
    const prices = new Map<string, string>();
    // Sequential on purpose: the public API is rate limited per minute.
    for (let i = 0; i < ids.length; i += this.#batchSize) {
      const answer = await this.#request(ids.slice(i, i + this.#batchSize), signal);
      for (const [id, quote] of Object.entries(answer)) {
        if (quote.usd === null || quote.usd === undefined) continue;
        const usd = toAmount(new Big(quote.usd), 18);
        for (const code of codesById.get(id) ?? []) prices.set(code, usd);
      }
    }
    return prices;
  }

  async #request(ids: readonly string[], signal: AbortSignal): Promise<z.infer<typeof simplePriceSchema>> {
    const url = `${this.#baseUrl}/simple/price?ids=${ids.map(encodeURIComponent).join(',')}&vs_currencies=usd`;
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    let body: unknown;
    try {
      const response = await fetch(url, {
        headers: this.#headers,
        signal: AbortSignal.any([signal, timeout]),
      });
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new PriceFeedError(
          this.name,
          `CoinGecko /simple/price answered HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
        );
      }
      body = await response.json();
    } catch (error) {
      if (error instanceof PriceFeedError) throw error;
      if (timeout.aborted && !signal.aborted) {
        throw new PriceFeedError(this.name, `CoinGecko /simple/price timed out after ${this.#timeoutMs} ms`, {
          cause: error,
        });
      }
      if (signal.aborted) throw error;
      throw new PriceFeedError(this.name, `CoinGecko /simple/price failed: ${errorText(error)}`, {
        cause: error,
      });
    }
    const parsed = simplePriceSchema.safeParse(body);
    if (!parsed.success) {
      throw new PriceFeedError(
        this.name,
        `CoinGecko /simple/price sent an unexpected body: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

// ---------------------------------------------------------------------------------------------
// Factory for the server configuration
// ---------------------------------------------------------------------------------------------

export interface PriceFeedConfig {
  kind: 'snapshot' | 'coingecko';
  coingeckoApiUrl?: string | undefined;
  coingeckoApiKey?: string | undefined;
  coingeckoKeyHeader?: CoinGeckoKeyHeader | undefined;
  timeoutMs?: number | undefined;
}

/** The feed PRICE_FEED selects; CoinGecko ids come from the bundled snapshot. */
export function createPriceFeed(config: PriceFeedConfig): PriceFeed {
  if (config.kind === 'snapshot') return new SnapshotFeed();
  return new CoinGeckoFeed({
    baseUrl: config.coingeckoApiUrl ?? COINGECKO_PUBLIC_URL,
    apiKey: config.coingeckoApiKey,
    keyHeader: config.coingeckoKeyHeader,
    timeoutMs: config.timeoutMs ?? 10_000,
    ids: coinGeckoIds(),
  });
}
