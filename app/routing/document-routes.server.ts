import type { EntryContext } from 'react-router';

/**
 * The router context of one document with only the routes it uses. React Router's `ServerRouter`
 * builds a route tree from every route of the manifest on each render (about 400 here: each page
 * shape unprefixed and under `:lang`, app/routes.ts) and converts it again for its static router,
 * some 3% of a cold page's time; the document needs only its own matches and, for the browser's
 * lazy route discovery, the routes of its ancestor paths. Those are the very routes React Router's
 * `getPartialManifest` hands to the browser (`/`, then each ancestor of the path, matched in turn),
 * so the page and its hydration manifest are the same as with the whole table.
 */
export function withDocumentRoutes(context: EntryContext): EntryContext {
  const { manifest, staticHandlerContext } = context;
  const match = staticHandlerContext._match;
  if (typeof match !== 'function') return context;
  const ids = new Set(staticHandlerContext.matches.map((m) => m.route.id));
  const segments = staticHandlerContext.location.pathname.split('/').filter(Boolean);
  segments.pop();
  const paths = ['/'];
  for (; segments.length > 0; segments.pop()) paths.push(`/${segments.join('/')}`);
  for (const path of paths) {
    for (const found of match(path) ?? []) ids.add(found.route.id);
  }
  const routes: EntryContext['manifest']['routes'] = {};
  for (const id of ids) {
    const route = manifest.routes[id];
    if (!route) return context;
    routes[id] = route;
    // A route's parents come with it, whatever matched (they always do: a match lists its chain).
    for (let parent = route.parentId; parent && !routes[parent]; parent = manifest.routes[parent]?.parentId) {
      const parentRoute = manifest.routes[parent];
      if (!parentRoute) return context;
      routes[parent] = parentRoute;
    }
  }
  return { ...context, manifest: { ...manifest, routes } };
}
