import type { LoaderFunctionArgs } from 'react-router';
import type { DexNetworkId } from '../../core/dex/networks.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';

/** Tokens the pickers offer per network: the gas token, configured tokens, then the list's first. */
const TOKENS_SHOWN = 150;

export interface DexNetworkView {
  id: DexNetworkId;
  name: string;
  chainId: number;
  nativeSymbol: string;
  explorerName: string;
  explorerUrl: string;
  /** A route source quotes on it. */
  available: boolean;
  /** It runs on a local sandbox chain here (no explorer knows its transactions). */
  sandbox: boolean;
}

export interface DexTokenView {
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  icon: string;
}

/** /dex: the networks with their state, the chosen one (`?network=`) and its tokens. */
export async function loadDex(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { dex, catalogue } = args.context.get(requestStateContext).services;
  const infos = dex.networks();
  const requested = new URL(args.request.url).searchParams.get('network');
  const chosen =
    infos.find((info) => info.network.id === requested) ??
    infos.find((info) => info.sources.length > 0) ??
    (infos[0] as (typeof infos)[number]);
  // The gas token and configured tokens first, then the list's tokens by their coin's rank in our
  // catalogue (USDT, USDC, … before the long tail), then in the list's order.
  const rank = new Map((await catalogue.coins()).map((coin) => [coin.code, coin.rank]));
  const [first, ...rest] = await dex.tokenList(chosen.network);
  const configured = rest.filter((token) => token.source === 'config');
  const listed = rest
    .filter((token) => token.source !== 'config')
    .map((token, index) => ({
      token,
      index,
      rank: rank.get(token.symbol.toLowerCase()) ?? Number.MAX_SAFE_INTEGER,
    }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ token }) => token);
  const tokens = [...(first ? [first] : []), ...configured, ...listed].slice(0, TOKENS_SHOWN);
  return {
    ...page,
    networks: infos.map(
      (info): DexNetworkView => ({
        id: info.network.id,
        name: info.network.name,
        chainId: info.network.chainId,
        nativeSymbol: info.network.native.symbol,
        explorerName: info.network.explorer.name,
        explorerUrl: info.network.explorer.url,
        available: info.sources.length > 0,
        sandbox: info.sandbox,
      }),
    ),
    network: chosen.network.id,
    tokens: tokens.map(
      ({ address, symbol, name, decimals, icon }): DexTokenView => ({
        address,
        symbol,
        name,
        decimals,
        icon,
      }),
    ),
  };
}
