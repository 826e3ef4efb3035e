/** The first page of the cross-chain token list. */
export const TOKENS_FIRST_PAGE = '/cross-chain/tokens';
