import { randomBytes, randomUUID } from 'node:crypto';
import { transakJwt } from '../../core/fiat/transak.ts';
import { FakeHttpError, type FakeServer, type RecordedRequest, startFakeServer } from './fake-server.ts';

/**
 * A local Transak for the adapter's tests, answering as docs.transak.com shows (one origin serves
 * both the API and the gateway): POST /partners/api/v2/refresh-token (`api-secret` header, the key
 * in the body; a new token invalidates the one before), GET /api/v2/currencies/fiat-currencies
 * (payment options with their limits), GET /api/v1/pricing/public/quotes (the quote with its fee
 * breakdown), POST /api/v2/auth/session (Create Widget URL: `widgetParams` in, `widgetUrl` out),
 * GET /api/v2/partner/orders[?partnerOrderId=] and /api/v2/partner/orders/{id} (`x-access-token`).
 * `placeOrder` plays the visitor confirming in the widget; `webhook` signs `{data: JWT}` with the
 * current access token as Transak does.
 */

export interface TransakFakeOrder {
  id: string;
  partnerOrderId: string;
  status: string;
  isBuyOrSell: 'BUY' | 'SELL';
  fiatCurrency: string;
  cryptoCurrency: string;
  network: string;
  fiatAmount: number;
  cryptoAmount: number | null;
  walletAddress: string | null;
  paymentOptionId: string;
  transactionHash: string | null;
}

export interface TransakFake extends FakeServer {
  apiKey: string;
  apiSecret: string;
  /** The widget sessions created, by session id. */
  sessions: Map<string, Record<string, unknown>>;
  orders: Map<string, TransakFakeOrder>;
  /** The access token Transak currently accepts (and signs webhooks with). */
  accessToken(): string | null;
  /** Issues a new token behind the adapter's back (another node refreshed): the one it holds fails. */
  rotateToken(): string;
  /** The visitor confirms the order of a widget session: Transak's order exists from now on. */
  placeOrder(partnerOrderId: string): TransakFakeOrder;
  setStatus(id: string, status: string, transactionHash?: string): void;
  /** The order webhook Transak would post, signed with its current token (or `secret`). */
  webhook(
    id: string,
    options?: { secret?: string; eventID?: string; exp?: number },
  ): { headers: Headers; body: string };
}

const PRICE_USD: Record<string, number> = { BTC: 60_000, ETH: 3_000, USDT: 1, USDC: 1, SOL: 150 };
const FIAT_PER_USD: Record<string, number> = { USD: 1, EUR: 0.9, GBP: 0.8 };
const FEE_RATE: Record<string, number> = {
  credit_debit_card: 0.035,
  apple_pay: 0.035,
  google_pay: 0.035,
  sepa_bank_transfer: 0.01,
};
const NETWORK_FEE_USD = 1.5;

export async function startTransakFake(): Promise<TransakFake> {
  const apiKey = '4fcd6904-706b-4aff-bd9d-77422813bbb7';
  const apiSecret = 'transak-secret';
  const sessions = new Map<string, Record<string, unknown>>();
  const orders = new Map<string, TransakFakeOrder>();
  let token: string | null = null;
  const fail = (status: number, message: string): never => {
    throw new FakeHttpError(status, { error: { statusCode: status, name: 'Error', message } });
  };
  const issue = () => {
    const iat = Math.floor(Date.now() / 1000);
    token = transakJwt(
      { API_KEY: apiKey, iat, exp: iat + 7 * 86_400, n: randomBytes(4).toString('hex') },
      'x',
    );
    return { accessToken: token, expiresAt: iat + 7 * 86_400 };
  };
  const authorized = (request: RecordedRequest, header: string) => {
    if (!token || request.headers[header] !== token) fail(401, 'Invalid or expired access token');
  };

  function price(q: Record<string, string>) {
    if (q.partnerApiKey !== apiKey) return fail(401, 'Invalid partnerApiKey');
    const fiat = q.fiatCurrency ?? '';
    const coin = q.cryptoCurrency ?? '';
    const perUsd = FIAT_PER_USD[fiat];
    const usd = PRICE_USD[coin];
    const feeRate = FEE_RATE[q.paymentMethod ?? ''];
    if (!perUsd || !usd || feeRate === undefined) return fail(400, 'Invalid fiat or crypto currency');
    const spot = usd * perUsd;
    const networkFee = NETWORK_FEE_USD * perUsd;
    const buy = q.isBuyOrSell === 'BUY';
    const gross = buy ? Number(q.fiatAmount) : Number(q.cryptoAmount) * spot;
    if (!(gross > 0)) return fail(400, 'Invalid amount');
    const transakFee = Math.round(gross * feeRate * 100) / 100;
    const totalFee = Math.round((transakFee + networkFee) * 100) / 100;
    const fiatAmount = buy ? gross : Math.round((gross - totalFee) * 100) / 100;
    const cryptoAmount = buy ? Number(((gross - totalFee) / spot).toFixed(8)) : Number(q.cryptoAmount);
    return {
      response: {
        quoteId: randomUUID(),
        conversionPrice: buy ? 1 / spot : spot,
        marketConversionPrice: buy ? 1 / spot : spot,
        slippage: 0.5,
        fiatCurrency: fiat,
        cryptoCurrency: coin,
        paymentMethod: q.paymentMethod,
        fiatAmount,
        cryptoAmount,
        isBuyOrSell: q.isBuyOrSell,
        network: q.network,
        feeDecimal: feeRate,
        totalFee,
        feeBreakdown: [
          { name: 'Transak fee', value: transakFee, id: 'transak_fee', ids: ['transak_fee'] },
          { name: 'Network/Exchange fee', value: networkFee, id: 'network_fee', ids: ['network_fee'] },
        ],
        nonce: Math.floor(Date.now() / 1000),
      },
    };
  }

  function handle(request: RecordedRequest): unknown {
    const q = request.query;
    if (request.method === 'POST' && request.path === '/partners/api/v2/refresh-token') {
      const body = request.body as { apiKey?: string } | null;
      if (request.headers['api-secret'] !== apiSecret || body?.apiKey !== apiKey) {
        return fail(401, 'Invalid API key or secret');
      }
      return { data: issue() };
    }
    if (request.method === 'GET' && request.path === '/api/v2/currencies/fiat-currencies') {
      if (q.apiKey !== apiKey) return fail(401, 'Invalid apiKey');
      const options = (max: number) => [
        { id: 'credit_debit_card', name: 'Card', minAmount: 30, maxAmount: max, isActive: true },
        { id: 'apple_pay', name: 'Apple Pay', minAmount: 30, maxAmount: 1500, isActive: true },
        { id: 'google_pay', name: 'Google Pay', minAmount: 30, maxAmount: 1500, isActive: false },
      ];
      return {
        response: [
          { symbol: 'USD', name: 'US Dollar', isAllowed: true, paymentOptions: options(3000) },
          {
            symbol: 'EUR',
            name: 'Euro',
            isAllowed: true,
            paymentOptions: [
              ...options(3000),
              { id: 'sepa_bank_transfer', name: 'SEPA', minAmount: 20, maxAmount: 10000, isActive: true },
            ],
          },
          { symbol: 'GBP', name: 'Pound Sterling', isAllowed: true, paymentOptions: options(2500) },
        ],
      };
    }
    if (request.method === 'GET' && request.path === '/api/v1/pricing/public/quotes') return price(q);
    if (request.method === 'POST' && request.path === '/api/v2/auth/session') {
      authorized(request, 'access-token');
      const params = ((request.body ?? {}) as { widgetParams?: Record<string, unknown> }).widgetParams;
      if (!params || params.apiKey !== apiKey || !params.referrerDomain) {
        return fail(400, 'widgetParams.apiKey and widgetParams.referrerDomain are required');
      }
      const sessionId = randomUUID();
      sessions.set(sessionId, params);
      return {
        data: { widgetUrl: `https://global-stg.transak.com?apiKey=${apiKey}&sessionId=${sessionId}` },
      };
    }
    if (request.method === 'GET' && request.path === '/api/v2/partner/orders') {
      authorized(request, 'x-access-token');
      const found = [...orders.values()].filter(
        (o) => !q.partnerOrderId || o.partnerOrderId === q.partnerOrderId,
      );
      return { data: found.slice(0, Number(q.limit ?? 100)) };
    }
    const byId = request.path.match(/^\/api\/v2\/partner\/orders\/([0-9a-f-]+)$/);
    if (request.method === 'GET' && byId) {
      authorized(request, 'x-access-token');
      const order = orders.get(byId[1] ?? '');
      if (!order) return fail(404, 'Order not found');
      return { data: order };
    }
    return fail(404, 'Not found');
  }

  const server = await startFakeServer(handle, {
    failBody: { error: { statusCode: 500, name: 'InternalServerError', message: 'Something went wrong' } },
  });
  return {
    ...server,
    apiKey,
    apiSecret,
    sessions,
    orders,
    accessToken: () => token,
    rotateToken: () => issue().accessToken,
    placeOrder(partnerOrderId) {
      const params = [...sessions.values()].find((p) => p.partnerOrderId === partnerOrderId);
      if (!params) throw new Error(`No widget session for ${partnerOrderId}`);
      const buy = params.productsAvailed === 'BUY';
      const order: TransakFakeOrder = {
        id: randomUUID(),
        partnerOrderId,
        status: 'AWAITING_PAYMENT_FROM_USER',
        isBuyOrSell: buy ? 'BUY' : 'SELL',
        fiatCurrency: String(params.fiatCurrency),
        cryptoCurrency: String(params.cryptoCurrencyCode),
        network: String(params.network),
        fiatAmount: Number(params.fiatAmount ?? 0),
        cryptoAmount: params.cryptoAmount === undefined ? null : Number(params.cryptoAmount),
        walletAddress: typeof params.walletAddress === 'string' ? params.walletAddress : null,
        paymentOptionId: String(params.paymentMethod),
        transactionHash: null,
      };
      orders.set(order.id, order);
      return order;
    },
    setStatus(id, status, transactionHash) {
      const order = orders.get(id);
      if (!order) throw new Error(`No order ${id}`);
      order.status = status;
      if (transactionHash) order.transactionHash = transactionHash;
    },
    webhook(id, options = {}) {
      const order = orders.get(id);
      if (!order) throw new Error(`No order ${id}`);
      const secret = options.secret ?? token;
      if (!secret) throw new Error('No access token issued yet');
      const event = {
        AWAITING_PAYMENT_FROM_USER: 'ORDER_CREATED',
        PAYMENT_DONE_MARKED_BY_USER: 'ORDER_PAYMENT_VERIFYING',
        PROCESSING: 'ORDER_PROCESSING',
        PENDING_DELIVERY_FROM_TRANSAK: 'ORDER_PROCESSING',
        COMPLETED: 'ORDER_COMPLETED',
      }[order.status];
      const claims = {
        webhookData: { ...order, createdAt: new Date().toISOString() },
        eventID: options.eventID ?? event ?? 'ORDER_FAILED',
        createdAt: new Date().toISOString(),
        ...(options.exp === undefined ? {} : { exp: options.exp }),
      };
      return {
        headers: new Headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ data: transakJwt(claims, secret) }),
      };
    },
  };
}
