import type { LoaderFunctionArgs } from 'react-router';
import type { DexNetworkId } from '../../core/dex/networks.ts';
import { rankTokens } from '../../core/dex/tokens.ts';
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
  const rank = new Map((await catalogue.coins()).map((coin) => [coin.code, coin.rank]));
  const tokens = rankTokens(await dex.tokenList(chosen.network), rank).slice(0, TOKENS_SHOWN);
  return {
    ...page,
    networks: infos.map(
      (info): DexNetworkView => ({
        id: info.network.id,
        name: info.name,
        chainId: info.chainId,
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
