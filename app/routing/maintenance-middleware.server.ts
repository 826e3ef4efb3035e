import { type MiddlewareFunction, redirect } from 'react-router';
import { maintenanceMode } from '../../core/config.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { requestLocationContext } from './location.server.ts';

/**
 * SPEC §4 maintenance mode: on, every page redirects to the maintenance page (in the visitor's
 * language); set to anything else, the maintenance page redirects home; unset, nothing happens.
 */
export const maintenanceMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { config } = context.get(requestStateContext).services;
  const mode = maintenanceMode(config);
  if (mode === 'unset') return next();
  const { lang, path } = context.get(requestLocationContext);
  const onMaintenancePage = path === '/maintenance';
  if (mode === 'on' && !onMaintenancePage) throw redirect(localizePath(lang, '/maintenance'), 302);
  if (mode === 'off' && onMaintenancePage) throw redirect(localizePath(lang, '/'), 302);
  return next();
};
