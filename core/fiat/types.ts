/**
 * The fiat domain's vocabulary: buying crypto with money (on-ramp) and selling it for money
 * (off-ramp) through providers that take the payment on their own hosted checkout. Amounts are
 * decimal strings, as in the exchange domain.
 */

export const FIAT_SIDES = ['buy', 'sell'] as const;
export type FiatSide = (typeof FIAT_SIDES)[number];

export const PAYMENT_METHODS = ['card', 'bank_transfer', 'apple_pay', 'google_pay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const FIAT_ORDER_STATUSES = [
  'created',
  'pending_payment',
  'paid',
  'sending',
  'completed',
  'failed',
  'refunded',
  'expired',
] as const;
export type FiatOrderStatus = (typeof FIAT_ORDER_STATUSES)[number];

/** Statuses after which nothing changes any more. */
export const FINAL_FIAT_STATUSES: ReadonlySet<FiatOrderStatus> = new Set([
  'completed',
  'failed',
  'refunded',
  'expired',
]);

/** How far along the happy path a status is: an order only ever moves forward. */
const PROGRESS: Record<FiatOrderStatus, number> = {
  created: 0,
  pending_payment: 1,
  paid: 2,
  sending: 3,
  completed: 4,
  failed: 5,
  refunded: 5,
  expired: 5,
};

/** Whether an order may move from `from` to `to` (forward only; nothing leaves a final status). */
export function canMove(from: FiatOrderStatus, to: FiatOrderStatus): boolean {
  if (FINAL_FIAT_STATUSES.has(from)) return false;
  if (to === 'expired') return from === 'created' || from === 'pending_payment';
  return PROGRESS[to] > PROGRESS[from];
}

/** A fiat order id: 128 random bits as 26 lowercase base32 characters (like swap ids). */
export const FIAT_ORDER_ID_PATTERN = /^[a-z2-7]{26}$/;
/** A fiat currency code as URLs and the API write it: `usd`. */
export const FIAT_CODE_PATTERN = /^[a-z]{3}$/;
/** A country code (ISO 3166-1 alpha-2, lowercase). */
export const COUNTRY_CODE_PATTERN = /^[a-z]{2}$/;
/** A region code within a country (`ny`, `nsw`). */
export const REGION_CODE_PATTERN = /^[a-z0-9]{1,6}$/;

export interface FiatQuoteRequest {
  side: FiatSide;
  /** The fiat currency paid (buy) or received (sell). */
  fiat: string;
  coin: string;
  network: string;
  /** buy: the fiat amount paid; sell: the crypto amount sold. */
  amount: string;
  country: string;
  region?: string | undefined;
  paymentMethod: PaymentMethod;
}

/** One provider's offer, before anything of ours (we take no fee on fiat orders). */
export interface FiatProviderQuote {
  provider: string;
  side: FiatSide;
  paymentMethod: PaymentMethod;
  /** What the visitor pays (buy) or receives (sell), in fiat. */
  fiatAmount: string;
  /** What the visitor receives (buy) or sends (sell), in crypto. */
  cryptoAmount: string;
  /** Fiat per coin, fees included. */
  rate: string;
  /** The provider's fee, in fiat (already in the amounts). */
  fee: string;
  /** The payout network fee, in fiat (already in the amounts). */
  networkFee: string;
  /** The provider's limits for this currency, in the units of `amount` (fiat on buy, crypto on sell). */
  min: string;
  max: string;
}

export interface FiatOrderRequest {
  /** Our order id, the provider's external reference. */
  reference: string;
  side: FiatSide;
  fiat: string;
  coin: string;
  network: string;
  fiatAmount: string;
  cryptoAmount: string;
  paymentMethod: PaymentMethod;
  country: string;
  region?: string | undefined;
  /** buy: where the coins go; sell: where a failed sale is refunded. */
  walletAddress: string;
  walletMemo?: string | undefined;
  /** Where the provider's checkout sends the visitor back to. */
  returnUrl: string;
  /** The visitor's language (a checkout that speaks it opens in it). */
  lang: string;
}

export interface ProviderFiatOrder {
  /** The provider's id of the order, when it gives one at creation. */
  providerOrderId: string | null;
  /** The hosted checkout the visitor pays on. */
  checkoutUrl: string;
  /** sell: where the ramp takes the coins, when it says so at creation (the sandbox ramps do). */
  deposit?: { address: string; memo: string | null } | null;
}

/** sell: the deposit as the ramp sees it. */
export interface ProviderDepositState {
  received: string;
  txHash: string;
  confirmations: number;
}

/** An order as the provider reports it. */
export interface ProviderFiatOrderState {
  providerOrderId: string | null;
  status: FiatOrderStatus;
  /** The payout's transaction hash, once sent. */
  txHash?: string | null;
  failureReason?: string | null;
  /** sell: the seller's deposit, once the ramp has seen it. */
  deposit?: ProviderDepositState | null;
}

/** A verified webhook: which order it is about and where it stands. */
export interface FiatWebhookEvent {
  /** Unique per event (the provider's id, or a digest of the signed payload): replays are ignored by it. */
  eventId: string;
  /** Our order id (the external reference the provider echoes); '' where only providerOrderId names it. */
  orderId: string;
  providerOrderId: string | null;
  status: FiatOrderStatus;
  txHash?: string | null;
  failureReason?: string | null;
}

export type FiatProviderErrorCode =
  | 'unsupported'
  | 'amount_out_of_range'
  | 'not_found'
  | 'upstream_error'
  | 'bad_signature';

export class FiatProviderError extends Error {
  readonly code: FiatProviderErrorCode;
  readonly provider: string;
  readonly limits?: { min: string; max: string };
  constructor(
    provider: string,
    code: FiatProviderErrorCode,
    message: string,
    limits?: { min: string; max: string },
  ) {
    super(message);
    this.name = 'FiatProviderError';
    this.provider = provider;
    this.code = code;
    if (limits) this.limits = limits;
  }
}

/** An on-/off-ramp provider: a sandbox simulation or an adapter to a real one. */
export interface FiatProvider {
  readonly id: string;
  readonly name: string;
  /** A sandbox simulation, whose hosted checkout is our page /fiat/checkout/{id}. */
  readonly sandbox?: boolean;
  /** sell: whether the ramp takes the payout details (IBAN or card) from us rather than on its own page. */
  readonly takesPayoutDetails?: boolean;
  quote(request: FiatQuoteRequest, signal: AbortSignal): Promise<FiatProviderQuote>;
  createOrder(request: FiatOrderRequest, signal: AbortSignal): Promise<ProviderFiatOrder>;
  /**
   * Where the order stands at the provider, by our reference (or the provider's own id, for
   * providers that find orders only by it); null when the provider has no record yet.
   */
  getOrder(
    reference: string,
    signal: AbortSignal,
    providerOrderId?: string | null,
  ): Promise<ProviderFiatOrderState | null>;
  /**
   * Checks a webhook's signature over its raw body and reads it; throws FiatProviderError
   * 'bad_signature' for a missing, wrong or stale signature. A provider whose key is shared by
   * the processes (Transak's access token) may have to read it first, so the answer may be a promise.
   */
  verifyWebhook(headers: Headers, rawBody: string): FiatWebhookEvent | Promise<FiatWebhookEvent>;
}
