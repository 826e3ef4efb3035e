import { z } from 'zod';
import { providerIdSchema } from '../exchange/contract.ts';
import {
  COIN_CODE_PATTERN,
  DECIMAL_NUMBER_PATTERN,
  DECIMAL_PATTERN,
  NETWORK_ID_PATTERN,
} from '../exchange/types.ts';
import { PAYOUT_KINDS, SELL_STAGES } from './payout.ts';
import {
  COUNTRY_CODE_PATTERN,
  FIAT_CODE_PATTERN,
  FIAT_ORDER_ID_PATTERN,
  FIAT_ORDER_STATUSES,
  FIAT_SIDES,
  PAYMENT_METHODS,
  REGION_CODE_PATTERN,
} from './types.ts';

/**
 * The fiat API's contract (`/api/v1/fiat/…`), in zod: what it accepts and what it answers (the
 * OpenAPI document's schemas), like core/exchange/contract.ts for swaps.
 */

const lower = (pattern: RegExp, hint: string) => z.string().trim().toLowerCase().regex(pattern, hint);
const amount = z.string().trim().regex(DECIMAL_PATTERN, 'a positive decimal string such as "250"');

export const fiatQuoteRequestSchema = z.strictObject({
  side: z.enum(FIAT_SIDES).describe('buy: pay fiat, receive crypto; sell: send crypto, receive fiat'),
  fiat: lower(FIAT_CODE_PATTERN, 'a currency code such as "usd"'),
  coin: lower(COIN_CODE_PATTERN, 'a coin code such as "btc"'),
  network: lower(NETWORK_ID_PATTERN, 'a network id such as "bitcoin"')
    .optional()
    .describe("The coin's main network when absent"),
  amount: amount.describe('buy: the fiat amount to pay; sell: the crypto amount to sell'),
  country: lower(COUNTRY_CODE_PATTERN, 'a country code such as "us"'),
  region: lower(REGION_CODE_PATTERN, 'a region code such as "ny"').optional(),
  paymentMethod: z
    .enum(PAYMENT_METHODS)
    .optional()
    .describe("Absent: each provider's cheapest method in the country"),
});
export type FiatQuoteRequestBody = z.output<typeof fiatQuoteRequestSchema>;

export const fiatOrderRequestSchema = fiatQuoteRequestSchema.extend({
  paymentMethod: z.enum(PAYMENT_METHODS),
  provider: providerIdSchema.optional().describe("Take this provider's offer instead of the best one"),
  walletAddress: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe('buy: where the coins go; sell: where a failed sale is refunded'),
  walletMemo: z.string().trim().min(1).max(200).optional(),
});
export type FiatOrderRequestBody = z.output<typeof fiatOrderRequestSchema>;

/** The sandbox checkout's card form (test cards only; nothing is charged). */
export const sandboxPaymentSchema = z.strictObject({
  number: z
    .string()
    .trim()
    .min(1)
    .max(30)
    .describe(
      '4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 3220 asks for 3-D Secure',
    ),
  expiry: z.string().trim().min(1).max(10).describe('MM/YY'),
  cvc: z.string().trim().min(1).max(4),
});
export const sandboxChallengeSchema = z.strictObject({
  passed: z.boolean().describe('Whether the 3-D Secure step was passed'),
});

const decimal = z.string().regex(DECIMAL_NUMBER_PATTERN).meta({ example: '250' });
const timestamp = z.iso.datetime();

/** A sale's payout destination: an IBAN (bank transfer) or a card number (card payout). */
export const salePayoutRequestSchema = z.strictObject({
  destination: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .describe(
      "Where the money goes, as the sale's payment method takes it: an IBAN for bank_transfer (country format and mod-97 check digits), else a card number (Luhn)",
    ),
  email: z
    .string()
    .max(1000)
    .optional()
    .describe(
      "Optional: where the sale's mails go (send your coins, coins received, paid out, refunded or expired); an invalid one is refused with 422 invalid_email",
    ),
});

const saleDepositSchema = z
  .object({
    address: z
      .string()
      .nullable()
      .describe("The ramp's deposit address for this sale (null: on its own page)"),
    memo: z.string().nullable().describe('The memo or tag to send with the coins, on memo networks'),
    amount: decimal.describe('The coins to send'),
    coin: z.string(),
    network: z.string(),
    deadline: timestamp.describe('Send by then, or the sale expires'),
    received: decimal.nullable().describe('The coins the ramp received'),
    txHash: z.string().nullable().describe('The deposit transaction'),
    confirmations: z.number().int().nullable(),
    confirmationsRequired: z.number().int().nullable(),
  })
  .describe('sell only: the coins in');

const salePayoutSchema = z
  .object({
    kind: z.enum(PAYOUT_KINDS).describe('iban for a bank transfer, card for a card payout'),
    method: z.enum(PAYMENT_METHODS),
    destination: z.string().nullable().describe('The IBAN or card, masked; null until given'),
    amount: decimal.describe('The money paid out'),
    fiat: z.string(),
    status: z.enum(['waiting', 'sending', 'sent', 'failed', 'cancelled']),
    stage: z.enum(SELL_STAGES).describe('Where the sale stands, leg by leg'),
  })
  .describe('sell only: the money out');

export const fiatCurrenciesSchema = z.object({
  currencies: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      symbol: z.string(),
      decimals: z.int(),
      popular: z.boolean(),
      min: decimal.describe(
        "The usual smallest order in this currency (each provider's limits are in its offers)",
      ),
      max: decimal.describe('The usual largest order in this currency'),
    }),
  ),
  countries: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      currency: z.string().describe('The currency preselected for the country'),
      regions: z.array(z.object({ code: z.string(), name: z.string() })),
      buy: z.boolean().describe('Whether any provider sells crypto there'),
      sell: z.boolean().describe('Whether any provider buys crypto there'),
    }),
  ),
});
export type FiatCurrenciesView = z.infer<typeof fiatCurrenciesSchema>;

export const fiatOfferSchema = z.object({
  provider: z.string(),
  providerName: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  fiatAmount: decimal.describe('Paid (buy) or received (sell), fees included'),
  cryptoAmount: decimal.describe('Received (buy) or sent (sell)'),
  rate: decimal.describe('Fiat per coin, fees included'),
  fee: decimal.describe("The provider's fee, in fiat"),
  networkFee: decimal.describe('The payout network fee, in fiat'),
  min: decimal,
  max: decimal,
});
export type FiatOfferView = z.infer<typeof fiatOfferSchema>;

export const fiatQuoteSchema = z.object({
  side: z.enum(FIAT_SIDES),
  fiat: z.string(),
  coin: z.string(),
  network: z.string(),
  amount: decimal,
  country: z.string(),
  region: z.string().nullable(),
  offers: z.array(fiatOfferSchema).describe('Best first: most crypto on buy, most fiat on sell'),
  min: decimal.nullable(),
  max: decimal.nullable(),
});
export type FiatQuoteView = z.infer<typeof fiatQuoteSchema>;

export const fiatOrderStatusSchema = z.enum(FIAT_ORDER_STATUSES);

export const fiatOrderSchema = z.object({
  id: z.string().regex(FIAT_ORDER_ID_PATTERN),
  side: z.enum(FIAT_SIDES),
  status: fiatOrderStatusSchema,
  provider: z.string(),
  providerName: z.string(),
  fiat: z.string(),
  fiatAmount: decimal,
  coin: z.string(),
  network: z.string(),
  cryptoAmount: decimal,
  rate: decimal,
  fee: decimal,
  networkFee: decimal,
  paymentMethod: z.enum(PAYMENT_METHODS),
  country: z.string(),
  region: z.string().nullable(),
  walletAddress: z.string(),
  walletMemo: z.string().nullable(),
  checkoutUrl: z.string().describe("The provider's hosted checkout, where the visitor pays"),
  deposit: saleDepositSchema.nullable(),
  payout: salePayoutSchema.nullable(),
  txHash: z.string().nullable(),
  failureReason: z.string().nullable(),
  expiresAt: timestamp.describe('An unpaid order expires then'),
  createdAt: timestamp,
  updatedAt: timestamp,
  history: z.array(z.object({ status: fiatOrderStatusSchema, at: timestamp })),
});
export type FiatOrderViewBody = z.infer<typeof fiatOrderSchema>;

export const sandboxPaymentResultSchema = z.object({
  outcome: z.enum(['succeeded', 'declined', 'challenge']),
  order: fiatOrderSchema,
});

export const FIAT_RESPONSE_SCHEMAS = {
  SandboxPayment: sandboxPaymentResultSchema,
  FiatCurrencies: fiatCurrenciesSchema,
  FiatQuote: fiatQuoteSchema,
  FiatOrder: fiatOrderSchema,
} as const;
