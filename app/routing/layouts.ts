/**
 * The page layouts of SPEC §2 and the ids the browser needs: kept apart from the page table
 * (app/routing/pages.ts), which stays on the server.
 */
export type LayoutName =
  | 'default'
  | 'blog'
  | 'coins'
  | 'compare'
  | 'cross-chain'
  | 'cross-chain-tokens'
  | 'pairs'
  | 'fiat'
  | 'bare';

/** Layouts without a page transition (SPEC §2 "Layouts and transitions"). */
export const LAYOUTS_WITHOUT_TRANSITION: ReadonlySet<LayoutName> = new Set([
  'coins',
  'compare',
  'cross-chain',
  'pairs',
  'fiat',
]);

/** The catch-all route's id (app/routes.ts): paths no page matches. */
export const NOT_FOUND_ROUTE_ID = 'not-found';
