import { useMatches } from 'react-router';
import type { LayoutName } from './layouts.ts';

/** What every page's loader data carries (PageData of app/routing/page-loader.server.ts). */
export interface CurrentPage {
  page: string;
  layout: LayoutName;
}

function isCurrentPage(data: unknown): data is CurrentPage {
  const page = data as Partial<CurrentPage> | null;
  return (
    typeof page === 'object' &&
    page !== null &&
    typeof page.page === 'string' &&
    typeof page.layout === 'string'
  );
}

/**
 * The page shown, as the server resolved it (its loader data): the browser never matches the page
 * table itself. Null on an error page.
 */
export function useCurrentPage(): CurrentPage | null {
  const data = useMatches().at(-1)?.loaderData;
  return isCurrentPage(data) ? data : null;
}
