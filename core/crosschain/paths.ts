/** The first page of the cross-chain token list. */
export const TOKENS_FIRST_PAGE = '/cross-chain/tokens';

/** The first page of the cross-chain pairs. */
export const PAIRS_FIRST_PAGE = '/cross-chain';

/** A token symbol a pair page's path can carry (`USDC.e` cannot). */
export const CROSS_CHAIN_PATH_SYMBOL = /^[a-z0-9]{1,20}$/i;

/** The pair page of a token on one network to a token on another: `/cross-chain/usdc-ethereum-to-usdc-optimism`. */
export function crossChainPairPath(
  fromSymbol: string,
  fromNetwork: string,
  toSymbol: string,
  toNetwork: string,
) {
  return `/cross-chain/${fromSymbol.toLowerCase()}-${fromNetwork}-to-${toSymbol.toLowerCase()}-${toNetwork}`;
}

/** The cross-chain route sources and what each bridges. */
export const BRIDGES_PAGE = '/cross-chain/bridges';
