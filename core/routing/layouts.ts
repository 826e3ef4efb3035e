/**
 * The page layouts of SPEC §2 and the ids the browser needs: kept apart from the page table
 * (core/routing/pages.ts), which stays on the server.
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

const LAYOUT_ROUTE_PREFIX = 'layout-';

/** The id of a layout's route in app/routes.ts, around the unprefixed or the `:lang` pages. */
export function layoutRouteId(name: LayoutName, pages: 'en' | 'lang'): string {
  return `${LAYOUT_ROUTE_PREFIX}${name}:${pages}`;
}

/** The layout a matched route id stands for, or null when it is not a layout route. */
export function layoutOfRouteId(id: string): LayoutName | null {
  if (!id.startsWith(LAYOUT_ROUTE_PREFIX)) return null;
  return id.slice(LAYOUT_ROUTE_PREFIX.length).split(':')[0] as LayoutName;
}
