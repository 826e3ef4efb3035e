import { useMatches } from 'react-router';
import { type LayoutName, layoutOfRouteId } from '../../core/routing/layouts.ts';

/** The page shown, as the server resolved it, and the layout route it is rendered in. */
export interface CurrentPage {
  /** The page's name in core/routing/pages.ts; null on an error page. */
  page: string | null;
  layout: LayoutName;
}

/**
 * The page on screen, as the server resolved it (its loader data carries the page's name and
 * layout; the browser never matches the page table itself), else the layout route around it; an
 * error page has the default layout.
 */
export function usePage(): CurrentPage {
  const matches = useMatches();
  const data = matches.at(-1)?.loaderData as { page?: unknown; layout?: unknown } | null | undefined;
  const routeLayout = matches.map((match) => layoutOfRouteId(match.id)).find((name) => name !== null);
  return {
    page: typeof data?.page === 'string' ? data.page : null,
    layout: (typeof data?.layout === 'string' ? (data.layout as LayoutName) : routeLayout) ?? 'default',
  };
}
