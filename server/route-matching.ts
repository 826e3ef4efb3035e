import type { ServerBuild } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';

/**
 * The future flags the server's React Router runs with on top of the build's own: route matching
 * by `@remix-run/route-pattern`'s trie instead of the ranked list of every route tried in turn.
 *
 * The route table holds each page shape twice (unprefixed and under `:lang`, app/routes.ts), about
 * 400 branches; a document request matches three times (the request handler, the static handler's
 * query and the lazy-discovery manifest), and the list matcher joining and testing each branch was
 * about 15% of a cold `/` (README, "Benchmarks"). The trie answers the same routes for every page
 * in every language (app/routes.test.ts matches with these flags) at a fraction of that.
 *
 * The browser keeps React Router's default matcher: it knows a page's few routes only and should
 * not ship the trie, so app/entry.client.tsx drops this flag from the handoff before hydrating.
 * docs/decisions/042-route-pattern-matching.md says why this lives here rather than in
 * react-router.config.ts (whose `future` does not accept the flag).
 */
export const SERVER_ROUTER_FUTURE = { unstable_routePatternMatching: true } as const;

/** The build with the server's matching flags; the trie is loaded once, before any handler uses it. */
export function withServerMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  // The framework's type lists the flags react-router.config.ts may set, which this one is not.
  const future = { ...build.future, ...SERVER_ROUTER_FUTURE } as unknown as ServerBuild['future'];
  return { ...build, future };
}
