import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ProviderCoverage, unservedBecause } from './coverage.ts';
import { rampJson } from './http.ts';
import { payloadDigest, WEBHOOK_TOLERANCE_SECONDS } from './signing.ts';
import {
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

/**
 * Banxa (https://docs.banxa.com, legacy on-/off-ramp API): every request carries
 * `Authorization: Bearer {key}:{signature}:{nonce}`, the signature being the hex HMAC-SHA256 with
 * the API secret of `METHOD\nPATH[?QUERY]\nNONCE` (GET) or `METHOD\nPATH\nNONCE\nCOMPACT_JSON` (POST)
 * ("Step 3: Authentication"). Quotes from `GET /api/prices` (each payment method's fiat and coin
 * amounts, fee and network fee) and limits from `GET /api/payment-methods` (`transaction_limits`);
 * an order from `POST /api/orders`, whose `checkout_url` is the hosted checkout; its status from
 * `GET /api/orders/{id}`. Webhooks (v2: order_id, status, transaction_hash, external_id) come signed
 * the same way over our webhook path, and are refused unsigned, wrongly signed or stale.
 *
 * Coverage and codes come from content/fiat/providers.json: `coin/network` → `COIN:BLOCKCHAIN`
 * (Banxa's coin and blockchain codes) and `payment/{method}` → the `paymentType` of the account's
 * payment method for it.
 */

export const BANXA_WEBHOOK_PATH = '/api/webhooks/fiat/banxa';

/** Banxa order statuses ("Order Status") → ours. */
export const BANXA_STATUSES: Readonly<Record<string, FiatOrderStatus>> = {
  pendingPayment: 'pending_payment',
  waitingPayment: 'pending_payment',
  extraVerification: 'pending_payment',
  paymentReceived: 'paid',
  inProgress: 'paid',
  coinTransferred: 'sending',
  cryptoTransferred: 'sending',
  complete: 'completed',
  cancelled: 'failed',
  declined: 'failed',
  expired: 'expired',
  refunded: 'refunded',
};

export interface BanxaOptions {
  apiKey: string;
  apiSecret: string;
  /** The partner's Banxa site, `https://{partner}.banxa.com` (sandbox: `.banxa-sandbox.com`). */
  baseUrl: string;
  /** The path Banxa posts webhooks to (the signature covers it). */
  webhookPath?: string;
  coverage: ProviderCoverage;
  fetch?: typeof fetch;
  now?: () => Date;
}

type Json = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string' && value !== ''
      ? value
      : null;

/** A decimal string of a Banxa amount (strings or numbers), rounded down to `places`. */
function decimal(value: unknown, places = 8): string {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) return '0';
  const factor = 10 ** places;
  return (Math.floor(number * factor) / factor)
    .toFixed(places)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** The Authorization header value for one request. */
export function banxaAuthorization(key: string, secret: string, lines: string[], nonce: string): string {
  const signature = createHmac('sha256', secret).update(lines.join('\n')).digest('hex');
  return `Bearer ${key}:${signature}:${nonce}`;
}

export class BanxaProvider implements FiatProvider {
  readonly id: string;
  readonly name: string;
  readonly #o: Required<Omit<BanxaOptions, 'fetch' | 'now'>> & { fetch: typeof fetch; now: () => Date };
  #lastNonce = 0;

  constructor(options: BanxaOptions) {
    this.id = options.coverage.id;
    this.name = options.coverage.name;
    this.#o = {
      webhookPath: BANXA_WEBHOOK_PATH,
      fetch: fetch,
      now: () => new Date(),
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
  }

  /** A nonce per request: milliseconds, made unique when two requests fall in one millisecond. */
  #nonce(): string {
    this.#lastNonce = Math.max(this.#o.now().getTime(), this.#lastNonce + 1);
    return String(this.#lastNonce);
  }

  #asset(coin: string, network: string): { coin: string; blockchain: string } {
    const code = this.#o.coverage.codes?.[`${coin}/${network}`];
    const [coinCode, blockchain] = code?.split(':') ?? [];
    if (!coinCode || !blockchain)
      throw new FiatProviderError(this.id, 'unsupported', 'Banxa has no code for this asset');
    return { coin: coinCode, blockchain };
  }

  async #call(method: 'GET' | 'POST', pathAndQuery: string, body: Json | null, signal: AbortSignal) {
    const nonce = this.#nonce();
    const payload = body ? JSON.stringify(body) : null;
    const lines = payload ? [method, pathAndQuery, nonce, payload] : [method, pathAndQuery, nonce];
    const response = await rampJson(
      { id: this.id, label: 'Banxa' },
      this.#o.fetch,
      `${this.#o.baseUrl}${pathAndQuery}`,
      {
        method,
        signal,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: banxaAuthorization(this.#o.apiKey, this.#o.apiSecret, lines, nonce),
        },
        ...(payload ? { body: payload } : {}),
      },
    );
    const parsed = response.body;
    if (response.status === 404) throw new FiatProviderError(this.id, 'not_found', 'Banxa has no such order');
    if (response.status !== 200 && response.status !== 201) {
      const errors = ((parsed as Json | null)?.errors ?? {}) as Json;
      throw new FiatProviderError(
        this.id,
        response.status >= 500 ? 'upstream_error' : 'unsupported',
        `Banxa answered ${response.status}: ${String(errors.title ?? errors.detail ?? '')}`,
      );
    }
    return ((parsed as Json | null)?.data ?? {}) as Json;
  }

  async quote(request: FiatQuoteRequest, signal: AbortSignal): Promise<FiatProviderQuote> {
    const c = this.#o.coverage;
    const paymentType = c.codes?.[`payment/${request.paymentMethod}`];
    if (unservedBecause(c, request) !== null || !paymentType) {
      throw new FiatProviderError(this.id, 'unsupported', 'Banxa does not serve this request');
    }
    const asset = this.#asset(request.coin, request.network);
    const fiat = request.fiat.toUpperCase();
    const [source, target] = request.side === 'buy' ? [fiat, asset.coin] : [asset.coin, fiat];
    const pair = new URLSearchParams({ source, target });
    const methods = await this.#call('GET', `/api/payment-methods?${pair}`, null, signal);
    const method = ((methods.payment_methods ?? []) as Json[]).find((m) => m.paymentType === paymentType);
    if (!method) throw new FiatProviderError(this.id, 'unsupported', `Banxa offers no ${paymentType} here`);
    const limit = ((method.transaction_limits ?? []) as Json[]).find(
      (l) => String(l.fiat_code).toUpperCase() === fiat,
    );
    const query = new URLSearchParams({
      source,
      target,
      source_amount: request.amount,
      payment_method_id: String(method.id),
      blockchain: asset.blockchain,
    });
    const prices = await this.#call('GET', `/api/prices?${query}`, null, signal);
    const price = ((prices.prices ?? []) as Json[]).find(
      (p) => String(p.payment_method_id) === String(method.id),
    );
    const fiatValue = Number(price?.fiat_amount);
    const cryptoValue = Number(price?.coin_amount);
    if (!price || !(fiatValue > 0) || !(cryptoValue > 0)) {
      throw new FiatProviderError(this.id, 'upstream_error', 'Banxa price without amounts');
    }
    // Limits are in fiat; a sale's are told in the coin it sells, at this price.
    const minFiat = Number(limit?.min ?? 0);
    const maxFiat = Number(limit?.max ?? 0);
    const perCoin = fiatValue / cryptoValue;
    const [min, max] =
      request.side === 'buy'
        ? [decimal(minFiat, 2), decimal(maxFiat, 2)]
        : [decimal(minFiat / perCoin), decimal(maxFiat / perCoin)];
    const amount = Number(request.amount);
    if (maxFiat > 0 && (amount < Number(min) || amount > Number(max))) {
      throw new FiatProviderError(
        this.id,
        'amount_out_of_range',
        `Amount must be between ${min} and ${max}`,
        {
          min,
          max,
        },
      );
    }
    return {
      provider: this.id,
      side: request.side,
      paymentMethod: request.paymentMethod,
      fiatAmount: decimal(fiatValue, 2),
      cryptoAmount: decimal(cryptoValue),
      rate: decimal(perCoin),
      fee: decimal(price.fee_amount, 2),
      networkFee: decimal(price.network_fee, 2),
      min,
      max,
    };
  }

  async createOrder(request: FiatOrderRequest, signal: AbortSignal): Promise<ProviderFiatOrder> {
    const asset = this.#asset(request.coin, request.network);
    const fiat = request.fiat.toUpperCase();
    const buy = request.side === 'buy';
    const body: Json = {
      account_reference: request.reference,
      source: buy ? fiat : asset.coin,
      target: buy ? asset.coin : fiat,
      source_amount: buy ? request.fiatAmount : request.cryptoAmount,
      blockchain: asset.blockchain,
      return_url_on_success: request.returnUrl,
      return_url_on_failure: request.returnUrl,
      meta_data: request.reference,
      ...(buy
        ? {
            wallet_address: request.walletAddress,
            ...(request.walletMemo ? { wallet_address_tag: request.walletMemo } : {}),
          }
        : { refund_address: request.walletAddress }),
    };
    const data = await this.#call('POST', '/api/orders', body, signal);
    const order = (data.order ?? {}) as Json;
    const id = text(order.id);
    const checkoutUrl = text(order.checkout_url);
    if (!id || !checkoutUrl?.startsWith('https://')) {
      throw new FiatProviderError(this.id, 'upstream_error', 'Banxa order without an id or checkout URL');
    }
    return { providerOrderId: id, checkoutUrl };
  }

  async getOrder(
    _reference: string,
    signal: AbortSignal,
    providerOrderId?: string | null,
  ): Promise<ProviderFiatOrderState | null> {
    // Banxa finds orders by its own id, which createOrder stored.
    if (!providerOrderId) return null;
    const data = await this.#call('GET', `/api/orders/${encodeURIComponent(providerOrderId)}`, null, signal);
    const order = (data.order ?? {}) as Json;
    const status = BANXA_STATUSES[String(order.status ?? '')];
    if (!status)
      throw new FiatProviderError(this.id, 'upstream_error', `Unknown Banxa status ${String(order.status)}`);
    return { providerOrderId: text(order.id) ?? providerOrderId, status, txHash: hashOf(order.tx_hash) };
  }

  verifyWebhook(headers: Headers, rawBody: string): FiatWebhookEvent {
    const match = headers.get('authorization')?.match(/^Bearer ([^:]+):([0-9a-f]{64}):(\d{10,16})$/i);
    const [, key, signature, nonce] = match ?? [];
    if (!key || !signature || !nonce || key !== this.#o.apiKey) {
      throw new FiatProviderError(this.id, 'bad_signature', 'Missing or foreign Banxa authorization');
    }
    const expected = createHmac('sha256', this.#o.apiSecret)
      .update(['POST', this.#o.webhookPath, nonce, rawBody].join('\n'))
      .digest();
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new FiatProviderError(this.id, 'bad_signature', 'Bad Banxa webhook signature');
    }
    // Nonces are Unix time in seconds, milliseconds or microseconds.
    const seconds =
      nonce.length <= 10 ? Number(nonce) : nonce.length <= 13 ? Number(nonce) / 1e3 : Number(nonce) / 1e6;
    if (Math.abs(this.#o.now().getTime() / 1000 - seconds) > WEBHOOK_TOLERANCE_SECONDS) {
      throw new FiatProviderError(this.id, 'bad_signature', 'Stale Banxa webhook');
    }
    let body: Json;
    try {
      body = JSON.parse(rawBody) as Json;
    } catch {
      throw new FiatProviderError(this.id, 'bad_signature', 'Webhook body is not JSON');
    }
    const providerOrderId = text(body.order_id);
    if (!providerOrderId) throw new FiatProviderError(this.id, 'bad_signature', 'Webhook without an order');
    // A legacy webhook names only the order: it moves nothing, and the order job reads the status.
    const status = BANXA_STATUSES[String(body.status ?? '')] ?? 'created';
    return {
      eventId: payloadDigest(Math.floor(seconds), rawBody),
      // Our reference when Banxa echoes it; otherwise the order is found by Banxa's id.
      orderId: text(body.external_id) ?? '',
      providerOrderId,
      status,
      txHash: hashOf(body.transaction_hash),
    };
  }
}

/** Banxa writes "0" or null before a transaction exists. */
function hashOf(value: unknown): string | null {
  const hash = text(value);
  return hash && hash !== '0' ? hash : null;
}
