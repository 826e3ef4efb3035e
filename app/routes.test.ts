import type { RouteConfigEntry } from '@react-router/dev/routes';
import { createStaticHandler, matchRoutes, type RouteObject } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../core/i18n/languages.ts';
import { matchPage, splitPath } from '../core/routing/match.ts';
import { PAGES } from '../core/routing/pages.ts';
import { localizePath, splitLanguage } from '../core/routing/paths.ts';
import { SERVER_ROUTER_FUTURE } from '../server/route-matching.ts';
import routes from './routes.ts';

const tree = routes as RouteConfigEntry[];
/** Every route of the table, layout routes and the routes inside them. */
const entries = tree.flatMap((entry) => [entry, ...(entry.children ?? [])]);
const fileOf = new Map(entries.map((entry) => [entry.id, entry.file]));
function routerRoute({ id, path, index, children }: RouteConfigEntry): RouteObject {
  if (index) return { id, index: true };
  return {
    id,
    ...(path === undefined ? {} : { path }),
    ...(children ? { children: children.map(routerRoute) } : {}),
  };
}
const routerRoutes = tree.map(routerRoute);
/** The page routes (layout routes aside). */
const pageEntries = entries.filter((entry) => !entry.children);

const SAMPLE: Record<string, string> = {
  page: '2',
  number: '3',
  coin: 'btc',
  from: 'btc',
  to: 'eth',
  country: 'germany',
  region: 'bavaria',
  slug: 'faq',
  swapId: 'abcdefghijklmnopqrstuvwxyz',
};
const examples = PAGES.map((page) =>
  page.path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE[name] as string),
);

unstable_preloadRoutePattern();
const serverMatch = createStaticHandler(routerRoutes, { future: SERVER_ROUTER_FUTURE }).match;

/**
 * The route module React Router renders for a path: the server's trie matcher
 * (server/route-matching.ts) and the browser's default one must agree.
 */
function routerFile(path: string): string | undefined {
  const id = serverMatch(path)?.at(-1)?.route.id;
  const browserId = matchRoutes(routerRoutes, path)?.at(-1)?.route.id;
  expect(browserId, `${path}: the browser's matcher`).toBe(id);
  return id ? fileOf.get(id) : undefined;
}

describe('route table', () => {
  it('does not grow with the number of languages', () => {
    const shapes = new Set(PAGES.map((page) => page.path.replace(/\{\w+\}/g, ':')));
    expect(pageEntries.length).toBeLessThanOrEqual(2 * shapes.size + 1);
  });

  it('renders every page in every language with its own route module', () => {
    for (const lang of LANGUAGES) {
      for (const [i, page] of PAGES.entries()) {
        const path = localizePath(lang, examples[i] as string);
        expect(routerFile(path), path).toBe(page.file);
      }
    }
  });

  it('sends an address no route has to the not-found route', () => {
    for (const path of ['/a/b/c/d/e/f', '/de/a/b/c/d/e/f', '/account/de/a/b/c/d/e']) {
      expect(routerFile(path), path).toBe('routes/not-found.tsx');
    }
  });

  // A page's own first word before another page's path (`/blog/faq`, `/coin/swap`) ranks the same
  // as a language prefix would; the page the request resolves to must be the one React Router renders.
  it('never reads a page word as a language prefix', () => {
    const words = new Set(PAGES.map((page) => splitPath(page.path)[0]).filter(Boolean));
    for (const word of words) {
      for (const example of examples) {
        const path = `/${word}${example === '/' ? '' : example}`;
        const found = matchPage(splitLanguage(path).path);
        if (found.status !== 'ok') continue;
        expect(routerFile(path), path).toBe(found.page.file);
      }
    }
  });
});
