import type { LoaderFunctionArgs } from 'react-router';
import { crossChainPairs, crossChainTokens } from '../../core/crosschain/tokens.ts';
import { DEX_NETWORKS, dexNetwork } from '../../core/dex/networks.ts';
import { LIST_PAGE_SIZE, pageCount } from '../../core/directory/pairs.ts';
import { listPageNumber } from '../directory/directory.server.ts';
import type { Pagination } from '../directory/types.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { pageNotFound, resolvePage } from '../routing/page-loader.server.ts';
import { PAIRS_FIRST_PAGE, TOKENS_FIRST_PAGE } from './paths.ts';

/** /cross-chain/tokens and /cross-chain/tokens/page-{page}: the tokens on several networks, 50 a page. */
export function loadCrossChainTokens(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const url = new URL(args.request.url);
  const number = listPageNumber(url, page.lang, page.params, TOKENS_FIRST_PAGE);
  const all = crossChainTokens();
  const pagination: Pagination = {
    page: number,
    pages: pageCount(all.length, LIST_PAGE_SIZE),
    total: all.length,
    query: '',
  };
  if (number > pagination.pages) pageNotFound(url);
  const networkNames = Object.fromEntries(DEX_NETWORKS.map((network) => [network.id, network.name]));
  return {
    ...page,
    pagination,
    networkNames,
    rows: all.slice((number - 1) * LIST_PAGE_SIZE, number * LIST_PAGE_SIZE),
  };
}

/** /cross-chain and /cross-chain/page-{page}: each token from one of its networks to another, with the bridges set up for them. */
export function loadCrossChainPairs(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { crossChain } = args.context.get(requestStateContext).services;
  const url = new URL(args.request.url);
  const number = listPageNumber(url, page.lang, page.params, PAIRS_FIRST_PAGE);
  const all = crossChainPairs();
  const pagination: Pagination = {
    page: number,
    pages: pageCount(all.length, LIST_PAGE_SIZE),
    total: all.length,
    query: '',
  };
  if (number > pagination.pages) pageNotFound(url);
  const networkNames = Object.fromEntries(DEX_NETWORKS.map((network) => [network.id, network.name]));
  const bridges = (from: string, to: string) => {
    const a = dexNetwork(from);
    const b = dexNetwork(to);
    return a && b ? crossChain.bridges(a, b) : [];
  };
  return {
    ...page,
    pagination,
    networkNames,
    rows: all.slice((number - 1) * LIST_PAGE_SIZE, number * LIST_PAGE_SIZE).map((pair) => ({
      symbol: pair.token.symbol,
      name: pair.token.name,
      icon: pair.token.icon,
      from: pair.from,
      to: pair.to,
      bridges: bridges(pair.from.network, pair.to.network),
    })),
  };
}
