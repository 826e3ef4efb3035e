import { Hono } from 'hono';
import { FiatError } from '../core/fiat/quotes.ts';
import type { Services } from '../core/services.ts';
import { ApiError, apiErrorHandler, errorResponse } from './api/errors.ts';
import { fiatApiError } from './api/fiat.ts';
import { bodyLimitByLength } from './body-limit.ts';

/** Largest webhook body we read (MoonPay's transaction objects are a few KB). */
const MAX_WEBHOOK_BODY = 64 * 1024;

/**
 * `POST /api/webhooks/fiat/{provider}`: the fiat providers' order webhooks. The raw body is
 * checked against the provider's signature (401 `invalid_signature`, nothing changed), each event
 * is taken once (a replay answers 200 with `replayed: true` and moves nothing), and the order only
 * moves forward (core/fiat/orders.ts). Not under /api/v1: providers carry no API key and are not
 * held to the visitors' rate limits.
 */
export function createFiatWebhooks(services: Services): Hono {
  const app = new Hono();
  app.onError(apiErrorHandler(services));
  app.use(
    '/api/webhooks/fiat/*',
    bodyLimitByLength({
      maxSize: MAX_WEBHOOK_BODY,
      onError: (c) => errorResponse(c, services, new ApiError(413, 'payload_too_large')),
    }),
  );
  app.post('/api/webhooks/fiat/:provider', async (c) => {
    const raw = await c.req.text();
    try {
      const result = await services.fiatOrders.handleWebhook(c.req.param('provider'), c.req.raw.headers, raw);
      return c.json({ received: true, replayed: result.replayed, moved: result.moved });
    } catch (error) {
      if (error instanceof FiatError) {
        if (error.code === 'invalid_signature') {
          services.log.warn(
            { provider: c.req.param('provider') },
            'Fiat webhook with a bad signature refused',
          );
        }
        throw fiatApiError(error);
      }
      throw error;
    }
  });
  return app;
}
