/**
 * The exchange domain's shared vocabulary. Amounts are decimal strings everywhere they cross a
 * boundary (API, database, providers); arithmetic happens with big.js (core/exchange/decimal.ts).
 */

export const RATE_TYPES = ['float', 'fixed'] as const;
export type RateType = (typeof RATE_TYPES)[number];

/** A swap id: 128 random bits as 26 lowercase base32 characters. */
export const SWAP_ID_PATTERN = /^[a-z2-7]{26}$/;
/** A coin code as URLs, the API and the catalogue write it: `btc`, `usdt`. */
export const COIN_CODE_PATTERN = /^[a-z0-9]{1,20}$/;
/** A provider's id as the registry and the data files write it: `changenow`, `sandbox-fiat`. */
export const PROVIDER_ID_PATTERN = /^[a-z0-9-]{1,40}$/;
/** A network id: `ethereum`, `avalanche-c`. */
export const NETWORK_ID_PATTERN = /^[a-z0-9-]{1,30}$/;
/**
 * An amount we accept: a non-negative decimal with at most 18 integer and 18 fraction digits (the
 * most any coin divides into), no sign, exponent or leading zeros.
 */
export const DECIMAL_PATTERN = /^(?:0|[1-9]\d{0,17})(?:\.\d{1,18})?$/;
/** A decimal number as data files and partner APIs write it, of any length. */
export const DECIMAL_NUMBER_PATTERN = /^\d+(?:\.\d+)?$/;

export const SWAP_STATUSES = [
  'waiting',
  'confirming',
  'exchanging',
  'sending',
  'finished',
  'failed',
  'refunded',
  'expired',
  'hold',
  'action_needed',
  'refunding',
] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

/** Statuses after which nothing changes any more. */
export const FINAL_STATUSES: ReadonlySet<SwapStatus> = new Set(['finished', 'failed', 'refunded', 'expired']);

/**
 * Why a swap left the happy path (core/exchange/swap-states.ts): a deposit that differs from the
 * order (`underpaid`, `overpaid`), one outside the provider's limits (`below_min`, `above_max`), a
 * fixed-rate deposit after the rate ran out (`late`), a provider's identity or AML check (`hold`),
 * or a provider that failed after the deposit (`provider_failed`).
 */
export const SWAP_PROBLEMS = [
  'underpaid',
  'overpaid',
  'below_min',
  'above_max',
  'late',
  'hold',
  'provider_failed',
] as const;
export type SwapProblem = (typeof SWAP_PROBLEMS)[number];

/** The visitor's answer to an "action needed" swap, or the default applied at its deadline. */
export const SWAP_DECISIONS = ['continue', 'refund'] as const;
export type SwapDecisionKind = (typeof SWAP_DECISIONS)[number];

/** A coin on one network, e.g. USDT on tron. */
export interface Asset {
  coin: string;
  network: string;
}

export interface QuoteRequest {
  from: Asset;
  to: Asset;
  /** Amount the visitor sends, in `from` units. */
  amountFrom: string;
  rateType: RateType;
}

/** A reverse quote request: the visitor names what to receive, the provider works out what to send. */
export interface ReverseQuoteRequest {
  from: Asset;
  to: Asset;
  /** Amount the visitor wants to receive from the provider, in `to` units (before our service fee). */
  amountTo: string;
  rateType: RateType;
}

/** How long a provider says a swap takes, from the deposit to the payout, in seconds. */
export interface Eta {
  min: number;
  max: number;
}

/** One provider's answer to a quote request, before our service fee. */
export interface ProviderQuote {
  provider: string;
  rateType: RateType;
  amountFrom: string;
  /** What the visitor would receive from this provider, after its spread and the payout network fee. */
  amountTo: string;
  /** amountTo / amountFrom. */
  rate: string;
  /** The payout network fee already deducted from amountTo, in `to` units. */
  networkFee: string;
  /** Limits of this provider for this pair, in `from` units. */
  min: string;
  max: string;
  /** Fixed rate only: the provider's id of the locked rate and when it runs out. */
  providerRateId?: string;
  expiresAt?: Date;
  /** The provider's own estimate of the swap's duration, when it gives one. */
  eta?: Eta;
}

export interface ProviderSwapRequest {
  /** Our swap id, passed as the provider's external reference. */
  reference: string;
  from: Asset;
  to: Asset;
  amountFrom: string;
  rateType: RateType;
  providerRateId?: string;
  /**
   * Our service fee as a partner markup the provider keeps back from the payout for us, in basis
   * points (0 with a promo code). Sandbox providers apply it per swap; with ChangeNOW the markup is
   * the partner fee set on the account, which must equal SERVICE_FEE_BPS.
   */
  partnerFeeBps?: number;
  payoutAddress: string;
  payoutMemo?: string;
  refundAddress?: string;
  refundMemo?: string;
}

/** A swap as the provider reports it. */
export interface ProviderSwap {
  providerSwapId: string;
  status: SwapStatus;
  depositAddress: string;
  depositMemo?: string;
  amountFrom: string;
  amountTo: string;
  amountDeposited?: string;
  amountPaidOut?: string;
  depositHash?: string;
  payoutHash?: string;
  /** What the provider says beyond `status` (late or wrong deposit, refund under way), when it does. */
  detail?: ProviderSwapDetail;
  /** Why the swap left the happy path, when it did (the provider's word). */
  problem?: SwapProblem;
  /** The provider's limits for this swap, in `from` units. */
  limits?: { min: string; max: string };
  /** The refund's transaction, once the deposit was sent back. */
  refundHash?: string;
  amountRefunded?: string;
  /** The refund address the provider holds, when it holds one. */
  refundAddress?: string;
}

/**
 * Provider states that our statuses do not name on their own, carried beside `status` so nothing a
 * provider reports is lost: `overdue` (no deposit in the provider's time; it may still accept one),
 * `underpaid` / `overpaid` (a deposit other than agreed), `review` (the provider's identity or AML
 * check), `refund_pending` (a refund waits for its address), `refunding` (a refund is being sent),
 * `action_needed` (the provider waits for the customer's or support's decision).
 */
export const PROVIDER_SWAP_DETAILS = [
  'overdue',
  'underpaid',
  'overpaid',
  'review',
  'refund_pending',
  'refunding',
  'action_needed',
] as const;
export type ProviderSwapDetail = (typeof PROVIDER_SWAP_DETAILS)[number];

/** What the visitor (or the default at the deadline) decided for a swap that needs it. */
export type SwapDecision =
  | { action: 'continue' }
  | { action: 'refund'; refundAddress: string; refundMemo?: string };

/** A provider's declared terms: its usual spread (null when it does not publish one). */
export interface ProviderProfile {
  spreadBps: number | null;
}

/** A liquidity provider: a sandbox simulation or an adapter to a real partner API. */
export interface LiquidityProvider {
  readonly id: string;
  readonly name: string;
  /** Whether the provider offers fixed rates at all (a pair may still lack them); absent: no. */
  readonly supportsFixed?: boolean;
  /** What the provider says of its own terms, for the public provider pages. */
  readonly profile?: ProviderProfile;
  quote(request: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote>;
  /**
   * A quote for an amount to receive: the provider works out the amount to send (rounded up to
   * the `from` coin's decimals) and answers as `quote` does for that amount, so the swap is created
   * like any other. Absent, or 'pair_unavailable' for a rate type, where the provider cannot.
   */
  reverseQuote?(request: ReverseQuoteRequest, signal: AbortSignal): Promise<ProviderQuote>;
  createSwap(request: ProviderSwapRequest, signal: AbortSignal): Promise<ProviderSwap>;
  getSwap(providerSwapId: string, signal: AbortSignal): Promise<ProviderSwap>;
  /**
   * Carries out a decision on a swap in `action_needed` (continue at the market rate, or refund),
   * or gives a swap in `refunding` the refund address it lacks. Absent where the provider decides
   * alone (its own rules then apply and the swap only reports them).
   */
  resolveSwap?(providerSwapId: string, decision: SwapDecision, signal: AbortSignal): Promise<ProviderSwap>;
}

/**
 * Why a provider cannot quote or swap. `pair_unavailable` and `amount_out_of_range` are normal
 * answers (the provider is dropped from the comparison); the others are failures.
 */
export type ProviderErrorCode =
  | 'pair_unavailable'
  | 'amount_out_of_range'
  | 'rate_expired'
  | 'invalid_address'
  | 'not_found'
  | 'upstream_error';

export class ProviderError extends Error {
  readonly code: ProviderErrorCode;
  readonly provider: string;
  /** With 'amount_out_of_range': the provider's limits for the pair, in `from` units. */
  readonly limits?: { min: string; max: string };
  /** With 'amount_out_of_range' on a reverse quote: the amount to send it came to, when known. */
  readonly amountFrom?: string;
  constructor(
    provider: string,
    code: ProviderErrorCode,
    message: string,
    limits?: { min: string; max: string },
    amountFrom?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
    this.provider = provider;
    this.code = code;
    if (limits) this.limits = limits;
    if (amountFrom) this.amountFrom = amountFrom;
  }
}

/** Source of USD prices (core/market). */
export interface PriceSource {
  /** USD price of one coin, or null when unknown. */
  usdPrice(coin: string): Promise<string | null>;
}
