import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import {
  loadCrossChainBridges,
  loadCrossChainPair,
  loadCrossChainPairs,
  loadCrossChainTokens,
} from '../crosschain/crosschain.server.ts';
import { CrossChainPairPage } from '../crosschain/PairPage.tsx';
import '../crosschain/english.ts';
import { CrossChainBridgesView, CrossChainPairsView, CrossChainTokensView } from '../crosschain/views.tsx';
import '../dex/english.ts';
import '../directory/english.ts';
import { resolvePage } from '../routing/page-loader.server.ts';

/**
 * The cross-chain pages, one module as they share router shapes (`/cross-chain/:p1`): the pairs
 * (`/cross-chain`, `/page-{page}`), the tokens (`/tokens`, `/tokens/page-{page}`) and the pair page
 * (`/{fromToken}-to-{toToken}`: live routes, the wallet flow, the transfer followed until it lands).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { page } = resolvePage(args);
  if (page === 'cross-chain' || page === 'cross-chain-page') {
    return { view: 'pairs' as const, pairs: loadCrossChainPairs(args) };
  }
  if (page === 'cross-chain-tokens' || page === 'cross-chain-tokens-page') {
    return { view: 'tokens' as const, tokens: loadCrossChainTokens(args) };
  }
  if (page === 'cross-chain-bridges') {
    return { view: 'bridges' as const, bridges: loadCrossChainBridges(args) };
  }
  return { view: 'pair' as const, ...(await loadCrossChainPair(args)) };
}

export default function CrossChain() {
  const data = useLoaderData<typeof loader>();
  if (data.view === 'pairs') return <CrossChainPairsView data={data.pairs} />;
  if (data.view === 'tokens') return <CrossChainTokensView data={data.tokens} />;
  if (data.view === 'bridges') return <CrossChainBridgesView data={data.bridges} />;
  return <CrossChainPairPage />;
}
