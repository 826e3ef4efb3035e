import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { Services } from '../../../core/services.ts';
import { PARTNER_ID_PATTERN } from '../../../core/widget/config.ts';
import { validateWidgetTheme } from '../../../core/widget/theme.ts';
import { HostTakenError } from '../../../core/widget/themes.ts';
import { ApiError } from '../errors.ts';
import { jsonBody } from '../input.ts';
import { limitBody, MAX_FORM_BODY, operatorOnly } from './shared.ts';

/**
 * A partner's white-label widget theme (core/widget/) under `/apiglobal`: read, replaced or removed
 * by the operator. Every value is checked (hex colours, bounded radius, lengths, plain texts, a host
 * name): 422 naming the first refused field; 404 for an unknown partner; 409 for a host another
 * partner has.
 */
export function widgetThemeRoutes(services: Services): Hono {
  const { log } = services;
  const api = new Hono();

  const themeId = (c: Context) => {
    const id = c.req.param('partnerId')?.toLowerCase() ?? '';
    if (!PARTNER_ID_PATTERN.test(id)) throw new ApiError(404, 'not_found');
    return id;
  };
  api.get('/partners/:partnerId/widget-theme', async (c) => {
    operatorOnly(c, services);
    const theme = await services.widgetThemes.get(themeId(c));
    if (theme === undefined) throw new ApiError(404, 'not_found');
    return c.json({ partnerId: themeId(c), theme });
  });
  api.put('/partners/:partnerId/widget-theme', limitBody(services, MAX_FORM_BODY), async (c) => {
    operatorOnly(c, services);
    const id = themeId(c);
    const body = await jsonBody(c, z.record(z.string(), z.unknown()));
    const check = validateWidgetTheme(body);
    if (!check.ok) {
      throw new ApiError(422, 'invalid_request', { field: check.field, values: { field: check.field } });
    }
    try {
      if (!(await services.widgetThemes.save(id, check.theme))) throw new ApiError(404, 'not_found');
    } catch (error) {
      if (error instanceof HostTakenError) {
        throw new ApiError(409, 'invalid_request', { field: 'host', values: { field: 'host' } });
      }
      throw error;
    }
    log.info({ partner: id, host: check.theme.host }, 'Widget theme saved');
    return c.json({ partnerId: id, theme: check.theme });
  });
  api.delete('/partners/:partnerId/widget-theme', async (c) => {
    operatorOnly(c, services);
    const id = themeId(c);
    if (!(await services.widgetThemes.remove(id))) throw new ApiError(404, 'not_found');
    return c.body(null, 204);
  });

  return api;
}
