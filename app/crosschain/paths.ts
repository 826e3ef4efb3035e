/** The first page of the cross-chain token list. */
export const TOKENS_FIRST_PAGE = '/cross-chain/tokens';

/** The first page of the cross-chain pairs. */
export const PAIRS_FIRST_PAGE = '/cross-chain';
