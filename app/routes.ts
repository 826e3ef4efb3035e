import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { NOT_FOUND_ROUTE_ID } from './routing/layouts.ts';
import { COMPILED_PAGES } from './routing/match.ts';

/**
 * The route table React Router matches: each page shape of app/routing/pages.ts twice, unprefixed
 * (English) and under a `:lang` segment (the 13 other languages), whatever the number of languages.
 * Which page and language a request is, and whether its parameters pass, is decided once per
 * request by the page middleware (app/routing/page-middleware.server.ts) with the full patterns.
 *
 * The unprefixed routes come first: where React Router ranks two routes equally (`/blog/:p1` and
 * `/:lang/faq` for `/blog/faq`), the first declared wins, and a first segment that is a page's own
 * word is never a language. Pages whose patterns share a React Router path (`/coin/page-{page}` and
 * `/coin/{coin}`) share one route; app/routes.test.ts checks every page lands on its own module.
 */
export function routerShapes(): Map<string, string> {
  const shapes = new Map<string, string>();
  for (const { routerPath, page } of COMPILED_PAGES) {
    const file = shapes.get(routerPath);
    if (file && file !== page.file) {
      throw new Error(`Pages sharing the router path ${routerPath} must share a route module`);
    }
    shapes.set(routerPath, page.file);
  }
  return shapes;
}

const shapes = [...routerShapes()];

export default [
  ...shapes.map(([path, file]) =>
    path === '/' ? index(file, { id: 'en/' }) : route(path.slice(1), file, { id: `en${path}` }),
  ),
  ...shapes.map(([path, file]) =>
    route(path === '/' ? ':lang' : `:lang${path}`, file, { id: `lang${path}` }),
  ),
  route('*', 'routes/not-found.tsx', { id: NOT_FOUND_ROUTE_ID }),
] satisfies RouteConfig;
