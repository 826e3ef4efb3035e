import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { CatalogueCoin } from '../../core/catalogue/catalogue.ts';
import {
  CHART_RANGE_NAMES,
  type ChartRange,
  type CoinMarket,
  type RankedList,
} from '../../core/directory/directory.ts';
import { LIST_PAGE_SIZE, pageCount, pageSlice } from '../../core/directory/pairs.ts';
import { Big } from '../../core/exchange/decimal.ts';
import type { PairInfo } from '../../core/exchange/quotes.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { lookup } from '../../core/i18n/translate.ts';
import { localizePath } from '../../core/routing/paths.ts';
import type { Services } from '../../core/services.ts';
import { type PairData, side } from '../exchange/pair.server.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { pageNotFound, resolvePage } from '../routing/page-loader.server.ts';
import type {
  ChartPoint,
  ChartRanges,
  CoinRow,
  CoinSummary,
  NetworkFacts,
  Pagination,
  PairRow,
  ProviderOffer,
} from './types.ts';

/** How many partner coins a coin page and a coin row link to. */
const PARTNERS = 6;
const PARTNERS_IN_ROW = 3;
/** The pair page quotes an amount worth about this many US dollars. */
const REFERENCE_USD = 1_000;
/** Longest search the lists accept. */
const MAX_QUERY = 40;

export function summary(coin: CatalogueCoin): CoinSummary {
  return { code: coin.code, name: coin.name, icon: coin.icon };
}

/**
 * The page number of a paginated list: `/…/page-1` answers 301 to the list's first page, a page
 * past the end 404 'Page Not Found: {path}'.
 */
export function listPageNumber(
  url: URL,
  lang: Lang,
  params: Record<string, string>,
  firstPage: string,
): number {
  if (params.page === undefined) return 1;
  if (params.page === '1') throw redirect(`${localizePath(lang, firstPage)}${url.search}`, 301);
  return Number(params.page);
}

/** The list's search from `?q=`, trimmed and lowercased. */
export function searchQuery(url: URL): string {
  return (url.searchParams.get('q') ?? '').trim().toLowerCase().slice(0, MAX_QUERY);
}

function pageOf<T>(
  url: URL,
  total: number,
  page: number,
  query: string,
  rows: (start: number, end: number) => T[],
) {
  const slice = pageSlice(total, page);
  if (!slice) pageNotFound(url);
  const pagination: Pagination = { page, pages: pageCount(total, LIST_PAGE_SIZE), total, query };
  return { rows: rows(slice.start, slice.end), pagination };
}

function matches(coin: CatalogueCoin, word: string): boolean {
  return coin.code.startsWith(word) || coin.name.toLowerCase().includes(word);
}

/** The canonical path of the comparison of two coins: the better-ranked one first. */
function comparePath(coins: readonly CatalogueCoin[], a: CatalogueCoin, b: CatalogueCoin): string {
  const [first, second] = coins.indexOf(a) < coins.indexOf(b) ? [a, b] : [b, a];
  return `/compare/${first.code}-vs-${second.code}`;
}

/** Partner coins of `coin`: the best-ranked others. */
function partners(coins: readonly CatalogueCoin[], coin: CatalogueCoin, count: number): CatalogueCoin[] {
  return coins.filter((other) => other.code !== coin.code).slice(0, count);
}

// ---------------------------------------------------------------------------------------------
// Coins
// ---------------------------------------------------------------------------------------------

export async function coinList(services: Services, url: URL, page: number) {
  const { directory } = services;
  const [coins, figures] = await Promise.all([directory.coins(), directory.marketFigures()]);
  const query = searchQuery(url);
  const found = query ? coins.filter((coin) => matches(coin, query)) : coins;
  return pageOf(url, found.length, page, query, (start, end) =>
    found.slice(start, end).map(
      (coin): CoinRow => ({
        ...summary(coin),
        market: figures.get(coin.code) ?? emptyMarket(),
        networks: coin.assets.map((asset) => asset.network.name),
        pairs: partners(coins, coin, PARTNERS_IN_ROW).map(summary),
      }),
    ),
  );
}

function emptyMarket(): CoinMarket {
  return { usd: null, change24h: null, change7d: null, change30d: null, sparkline: [] };
}

async function charts(services: Services, code: string): Promise<ChartRanges> {
  const entries = await Promise.all(
    CHART_RANGE_NAMES.map(async (range) => [range, await services.directory.chart(code, range)] as const),
  );
  return Object.fromEntries(entries) as ChartRanges;
}

export async function coinPage(services: Services, url: URL, code: string) {
  const { directory } = services;
  const [coin, coins, figures] = await Promise.all([
    directory.coin(code),
    directory.coins(),
    directory.marketFigures(),
  ]);
  if (!coin) pageNotFound(url);
  const others = partners(coins, coin, PARTNERS);
  const counterpart = others[0] as CatalogueCoin;
  const [chart, from, to] = await Promise.all([
    charts(services, coin.code),
    side(services, coin.code),
    side(services, counterpart.code),
  ]);
  // The limits are the providers' (as on the pair page, GET /pairs and the quotes), for a swap
  // into the coin the page's form offers, as far as they are at hand (DirectoryService keeps them):
  // the catalogue's figure where they are still being asked for or no provider answers.
  const limits = coin.assets.map((asset) => {
    const { info, atHand } = directory.pairInfoAtHand(coin, counterpart, asset.network.id);
    return atHand ? info : { min: null, max: null };
  });
  const networks = networkFacts(coin, limits);
  const form: PairData = { from, to };
  return {
    coin: summary(coin),
    rank: coins.indexOf(coin) + 1,
    market: figures.get(coin.code) ?? emptyMarket(),
    charts: chart,
    networks,
    partners: others.map(summary),
    comparisons: others.map((other) => ({ ...summary(other), path: comparePath(coins, coin, other) })),
    form,
  };
}

// ---------------------------------------------------------------------------------------------
// Pairs
// ---------------------------------------------------------------------------------------------

function marketRate(figures: Map<string, CoinMarket>, from: string, to: string): number | null {
  const a = Number(figures.get(from)?.usd ?? Number.NaN);
  const b = Number(figures.get(to)?.usd ?? Number.NaN);
  return a > 0 && b > 0 ? a / b : null;
}

async function pairRow(
  services: Services,
  figures: Map<string, CoinMarket>,
  from: CatalogueCoin,
  to: CatalogueCoin,
): Promise<PairRow> {
  return rowOf(figures, from, to, await services.directory.pairInfo(from, to));
}

function rowOf(
  figures: Map<string, CoinMarket>,
  from: CatalogueCoin,
  to: CatalogueCoin,
  info: PairInfo,
): PairRow {
  return {
    from: summary(from),
    to: summary(to),
    rate: marketRate(figures, from.code, to.code),
    available: info.available,
    fixedRate: info.fixedRate,
    min: info.min,
    max: info.max,
  };
}

/**
 * The connector words of pair searches ("btc to eth", "btc zu eth", "btc → eth") in every
 * language: a visitor may type the one of the page or English, so all of them are skipped.
 */
function pairConnectors(services: Services): Set<string> {
  const words = new Set(['to', '→', '->']);
  for (const dictionary of services.dictionaries.values()) {
    const word = lookup(dictionary, 'directory.to');
    if (word) words.add(word.toLowerCase());
  }
  return words;
}

/**
 * The pairs matching a search: one word matches either side ("btc"), two words the two sides in
 * order ("btc eth", "btc to eth", "btc-eth", "btc, usdt").
 */
export function searchPairs(list: RankedList, query: string, connectors: ReadonlySet<string>): number[] {
  const words = query.split(/[\s,、-]+/).filter((word) => word && !connectors.has(word));
  const found: number[] = [];
  for (let k = 0; k < list.count; k++) {
    const { from, to } = list.at(k);
    const hit =
      words.length >= 2
        ? matches(from, words[0] as string) && matches(to, words[1] as string)
        : matches(from, words[0] ?? '') || matches(to, words[0] ?? '');
    if (hit) found.push(k);
  }
  return found;
}

export async function pairList(services: Services, url: URL, page: number) {
  const { directory } = services;
  const [list, figures] = await Promise.all([directory.exchangePairs(), directory.marketFigures()]);
  const query = searchQuery(url);
  const found = query ? searchPairs(list, query, pairConnectors(services)) : null;
  const total = found ? found.length : list.count;
  const { rows, pagination } = pageOf(url, total, page, query, (start, end) => {
    const keys: number[] = [];
    for (let i = start; i < end; i++) keys.push(found ? (found[i] as number) : i);
    return keys;
  });
  const pairs = await Promise.all(
    rows.map((k) => {
      const { from, to } = list.at(k);
      return pairRow(services, figures, from, to);
    }),
  );
  return { rows: pairs, pagination };
}

/** About REFERENCE_USD worth of `coin`, two significant digits, within the pair's limits. */
function referenceAmount(usd: string | null, min: string | null, max: string | null): string {
  let amount = usd && Number(usd) > 0 ? new Big(REFERENCE_USD).div(usd) : new Big(min ?? '1');
  amount = amount.prec(2);
  if (min && amount.lt(min)) amount = new Big(min);
  if (max && amount.gt(max)) amount = new Big(max);
  return amount.toFixed();
}

/** The rate of `from` in `to` over each range, from the two coins' USD histories. */
async function rateCharts(services: Services, from: string, to: string): Promise<ChartRanges> {
  const [a, b] = await Promise.all([charts(services, from), charts(services, to)]);
  return Object.fromEntries(CHART_RANGE_NAMES.map((range) => [range, ratio(a[range], b[range])])) as Record<
    ChartRange,
    ChartPoint[]
  >;
}

/** Points of `a` divided by the point of `b` at the same time. */
function ratio(a: readonly ChartPoint[], b: readonly ChartPoint[]): ChartPoint[] {
  const byTime = new Map(b.map(([at, usd]) => [at, usd]));
  return a.flatMap(([at, usd]): ChartPoint[] => {
    const other = byTime.get(at);
    return other && other > 0 ? [[at, usd / other]] : [];
  });
}

export async function pairPage(services: Services, url: URL, fromCode: string, toCode: string) {
  const { directory } = services;
  const [from, to, coins, figures] = await Promise.all([
    directory.coin(fromCode),
    directory.coin(toCode),
    directory.coins(),
    directory.marketFigures(),
  ]);
  if (!from || !to || from === to) pageNotFound(url);
  // No render waits for a provider: the pair's facts and offers are what DirectoryService keeps
  // (asked for in the background when it has none yet); until they are there the page shows the
  // catalogue's limits and an offers table the browser fills in (`offersPending`).
  const facts = directory.pairInfoAtHand(from, to);
  const row = rowOf(figures, from, to, facts.info);
  const amount = referenceAmount(figures.get(from.code)?.usd ?? null, row.min, row.max);
  let offers: ProviderOffer[] = [];
  let amountTo: string | null = null;
  let offersPending = !facts.atHand;
  if (row.available) {
    const quote = directory.pairOffersAtHand(from.code, to.code, amount);
    if (quote === undefined) offersPending = true;
    else if (quote) {
      offers = quote.offers.map((offer) => ({
        ...offer,
        // The name the exchange form shows (the API's providerName), not the id.
        providerName: services.swaps.provider(offer.provider)?.name ?? offer.provider,
      }));
      amountTo = quote.amountTo;
    }
  }
  const [chart, fromSide, toSide] = await Promise.all([
    rateCharts(services, from.code, to.code),
    side(services, from.code),
    side(services, to.code),
  ]);
  const related = [
    ...partners(coins, from, PARTNERS + 1)
      .filter((coin) => coin !== to)
      .slice(0, PARTNERS / 2)
      .map((coin) => ({ from: summary(from), to: summary(coin) })),
    ...partners(coins, to, PARTNERS + 1)
      .filter((coin) => coin !== from)
      .slice(0, PARTNERS / 2)
      .map((coin) => ({ from: summary(coin), to: summary(to) })),
  ];
  return {
    pair: row,
    usd: { from: figures.get(from.code)?.usd ?? null, to: figures.get(to.code)?.usd ?? null },
    amount,
    amountTo,
    offers,
    /** The offers (and the pair's facts) were not at hand yet: the browser asks again shortly. */
    offersPending,
    charts: chart,
    related,
    form: { from: fromSide, to: toSide } satisfies PairData,
  };
}

// ---------------------------------------------------------------------------------------------
// Comparisons
// ---------------------------------------------------------------------------------------------

export async function compareList(services: Services, url: URL, page: number) {
  const { directory } = services;
  const [list, figures] = await Promise.all([directory.comparisons(), directory.marketFigures()]);
  return pageOf(url, list.count, page, '', (start, end) => {
    const rows = [];
    for (let k = start; k < end; k++) {
      const { from, to } = list.at(k);
      rows.push({
        a: { ...summary(from), market: figures.get(from.code) ?? emptyMarket() },
        b: { ...summary(to), market: figures.get(to.code) ?? emptyMarket() },
      });
    }
    return rows;
  });
}

export function networkFacts(
  coin: CatalogueCoin,
  limits: readonly Pick<PairInfo, 'min' | 'max'>[] = [],
): NetworkFacts[] {
  return coin.assets.map((asset, index) => ({
    id: asset.network.id,
    name: asset.network.name,
    contract: asset.contract,
    confirmations: asset.network.confirmations,
    memo: asset.network.memo,
    explorer:
      asset.contract && asset.network.explorerAddress
        ? asset.network.explorerAddress.replace('{address}', asset.contract)
        : null,
    min: limits[index]?.min ?? asset.min,
    max: limits[index]?.max ?? asset.max,
  }));
}

export async function comparePage(services: Services, url: URL, aCode: string, bCode: string) {
  const { directory } = services;
  const [order, coins, figures] = await Promise.all([
    directory.comparisonOrder(aCode, bCode),
    directory.coins(),
    directory.marketFigures(),
  ]);
  if (!order) pageNotFound(url);
  const [a, b] = order;
  const [chartA, chartB, ab, ba] = await Promise.all([
    charts(services, a.code),
    charts(services, b.code),
    directory.pairInfo(a, b),
    directory.pairInfo(b, a),
  ]);
  const side = (coin: CatalogueCoin, chart: ChartRanges) => ({
    ...summary(coin),
    rank: coins.indexOf(coin) + 1,
    market: figures.get(coin.code) ?? emptyMarket(),
    networks: networkFacts(coin, [coin === a ? ab : ba]),
    chart,
  });
  return {
    a: side(a, chartA),
    b: side(b, chartB),
    rate: marketRate(figures, a.code, b.code),
    fixedRate: { ab: ab.fixedRate, ba: ba.fixedRate },
    available: { ab: ab.available, ba: ba.available },
    others: partners(coins, a, PARTNERS + 1)
      .filter((coin) => coin !== b)
      .slice(0, PARTNERS)
      .map((coin) => ({ ...summary(coin), path: comparePath(coins, a, coin) })),
  };
}

/** A list page's loader data: the page, its number (checked) and its rows. */
async function loadList<T>(
  args: LoaderFunctionArgs,
  firstPage: string,
  list: (services: Services, url: URL, page: number) => Promise<T>,
) {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  const url = new URL(args.request.url);
  const number = listPageNumber(url, page.lang, page.params, firstPage);
  return { ...page, ...(await list(services, url, number)) };
}

export const loadCoinList = (args: LoaderFunctionArgs) => loadList(args, '/coin', coinList);
export const loadCompareList = (args: LoaderFunctionArgs) => loadList(args, '/compare', compareList);
export const loadPairList = (args: LoaderFunctionArgs) => loadList(args, '/exchange-pairs', pairList);
