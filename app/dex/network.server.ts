import type { LoaderFunctionArgs } from 'react-router';
import { DEX_NETWORKS, dexNetwork } from '../../core/dex/networks.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { pageNotFound, resolvePage } from '../routing/page-loader.server.ts';

/** /dex/networks/{network}: the network, whether swaps run on it here, its token list, its bridges. */
export async function loadDexNetwork(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { dex, crossChain } = args.context.get(requestStateContext).services;
  const network = dexNetwork(page.params.network ?? '');
  if (!network) pageNotFound(new URL(args.request.url));
  const info = dex.networks().find((known) => known.network.id === network.id);
  const tokens = await dex.tokenList(network);
  const bridges = crossChain
    .routeSources(DEX_NETWORKS)
    .map((source) => ({
      name: source.name,
      to: source.routes.filter(([from]) => from.id === network.id).map(([, to]) => to.name),
    }))
    .filter((source) => source.to.length > 0);
  return {
    ...page,
    network: {
      id: network.id,
      name: network.name,
      chainId: network.chainId,
      native: network.native.symbol,
      explorerName: network.explorer.name,
      explorerUrl: network.explorer.url,
    },
    available: (info?.sources.length ?? 0) > 0,
    sandbox: info?.sandbox ?? false,
    tokenCount: tokens.length,
    bridges,
  };
}
