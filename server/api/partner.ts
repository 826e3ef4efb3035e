import { OpenAPIHono } from '@hono/zod-openapi';
import { listApiKeys, usageMonth } from '../../core/partners/api-keys.ts';
import type { PartnerKeysView, WebhookDeliveriesView } from '../../core/partners/contract.ts';
import { ApiError } from './errors.ts';
import {
  type ApiContext,
  type ApiEnv,
  type ApiRoutes,
  answer,
  everyOperation,
  operation,
} from './operation.ts';
import { schemas } from './schemas.ts';

/** The partner of the request's key, never another's: 401 `api_key_required` without a key. */
function partnerOf(c: ApiContext) {
  const { partner } = c.var;
  if (!partner) throw new ApiError(401, 'api_key_required');
  return partner;
}

/** `/api/v1/partner/…`: the calling partner's own keys and webhook deliveries (core/partners/). */
export function partnerRoutes(): ApiRoutes {
  const api = new OpenAPIHono<ApiEnv>();

  operation(
    api,
    {
      method: 'get',
      path: '/partner/keys',
      summary:
        "The calling partner's API keys (never the keys themselves): name, prefix, created, revoked, last used and requests this month",
      description:
        'Needs X-Api-Key. Usage is counted in memory and written once a minute, so the last minute may not show yet. Keys are created, renamed and revoked in the account area.',
      security: [{ apiKey: [] }],
      responses: { 200: answer("The partner's keys", schemas.PartnerKeys), ...everyOperation },
    },
    async (c) => {
      const partner = partnerOf(c);
      const now = new Date();
      const view: PartnerKeysView = {
        partnerId: partner.id,
        month: usageMonth(now),
        keys: await listApiKeys(c.var.services.db, partner.id, now),
      };
      c.header('Cache-Control', 'no-store');
      return c.json(view);
    },
  );

  operation(
    api,
    {
      method: 'get',
      path: '/partner/webhook-deliveries',
      summary:
        "The calling partner's webhook and its latest 50 deliveries: event, status, attempts, the receiver's HTTP status, time",
      description:
        'Needs X-Api-Key. Each status change of the partner\'s swaps is POSTed to the webhook, signed in SwapGate-Signature (t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret>), and retried with backoff (30 s doubling, at most an hour apart) up to 10 attempts. The webhook is registered in the account area.',
      security: [{ apiKey: [] }],
      responses: {
        200: answer('The webhook and its deliveries', schemas.WebhookDeliveries),
        ...everyOperation,
      },
    },
    async (c) => {
      const partner = partnerOf(c);
      const { webhooks } = c.var.services;
      const view: WebhookDeliveriesView = {
        webhook: await webhooks.webhook(partner.id),
        deliveries: await webhooks.deliveries(partner.id),
      };
      c.header('Cache-Control', 'no-store');
      return c.json(view);
    },
  );

  return api;
}
