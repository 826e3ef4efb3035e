import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { partnerEarnings, partners } from '../../db/schema.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { Big, formatDecimal, toAmount } from '../exchange/decimal.ts';
import type { PriceSource, SwapStatus } from '../exchange/types.ts';
import { apiTier, TIER_WINDOW_DAYS } from './tiers.ts';

/** What the ledger reads of a swap that has just ended (the row as the status job stores it). */
export interface EndedSwap {
  id: string;
  partnerId: string | null;
  partnerVia: 'affiliate' | 'api' | null;
  toCoin: string;
  toNetwork: string;
  /** What the customer received, or was to receive, in `toCoin` units. */
  amountTo: string;
  amountPaidOut: string | null;
  amountExpected: string | null;
  /** Our fee kept from the payout, in `toCoin` units. */
  serviceFee: string;
}

/** A ledger write prepared outside the swap's transaction, run inside it. */
export type LedgerWrite = (tx: Database) => Promise<void>;

/** What the swap service calls when a swap ends (core/exchange/swaps.ts). */
export interface SwapEndListener {
  swapEnded(swap: EndedSwap, status: SwapStatus): Promise<LedgerWrite | null>;
}

export type LedgerRow = typeof partnerEarnings.$inferSelect;

export interface LedgerTotals {
  /** What the partner may withdraw now: every row's sum. */
  balanceUsd: string;
  /** Earnings less reversals, all time. */
  earnedUsd: string;
  /** Earnings less reversals in the current calendar month (UTC). */
  monthUsd: string;
  withdrawnUsd: string;
  /** Swaps that earned (less those reversed). */
  swaps: number;
  /** API partners' tier: volume of the last 30 days and the share it gives. */
  volume30dUsd: string;
  tierShareBps: number;
}

export interface SeriesPoint {
  /** The first instant of the day or month (UTC). */
  start: Date;
  usd: number;
}

const DAY_MS = 24 * 60 * 60_000;

/** The first instant of `at`'s day or month, UTC. */
export function periodStart(at: Date, unit: 'day' | 'month'): Date {
  return unit === 'day'
    ? new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
    : new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

function previousPeriod(start: Date, unit: 'day' | 'month'): Date {
  return unit === 'day'
    ? new Date(start.getTime() - DAY_MS)
    : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1));
}

/** Sums of earnings by day or month: `count` periods ending with the one holding `now`, oldest first. */
export function seriesOf(
  rows: readonly { at: Date; usd: string }[],
  unit: 'day' | 'month',
  count: number,
  now: Date,
): SeriesPoint[] {
  const starts: Date[] = [periodStart(now, unit)];
  while (starts.length < count) starts.unshift(previousPeriod(starts[0] as Date, unit));
  const sums = new Map(starts.map((start) => [start.getTime(), new Big(0)]));
  for (const row of rows) {
    const key = periodStart(row.at, unit).getTime();
    const sum = sums.get(key);
    if (sum) sums.set(key, sum.plus(row.usd));
  }
  return starts.map((start) => ({ start, usd: Number((sums.get(start.getTime()) as Big).toFixed(2)) }));
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The ledger as CSV (RFC 4180, CRLF): one line per row, newest first, amounts signed. */
export function ledgerCsv(rows: readonly LedgerRow[]): string {
  const header = [
    'date',
    'kind',
    'programme',
    'swap',
    'withdrawal',
    'coin',
    'network',
    'amount',
    'usd',
    'share_bps',
  ];
  const lines = rows.map((row) =>
    [
      row.at.toISOString(),
      row.kind,
      row.programme ?? '',
      row.swapId ?? '',
      row.withdrawalId ?? '',
      row.coin,
      row.network,
      formatDecimal(row.amount),
      new Big(row.usd).toFixed(2),
      row.shareBps === null ? '' : String(row.shareBps),
    ]
      .map(csvField)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/**
 * The partners' earnings ledger: writes a swap's earning when it finishes and its reversal when a
 * swap that earned is refunded (both from the swap status job, in the transaction that stores the
 * status; a unique (swap, kind) keeps each to one row), and reads totals, series and the CSV.
 */
export class PartnerLedger implements SwapEndListener {
  readonly #db: Database;
  readonly #prices: PriceSource;
  readonly #catalogue: Catalogue;
  readonly #log: Logger;
  readonly #now: () => Date;

  constructor(options: {
    db: Database;
    prices: PriceSource;
    catalogue: Catalogue;
    log: Logger;
    now?: () => Date;
  }) {
    this.#db = options.db;
    this.#prices = options.prices;
    this.#catalogue = options.catalogue;
    this.#log = options.log;
    this.#now = options.now ?? (() => new Date());
  }

  /**
   * The ledger row a swap's end writes, worked out before the swap's transaction (prices and the
   * partner's tier are read outside it): null when the swap has no partner or the status earns
   * nothing.
   */
  async swapEnded(swap: EndedSwap, status: SwapStatus): Promise<LedgerWrite | null> {
    const partnerId = swap.partnerId;
    if (!partnerId) return null;
    if (status === 'refunded') return (tx) => this.#reverse(tx, swap.id);
    if (status !== 'finished') return null;

    const [partner] = await this.#db
      .select({ affiliateFeeBps: partners.affiliateFeeBps })
      .from(partners)
      .where(eq(partners.id, partnerId));
    if (!partner) return null;
    const asset = await this.#catalogue.asset(swap.toCoin, swap.toNetwork);
    const decimals = asset?.decimals ?? 8;
    const payout = new Big(swap.amountPaidOut ?? swap.amountExpected ?? swap.amountTo);
    const price = await this.#prices.usdPrice(swap.toCoin);
    if (price === null) this.#log.warn({ swap: swap.id, coin: swap.toCoin }, 'No USD price for an earning');
    const usdPrice = new Big(price ?? 0);
    const programme: 'affiliate' | 'api' = swap.partnerVia === 'api' ? 'api' : 'affiliate';
    let shareBps: number;
    let amount: Big;
    if (programme === 'api') {
      shareBps = apiTier(Number(await this.volumeUsd(partnerId))).shareBps;
      amount = new Big(swap.serviceFee).times(shareBps).div(10_000);
    } else {
      shareBps = partner.affiliateFeeBps;
      amount = payout.times(shareBps).div(10_000);
    }
    const rounded = toAmount(amount, decimals);
    const row = {
      partnerId,
      kind: 'earning' as const,
      programme,
      swapId: swap.id,
      coin: swap.toCoin,
      network: swap.toNetwork,
      amount: rounded,
      usd: new Big(rounded).times(usdPrice).toFixed(6),
      volumeUsd: payout.times(usdPrice).toFixed(2),
      shareBps,
      at: this.#now(),
    };
    return async (tx) => {
      await tx.insert(partnerEarnings).values(row).onConflictDoNothing();
    };
  }

  /** A refunded swap's earning, if it had one, taken back by a row of the opposite sign. */
  async #reverse(tx: Database, swapId: string): Promise<void> {
    const [earning] = await tx
      .select()
      .from(partnerEarnings)
      .where(and(eq(partnerEarnings.swapId, swapId), eq(partnerEarnings.kind, 'earning')));
    if (!earning) return;
    await tx
      .insert(partnerEarnings)
      .values({
        partnerId: earning.partnerId,
        kind: 'reversal',
        programme: earning.programme,
        swapId,
        coin: earning.coin,
        network: earning.network,
        amount: new Big(earning.amount).neg().toFixed(),
        usd: new Big(earning.usd).neg().toFixed(),
        volumeUsd: new Big(earning.volumeUsd).neg().toFixed(),
        shareBps: earning.shareBps,
        at: this.#now(),
      })
      .onConflictDoNothing();
  }

  /** The partner's volume of finished API swaps (less reversed ones) over the tier window, in USD. */
  async volumeUsd(partnerId: string, db: Database = this.#db): Promise<string> {
    const since = new Date(this.#now().getTime() - TIER_WINDOW_DAYS * DAY_MS);
    const [row] = await db
      .select({ sum: sql<string | null>`sum(${partnerEarnings.volumeUsd})` })
      .from(partnerEarnings)
      .where(
        and(
          eq(partnerEarnings.partnerId, partnerId),
          inArray(partnerEarnings.kind, ['earning', 'reversal']),
          eq(partnerEarnings.programme, 'api'),
          gte(partnerEarnings.at, since),
        ),
      );
    return new Big(row?.sum ?? 0).toFixed(2);
  }

  /** What the partner may withdraw: the sum of every row (`db` may be a transaction). */
  async balanceUsd(partnerId: string, db: Database = this.#db): Promise<Big> {
    const [row] = await db
      .select({ sum: sql<string | null>`sum(${partnerEarnings.usd})` })
      .from(partnerEarnings)
      .where(eq(partnerEarnings.partnerId, partnerId));
    return new Big(row?.sum ?? 0);
  }

  async totals(partnerId: string): Promise<LedgerTotals> {
    const monthStart = periodStart(this.#now(), 'month');
    const rows = await this.#db
      .select({
        kind: partnerEarnings.kind,
        usd: sql<string | null>`sum(${partnerEarnings.usd})`,
        month: sql<
          string | null
        >`sum(case when ${partnerEarnings.at} >= ${monthStart.toISOString()}::timestamptz then ${partnerEarnings.usd} else 0 end)`,
        count: sql<number>`count(*)::int`,
      })
      .from(partnerEarnings)
      .where(eq(partnerEarnings.partnerId, partnerId))
      .groupBy(partnerEarnings.kind);
    const of = (kind: string) => rows.find((row) => row.kind === kind);
    const earned = new Big(of('earning')?.usd ?? 0).plus(of('reversal')?.usd ?? 0);
    const month = new Big(of('earning')?.month ?? 0).plus(of('reversal')?.month ?? 0);
    // A refused withdrawal's `refusal` row gives its debit back: it was never withdrawn.
    const withdrawn = new Big(of('withdrawal')?.usd ?? 0).plus(of('refusal')?.usd ?? 0).neg();
    const volume = await this.volumeUsd(partnerId);
    return {
      balanceUsd: earned.minus(withdrawn).toFixed(2),
      earnedUsd: earned.toFixed(2),
      monthUsd: month.toFixed(2),
      withdrawnUsd: withdrawn.toFixed(2),
      swaps: (of('earning')?.count ?? 0) - (of('reversal')?.count ?? 0),
      volume30dUsd: volume,
      tierShareBps: apiTier(Number(volume)).shareBps,
    };
  }

  /** Earnings less reversals by day (the last `days`) and by month (the last `months`). */
  async series(
    partnerId: string,
    days = 30,
    months = 12,
  ): Promise<{ days: SeriesPoint[]; months: SeriesPoint[] }> {
    const now = this.#now();
    const since = periodStart(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months + 1, 1)),
      'month',
    );
    const rows = await this.#db
      .select({ at: partnerEarnings.at, usd: partnerEarnings.usd })
      .from(partnerEarnings)
      .where(
        and(
          eq(partnerEarnings.partnerId, partnerId),
          inArray(partnerEarnings.kind, ['earning', 'reversal']),
          gte(partnerEarnings.at, since),
        ),
      );
    return { days: seriesOf(rows, 'day', days, now), months: seriesOf(rows, 'month', months, now) };
  }

  /** The partner's rows, newest first (`limit` of them, or all). */
  async rows(partnerId: string, limit?: number): Promise<LedgerRow[]> {
    const query = this.#db
      .select()
      .from(partnerEarnings)
      .where(eq(partnerEarnings.partnerId, partnerId))
      .orderBy(desc(partnerEarnings.at), desc(partnerEarnings.id));
    return limit ? query.limit(limit) : query;
  }

  async csv(partnerId: string): Promise<string> {
    return ledgerCsv(await this.rows(partnerId));
  }
}
