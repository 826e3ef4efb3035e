import type { DexService } from '../dex/dex.ts';
import { type DexNetwork, dexNetwork } from '../dex/networks.ts';
import type { DexToken } from '../dex/tokens.ts';

/** The slug of a token on a network in the cross-chain pair pages' paths: `usdc-ethereum`. */
export function networkTokenSlug(symbol: string, network: string): string {
  return `${symbol.toLowerCase()}-${network}`;
}

/**
 * The token a slug names: the first of the network's list with that symbol (the gas token, then
 * configured and sandbox tokens, then the list's), or null.
 */
export async function findNetworkToken(
  services: { dex: Pick<DexService, 'tokenList'> },
  slug: string,
): Promise<{ network: DexNetwork; token: DexToken } | null> {
  const cut = slug.lastIndexOf('-');
  if (cut <= 0) return null;
  const network = dexNetwork(slug.slice(cut + 1));
  if (!network) return null;
  const symbol = slug.slice(0, cut);
  const token = (await services.dex.tokenList(network)).find(
    (known) => known.symbol.toLowerCase() === symbol,
  );
  return token ? { network, token } : null;
}
