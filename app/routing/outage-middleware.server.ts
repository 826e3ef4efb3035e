import { data, type MiddlewareFunction } from 'react-router';
import { requestStateContext } from '../lib/request-context.ts';

/**
 * While a database outage is open (db/outage.ts), a page that is not in the HTML cache answers the
 * branded 503 page at once: its loaders would only wait for the database's timeouts. The error is
 * a route error response, so the page the browser hydrates says the same as the server's.
 */
export const databaseOutageMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  const state = context.get(requestStateContext);
  if (state.services.databaseOutage.open) {
    state.databaseUnavailable = true;
    throw data('Service Unavailable', { status: 503, statusText: 'Service Unavailable' });
  }
  return next();
};
