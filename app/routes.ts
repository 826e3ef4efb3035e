import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { type LayoutName, layoutRouteId, NOT_FOUND_ROUTE_ID } from '../core/routing/layouts.ts';
import { COMPILED_PAGES } from '../core/routing/match.ts';
import { FORM_PATHS, RESOURCE_PATHS } from './forms/paths.ts';

/**
 * The route table React Router matches: each page shape of core/routing/pages.ts twice, unprefixed
 * (English) and under a `:lang` segment (the 13 other languages), whatever the number of languages.
 * Which page and language a request is, and whether its parameters pass, is decided once per
 * request by the page middleware (app/routing/page-middleware.server.ts) with the full patterns.
 *
 * The unprefixed routes come first: where React Router ranks two routes equally (`/blog/:p1` and
 * `/:lang/faq` for `/blog/faq`), the first declared wins, and a first segment that is a page's own
 * word is never a language. Pages whose patterns share a React Router path (`/coin/page-{page}` and
 * `/coin/{coin}`) share one route; app/routes.test.ts checks every page lands on its own module.
 *
 * Each layout of SPEC §2 is a layout route (app/layouts/LayoutRoute.tsx: the frame and the page
 * transition) around the pages that use it. Where two pages of different layouts share a router
 * path (`/coin/page-{page}` in `coins`, `/coin/{coin}` in `default`), the route sits in the first
 * page's layout route and the layout route frames each request in its resolved page's layout.
 */
export function routerShapes(): Map<string, { file: string; layout: LayoutName }> {
  const shapes = new Map<string, { file: string; layout: LayoutName }>();
  for (const { routerPath, page } of COMPILED_PAGES) {
    const shape = shapes.get(routerPath);
    if (shape && shape.file !== page.file) {
      throw new Error(`Pages sharing the router path ${routerPath} must share a route module`);
    }
    if (!shape) shapes.set(routerPath, { file: page.file, layout: page.layout });
  }
  return shapes;
}

/**
 * A page shape's path in the other languages: after the language prefix, except in the account
 * area, whose addresses all stay under `/account` (core/routing/paths.ts).
 */
function langRouterPath(path: string): string {
  if (path === '/') return ':lang';
  if (path === '/account' || path.startsWith('/account/'))
    return `account/:lang${path.slice('/account'.length)}`;
  return `:lang${path}`;
}

const shapes = [...routerShapes()];
const layouts = [...new Set(shapes.map(([, shape]) => shape.layout))];

/**
 * The layout routes twice: first those of the unprefixed (English) pages, then those of the
 * `:lang` pages, so that every unprefixed route is declared before every prefixed one.
 */
export default [
  ...layouts.map((name) =>
    layout('layouts/LayoutRoute.tsx', { id: layoutRouteId(name, 'en') }, [
      ...shapes
        .filter(([, shape]) => shape.layout === name)
        .map(([path, { file }]) =>
          path === '/' ? index(file, { id: 'en/' }) : route(path.slice(1), file, { id: `en${path}` }),
        ),
    ]),
  ),
  ...layouts.map((name) =>
    layout('layouts/LayoutRoute.tsx', { id: layoutRouteId(name, 'lang') }, [
      ...shapes
        .filter(([, shape]) => shape.layout === name)
        .map(([path, { file }]) => route(langRouterPath(path), file, { id: `lang${path}` })),
    ]),
  ),
  // The route actions of the forms every page shows (app/forms/paths.ts): no page of their own.
  route(FORM_PATHS.consent.slice(1), 'routes/form-consent.ts', { id: 'form-consent' }),
  route(FORM_PATHS.newsletter.slice(1), 'routes/form-newsletter.ts', { id: 'form-newsletter' }),
  // The partner's earnings ledger as CSV (core/partners/ledger.ts): under /account, where its cookie is sent.
  route(RESOURCE_PATHS.earningsCsv.slice(1), 'routes/account-earnings-csv.ts', {
    id: 'account-earnings-csv',
  }),
  route('*', 'routes/not-found.tsx', { id: NOT_FOUND_ROUTE_ID }),
] satisfies RouteConfig;
