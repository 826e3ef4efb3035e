import type { LoaderFunctionArgs } from 'react-router';
import { splitLanguage } from '../../core/routing/paths.ts';
import { noRouteFound, pageNotFound, visiblePath } from '../routing/page-loader.server.ts';

/**
 * Every path no page matches. A first segment shaped like a language code that is not one of ours
 * is a failed check of the language parameter ('Page Not Found'); anything else matches no route.
 */
export function loader({ request }: LoaderFunctionArgs): never {
  const url = new URL(request.url);
  if (splitLanguage(visiblePath(url)).unknownPrefix) pageNotFound(url);
  noRouteFound(url);
}

export default function NotFound() {
  return null;
}
