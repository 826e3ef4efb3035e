import type { RouteConfigEntry } from '@react-router/dev/routes';
import { createStaticHandler, type EntryContext, type RouteObject } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';
import { describe, expect, it } from 'vitest';
import { SERVER_ROUTER_FUTURE } from '../../server/route-matching.ts';
import routes from '../routes.ts';
import { withDocumentRoutes } from './document-routes.server.ts';

const tree: RouteConfigEntry[] = [{ id: 'root', path: '', file: 'root.tsx', children: routes }];
function routerRoute({ id, path, index, children }: RouteConfigEntry): RouteObject {
  if (index) return { id, index: true };
  return {
    id,
    ...(path === undefined ? {} : { path }),
    ...(children ? { children: children.map(routerRoute) } : {}),
  };
}
/** The build's manifest shape: every route by id with its parent. */
const manifestRoutes: Record<string, { id: string; parentId?: string; path?: string }> = {};
(function add(entries: RouteConfigEntry[], parentId?: string) {
  for (const entry of entries) {
    manifestRoutes[entry.id as string] = { id: entry.id as string, parentId, path: entry.path };
    add(entry.children ?? [], entry.id);
  }
})(tree);

unstable_preloadRoutePattern();
const handler = createStaticHandler(tree.map(routerRoute), { future: SERVER_ROUTER_FUTURE });

function documentRoutes(pathname: string): string[] {
  const context = {
    manifest: { routes: manifestRoutes, version: 'test' },
    staticHandlerContext: { location: { pathname }, matches: handler.match(pathname), _match: handler.match },
  } as unknown as EntryContext;
  return Object.keys(withDocumentRoutes(context).manifest.routes).sort();
}

describe('a document’s routes', () => {
  it('are its own matches and those of its ancestor paths, as the browser’s route discovery gets them', () => {
    expect(Object.keys(manifestRoutes).length).toBeGreaterThan(100);
    const ids = documentRoutes('/de/coin/btc');
    // The page under its layout and the root, and whatever `/`, `/de` and `/de/coin` match.
    for (const path of ['/', '/de', '/de/coin', '/de/coin/btc']) {
      for (const match of handler.match(path) ?? []) expect(ids).toContain(match.route.id);
    }
    expect(ids).toContain('root');
    expect(manifestRoutes['en/faq']).toBeDefined();
    expect(ids).not.toContain('en/faq');
    expect(ids.length).toBeLessThan(15);
  });

  it('keep every route’s parents', () => {
    const ids = new Set(documentRoutes('/exchange/btc-to-eth'));
    for (const id of ids) {
      const parent = manifestRoutes[id]?.parentId;
      if (parent) expect(ids.has(parent), `${id} → ${parent}`).toBe(true);
    }
  });
});
