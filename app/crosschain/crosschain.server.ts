import type { LoaderFunctionArgs } from 'react-router';
import { findNetworkToken } from '../../core/crosschain/network-token.ts';
import { PAIRS_FIRST_PAGE, TOKENS_FIRST_PAGE } from '../../core/crosschain/paths.ts';
import { crossChainPairs, crossChainTokens } from '../../core/crosschain/tokens.ts';
import { DEX_NETWORKS, dexNetwork } from '../../core/dex/networks.ts';
import { LIST_PAGE_SIZE, pageCount } from '../../core/directory/pairs.ts';
import { listPageNumber } from '../directory/directory.server.ts';
import type { Pagination } from '../directory/types.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { pageNotFound, resolvePage } from '../routing/page-loader.server.ts';

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
  const bridges = (from: string, to: string, tokens: { from: string; to: string }) => {
    const a = dexNetwork(from);
    const b = dexNetwork(to);
    return a && b ? crossChain.bridges(a, b, tokens) : [];
  };
  return {
    ...page,
    pagination,
    networkNames,
    sandbox: crossChain.routeSources(DEX_NETWORKS).some((source) => source.id === 'sandbox-bridge'),
    rows: all.slice((number - 1) * LIST_PAGE_SIZE, number * LIST_PAGE_SIZE).map((pair) => ({
      symbol: pair.token.symbol,
      name: pair.token.name,
      icon: pair.token.icon,
      from: pair.from,
      to: pair.to,
      bridges: bridges(pair.from.network, pair.to.network, { from: pair.from.address, to: pair.to.address }),
    })),
  };
}

/** The side of a cross-chain pair as the page shows it. */
export interface CrossChainSideView {
  network: {
    id: string;
    name: string;
    chainId: number;
    nativeSymbol: string;
    explorerName: string;
    explorerUrl: string;
    /** A local sandbox chain here: no explorer knows its transactions. */
    sandbox: boolean;
  };
  token: { address: string; symbol: string; name: string; decimals: number; icon: string };
}

/**
 * /cross-chain/{fromToken}-to-{toToken}: a token on one network to a token on another (the route
 * middleware answered 404 for an unknown token), with the bridges set up between the networks.
 */
export async function loadCrossChainPair(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const services = args.context.get(requestStateContext).services;
  const url = new URL(args.request.url);
  const [from, to] = await Promise.all([
    findNetworkToken(services, page.params.fromToken ?? ''),
    findNetworkToken(services, page.params.toToken ?? ''),
  ]);
  if (!from || !to || from.network.id === to.network.id) pageNotFound(url);
  const infos = services.dex.networks();
  const side = ({ network, token }: NonNullable<typeof from>): CrossChainSideView => {
    const info = infos.find((known) => known.network.id === network.id);
    return {
      network: {
        id: network.id,
        // On a sandbox chain: "Ethereum (sandbox)" and the sandbox chain's own id.
        name: info?.name ?? network.name,
        chainId: info?.chainId ?? network.chainId,
        nativeSymbol: network.native.symbol,
        explorerName: network.explorer.name,
        explorerUrl: network.explorer.url,
        sandbox: info?.sandbox ?? false,
      },
      token: {
        address: token.address,
        symbol: token.symbol,
        name: token.name,
        decimals: token.decimals,
        icon: token.icon,
      },
    };
  };
  return {
    ...page,
    from: side(from),
    to: side(to),
    bridges: services.crossChain.bridges(from.network, to.network, {
      from: from.token.address,
      to: to.token.address,
    }),
  };
}

/** /cross-chain/bridges: the cross-chain route sources set up here and the network pairs each bridges. */
export function loadCrossChainBridges(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { crossChain, dex } = args.context.get(requestStateContext).services;
  // As the site serves each network: "Ethereum (sandbox)" where a sandbox chain stands in for it.
  const names = new Map(dex.networks().map((info) => [info.network.id, info.name]));
  const name = (network: (typeof DEX_NETWORKS)[number]) => names.get(network.id) ?? network.name;
  const sources = crossChain.routeSources(DEX_NETWORKS);
  return {
    ...page,
    sandbox: sources.some((source) => source.id === 'sandbox-bridge'),
    sources: sources.map((source) => ({
      id: source.id,
      name: source.name,
      routes: source.routes.map(([from, to]) => ({ from: name(from), to: name(to) })),
    })),
  };
}
