import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type ProviderCoverage, unservedBecause } from './coverage.ts';
import { rampJson } from './http.ts';
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
 * Transak (https://docs.transak.com), on- and off-ramp through its hosted widget:
 *
 * - a Partner Access Token from `POST /partners/api/v2/refresh-token` (`api-secret` header, the API
 *   key in the body; valid 7 days, and each refresh invalidates the token before it), refreshed a
 *   day before it expires or when Transak answers 401. Every process must hold the same token, so it
 *   lives in an AccessTokenStore (the database's `provider_tokens` in the server,
 *   core/fiat/token-store.ts): a refresh happens once, under the store's lock, and the others
 *   take the stored token (docs/decisions/028);
 * - quotes from the public `GET /api/v1/pricing/public/quotes` (partnerApiKey, fiat and crypto
 *   codes, network, payment method, the amount, the country), limits from
 *   `GET /api/v2/currencies/fiat-currencies` (each payment option's min and max, cached an hour);
 * - an order's widget from the gateway's Create Widget URL, `POST /api/v2/auth/session` with the
 *   widget parameters (our order id as `partnerOrderId`, the wallet locked, the return URL): the
 *   `widgetUrl` is the checkout. Transak creates its order only when the visitor confirms in the
 *   widget, so no Transak id is known at creation;
 * - its status from the gateway's Get Partner Orders (`?partnerOrderId=` our id) or, once a webhook
 *   or lookup told us Transak's id, Get Partner Order By ID;
 * - webhooks posted as `{"data": "<JWT>"}`, the JWT signed HS256 with the Partner Access Token; its
 *   claims carry `eventID` and `webhookData` (the order). Refused unsigned, wrongly signed or
 *   expired. The token before the last refresh is still accepted, for events signed just before it.
 *
 * Coverage and codes come from content/fiat/providers.json: `coin/network` → `COIN:network`
 * (Transak's crypto code and network name) and `payment/{method}` → Transak's payment method id.
 */

/** Transak order statuses ("Order Status Reference") → ours. */
export const TRANSAK_STATUSES: Readonly<Record<string, FiatOrderStatus>> = {
  AWAITING_PAYMENT_FROM_USER: 'pending_payment',
  PAYMENT_DONE_MARKED_BY_USER: 'pending_payment',
  PROCESSING: 'paid',
  PENDING_DELIVERY_FROM_TRANSAK: 'sending',
  ON_HOLD_PENDING_DELIVERY_FROM_TRANSAK: 'sending',
  COMPLETED: 'completed',
  CANCELLED: 'failed',
  FAILED: 'failed',
  REFUNDED: 'refunded',
  EXPIRED: 'expired',
};

/** The access token as every process shares it; `expiresAt` in Unix seconds. */
export interface SharedAccessToken {
  token: string;
  expiresAt: number;
  /** The token before it (still accepted on webhooks signed just before the refresh). */
  previous: string | null;
}

/** Where the processes share the access token. */
export interface AccessTokenStore {
  read(): Promise<SharedAccessToken | null>;
  /**
   * Under the store's lock: the stored token when it is not `wanting` and still `fresh` (another
   * process refreshed meanwhile), otherwise `issue`'s, stored with the one before it.
   */
  replace(
    wanting: string | null,
    fresh: (shared: SharedAccessToken | null) => boolean,
    issue: () => Promise<{ token: string; expiresAt: number }>,
  ): Promise<SharedAccessToken>;
}

/** One process alone (tests, scripts): the token in memory. */
export class MemoryTokenStore implements AccessTokenStore {
  #held: SharedAccessToken | null = null;
  async read(): Promise<SharedAccessToken | null> {
    return this.#held;
  }
  async replace(
    wanting: string | null,
    fresh: (shared: SharedAccessToken | null) => boolean,
    issue: () => Promise<{ token: string; expiresAt: number }>,
  ): Promise<SharedAccessToken> {
    if (this.#held && this.#held.token !== wanting && fresh(this.#held)) return this.#held;
    const issued = await issue();
    this.#held = { ...issued, previous: this.#held?.token ?? null };
    return this.#held;
  }
}

export interface TransakOptions {
  apiKey: string;
  apiSecret: string;
  /** Transak's API: `https://api.transak.com` (staging `https://api-stg.transak.com`). */
  apiUrl: string;
  /** Transak's gateway: `https://api-gateway.transak.com` (staging `https://api-gateway-stg.transak.com`). */
  gatewayUrl: string;
  /** Our domain, as registered with Transak (the widget's `referrerDomain`). */
  referrerDomain: string;
  coverage: ProviderCoverage;
  fetch?: typeof fetch;
  now?: () => Date;
  /** How long the payment options' limits are kept (default an hour). */
  limitsTtlMs?: number;
  /** Where the access token is shared (default: this process's memory). */
  tokens?: AccessTokenStore;
}

type Json = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string' && value !== ''
      ? value
      : null;

/** A decimal string of a Transak amount (numbers or strings), rounded down to `places`. */
function decimal(value: unknown, places = 8): string {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) return '0';
  const factor = 10 ** places;
  return (Math.floor(number * factor + 1e-9) / factor)
    .toFixed(places)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

const base64url = (input: string | Buffer) => Buffer.from(input).toString('base64url');

/** An HS256 JWT of `claims` (what Transak's webhooks carry in `data`; the fake signs with it). */
export function transakJwt(claims: Json, secret: string): string {
  const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** The claims of an HS256 JWT signed with one of `secrets`; null when none signs it. */
function verifyJwt(token: string, secrets: readonly string[]): Json | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  let header: Json;
  let claims: Json;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as Json;
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Json;
  } catch {
    return null;
  }
  if (header.alg !== 'HS256' || typeof claims !== 'object' || claims === null) return null;
  const given = Buffer.from(signature, 'base64url');
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
    if (given.length === expected.length && timingSafeEqual(given, expected)) return claims;
  }
  return null;
}

interface PaymentLimits {
  at: number;
  /** `FIAT/method` → limits in that fiat. */
  limits: Map<string, { min: number; max: number; active: boolean }>;
}

/** Refreshed this long before the token expires (it lives 7 days). */
const REFRESH_BEFORE_SECONDS = 24 * 3600;

export class TransakProvider implements FiatProvider {
  readonly id: string;
  readonly name: string;
  readonly #o: Required<Omit<TransakOptions, 'fetch' | 'now'>> & { fetch: typeof fetch; now: () => Date };
  /** The shared token as this process last read it. */
  #token: SharedAccessToken | null = null;
  #refreshing: Promise<string> | null = null;
  #limits: PaymentLimits | null = null;

  constructor(options: TransakOptions) {
    this.id = options.coverage.id;
    this.name = options.coverage.name;
    this.#o = {
      fetch: fetch,
      now: () => new Date(),
      limitsTtlMs: 3_600_000,
      tokens: new MemoryTokenStore(),
      ...options,
      apiUrl: options.apiUrl.replace(/\/+$/, ''),
      gatewayUrl: options.gatewayUrl.replace(/\/+$/, ''),
    };
  }

  #asset(coin: string, network: string): { coin: string; network: string } {
    const code = this.#o.coverage.codes?.[`${coin}/${network}`];
    const [coinCode, networkCode] = code?.split(':') ?? [];
    if (!coinCode || !networkCode)
      throw new FiatProviderError(this.id, 'unsupported', 'Transak has no code for this asset');
    return { coin: coinCode, network: networkCode };
  }

  async #request(
    url: string,
    init: RequestInit,
    signal: AbortSignal,
  ): Promise<{ status: number; body: Json }> {
    const { status, body: parsed } = await rampJson({ id: this.id, label: 'Transak' }, this.#o.fetch, url, {
      ...init,
      signal,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...init.headers },
    });
    if (status >= 500) throw new FiatProviderError(this.id, 'upstream_error', `Transak answered ${status}`);
    return { status, body: (parsed && typeof parsed === 'object' ? parsed : {}) as Json };
  }

  #failure(status: number, body: Json): FiatProviderError {
    const error = (body.error ?? {}) as Json;
    const message = String(error.message ?? body.message ?? '');
    return new FiatProviderError(
      this.id,
      status === 401 || status === 403 ? 'upstream_error' : 'unsupported',
      `Transak answered ${status}${message ? `: ${message}` : ''}`,
    );
  }

  #fresh = (shared: SharedAccessToken | null): shared is SharedAccessToken =>
    shared !== null && shared.expiresAt - this.#o.now().getTime() / 1000 > REFRESH_BEFORE_SECONDS;

  /**
   * The Partner Access Token: the one this process holds while fresh and not `refused`; else the
   * shared one, when another process has refreshed it; else a new one, issued once under the store's
   * lock.
   */
  async #accessToken(signal: AbortSignal, refused?: string): Promise<string> {
    const held = this.#token;
    if (held && held.token !== refused && this.#fresh(held)) return held.token;
    this.#refreshing ??= (async () => {
      const shared = await this.#o.tokens.read();
      if (shared && shared.token !== refused && this.#fresh(shared)) {
        this.#token = shared;
        return shared.token;
      }
      const replaced = await this.#o.tokens.replace(refused ?? shared?.token ?? null, this.#fresh, () =>
        this.#issueToken(signal),
      );
      this.#token = replaced;
      return replaced.token;
    })().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  /** A new token from Transak (which invalidates the one before). */
  async #issueToken(signal: AbortSignal): Promise<{ token: string; expiresAt: number }> {
    const { status, body } = await this.#request(
      `${this.#o.apiUrl}/partners/api/v2/refresh-token`,
      {
        method: 'POST',
        headers: { 'api-secret': this.#o.apiSecret },
        body: JSON.stringify({ apiKey: this.#o.apiKey }),
      },
      signal,
    );
    if (status !== 200 && status !== 201) throw this.#failure(status, body);
    const data = (body.data ?? {}) as Json;
    const token = text(data.accessToken);
    const expiresAt = Number(data.expiresAt);
    if (!token || !Number.isFinite(expiresAt)) {
      throw new FiatProviderError(this.id, 'upstream_error', 'Transak gave no access token');
    }
    return { token, expiresAt };
  }

  /** A call with the Partner Access Token in `header`, refreshed and repeated once on a 401. */
  async #authorized(url: string, init: RequestInit, header: string, signal: AbortSignal) {
    const token = await this.#accessToken(signal);
    const first = await this.#request(url, { ...init, headers: { [header]: token } }, signal);
    if (first.status !== 401) return first;
    const fresh = await this.#accessToken(signal, token);
    return this.#request(url, { ...init, headers: { [header]: fresh } }, signal);
  }

  /** The payment options' limits per fiat currency (public; cached). */
  async #paymentLimits(signal: AbortSignal): Promise<PaymentLimits['limits']> {
    const now = this.#o.now().getTime();
    if (this.#limits && now - this.#limits.at < this.#o.limitsTtlMs) return this.#limits.limits;
    const query = new URLSearchParams({ apiKey: this.#o.apiKey });
    const { status, body } = await this.#request(
      `${this.#o.apiUrl}/api/v2/currencies/fiat-currencies?${query}`,
      { method: 'GET' },
      signal,
    );
    if (status !== 200) throw this.#failure(status, body);
    const limits: PaymentLimits['limits'] = new Map();
    for (const currency of (body.response ?? []) as Json[]) {
      const fiat = String(currency.symbol ?? '').toUpperCase();
      if (!fiat || currency.isAllowed === false) continue;
      for (const option of (currency.paymentOptions ?? []) as Json[]) {
        limits.set(`${fiat}/${String(option.id)}`, {
          min: Number(option.minAmount ?? 0),
          max: Number(option.maxAmount ?? 0),
          active: option.isActive !== false,
        });
      }
    }
    this.#limits = { at: now, limits };
    return limits;
  }

  async quote(request: FiatQuoteRequest, signal: AbortSignal): Promise<FiatProviderQuote> {
    const c = this.#o.coverage;
    const paymentMethod = c.codes?.[`payment/${request.paymentMethod}`];
    if (unservedBecause(c, request) !== null || !paymentMethod) {
      throw new FiatProviderError(this.id, 'unsupported', 'Transak does not serve this request');
    }
    const asset = this.#asset(request.coin, request.network);
    const fiat = request.fiat.toUpperCase();
    const buy = request.side === 'buy';
    const limit = (await this.#paymentLimits(signal)).get(`${fiat}/${paymentMethod}`);
    if (!limit?.active) {
      throw new FiatProviderError(this.id, 'unsupported', `Transak offers no ${paymentMethod} in ${fiat}`);
    }
    const amount = Number(request.amount);
    const outOfRange = (min: string, max: string) =>
      new FiatProviderError(this.id, 'amount_out_of_range', `Amount must be between ${min} and ${max}`, {
        min,
        max,
      });
    // A purchase's limits are in its fiat: checked before asking for a price.
    if (buy && limit.max > 0 && (amount < limit.min || amount > limit.max)) {
      throw outOfRange(decimal(limit.min, 2), decimal(limit.max, 2));
    }
    const query = new URLSearchParams({
      partnerApiKey: this.#o.apiKey,
      fiatCurrency: fiat,
      cryptoCurrency: asset.coin,
      isBuyOrSell: buy ? 'BUY' : 'SELL',
      network: asset.network,
      paymentMethod,
      ...(buy ? { fiatAmount: request.amount } : { cryptoAmount: request.amount }),
      quoteCountryCode: request.country.toUpperCase(),
    });
    const { status, body } = await this.#request(
      `${this.#o.apiUrl}/api/v1/pricing/public/quotes?${query}`,
      { method: 'GET', headers: { 'x-api-key': this.#o.apiKey } },
      signal,
    );
    if (status !== 200) throw this.#failure(status, body);
    const price = (body.response ?? {}) as Json;
    const fiatValue = Number(price.fiatAmount);
    const cryptoValue = Number(price.cryptoAmount);
    if (!(fiatValue > 0) || !(cryptoValue > 0)) {
      throw new FiatProviderError(this.id, 'upstream_error', 'Transak price without amounts');
    }
    const breakdown = (price.feeBreakdown ?? []) as Json[];
    const networkFee = breakdown
      .filter((fee) => /network/i.test(`${String(fee.id ?? '')} ${String(fee.name ?? '')}`))
      .reduce((sum, fee) => sum + Number(fee.value ?? 0), 0);
    const totalFee = Number(price.totalFee ?? 0);
    const perCoin = fiatValue / cryptoValue;
    // A sale's limits are told in the coin it sells, at this price.
    const [min, max] = buy
      ? [decimal(limit.min, 2), decimal(limit.max, 2)]
      : [decimal(limit.min / perCoin), decimal(limit.max / perCoin)];
    if (!buy && limit.max > 0 && (amount < Number(min) || amount > Number(max))) throw outOfRange(min, max);
    return {
      provider: this.id,
      side: request.side,
      paymentMethod: request.paymentMethod,
      fiatAmount: decimal(fiatValue, 2),
      cryptoAmount: decimal(cryptoValue),
      rate: decimal(perCoin),
      fee: decimal(Math.max(0, totalFee - networkFee), 2),
      networkFee: decimal(networkFee, 2),
      min,
      max,
    };
  }

  async createOrder(request: FiatOrderRequest, signal: AbortSignal): Promise<ProviderFiatOrder> {
    const asset = this.#asset(request.coin, request.network);
    const paymentMethod = this.#o.coverage.codes?.[`payment/${request.paymentMethod}`];
    if (!paymentMethod)
      throw new FiatProviderError(this.id, 'unsupported', 'Transak does not take this method');
    // The widget has no memo field: an asset that needs one is not in Transak's coverage.
    if (request.walletMemo) throw new FiatProviderError(this.id, 'unsupported', 'Transak takes no memo');
    const buy = request.side === 'buy';
    const widgetParams: Json = {
      apiKey: this.#o.apiKey,
      referrerDomain: this.#o.referrerDomain,
      productsAvailed: buy ? 'BUY' : 'SELL',
      cryptoCurrencyCode: asset.coin,
      network: asset.network,
      fiatCurrency: request.fiat.toUpperCase(),
      paymentMethod,
      countryCode: request.country.toUpperCase(),
      partnerOrderId: request.reference,
      redirectURL: request.returnUrl,
      hideExchangeScreen: true,
      ...(buy
        ? {
            fiatAmount: Number(request.fiatAmount),
            walletAddress: request.walletAddress,
            disableWalletAddressForm: true,
          }
        : { cryptoAmount: Number(request.cryptoAmount) }),
    };
    const { status, body } = await this.#authorized(
      `${this.#o.gatewayUrl}/api/v2/auth/session`,
      { method: 'POST', body: JSON.stringify({ widgetParams }) },
      'access-token',
      signal,
    );
    if (status !== 200 && status !== 201) throw this.#failure(status, body);
    const checkoutUrl = text(((body.data ?? {}) as Json).widgetUrl);
    if (!checkoutUrl?.startsWith('https://')) {
      throw new FiatProviderError(this.id, 'upstream_error', 'Transak gave no widget URL');
    }
    // Transak's order exists once the visitor confirms in the widget: found by our id until then.
    return { providerOrderId: null, checkoutUrl };
  }

  async getOrder(
    reference: string,
    signal: AbortSignal,
    providerOrderId?: string | null,
  ): Promise<ProviderFiatOrderState | null> {
    let order: Json | undefined;
    if (providerOrderId) {
      const { status, body } = await this.#authorized(
        `${this.#o.gatewayUrl}/api/v2/partner/orders/${encodeURIComponent(providerOrderId)}`,
        { method: 'GET' },
        'x-access-token',
        signal,
      );
      if (status === 404) return null;
      if (status !== 200) throw this.#failure(status, body);
      order = (body.data ?? undefined) as Json | undefined;
    } else {
      const query = new URLSearchParams({ partnerOrderId: reference, limit: '5' });
      const { status, body } = await this.#authorized(
        `${this.#o.gatewayUrl}/api/v2/partner/orders?${query}`,
        { method: 'GET' },
        'x-access-token',
        signal,
      );
      if (status !== 200) throw this.#failure(status, body);
      order = ((body.data ?? []) as Json[]).find((o) => o.partnerOrderId === reference);
    }
    if (!order) return null;
    const status = TRANSAK_STATUSES[String(order.status ?? '')];
    if (!status) {
      throw new FiatProviderError(
        this.id,
        'upstream_error',
        `Unknown Transak status ${String(order.status)}`,
      );
    }
    return { providerOrderId: text(order.id) ?? providerOrderId ?? null, status, txHash: payoutHash(order) };
  }

  async verifyWebhook(_headers: Headers, rawBody: string): Promise<FiatWebhookEvent> {
    let envelope: Json;
    try {
      envelope = JSON.parse(rawBody) as Json;
    } catch {
      throw new FiatProviderError(this.id, 'bad_signature', 'Webhook body is not JSON');
    }
    const jwt = typeof envelope?.data === 'string' ? envelope.data : null;
    if (!jwt)
      throw new FiatProviderError(this.id, 'bad_signature', 'Transak webhook without its signed data');
    const secrets = (token: SharedAccessToken | null) =>
      [token?.token, token?.previous].filter((s): s is string => Boolean(s));
    let claims = verifyJwt(jwt, secrets(this.#token));
    if (!claims) {
      // Another process may have refreshed the token since this one read it.
      const shared = await this.#o.tokens.read().catch(() => null);
      if (shared) this.#token = shared;
      claims = verifyJwt(jwt, secrets(shared));
    }
    if (!claims && !this.#token) {
      // No token anywhere yet: fetch one, so that Transak's retry (signed with it) verifies.
      void this.#accessToken(AbortSignal.timeout(10_000)).catch(() => {});
      throw new FiatProviderError(this.id, 'bad_signature', 'No Transak access token to verify with yet');
    }
    if (!claims) throw new FiatProviderError(this.id, 'bad_signature', 'Bad Transak webhook signature');
    if (typeof claims.exp === 'number' && claims.exp < this.#o.now().getTime() / 1000) {
      throw new FiatProviderError(this.id, 'bad_signature', 'Expired Transak webhook');
    }
    const order = (claims.webhookData ?? {}) as Json;
    const providerOrderId = text(order.id);
    if (!providerOrderId) throw new FiatProviderError(this.id, 'bad_signature', 'Webhook without an order');
    return {
      // Transak sends no event id: the signed token is unique per event.
      eventId: createHash('sha256').update(jwt).digest('hex'),
      orderId: text(order.partnerOrderId) ?? '',
      providerOrderId,
      status: TRANSAK_STATUSES[String(order.status ?? '')] ?? 'created',
      txHash: payoutHash(order),
    };
  }
}

/** The payout's hash: a purchase's coins sent to the visitor (a sale's hash is the visitor's deposit). */
function payoutHash(order: Json): string | null {
  if (String(order.isBuyOrSell ?? 'BUY').toUpperCase() !== 'BUY') return null;
  return text(order.transactionHash);
}
