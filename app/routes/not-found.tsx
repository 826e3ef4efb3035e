import type { LoaderFunctionArgs } from 'react-router';
import { noRouteFound } from '../routing/page-loader.server.ts';

/**
 * Every path no page route takes. The root's page middleware answers it with the right 404 before
 * this loader runs; the loader exists so that a client navigation here asks the server.
 */
export function loader({ request }: LoaderFunctionArgs): never {
  noRouteFound(new URL(request.url));
}

export default function NotFound() {
  return null;
}
