import type { LoaderFunctionArgs } from 'react-router';
import { LIST_PAGE_SIZE, pageCount, pageSlice } from '../../core/directory/pairs.ts';
import { currencyName } from '../../core/i18n/display-names.ts';
import { listPageNumber, searchQuery } from '../directory/directory.server.ts';
import type { Pagination } from '../directory/types.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, pageNotFound, resolvePage } from '../routing/page-loader.server.ts';

export interface FiatPairRow {
  fiat: { code: string; name: string; symbol: string };
  coin: { code: string; name: string; icon: string };
  providers: string[];
}

export interface FiatPairsData extends PageData {
  rows: FiatPairRow[];
  pagination: Pagination;
}

const FIRST_PAGE = '/fiat/pairs';

/**
 * /fiat/pairs and /fiat/pairs/page-{page}: every fiat currency with every coin a provider trades,
 * Available where a provider serves the pair; `?q=` searches codes and names (page-1 answers 301,
 * a page past the end 404, like the other lists).
 */
export async function loadFiatPairs(args: LoaderFunctionArgs): Promise<FiatPairsData> {
  const page = resolvePage(args);
  const url = new URL(args.request.url);
  const number = listPageNumber(url, page.lang, page.params, FIRST_PAGE);
  const { services } = args.context.get(requestStateContext);
  const [pairs, coins] = await Promise.all([services.fiat.pairs(), services.catalogue.coins()]);
  const byCode = new Map(coins.map((coin) => [coin.code, coin]));
  const query = searchQuery(url);
  const words = query.split(/[\s/-]+/).filter(Boolean);
  const found = words.length
    ? pairs.filter((pair) => {
        const coin = byCode.get(pair.coin);
        const fiatName = currencyName(page.lang, pair.fiat.code, pair.fiat.name);
        const text =
          `${pair.fiat.code} ${pair.fiat.name} ${fiatName} ${pair.coin} ${coin?.name ?? ''}`.toLowerCase();
        return words.every((word) => text.includes(word));
      })
    : pairs;
  const slice = pageSlice(found.length, number);
  if (!slice) pageNotFound(url);
  return {
    ...page,
    rows: found.slice(slice.start, slice.end).map((pair) => {
      const coin = byCode.get(pair.coin);
      return {
        fiat: {
          code: pair.fiat.code,
          name: currencyName(page.lang, pair.fiat.code, pair.fiat.name),
          symbol: pair.fiat.symbol,
        },
        coin: { code: pair.coin, name: coin?.name ?? pair.coin.toUpperCase(), icon: coin?.icon ?? '' },
        providers: pair.providers,
      };
    }),
    pagination: { page: number, pages: pageCount(found.length, LIST_PAGE_SIZE), total: found.length, query },
  };
}
