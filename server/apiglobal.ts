import { Hono } from 'hono';
import type { Services } from '../core/services.ts';
import { ApiError, apiErrorHandler } from './api/errors.ts';
import { formRoutes } from './api/global/forms.ts';
import { localeRoutes } from './api/global/locale.ts';
import { operatorRoutes } from './api/global/operator.ts';
import { widgetThemeRoutes } from './api/global/widget-theme.ts';

export { subscribeSchema } from './api/global/forms.ts';

/**
 * The site's own API under `/apiglobal` (SPEC §7), by concern (server/api/global/): the public
 * forms and the newsletter, the operator's endpoints, partners' widget themes, and what every page
 * loads (dictionaries, global data). Errors are `{error: {code, message, field?}}` like `/api/v1`.
 */
export function createApiGlobal(services: Services): Hono {
  const api = new Hono();
  api.onError(apiErrorHandler(services));

  api.route('/', formRoutes(services));
  api.route('/', operatorRoutes(services));
  api.route('/', widgetThemeRoutes(services));
  api.route('/', localeRoutes(services));

  // An API namespace answers unknown paths in JSON rather than with the site's 404 page.
  api.all('*', () => {
    throw new ApiError(404, 'not_found');
  });

  return api;
}
