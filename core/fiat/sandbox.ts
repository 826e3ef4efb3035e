import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fiatSandboxPayments } from '../../db/schema.ts';
import { depositAddressFor, depositMemoFor } from '../address/generate.ts';
import { type Catalogue, payoutDecimals } from '../catalogue/catalogue.ts';
import { Big, toAmount } from '../exchange/decimal.ts';
import type { PriceSource } from '../exchange/types.ts';
import { type ProviderCoverage, unservedBecause } from './coverage.ts';
import { SANDBOX_DEPOSIT_CONFIRMATIONS } from './payout.ts';
import { payloadDigest, verifyWebhookSignature, webhookSignatureHeader } from './signing.ts';
import {
  FIAT_ORDER_STATUSES,
  type FiatOrderRequest,
  type FiatOrderStatus,
  type FiatProvider,
  FiatProviderError,
  type FiatProviderQuote,
  type FiatQuoteRequest,
  type FiatWebhookEvent,
  type ProviderFiatOrder,
  type ProviderFiatOrderState,
} from './types.ts';

/** The header the sandbox signs its webhooks with (same scheme as MoonPay's V2 signature). */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** The sandbox checkout's test cards (Stripe's well-known numbers). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  challenge: '4000000000003220',
} as const;

export interface SandboxFiatDeps {
  db: Database;
  catalogue: Catalogue;
  prices: PriceSource;
  /** Units of each fiat currency per US dollar. */
  usdRates: ReadonlyMap<string, string>;
}

export interface SandboxFiatOptions {
  /** Our site's address: the sandbox's hosted checkout is our page /fiat/checkout/{id}. */
  baseUrl: string;
  webhookSecret: string;
  /** After a payment: how long until the coins are sent, and again until they arrive. */
  stepMs: number;
  now?: () => Date;
}

/** Fiat decimals: two for every currency but those without minor units. */
export function fiatDecimals(fiat: string): number {
  return ['jpy', 'krw', 'vnd', 'idr', 'clp', 'pyg', 'ugx', 'isk', 'huf', 'xof', 'xaf'].includes(fiat) ? 0 : 2;
}

export { luhnValid } from './payout.ts';

/**
 * A simulated on-/off-ramp provider priced from its coverage data (fees per payment method, its
 * spread, least fee, limits), the market's USD prices and the fiat rates snapshot. Its hosted
 * checkout is our page; payments taken there are its books (`fiat_sandbox_payments`), from which
 * it reports the order's progress, and it tells us of them by signed webhook.
 */
export class SandboxFiatProvider implements FiatProvider {
  readonly id: string;
  readonly name: string;
  readonly coverage: ProviderCoverage;
  readonly sandbox = true;
  readonly takesPayoutDetails = true;
  readonly #deps: SandboxFiatDeps;
  readonly #options: SandboxFiatOptions;
  readonly #now: () => Date;

  constructor(coverage: ProviderCoverage, deps: SandboxFiatDeps, options: SandboxFiatOptions) {
    this.id = coverage.id;
    this.name = coverage.name;
    this.coverage = coverage;
    this.#deps = deps;
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
  }

  async quote(request: FiatQuoteRequest): Promise<FiatProviderQuote> {
    const c = this.coverage;
    const unsupported = (why: string) => new FiatProviderError(this.id, 'unsupported', why);
    const unserved = unservedBecause(c, request);
    if (unserved) throw unsupported(`${this.name} ${unserved}`);
    const usdRate = this.#deps.usdRates.get(request.fiat);
    const usdPrice = await this.#deps.prices.usdPrice(request.coin);
    const asset = await this.#deps.catalogue.asset(request.coin, request.network);
    if (!usdRate || !usdPrice || !asset) throw unsupported('No price for this pair');
    const fx = new Big(usdRate);
    const decimals = fiatDecimals(request.fiat);
    const cryptoDecimals = payoutDecimals(asset);
    const spread = new Big(c.spreadBps ?? 0).div(10_000);
    const feeShare = new Big(c.paymentMethods[request.paymentMethod]?.feeBps ?? 0).div(10_000);
    const minFee = new Big(c.minFeeUsd).times(fx);
    const price = new Big(usdPrice).times(fx); // fiat per coin at market
    const minFiat = new Big(c.limitsUsd.min).times(fx).round(decimals, Big.roundUp);
    const maxFiat = new Big(c.limitsUsd.max).times(fx).round(decimals, Big.roundDown);

    if (request.side === 'buy') {
      const paid = new Big(request.amount);
      const limits = { min: toAmount(minFiat, decimals), max: toAmount(maxFiat, decimals) };
      if (paid.lt(minFiat) || paid.gt(maxFiat)) {
        throw new FiatProviderError(this.id, 'amount_out_of_range', 'Amount outside the limits', limits);
      }
      const fee = maxBig(paid.times(feeShare), minFee).round(decimals, Big.roundUp);
      const networkFee = new Big(asset.network.networkFeeUsd).times(fx).round(decimals, Big.roundUp);
      const net = paid.minus(fee).minus(networkFee);
      const crypto = net.div(price.times(spread.plus(1))).round(cryptoDecimals, Big.roundDown);
      if (crypto.lte(0)) {
        throw new FiatProviderError(this.id, 'amount_out_of_range', 'The fees exceed the amount', limits);
      }
      return {
        provider: this.id,
        side: 'buy',
        paymentMethod: request.paymentMethod,
        fiatAmount: toAmount(paid, decimals),
        cryptoAmount: toAmount(crypto, cryptoDecimals),
        rate: toAmount(paid.div(crypto), 8),
        fee: toAmount(fee, decimals),
        networkFee: toAmount(networkFee, decimals),
        ...limits,
      };
    }
    // Sell: the amount is crypto; the limits are the USD limits in coins.
    const sold = new Big(request.amount);
    const assetDecimals = asset.decimals;
    const limits = {
      min: toAmount(minFiat.div(price).round(Math.min(assetDecimals, 8), Big.roundUp), 8),
      max: toAmount(maxFiat.div(price), Math.min(assetDecimals, 8)),
    };
    if (sold.lt(limits.min) || sold.gt(limits.max)) {
      throw new FiatProviderError(this.id, 'amount_out_of_range', 'Amount outside the limits', limits);
    }
    const gross = sold.times(price).times(new Big(1).minus(spread));
    const fee = maxBig(gross.times(feeShare), minFee).round(decimals, Big.roundUp);
    const received = gross.minus(fee).round(decimals, Big.roundDown);
    if (received.lte(0)) {
      throw new FiatProviderError(this.id, 'amount_out_of_range', 'The fees exceed the amount', limits);
    }
    return {
      provider: this.id,
      side: 'sell',
      paymentMethod: request.paymentMethod,
      fiatAmount: toAmount(received, decimals),
      cryptoAmount: toAmount(sold, assetDecimals),
      rate: toAmount(received.div(sold), 8),
      fee: toAmount(fee, decimals),
      networkFee: '0',
      ...limits,
    };
  }

  async createOrder(request: FiatOrderRequest): Promise<ProviderFiatOrder> {
    const base = `${this.#options.baseUrl}${request.lang === 'en' ? '' : `/${request.lang}`}`;
    if (request.side === 'sell') {
      // A sale's deposit address is the ramp's own, one per order, valid on the coin's network.
      const seed = createHash('sha256')
        .update(`${this.#options.webhookSecret}:${this.id}:${request.reference}:deposit`)
        .digest();
      return {
        providerOrderId: `${this.id}-${request.reference}`,
        checkoutUrl: `${base}/fiat/sell/${request.reference}`,
        deposit: {
          address: depositAddressFor(request.network, seed),
          memo: depositMemoFor(request.network, seed) ?? null,
        },
      };
    }
    return {
      providerOrderId: `${this.id}-${request.reference}`,
      checkoutUrl: `${base}/fiat/checkout/${request.reference}`,
    };
  }

  async getOrder(reference: string): Promise<ProviderFiatOrderState | null> {
    const [payment] = await this.#deps.db
      .select()
      .from(fiatSandboxPayments)
      .where(eq(fiatSandboxPayments.orderId, reference));
    if (!payment || payment.provider !== this.id) return null;
    const providerOrderId = `${this.id}-${reference}`;
    if (payment.outcome === 'deposited' && payment.paidAt) return this.#sale(reference, payment);
    if (payment.outcome === 'declined') {
      return { providerOrderId, status: 'failed', failureReason: 'card_declined' };
    }
    if (payment.outcome !== 'succeeded' || !payment.paidAt)
      return { providerOrderId, status: 'pending_payment' };
    const elapsed = this.#now().getTime() - payment.paidAt.getTime();
    const step = this.#options.stepMs;
    const status: FiatOrderStatus = elapsed >= 2 * step ? 'completed' : elapsed >= step ? 'sending' : 'paid';
    return {
      providerOrderId,
      status,
      ...(status === 'paid' ? {} : { txHash: await this.#txHash(reference) }),
    };
  }

  /**
   * A sale after the seller's deposit: seen at once, confirmed over one step (two confirmations),
   * then the payout is sent after another step and arrives after a third.
   */
  #sale(reference: string, payment: typeof fiatSandboxPayments.$inferSelect): ProviderFiatOrderState {
    const elapsed = this.#now().getTime() - (payment.paidAt as Date).getTime();
    const step = this.#options.stepMs;
    const required = SANDBOX_DEPOSIT_CONFIRMATIONS;
    const confirmations = step <= 0 ? required : Math.min(required, Math.floor((elapsed * required) / step));
    const status: FiatOrderStatus =
      elapsed >= 3 * step
        ? 'completed'
        : elapsed >= 2 * step
          ? 'sending'
          : confirmations >= required
            ? 'paid'
            : 'pending_payment';
    return {
      providerOrderId: `${this.id}-${reference}`,
      status,
      deposit: {
        received: payment.amount ?? '0',
        txHash: createHash('sha256').update(`${this.id}:${reference}:deposit`).digest('hex'),
        confirmations,
      },
    };
  }

  async #txHash(reference: string): Promise<string> {
    return createHash('sha256').update(`${this.id}:${reference}:payout`).digest('hex');
  }

  verifyWebhook(headers: Headers, rawBody: string): FiatWebhookEvent {
    const timestamp = verifyWebhookSignature(
      headers.get(SANDBOX_SIGNATURE_HEADER),
      rawBody,
      this.#options.webhookSecret,
      this.#now().getTime(),
    );
    if (timestamp === null) throw new FiatProviderError(this.id, 'bad_signature', 'Bad webhook signature');
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new FiatProviderError(this.id, 'bad_signature', 'Webhook body is not JSON');
    }
    const event = body as Partial<Record<string, unknown>>;
    const status = event.status as FiatOrderStatus;
    if (
      typeof event.id !== 'string' ||
      typeof event.orderId !== 'string' ||
      !FIAT_ORDER_STATUSES.includes(status)
    ) {
      throw new FiatProviderError(this.id, 'bad_signature', 'Webhook body is not an order event');
    }
    return {
      eventId: event.id || payloadDigest(timestamp, rawBody),
      orderId: event.orderId,
      providerOrderId: typeof event.providerOrderId === 'string' ? event.providerOrderId : null,
      status,
      txHash: typeof event.txHash === 'string' ? event.txHash : null,
      failureReason: typeof event.failureReason === 'string' ? event.failureReason : null,
    };
  }

  /** A webhook of this provider about an order, signed: what its servers would send us. */
  signedWebhook(
    orderId: string,
    status: FiatOrderStatus,
    extra: { failureReason?: string; txHash?: string } = {},
  ): { headers: Headers; body: string } {
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      orderId,
      providerOrderId: `${this.id}-${orderId}`,
      status,
      ...extra,
    });
    const t = Math.floor(this.#now().getTime() / 1000);
    return {
      headers: new Headers({
        [SANDBOX_SIGNATURE_HEADER]: webhookSignatureHeader(this.#options.webhookSecret, t, body),
      }),
      body,
    };
  }
}

function maxBig(a: Big, b: Big): Big {
  return a.gt(b) ? a : b;
}

export function createSandboxFiatProviders(
  coverages: readonly ProviderCoverage[],
  deps: SandboxFiatDeps,
  options: SandboxFiatOptions,
): SandboxFiatProvider[] {
  return coverages.filter((c) => c.kind === 'sandbox').map((c) => new SandboxFiatProvider(c, deps, options));
}
