import type { DataSource } from '../data-versions.ts';
import type { Services } from '../services.ts';

/**
 * The global symbol under which the HTTP layer and the React Router app find one context key for
 * the per-request state: the server bundle and the server's own modules are separate module
 * instances, so the key cannot be a module-level object of either (server/request-context.ts and
 * app/lib/request-context.ts both register it under this symbol).
 */
export const REQUEST_STATE_KEY = Symbol.for('swapgate.request-state');

/** What the HTTP layer needs to know of a page to cache its HTML. */
export interface RenderedPage {
  /** The data its HTML is made of: a change to any of them makes the cached HTML stale. */
  data: readonly DataSource[];
  /** Shows one visitor's record (a swap): `private, no-store`, never cached. */
  private: boolean;
  /**
   * Rendered before some of its data was at hand (a pair page whose offers the browser fills in):
   * kept in the HTML cache and shared caches a few seconds only (server/page-handler.ts).
   */
  pending?: boolean;
}

/** Per-request values the HTTP layer passes to the React Router app. */
export interface RequestState {
  services: Services;
  requestId: string;
  /**
   * The client's address as the HTTP layer read it (server/client-ip.ts: forwarding headers only
   * behind a trusted proxy); route actions and the account area's sign-in count their limits against it.
   */
  ip?: string;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /**
   * Set by the page middleware once the request's page is known. A page response without it (an
   * error, a redirect) is never stored in the HTML cache.
   */
  page?: RenderedPage;
  /**
   * Set when a loader or middleware failed because the database was unreachable or too slow: the
   * error page is then answered 503 with Retry-After instead of 500.
   */
  databaseUnavailable?: boolean;
}
