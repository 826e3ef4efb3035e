import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEX_NETWORKS, type DexNetworkId, dexNetworkByChainId, tokenIconPath } from '../dex/networks.ts';

/** A token that lives on several of the DEX networks, with its address on each. */
export interface CrossChainToken {
  symbol: string;
  name: string;
  icon: string;
  networks: { network: DexNetworkId; address: string }[];
}

interface ListToken {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
  extensions?: { bridgeInfo?: Record<string, { tokenAddress?: string }> };
}

const ORDER = new Map(DEX_NETWORKS.map((network, index) => [network.chainId, index]));
let cached: CrossChainToken[] | null = null;

/**
 * The cross-chain tokens of the Uniswap default token list (npm): its `extensions.bridgeInfo` links
 * a token to its bridged addresses on other chains. Kept to our five networks and to tokens on
 * two or more of them; the most networks first, then the list's order (Ethereum's tokens first).
 * Read once per process.
 */
export function crossChainTokens(): CrossChainToken[] {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const list = JSON.parse(
    readFileSync(require.resolve('@uniswap/default-token-list/build/uniswap-default.tokenlist.json'), 'utf8'),
  ) as { tokens: ListToken[] };
  const ours = (chainId: number) => ORDER.has(chainId);
  const valid = (address: string | undefined): address is string =>
    !!address && /^0x[0-9a-fA-F]{40}$/.test(address);
  const tokens = list.tokens
    .filter((token) => ours(token.chainId) && valid(token.address))
    .sort((a, b) => (a.chainId === 1 ? 0 : 1) - (b.chainId === 1 ? 0 : 1));
  const seen = new Set<string>();
  const found: (CrossChainToken & { position: number })[] = [];
  tokens.forEach((token, position) => {
    const home = `${token.chainId}:${token.address.toLowerCase()}`;
    if (seen.has(home)) return;
    const addresses = new Map<number, string>([[token.chainId, token.address.toLowerCase()]]);
    for (const [chain, info] of Object.entries(token.extensions?.bridgeInfo ?? {})) {
      const chainId = Number(chain);
      if (ours(chainId) && valid(info.tokenAddress)) addresses.set(chainId, info.tokenAddress.toLowerCase());
    }
    for (const [chainId, address] of addresses) seen.add(`${chainId}:${address}`);
    if (addresses.size < 2) return;
    found.push({
      symbol: token.symbol,
      name: token.name,
      icon: tokenIconPath(token.symbol),
      networks: [...addresses]
        .sort(([a], [b]) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0))
        .map(([chainId, address]) => ({
          network: dexNetworkByChainId(chainId)?.id as DexNetworkId,
          address,
        })),
      position,
    });
  });
  cached = found
    .sort((a, b) => b.networks.length - a.networks.length || a.position - b.position)
    .map(({ position: _position, ...token }) => token);
  return cached;
}

/** A cross-chain pair: one token from one of its networks to another. */
export interface CrossChainPair {
  token: CrossChainToken;
  from: { network: DexNetworkId; address: string };
  to: { network: DexNetworkId; address: string };
}

let pairs: CrossChainPair[] | null = null;

/** Every cross-chain pair, in the tokens' order, then the networks' order (from, to). */
export function crossChainPairs(): CrossChainPair[] {
  if (pairs) return pairs;
  pairs = crossChainTokens().flatMap((token) =>
    token.networks.flatMap((from) =>
      token.networks.filter((to) => to.network !== from.network).map((to) => ({ token, from, to })),
    ),
  );
  return pairs;
}
