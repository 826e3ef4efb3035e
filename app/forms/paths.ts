/**
 * The addresses of the route actions that are no page of their own: forms shown on every page
 * (the cookie banner, the footer's newsletter) post here and are sent back where they came from.
 */
export const FORM_PATHS = {
  consent: '/forms/consent',
  newsletter: '/forms/newsletter',
} as const;

/** Other route modules without a page: the partner's earnings as CSV (core/partners/ledger.ts). */
export const RESOURCE_PATHS = {
  earningsCsv: '/account/earnings/csv',
} as const;

const PATHS = new Set<string>([...Object.values(FORM_PATHS), ...Object.values(RESOURCE_PATHS)]);

/** True for a form action's or resource's address (the page middleware lets it through without a page). */
export function isFormPath(path: string): boolean {
  return PATHS.has(path);
}
