import { z } from 'zod';

/**
 * What the partner's own API operations answer (`/api/v1/partner/*`, with the partner's key):
 * their keys with usage, and their webhook's delivery log. Typed once here, for the API, its
 * OpenAPI document and the tests.
 */
const timestamp = z.string().describe('ISO 8601 time');

const apiKeySchema = z.object({
  id: z.string(),
  name: z.string().nullable().describe("The partner's own label"),
  prefix: z.string().describe('The first characters of the key (the key itself is shown once, at creation)'),
  createdAt: timestamp,
  revokedAt: timestamp.nullable(),
  lastUsedAt: timestamp.nullable().describe('To the minute; null for a key not used yet'),
  requestsThisMonth: z
    .number()
    .int()
    .describe('Requests of the current UTC month with this key, counted once a minute'),
});

export const partnerKeysSchema = z.object({
  partnerId: z.string(),
  month: z.string().describe('The UTC month requestsThisMonth counts: YYYY-MM'),
  keys: z.array(apiKeySchema),
});

const deliverySchema = z.object({
  id: z.string().describe("The event's id, also sent in the SwapGate-Delivery header"),
  event: z.enum(['swap.status_changed', 'test']),
  swapId: z.string().nullable(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable().describe("The receiver's HTTP status at the last attempt"),
  createdAt: timestamp,
  deliveredAt: timestamp.nullable(),
  nextAttemptAt: timestamp.nullable().describe('When a pending delivery is tried again'),
});

export const webhookDeliveriesSchema = z.object({
  webhook: z.object({ url: z.string(), createdAt: timestamp, updatedAt: timestamp }).nullable(),
  deliveries: z.array(deliverySchema),
});

export const PARTNER_RESPONSE_SCHEMAS = {
  PartnerKeys: partnerKeysSchema,
  WebhookDeliveries: webhookDeliveriesSchema,
} as const;
export type PartnerKeysView = z.infer<typeof partnerKeysSchema>;
export type WebhookDeliveriesView = z.infer<typeof webhookDeliveriesSchema>;
