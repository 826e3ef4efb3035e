import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { LANGUAGES } from '../core/i18n/languages.ts';
import { localizePath } from '../core/routing/paths.ts';
import { COMPILED_PAGES } from './routing/match.ts';
import { NOT_FOUND_ROUTE_ID } from './routing/pages.ts';

/**
 * The route table: every page of app/routing/pages.ts in each of the 14 languages.
 * Pages whose patterns share a React Router path (`/coin/page-{page}` and `/coin/{coin}`) share
 * one route; the page loader tells them apart with the full pattern (app/routing/match.ts).
 */
const routerPaths = new Map<string, string>();
for (const { routerPath, page } of COMPILED_PAGES) {
  const file = routerPaths.get(routerPath);
  if (file && file !== page.file) {
    throw new Error(`Pages sharing the router path ${routerPath} must share a route module`);
  }
  routerPaths.set(routerPath, page.file);
}

export default [
  ...LANGUAGES.flatMap((lang) =>
    [...routerPaths].map(([path, file]) => {
      const id = `${lang}${path}`;
      return lang === 'en' && path === '/'
        ? index(file, { id })
        : route(localizePath(lang, path).slice(1), file, { id });
    }),
  ),
  route('*', 'routes/not-found.tsx', { id: NOT_FOUND_ROUTE_ID }),
] satisfies RouteConfig;
