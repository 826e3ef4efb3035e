import type { LoaderFunctionArgs } from 'react-router';
import { crossChainTokens } from '../../core/crosschain/tokens.ts';
import { DEX_NETWORKS } from '../../core/dex/networks.ts';
import { LIST_PAGE_SIZE, pageCount } from '../../core/directory/pairs.ts';
import { listPageNumber } from '../directory/directory.server.ts';
import type { Pagination } from '../directory/types.ts';
import { pageNotFound, resolvePage } from '../routing/page-loader.server.ts';
import { TOKENS_FIRST_PAGE } from './paths.ts';

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
