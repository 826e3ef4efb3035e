import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadCrossChainPairs, loadCrossChainTokens } from '../crosschain/crosschain.server.ts';
import '../crosschain/english.ts';
import { CrossChainPairsView, CrossChainTokensView } from '../crosschain/views.tsx';
import '../directory/english.ts';
import { resolvePage } from '../routing/page-loader.server.ts';
import GenericPage from './page.tsx';

/**
 * The cross-chain pages, one module as they share router shapes (`/cross-chain/:p1`): the pairs
 * (`/cross-chain`, `/page-{page}`), the tokens (`/tokens`, `/tokens/page-{page}`); the pair page
 * (`/{from}-to-{to}`) is still the generic page.
 */
export function loader(args: LoaderFunctionArgs) {
  const { page } = resolvePage(args);
  if (page === 'cross-chain' || page === 'cross-chain-page') {
    return { view: 'pairs' as const, pairs: loadCrossChainPairs(args) };
  }
  if (page === 'cross-chain-tokens' || page === 'cross-chain-tokens-page') {
    return { view: 'tokens' as const, tokens: loadCrossChainTokens(args) };
  }
  return { view: 'generic' as const, ...resolvePage(args) };
}

export default function CrossChain() {
  const data = useLoaderData<typeof loader>();
  if (data.view === 'pairs') return <CrossChainPairsView data={data.pairs} />;
  if (data.view === 'tokens') return <CrossChainTokensView data={data.tokens} />;
  return <GenericPage />;
}
