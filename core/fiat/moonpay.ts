import { createHmac } from 'node:crypto';
import { type ProviderCoverage, unservedBecause } from './coverage.ts';
import { rampJson } from './http.ts';
import { payloadDigest, verifyWebhookSignature } from './signing.ts';
import {
  type FiatOrderRequest,
  type FiatOrderStatus,
  type FiatProvider,
  FiatProviderError,
  type FiatProviderQuote,
  type FiatQuoteRequest,
  type FiatWebhookEvent,
  type PaymentMethod,
  type ProviderFiatOrder,
  type ProviderFiatOrderState,
} from './types.ts';

export const MOONPAY_API_URL = 'https://api.moonpay.com';
export const MOONPAY_BUY_URL = 'https://buy.moonpay.com';
export const MOONPAY_SELL_URL = 'https://sell.moonpay.com';
/** MoonPay's webhook signature header: `t=<unix seconds>,s=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const MOONPAY_SIGNATURE_HEADER = 'moonpay-signature-v2';

export interface MoonPayOptions {
  /** Publishable key (pk_…): quotes and the widget. */
  apiKey: string;
  /** Secret key (sk_…): signs widget URLs and reads transactions. */
  secretKey: string;
  /** Webhook signing key (wk_…). */
  webhookKey: string;
  apiUrl?: string;
  buyUrl?: string;
  sellUrl?: string;
  coverage: ProviderCoverage;
  now?: () => Date;
}

/** Our payment methods in MoonPay's words; bank transfers by the currency's rail. */
function moonPayMethod(method: PaymentMethod, fiat: string): string {
  if (method === 'card') return 'credit_debit_card';
  if (method === 'apple_pay') return 'apple_pay';
  if (method === 'google_pay') return 'google_pay';
  return fiat === 'eur' ? 'sepa_bank_transfer' : fiat === 'gbp' ? 'gbp_bank_transfer' : 'ach_bank_transfer';
}

/** A MoonPay transaction's status (buy: waitingPayment…; sell: waitingForDeposit…) as ours. */
export function moonPayStatus(status: string, sent: boolean): FiatOrderStatus | null {
  switch (status) {
    case 'waitingPayment':
    case 'waitingAuthorization':
    case 'waitingForDeposit':
      return 'pending_payment';
    case 'pending':
      return sent ? 'sending' : 'paid';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'refunded':
      return 'refunded';
    default:
      return null;
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string' && value !== ''
      ? value
      : null;

/** Decimal string of a JSON number (MoonPay sends numbers), without exponent. */
function decimal(value: unknown, places = 8): string {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || number < 0) return '0';
  return number
    .toFixed(places)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/**
 * MoonPay (https://dev.moonpay.com): quotes from `/v3/currencies/{code}/buy_quote` and
 * `/sell_quote`, orders as signed widget URLs (the query string's HMAC-SHA256 with the secret key,
 * base64, in `signature`), status from `/v1/transactions/ext/{id}` (buy) and
 * `/v3/sell_transactions/ext/{id}` (sell), webhooks checked with `Moonpay-Signature-V2`.
 */
export class MoonPayProvider implements FiatProvider {
  readonly id: string;
  readonly name: string;
  readonly #o: Required<Omit<MoonPayOptions, 'now'>> & { now: () => Date };

  constructor(options: MoonPayOptions) {
    this.id = options.coverage.id;
    this.name = options.coverage.name;
    this.#o = {
      apiUrl: MOONPAY_API_URL,
      buyUrl: MOONPAY_BUY_URL,
      sellUrl: MOONPAY_SELL_URL,
      now: () => new Date(),
      ...options,
    };
  }

  #code(coin: string, network: string): string {
    const code = this.#o.coverage.codes?.[`${coin}/${network}`];
    if (!code) throw new FiatProviderError(this.id, 'unsupported', 'MoonPay has no code for this asset');
    return code;
  }

  async #get(path: string, signal: AbortSignal, auth = false): Promise<{ status: number; body: unknown }> {
    const response = await rampJson({ id: this.id, label: 'MoonPay' }, fetch, `${this.#o.apiUrl}${path}`, {
      signal,
      headers: {
        Accept: 'application/json',
        ...(auth ? { Authorization: `Api-Key ${this.#o.secretKey}` } : {}),
      },
    });
    const { body } = response;
    if (response.status >= 500)
      throw new FiatProviderError(this.id, 'upstream_error', `MoonPay answered ${response.status}`);
    return { status: response.status, body };
  }

  async quote(request: FiatQuoteRequest, signal: AbortSignal): Promise<FiatProviderQuote> {
    const c = this.#o.coverage;
    if (unservedBecause(c, request) !== null) {
      throw new FiatProviderError(this.id, 'unsupported', 'MoonPay does not serve this request');
    }
    const code = this.#code(request.coin, request.network);
    const method = moonPayMethod(request.paymentMethod, request.fiat);
    const query =
      request.side === 'buy'
        ? new URLSearchParams({
            apiKey: this.#o.apiKey,
            baseCurrencyAmount: request.amount,
            baseCurrencyCode: request.fiat,
            paymentMethod: method,
            areFeesIncluded: 'true',
          })
        : new URLSearchParams({
            apiKey: this.#o.apiKey,
            baseCurrencyAmount: request.amount,
            quoteCurrencyCode: request.fiat,
            payoutMethod: method,
          });
    const path = `/v3/currencies/${encodeURIComponent(code)}/${request.side}_quote?${query}`;
    const { status, body } = await this.#get(path, signal);
    const data = (body ?? {}) as Record<string, unknown>;
    const base = (data.baseCurrency ?? {}) as Record<string, unknown>;
    if (status !== 200) {
      const min = text(request.side === 'buy' ? base.minBuyAmount : base.minSellAmount);
      const max = text(request.side === 'buy' ? base.maxBuyAmount : base.maxSellAmount);
      if (status === 400 && min && max) {
        throw new FiatProviderError(this.id, 'amount_out_of_range', String(data.message ?? 'Out of limits'), {
          min: decimal(min),
          max: decimal(max),
        });
      }
      throw new FiatProviderError(
        this.id,
        'unsupported',
        `MoonPay answered ${status}: ${String(data.message ?? '')}`,
      );
    }
    const fee = Number(data.feeAmount ?? 0) + Number(data.extraFeeAmount ?? 0);
    const networkFee = Number(data.networkFeeAmount ?? 0);
    const min = text(request.side === 'buy' ? base.minBuyAmount : base.minSellAmount) ?? '0';
    const max = text(request.side === 'buy' ? base.maxBuyAmount : base.maxSellAmount) ?? '0';
    const fiatAmount =
      request.side === 'buy' ? (data.totalAmount ?? data.baseCurrencyAmount) : data.quoteCurrencyAmount;
    const cryptoAmount = request.side === 'buy' ? data.quoteCurrencyAmount : data.baseCurrencyAmount;
    const fiatValue = Number(fiatAmount);
    const cryptoValue = Number(cryptoAmount);
    if (!(fiatValue > 0) || !(cryptoValue > 0)) {
      throw new FiatProviderError(this.id, 'upstream_error', 'MoonPay quote without amounts');
    }
    return {
      provider: this.id,
      side: request.side,
      paymentMethod: request.paymentMethod,
      fiatAmount: decimal(fiatValue, 2),
      cryptoAmount: decimal(cryptoValue, 8),
      rate: decimal(fiatValue / cryptoValue, 8),
      fee: decimal(fee, 2),
      networkFee: decimal(networkFee, 2),
      min: decimal(min),
      max: decimal(max),
    };
  }

  /** A widget URL signed as MoonPay documents: base64 HMAC-SHA256 of the query string (with its `?`). */
  signUrl(base: string, params: URLSearchParams): string {
    const url = new URL(base);
    url.search = params.toString();
    const signature = createHmac('sha256', this.#o.secretKey).update(url.search).digest('base64');
    url.searchParams.set('signature', signature);
    return url.toString();
  }

  async createOrder(request: FiatOrderRequest): Promise<ProviderFiatOrder> {
    const code = this.#code(request.coin, request.network);
    const method = moonPayMethod(request.paymentMethod, request.fiat);
    const params =
      request.side === 'buy'
        ? new URLSearchParams({
            apiKey: this.#o.apiKey,
            currencyCode: code,
            baseCurrencyCode: request.fiat,
            baseCurrencyAmount: request.fiatAmount,
            walletAddress: request.walletAddress,
            ...(request.walletMemo ? { walletAddressTag: request.walletMemo } : {}),
            paymentMethod: method,
            externalTransactionId: request.reference,
            redirectURL: request.returnUrl,
          })
        : new URLSearchParams({
            apiKey: this.#o.apiKey,
            baseCurrencyCode: code,
            baseCurrencyAmount: request.cryptoAmount,
            quoteCurrencyCode: request.fiat,
            refundWalletAddress: request.walletAddress,
            payoutMethod: method,
            externalTransactionId: request.reference,
            redirectURL: request.returnUrl,
          });
    return {
      providerOrderId: null,
      checkoutUrl: this.signUrl(request.side === 'buy' ? this.#o.buyUrl : this.#o.sellUrl, params),
    };
  }

  async getOrder(reference: string, signal: AbortSignal): Promise<ProviderFiatOrderState | null> {
    const id = encodeURIComponent(reference);
    // Our references are unique over both sides: ask the buy side first, then the sell side.
    for (const path of [`/v1/transactions/ext/${id}`, `/v3/sell_transactions/ext/${id}`]) {
      const { status, body } = await this.#get(path, signal, true);
      if (status === 404) continue;
      if (status !== 200)
        throw new FiatProviderError(this.id, 'upstream_error', `MoonPay answered ${status}`);
      const list = Array.isArray(body) ? body : [body];
      const latest = list.at(-1) as Record<string, unknown> | undefined;
      if (!latest) continue;
      return this.#state(latest);
    }
    return null;
  }

  #state(transaction: Record<string, unknown>): ProviderFiatOrderState {
    const hash = text(transaction.cryptoTransactionId);
    const status = moonPayStatus(String(transaction.status ?? ''), hash !== null);
    if (!status) throw new FiatProviderError(this.id, 'upstream_error', 'Unknown MoonPay status');
    return {
      providerOrderId: text(transaction.id),
      status,
      txHash: hash,
      failureReason: text(transaction.failureReason),
    };
  }

  verifyWebhook(headers: Headers, rawBody: string): FiatWebhookEvent {
    const timestamp = verifyWebhookSignature(
      headers.get(MOONPAY_SIGNATURE_HEADER),
      rawBody,
      this.#o.webhookKey,
      this.#o.now().getTime(),
    );
    if (timestamp === null) throw new FiatProviderError(this.id, 'bad_signature', 'Bad Moonpay-Signature-V2');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(rawBody) as Record<string, unknown>;
    } catch {
      throw new FiatProviderError(this.id, 'bad_signature', 'Webhook body is not JSON');
    }
    const data = (body?.data ?? null) as Record<string, unknown> | null;
    const orderId = text(data?.externalTransactionId);
    if (!data || !orderId)
      throw new FiatProviderError(this.id, 'bad_signature', 'Webhook without a transaction');
    const state = this.#state(data);
    return { eventId: payloadDigest(timestamp, rawBody), orderId, ...state };
  }
}
