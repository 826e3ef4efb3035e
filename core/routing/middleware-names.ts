/** The named route middlewares (SPEC §8). Path rules may switch each of them per path. */
export const ROUTE_MIDDLEWARE_NAMES = [
  'blog-article',
  'compare-pair',
  'cross-chain-pair',
  'exchange-pair',
  'fiat-exchange-pair',
  'widget-v2-redirect',
] as const;

export type RouteMiddlewareName = (typeof ROUTE_MIDDLEWARE_NAMES)[number];

export function isRouteMiddlewareName(name: string): name is RouteMiddlewareName {
  return (ROUTE_MIDDLEWARE_NAMES as readonly string[]).includes(name);
}

export class UnknownRouteMiddlewareError extends Error {
  constructor(name: string) {
    super(`Unknown route middleware: '${name}'`);
    this.name = 'UnknownRouteMiddlewareError';
  }
}

/** Throws `Unknown route middleware: '{name}'` for a name that is not registered. */
export function assertRouteMiddlewareName(name: string): RouteMiddlewareName {
  if (!isRouteMiddlewareName(name)) throw new UnknownRouteMiddlewareError(name);
  return name;
}
