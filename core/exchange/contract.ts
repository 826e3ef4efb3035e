import { z } from 'zod';
import type { AddressInvalidReason } from '../address/validate.ts';
import { PARTNER_ID_PATTERN } from '../widget/config.ts';
import {
  COIN_CODE_PATTERN,
  DECIMAL_PATTERN,
  NETWORK_ID_PATTERN,
  RATE_TYPES,
  SWAP_DECISIONS,
  SWAP_ID_PATTERN,
  SWAP_PROBLEMS,
  SWAP_STATUSES,
} from './types.ts';

/**
 * The exchange's contract with its clients, in zod: what the API accepts (its validation) and what
 * it answers (the OpenAPI document's response schemas and the types the app reads responses as).
 * Patterns and status lists come from ./types.ts, which the browser bundle may import without zod.
 */

export const coinCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(COIN_CODE_PATTERN, 'a coin code such as "btc"');
export const networkIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(NETWORK_ID_PATTERN, 'a network id such as "ethereum"');
const amountSchema = z.string().trim().regex(DECIMAL_PATTERN, 'a positive decimal string such as "0.25"');
export const rateTypeSchema = z.enum(RATE_TYPES);
export const swapIdSchema = z.string().regex(SWAP_ID_PATTERN);
export const swapStatusSchema = z.enum(SWAP_STATUSES);
/**
 * A provider's id as a client names it (`provider` of a swap quote or a fiat order): trimmed and
 * bounded, not checked further, as an unknown id only means "the best offer".
 */
export const providerIdSchema = z.string().trim().min(1).max(40);

// ---- Requests -------------------------------------------------------------------------------

const tradeSchema = z.strictObject({
  from: coinCodeSchema,
  fromNetwork: networkIdSchema.optional(),
  to: coinCodeSchema,
  toNetwork: networkIdSchema.optional(),
  amount: amountSchema,
  rateType: rateTypeSchema,
  promoCode: z.string().trim().min(1).max(40).optional(),
  provider: providerIdSchema
    .optional()
    .describe("Take this provider's offer instead of the best one (the best when it has none)"),
});

/** A quote names the amount to send (`amount`) or, for a reverse quote, the amount to receive (`amountTo`). */
export const quoteRequestSchema = tradeSchema
  .extend({
    amount: amountSchema.optional().describe('Amount to send, in `from` units; or give amountTo'),
    amountTo: amountSchema
      .optional()
      .describe('Reverse quote: amount to receive after every fee, in `to` units; instead of amount'),
  })
  .refine((request) => (request.amount === undefined) !== (request.amountTo === undefined), {
    message: 'exactly one of amount and amountTo',
    path: ['amount'],
  });
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const swapRequestSchema = tradeSchema.extend({
  quoteId: z.string().trim().min(1).max(64).optional(),
  affiliateId: z
    .string()
    .trim()
    .toLowerCase()
    .regex(PARTNER_ID_PATTERN)
    .optional()
    .describe(
      "Optional: the partner whose widget or link brought the swap; it earns the partner's affiliate share. Ignored for an unknown partner and when X-Api-Key names one",
    ),
  payoutAddress: z.string().trim().min(1).max(200),
  payoutMemo: z.string().trim().min(1).max(200).optional(),
  refundAddress: z.string().trim().min(1).max(200).optional(),
  refundMemo: z.string().trim().min(1).max(200).optional(),
  email: z
    .string()
    .max(1000)
    .optional()
    .describe(
      'Optional: an address for the receipt and status mails (each with an unsubscribe link); an invalid one is refused with 422 invalid_email',
    ),
});
export type SwapRequest = z.output<typeof swapRequestSchema>;

export const depositRequestSchema = z.strictObject({
  amount: amountSchema,
  scenario: z
    .enum(['hold', 'provider_failure'])
    .optional()
    .describe(
      'Optional: what the simulated provider does next: hold (an identity check pauses the swap, then it goes on) or provider_failure (the exchange fails and the deposit is refunded)',
    ),
});

/** A refund (on an action-needed swap, or one that waits for its refund address). */
export const refundRequestSchema = z.strictObject({
  refundAddress: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('Where the deposit goes back; required unless the swap already has a refund address'),
  refundMemo: z.string().trim().min(1).max(200).optional(),
});
export type RefundRequest = z.output<typeof refundRequestSchema>;

export const pairQuerySchema = z.object({
  fromNetwork: networkIdSchema.optional(),
  toNetwork: networkIdSchema.optional(),
});

export const addressQuerySchema = z.object({
  network: networkIdSchema,
  address: z.string().max(200),
  memo: z.string().max(200).optional(),
});

export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/);

// ---- Responses ------------------------------------------------------------------------------

const decimal = z.string().regex(DECIMAL_PATTERN).meta({ example: '0.25' });
const coinCode = z.string().meta({ example: 'btc' });
const timestamp = z.iso.datetime();

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string().describe('In the language of Accept-Language'),
    field: z.string().optional(),
    details: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Every reason validateAddress gives (core/address/validate.ts): a new one fails to compile here. */
const ADDRESS_INVALID_REASONS: Record<AddressInvalidReason, string> = {
  empty: 'no address',
  format: 'not an address of this network',
  checksum: 'a typo: the checksum does not match',
  network: 'a valid address, but of another network',
  'unknown-network': 'no such network',
};

export const addressValidationSchema = z.object({
  valid: z.boolean(),
  reason: z
    .enum(Object.keys(ADDRESS_INVALID_REASONS) as [AddressInvalidReason, ...AddressInvalidReason[]])
    .optional()
    .describe(
      `Invalid addresses only: ${Object.entries(ADDRESS_INVALID_REASONS)
        .map(([reason, meaning]) => `${reason} (${meaning})`)
        .join(', ')}`,
    ),
  memoValid: z.boolean().optional().describe('Only when a memo was given'),
});
export type AddressValidation = z.infer<typeof addressValidationSchema>;

export const memoKindSchema = z.enum(['destinationTag', 'memo', 'comment']);

export const coinSchema = z.object({
  code: coinCode,
  name: z.string(),
  icon: z.string(),
  /** The coin's networks, its main network first. */
  networks: z.array(
    z.object({
      network: z.string(),
      name: z.string(),
      memo: z
        .object({
          name: z.string(),
          /** Which memo it is, for clients that name it in their own language. */
          kind: memoKindSchema,
          required: z.boolean(),
        })
        .nullable(),
      referenceMin: decimal.describe(
        "The catalogue's reference minimum for the coin on this network: a figure of a different kind from a trade's limits, which are the providers' (GET /pairs/{from}/{to} and POST /quotes give them, over all providers serving the pair; a swap keeps its provider's). The sandbox providers scale their limits from it",
      ),
      referenceMax: decimal.describe("The catalogue's reference maximum; see referenceMin"),
      decimals: z.int(),
      contract: z.string().nullable(),
    }),
  ),
});
export type CoinView = z.infer<typeof coinSchema>;
export const coinsSchema = z.object({ coins: z.array(coinSchema) });

export const pairSchema = z.object({
  from: coinCode,
  fromNetwork: z.string(),
  to: coinCode,
  toNetwork: z.string(),
  available: z.boolean(),
  fixedRate: z.boolean(),
  /** Limits over all providers, in `from` units; null when nobody serves the pair. */
  min: decimal
    .nullable()
    .describe(
      "The smallest amount any provider serving the pair takes, in `from` units (the same figure as a quote's min and the pages)",
    ),
  max: decimal.nullable().describe('The largest amount any provider serving the pair takes, in `from` units'),
});
export type PairView = z.infer<typeof pairSchema>;

export const quoteSchema = z.object({
  rateType: rateTypeSchema,
  from: coinCode,
  fromNetwork: z.string(),
  to: coinCode,
  toNetwork: z.string(),
  amountFrom: decimal,
  amountTo: decimal,
  rate: decimal,
  min: decimal.describe(
    'The smallest amount any provider quoting this pair and rate type takes, in `from` units (for the float rate the same figure as GET /pairs/{from}/{to} and the pages give)',
  ),
  max: decimal.describe('The largest amount any provider quoting this pair and rate type takes; see min'),
  provider: z.string(),
  providerName: z.string(),
  networkFee: decimal,
  serviceFee: decimal,
  quoteId: z.string().optional().describe('Fixed rate only: pass it to POST /swaps'),
  expiresAt: timestamp.optional().describe('Fixed rate only'),
  reverse: z
    .boolean()
    .describe('True when the request named amountTo: amountFrom is what the best offer needs sent'),
  /** Every provider's offer, best first, the chosen one included. */
  offers: z
    .array(
      z.object({
        provider: z.string(),
        providerName: z.string(),
        amountFrom: decimal.describe('What this provider needs sent (differs in a reverse quote)'),
        amountTo: decimal,
        rate: decimal,
        fixedRate: z.boolean().describe('Whether the provider offers a fixed rate'),
        eta: z
          .object({ min: z.int(), max: z.int() })
          .nullable()
          .describe("The provider's estimate of the swap's duration, in seconds"),
      }),
    )
    .describe('Every provider that quoted, best first (most received; least sent in a reverse quote)'),
  eta: z
    .object({ seconds: z.int(), source: z.enum(['swaps', 'provider']) })
    .nullable()
    .describe(
      "Typical duration of this pair's swaps: the median of our recent finished swaps (source swaps), else the best offer's estimate (source provider)",
    ),
  usd: z
    .object({ from: decimal.nullable(), to: decimal.nullable() })
    .describe('Market price in USD of one unit of each coin, null when unknown'),
});
export type QuoteView = z.infer<typeof quoteSchema>;

export const swapSchema = z.object({
  id: swapIdSchema,
  status: swapStatusSchema,
  rateType: rateTypeSchema,
  from: coinCode,
  fromNetwork: z.string(),
  to: coinCode,
  toNetwork: z.string(),
  provider: z.string(),
  depositAddress: z.string(),
  depositMemo: z.string().nullable(),
  amountFrom: decimal,
  amountTo: decimal,
  rate: decimal,
  networkFee: decimal,
  serviceFee: decimal,
  payoutAddress: z.string(),
  payoutMemo: z.string().nullable(),
  refundAddress: z.string().nullable(),
  refundMemo: z.string().nullable(),
  amountDeposited: decimal.nullable(),
  amountPaidOut: decimal.nullable(),
  depositHash: z.string().nullable(),
  payoutHash: z.string().nullable(),
  problem: z
    .enum(SWAP_PROBLEMS)
    .nullable()
    .describe(
      'Why the swap left the happy path: underpaid or overpaid (a deposit other than the order), below_min or above_max (outside the limits, refunded), late (a fixed-rate deposit after the rate ran out), hold (an identity or AML check by the provider), provider_failed (refunded after a provider failure)',
    ),
  min: decimal.nullable().describe("The provider's minimum deposit for this swap, in `from` units"),
  max: decimal.nullable().describe("The provider's maximum deposit for this swap, in `from` units"),
  amountExpected: decimal
    .nullable()
    .describe('What the payout comes to for the deposit actually received, when it differs from amountTo'),
  actionDeadline: timestamp
    .nullable()
    .describe(
      'Status action_needed: decide by then (POST …/continue or …/refund), or defaultDecision applies',
    ),
  defaultDecision: z
    .enum(SWAP_DECISIONS)
    .nullable()
    .describe('Status action_needed: what happens at actionDeadline'),
  decision: z.enum(SWAP_DECISIONS).nullable().describe('The decision taken on an action-needed swap'),
  decidedBy: z.enum(['visitor', 'default']).nullable(),
  continueOffer: z
    .object({ amountTo: decimal, rate: decimal })
    .nullable()
    .describe('Status action_needed: what continuing at the market rate pays now, for the deposit received'),
  refundHash: z.string().nullable().describe('The refund transaction, once the deposit was sent back'),
  refundTxUrl: z.string().nullable().describe("The refund transaction in the network's explorer"),
  amountRefunded: decimal.nullable(),
  refundAddressNeeded: z
    .boolean()
    .describe('True when a refund is, or may be, due and no refund address is known: POST …/refund with one'),
  expiresAt: timestamp.describe('An unpaid swap expires then'),
  rateExpiresAt: timestamp.nullable().describe('Fixed rate holds until then'),
  createdAt: timestamp,
  updatedAt: timestamp,
  history: z.array(z.object({ status: swapStatusSchema, at: timestamp })),
});
/** A swap as the API and the swap page show it. */
export type PublicSwapView = z.infer<typeof swapSchema>;

/**
 * The exchange's response bodies by name (and the error body every API answers with), for the
 * OpenAPI document's components. Each domain names its own (FIAT_RESPONSE_SCHEMAS,
 * DEX_RESPONSE_SCHEMAS, …); server/api/schemas.ts gathers them, so the exchange imports no other domain.
 */
export const RESPONSE_SCHEMAS = {
  Error: apiErrorSchema,
  AddressValidation: addressValidationSchema,
  Coins: coinsSchema,
  Pair: pairSchema,
  Quote: quoteSchema,
  Swap: swapSchema,
} as const;
