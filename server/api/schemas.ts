import { z } from 'zod';
import type { AddressInvalidReason } from '../../core/address/validate.ts';
import { DECIMAL_PATTERN } from '../../core/exchange/decimal.ts';

const coinCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{1,20}$/, 'a coin code such as "btc"');
const networkId = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]{1,30}$/, 'a network id such as "ethereum"');
const amount = z.string().trim().regex(DECIMAL_PATTERN, 'a positive decimal string such as "0.25"');

export const quoteRequestSchema = z.strictObject({
  from: coinCode,
  fromNetwork: networkId.optional(),
  to: coinCode,
  toNetwork: networkId.optional(),
  amount,
  rateType: z.enum(['float', 'fixed']),
  promoCode: z.string().trim().min(1).max(40).optional(),
});

export const swapRequestSchema = quoteRequestSchema.extend({
  quoteId: z.string().trim().min(1).max(64).optional(),
  payoutAddress: z.string().trim().min(1).max(200),
  payoutMemo: z.string().trim().min(1).max(200).optional(),
  refundAddress: z.string().trim().min(1).max(200).optional(),
  refundMemo: z.string().trim().min(1).max(200).optional(),
});

export const depositRequestSchema = z.strictObject({ amount });

export const pairQuerySchema = z.object({
  fromNetwork: networkId.optional(),
  toNetwork: networkId.optional(),
});

export const addressQuerySchema = z.object({
  network: networkId,
  address: z.string().max(200),
  memo: z.string().max(200).optional(),
});

export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/);

/** Every reason validateAddress gives (core/address/validate.ts): a new one fails to compile here. */
const addressInvalidReasons: Record<AddressInvalidReason, string> = {
  empty: 'no address',
  format: 'not an address of this network',
  checksum: 'a typo: the checksum does not match',
  network: 'a valid address, but of another network',
  'unknown-network': 'no such network',
};

const asset = { type: 'string', example: 'btc' };
const decimal = { type: 'string', pattern: DECIMAL_PATTERN.source, example: '0.25' };
const history = {
  type: 'array',
  items: {
    type: 'object',
    required: ['status', 'at'],
    properties: { status: { type: 'string' }, at: { type: 'string', format: 'date-time' } },
  },
};

/** JSON schemas of the responses, for the OpenAPI document. */
export const responseSchemas = {
  Error: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string' },
          message: { type: 'string', description: 'In the language of Accept-Language' },
          field: { type: 'string' },
          details: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
  },
  AddressValidation: {
    type: 'object',
    required: ['valid'],
    properties: {
      valid: { type: 'boolean' },
      reason: {
        type: 'string',
        enum: Object.keys(addressInvalidReasons),
        description: `Invalid addresses only: ${Object.entries(addressInvalidReasons)
          .map(([reason, meaning]) => `${reason} (${meaning})`)
          .join(', ')}`,
      },
      memoValid: { type: 'boolean', description: 'Only when a memo was given' },
    },
  },
  Coins: {
    type: 'object',
    properties: {
      coins: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            code: asset,
            name: { type: 'string' },
            icon: { type: 'string' },
            networks: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  network: { type: 'string' },
                  name: { type: 'string' },
                  memo: {
                    type: ['object', 'null'],
                    properties: { name: { type: 'string' }, required: { type: 'boolean' } },
                  },
                  min: decimal,
                  max: decimal,
                  decimals: { type: 'integer' },
                  contract: { type: ['string', 'null'] },
                },
              },
            },
          },
        },
      },
    },
  },
  Pair: {
    type: 'object',
    properties: {
      from: asset,
      fromNetwork: { type: 'string' },
      to: asset,
      toNetwork: { type: 'string' },
      available: { type: 'boolean' },
      fixedRate: { type: 'boolean' },
      min: decimal,
      max: decimal,
    },
  },
  Quote: {
    type: 'object',
    required: ['rateType', 'amountFrom', 'amountTo', 'rate', 'min', 'max', 'provider', 'offers'],
    properties: {
      rateType: { type: 'string', enum: ['float', 'fixed'] },
      from: asset,
      fromNetwork: { type: 'string' },
      to: asset,
      toNetwork: { type: 'string' },
      amountFrom: decimal,
      amountTo: decimal,
      rate: decimal,
      min: decimal,
      max: decimal,
      provider: { type: 'string' },
      providerName: { type: 'string' },
      networkFee: decimal,
      serviceFee: decimal,
      quoteId: { type: 'string', description: 'Fixed rate only: pass it to POST /swaps' },
      expiresAt: { type: 'string', format: 'date-time', description: 'Fixed rate only' },
      offers: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            provider: { type: 'string' },
            providerName: { type: 'string' },
            amountTo: decimal,
            rate: decimal,
          },
        },
      },
    },
  },
  Swap: {
    type: 'object',
    required: [
      'id',
      'status',
      'depositAddress',
      'amountFrom',
      'amountTo',
      'rateType',
      'createdAt',
      'history',
    ],
    properties: {
      id: { type: 'string', pattern: '^[a-z2-7]{26}$' },
      status: {
        type: 'string',
        enum: [
          'waiting',
          'confirming',
          'exchanging',
          'sending',
          'finished',
          'failed',
          'refunded',
          'expired',
          'hold',
        ],
      },
      rateType: { type: 'string', enum: ['float', 'fixed'] },
      from: asset,
      fromNetwork: { type: 'string' },
      to: asset,
      toNetwork: { type: 'string' },
      depositAddress: { type: 'string' },
      depositMemo: { type: ['string', 'null'] },
      amountFrom: decimal,
      amountTo: decimal,
      rate: decimal,
      payoutAddress: { type: 'string' },
      payoutMemo: { type: ['string', 'null'] },
      refundAddress: { type: ['string', 'null'] },
      amountDeposited: { type: ['string', 'null'] },
      amountPaidOut: { type: ['string', 'null'] },
      depositHash: { type: ['string', 'null'] },
      payoutHash: { type: ['string', 'null'] },
      expiresAt: { type: 'string', format: 'date-time', description: 'An unpaid swap expires then' },
      rateExpiresAt: {
        type: ['string', 'null'],
        format: 'date-time',
        description: 'Fixed rate holds until then',
      },
      createdAt: { type: 'string', format: 'date-time' },
      history,
    },
  },
} as const;
