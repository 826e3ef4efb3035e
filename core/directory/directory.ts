import { and, asc, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { priceHistory } from '../../db/schema.ts';
import type { Catalogue, CatalogueCoin } from '../catalogue/catalogue.ts';
import type { PairInfo, QuoteService } from '../exchange/quotes.ts';
import type { MarketService } from '../market/market.ts';
import { TtlCache } from '../ttl-cache.ts';
import { CHART_RANGES, type ChartRange } from './chart-ranges.ts';
import {
  comparisonAt,
  comparisonCount,
  comparisonIndex,
  exchangePairAt,
  exchangePairCount,
  type RankPair,
} from './pairs.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Points of the 7-day sparkline in the coin list (one every 6 hours). */
const SPARKLINE_STEP_MS = 6 * HOUR;

export {
  CHART_BACKFILL_TIERS,
  CHART_RANGE_NAMES,
  CHART_RANGES,
  type ChartRange,
  isChartRange,
} from './chart-ranges.ts';

/** A coin's market figures; changes are fractions (0.012 = +1.2 %), null without history. */
export interface CoinMarket {
  usd: string | null;
  change24h: number | null;
  change7d: number | null;
  change30d: number | null;
  /** USD prices over the last 7 days, oldest first. */
  sparkline: number[];
}

/** A chart point: milliseconds since the epoch and the USD price. */
export type ChartPoint = [at: number, usd: number];

export interface DirectoryServiceOptions {
  db: Database;
  catalogue: Catalogue;
  market: MarketService;
  quotes: QuoteService;
  /** The market data's version: figures are recomputed when it moves (core/data-versions.ts). */
  marketVersion?: () => number;
  /** The catalogue's version: offers and pair facts are asked again when it moves. */
  catalogueVersion?: () => number;
  /** How long figures and pair facts are reused at most. */
  ttlMs?: number;
  now?: () => Date;
}

const PAIR_INFO_ENTRIES = 5_000;
/** Charts of this many coin-and-range pairs are kept (a few KB each). */
const CHART_ENTRIES = 3_000;
/** A coin's chart is read again after this long, or when the market version moves. */
export const CHART_TTL_MS = 60_000;
/** A pair page's offers are fresh this long; until OFFERS_STALE_MS they are shown while fetched again. */
export const OFFERS_TTL_MS = 30_000;
export const OFFERS_STALE_MS = 5 * 60_000;
const OFFER_ENTRIES = 5_000;
/** A pair's availability and limits are fresh this many `ttlMs` (10 minutes), then shown while asked again as long. */
const PAIR_INFO_TTLS = 10;

/** The providers' offers for a pair page's reference amount. */
export interface PairOffers {
  offers: { provider: string; amountTo: string; rate: string }[];
  amountTo: string;
}

/**
 * What the coin, pair and comparison pages show: the ranked coins with their market figures,
 * chart histories, and each pair's availability, computed from the catalogue, the stored prices
 * and the providers, and kept in memory for a short while (pages are cached on top of this).
 */
export class DirectoryService {
  readonly #options: DirectoryServiceOptions;
  readonly #ttlMs: number;
  readonly #now: () => Date;
  #figures: { at: number; version: number; value: Promise<Map<string, CoinMarket>> } | null = null;
  readonly #pairInfo: TtlCache<PairInfo>;
  readonly #charts: TtlCache<ChartPoint[]>;
  readonly #offers: TtlCache<PairOffers | null>;

  constructor(options: DirectoryServiceOptions) {
    this.#options = options;
    this.#ttlMs = options.ttlMs ?? MINUTE;
    this.#now = options.now ?? (() => new Date());
    const now = () => this.#now().getTime();
    const catalogueVersion = options.catalogueVersion ?? (() => 0);
    this.#pairInfo = new TtlCache({
      ttlMs: this.#ttlMs * PAIR_INFO_TTLS,
      staleMs: this.#ttlMs * PAIR_INFO_TTLS,
      maxEntries: PAIR_INFO_ENTRIES,
      version: catalogueVersion,
      now,
    });
    this.#charts = new TtlCache({
      ttlMs: CHART_TTL_MS,
      maxEntries: CHART_ENTRIES,
      version: options.marketVersion ?? (() => 0),
      now,
    });
    this.#offers = new TtlCache({
      ttlMs: OFFERS_TTL_MS,
      staleMs: OFFERS_STALE_MS - OFFERS_TTL_MS,
      maxEntries: OFFER_ENTRIES,
      version: catalogueVersion,
      now,
    });
  }

  /** Enabled coins, best ranked first. */
  coins(): Promise<CatalogueCoin[]> {
    return this.#options.catalogue.coins();
  }

  async coin(code: string): Promise<CatalogueCoin | null> {
    return this.#options.catalogue.coin(code);
  }

  /** Market figures of every coin, by code. */
  marketFigures(): Promise<Map<string, CoinMarket>> {
    const version = this.#options.marketVersion?.() ?? 0;
    const now = this.#now().getTime();
    const cached = this.#figures;
    if (cached && cached.version === version && now - cached.at < this.#ttlMs) return cached.value;
    const value = this.#computeFigures(now);
    this.#figures = { at: now, version, value };
    // A failed computation is not kept.
    value.catch(() => {
      if (this.#figures?.value === value) this.#figures = null;
    });
    return value;
  }

  async #computeFigures(now: number): Promise<Map<string, CoinMarket>> {
    const { market } = this.#options;
    const coins = await this.coins();
    const [sparklines, dayAgo, weekAgo, monthAgo] = await Promise.all([
      this.#sparklines(now),
      this.#pricesAt(now - DAY),
      this.#pricesAt(now - 7 * DAY),
      this.#pricesAt(now - 30 * DAY),
    ]);
    const figures = new Map<string, CoinMarket>();
    for (const coin of coins) {
      const usd = await market.usdPrice(coin.code);
      const current = usd === null ? null : Number(usd);
      figures.set(coin.code, {
        usd,
        change24h: relativeChange(current, dayAgo.get(coin.code) ?? null),
        change7d: relativeChange(current, weekAgo.get(coin.code) ?? null),
        change30d: relativeChange(current, monthAgo.get(coin.code) ?? null),
        sparkline: [...(sparklines.get(coin.code) ?? []), ...(current === null ? [] : [current])],
      });
    }
    return figures;
  }

  /**
   * Every coin's stored price nearest to `at`, within a sparkline step either side (history begins
   * on a step mark, so exactly 30 days back may fall just before the first point).
   */
  async #pricesAt(at: number): Promise<Map<string, number>> {
    const rows = await this.#options.db
      .selectDistinctOn([priceHistory.coin], { coin: priceHistory.coin, usd: priceHistory.usd })
      .from(priceHistory)
      .where(
        and(
          gt(priceHistory.at, new Date(at - SPARKLINE_STEP_MS)),
          lt(priceHistory.at, new Date(at + SPARKLINE_STEP_MS)),
        ),
      )
      .orderBy(asc(priceHistory.coin), sql`abs(extract(epoch from ${priceHistory.at}) - ${at / 1000})`);
    return new Map(rows.map((row) => [row.coin, Number(row.usd)]));
  }

  /** The 7-day lines: the stored points on whole 6-hour marks (every backfill tier has them). */
  async #sparklines(now: number): Promise<Map<string, number[]>> {
    const rows = await this.#options.db
      .select({ coin: priceHistory.coin, usd: priceHistory.usd })
      .from(priceHistory)
      .where(
        and(
          gte(priceHistory.at, new Date(now - 7 * DAY)),
          lte(priceHistory.at, new Date(now)),
          sql`extract(epoch from ${priceHistory.at})::bigint % ${SPARKLINE_STEP_MS / 1000} = 0`,
        ),
      )
      .orderBy(asc(priceHistory.coin), asc(priceHistory.at));
    const lines = new Map<string, number[]>();
    for (const row of rows) {
      const line = lines.get(row.coin) ?? [];
      if (line.length === 0) lines.set(row.coin, line);
      line.push(Number(row.usd));
    }
    return lines;
  }

  /**
   * The coin's USD prices over `range`, one point per step of the range, oldest first; kept for
   * CHART_TTL_MS or until the market version moves, so a cold render of a coin or pair page reads
   * no history the previous one read.
   */
  chart(code: string, range: ChartRange): Promise<ChartPoint[]> {
    return this.#charts.get(`${code}:${range}`, () => this.#readChart(code, range));
  }

  /**
   * The providers' float offers for `amount` of the pair, as a pair page shows them: kept
   * OFFERS_TTL_MS, then shown while fetched again in the background for up to OFFERS_STALE_MS
   * (one call per pair and amount however many ask). Null when no provider answers (kept too).
   */
  pairOffers(from: string, to: string, amount: string): Promise<PairOffers | null> {
    return this.#offers.get(offersKey(from, to, amount), () => this.#fetchOffers(from, to, amount));
  }

  /**
   * The pair page's offers as far as they are at hand, without waiting for a provider: the kept
   * ones, null when no provider answered, undefined while they are being asked for (the browser
   * then fills them in).
   */
  pairOffersAtHand(from: string, to: string, amount: string): PairOffers | null | undefined {
    return this.#offers.peek(offersKey(from, to, amount), () => this.#fetchOffers(from, to, amount));
  }

  #fetchOffers(from: string, to: string, amount: string): Promise<PairOffers | null> {
    return this.#options.quotes.quote({ from, to, amount, rateType: 'float' }).then(
      (quote) => ({
        offers: quote.offers.map((offer) => ({
          provider: offer.provider,
          amountTo: offer.amountTo,
          rate: offer.rate,
        })),
        amountTo: quote.amountTo,
      }),
      () => null,
    );
  }

  async #readChart(code: string, range: ChartRange): Promise<ChartPoint[]> {
    const { spanMs, stepMs } = CHART_RANGES[range];
    const to = this.#now();
    const from = new Date(to.getTime() - spanMs);
    const points = await this.#options.market.history(code, { from, to });
    return thin(
      points.map((point): ChartPoint => [point.at.getTime(), Number(point.usd)]),
      stepMs,
    );
  }

  /** Whether the pair is served, at fixed rates too, and its limits; kept 10 × `ttlMs` (10 minutes). */
  pairInfo(from: CatalogueCoin, to: CatalogueCoin, fromNetwork?: string): Promise<PairInfo> {
    return this.#pairInfo.get(pairInfoKey(from, to, fromNetwork), () =>
      this.#askPairInfo(from, to, fromNetwork),
    );
  }

  /**
   * The pair's facts without waiting for a provider: the kept ones, else (while they are asked
   * for in the background) the catalogue's: served, its limits, no fixed rate claimed.
   */
  pairInfoAtHand(
    from: CatalogueCoin,
    to: CatalogueCoin,
    fromNetwork?: string,
  ): { info: PairInfo; atHand: boolean } {
    const kept = this.#pairInfo.peek(pairInfoKey(from, to, fromNetwork), () =>
      this.#askPairInfo(from, to, fromNetwork),
    );
    if (kept) return { info: kept, atHand: true };
    const asset = from.assets.find((candidate) => candidate.network.id === fromNetwork) ?? from.assets[0];
    return {
      info: { available: true, fixedRate: false, min: asset?.min ?? null, max: asset?.max ?? null },
      atHand: false,
    };
  }

  #askPairInfo(from: CatalogueCoin, to: CatalogueCoin, fromNetwork?: string): Promise<PairInfo> {
    return this.#options.quotes
      .pairInfo(from.code, fromNetwork, to.code)
      .catch((): PairInfo => ({ available: false, fixedRate: false, min: null, max: null }));
  }

  /** The exchange pairs in list order, as coins. */
  async exchangePairs(): Promise<RankedList> {
    const coins = await this.coins();
    return rankedList(coins, exchangePairCount(coins.length), exchangePairAt);
  }

  async comparisons(): Promise<RankedList> {
    const coins = await this.coins();
    return rankedList(coins, comparisonCount(coins.length), comparisonAt);
  }

  /** The two coins of a comparison in their canonical order (better ranked first). */
  async comparisonOrder(a: string, b: string): Promise<[CatalogueCoin, CatalogueCoin] | null> {
    const coins = await this.coins();
    const first = coins.findIndex((coin) => coin.code === a);
    const second = coins.findIndex((coin) => coin.code === b);
    if (first < 0 || second < 0 || first === second) return null;
    const { from, to } = comparisonAt(comparisonIndex(first, second));
    return [coins[from] as CatalogueCoin, coins[to] as CatalogueCoin];
  }
}

function offersKey(from: string, to: string, amount: string): string {
  return `${from}>${to}:${amount}`;
}

function pairInfoKey(from: CatalogueCoin, to: CatalogueCoin, fromNetwork?: string): string {
  return `${from.code}${fromNetwork ? `:${fromNetwork}` : ''}>${to.code}`;
}

/** A list of coin pairs computed on demand. */
export interface RankedList {
  count: number;
  at(k: number): { from: CatalogueCoin; to: CatalogueCoin };
}

function rankedList(coins: CatalogueCoin[], count: number, at: (k: number) => RankPair): RankedList {
  return {
    count,
    at(k) {
      const pair = at(k);
      return { from: coins[pair.from] as CatalogueCoin, to: coins[pair.to] as CatalogueCoin };
    },
  };
}

function relativeChange(current: number | null, before: number | null): number | null {
  if (current === null || before === null || before <= 0) return null;
  return current / before - 1;
}

/** One point per `stepMs` bucket (the first in it), plus the newest point. */
export function thin(points: readonly ChartPoint[], stepMs: number): ChartPoint[] {
  const kept: ChartPoint[] = [];
  let bucket = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    const own = Math.floor(point[0] / stepMs);
    if (own !== bucket) {
      kept.push(point);
      bucket = own;
    }
  }
  const last = points.at(-1);
  if (last && kept.at(-1) !== last) kept.push(last);
  return kept;
}
