import { createHmac, randomBytes } from 'node:crypto';
import { BANXA_WEBHOOK_PATH, banxaAuthorization } from '../../core/fiat/banxa.ts';
import { FakeHttpError, type FakeServer, type RecordedRequest, startFakeServer } from './fake-server.ts';

/**
 * A local Banxa (legacy on-/off-ramp API) for the adapter's tests, answering as docs.banxa.com and
 * Banxa's own SDK fixtures show: GET /api/payment-methods, GET /api/prices, POST /api/orders (with
 * `checkout_url`), GET /api/orders/{id}; every request's HMAC `Authorization` is checked, and
 * webhooks (v2 body) are signed the same way over the partner's webhook path.
 */

export interface BanxaFakeOrder {
  id: string;
  account_reference: string;
  order_type: string;
  status: string;
  tx_hash: string | null;
  meta_data: string | null;
  wallet_address: string | null;
  fiat_code: string;
  coin_code: string;
}

export interface BanxaFake extends FakeServer {
  apiKey: string;
  apiSecret: string;
  orders: Map<string, BanxaFakeOrder>;
  setStatus(id: string, status: string, txHash?: string): void;
  /** The v2 webhook Banxa would post about an order, signed (or signed with another secret / time). */
  webhook(
    id: string,
    options?: { secret?: string; nonceMs?: number; externalId?: string },
  ): { headers: Headers; body: string };
}

const PRICE_USD: Record<string, number> = { BTC: 60_000, ETH: 3_000, USDT: 1, USDC: 1 };
const FIAT_PER_USD: Record<string, number> = { USD: 1, EUR: 0.9 };

export async function startBanxaFake(): Promise<BanxaFake> {
  const apiKey = 'banxa-key';
  const apiSecret = 'banxa-secret';
  const orders = new Map<string, BanxaFakeOrder>();
  const fail = (status: number, title: string): never => {
    throw new FakeHttpError(status, { errors: { status, code: status, title } });
  };

  function checkAuth(request: RecordedRequest): void {
    const match = request.headers.authorization?.match(/^Bearer ([^:]+):([0-9a-f]+):(\d+)$/);
    const pathAndQuery =
      request.path + (Object.keys(request.query).length ? `?${new URLSearchParams(request.query)}` : '');
    const lines =
      request.method === 'POST'
        ? ['POST', request.path, match?.[3] ?? '', request.rawBody]
        : ['GET', pathAndQuery, match?.[3] ?? ''];
    const expected = banxaAuthorization(apiKey, apiSecret, lines, match?.[3] ?? '');
    if (!match || request.headers.authorization !== expected) fail(401, 'Unauthorized');
  }

  function handle(request: RecordedRequest): unknown {
    checkAuth(request);
    const q = request.query;
    if (request.method === 'GET' && request.path === '/api/payment-methods') {
      const fiat = PRICE_USD[q.source ?? ''] ? (q.target ?? '') : (q.source ?? '');
      const type = PRICE_USD[q.source ?? ''] ? 'CRYPTO_TO_FIAT' : 'FIAT_TO_CRYPTO';
      return {
        data: {
          payment_methods: [
            {
              id: 6042,
              paymentType: 'WORLDPAYCREDIT',
              name: 'Visa/Mastercard',
              type,
              supported_fiat: [fiat],
              transaction_limits: [{ fiat_code: fiat, min: '30', max: '15000' }],
            },
            {
              id: 6043,
              paymentType: 'WORLDPAYAPPLE',
              name: 'Apple Pay',
              type,
              supported_fiat: [fiat],
              transaction_limits: [{ fiat_code: fiat, min: '30', max: '5000' }],
            },
          ],
        },
      };
    }
    if (request.method === 'GET' && request.path === '/api/prices') {
      const buy = !PRICE_USD[q.source ?? ''];
      const fiat = buy ? (q.source ?? '') : (q.target ?? '');
      const coin = buy ? (q.target ?? '') : (q.source ?? '');
      const perUsd = FIAT_PER_USD[fiat];
      const usd = PRICE_USD[coin];
      if (!perUsd || !usd) return fail(422, 'Unsupported currency');
      const spot = usd * perUsd;
      const amount = Number(q.source_amount);
      const feeRate = q.payment_method_id === '6042' ? 0.0199 : 0.025;
      const networkFee = 1;
      const fiatAmount = buy ? amount : amount * spot;
      const fee = fiatAmount * feeRate;
      const coinAmount = buy ? (amount - fee - networkFee) / spot : amount;
      const payout = buy ? amount : fiatAmount - fee - networkFee;
      return {
        data: {
          spot_price: spot.toFixed(2),
          prices: [
            {
              payment_method_id: Number(q.payment_method_id),
              type: buy ? 'FIAT_TO_CRYPTO' : 'CRYPTO_TO_FIAT',
              spot_price_fee: fee.toFixed(2),
              spot_price_including_fee: (payout / coinAmount).toFixed(2),
              coin_amount: coinAmount.toFixed(8),
              coin_code: coin,
              fiat_amount: payout.toFixed(2),
              fiat_code: fiat,
              fee_amount: fee.toFixed(2),
              network_fee: networkFee.toFixed(2),
            },
          ],
        },
      };
    }
    if (request.method === 'POST' && request.path === '/api/orders') {
      const body = request.body as Record<string, string>;
      if (!body.account_reference) return fail(422, 'account_reference is required');
      const buy = !PRICE_USD[body.source ?? ''];
      const id = randomBytes(16).toString('hex');
      const order: BanxaFakeOrder = {
        id,
        account_reference: body.account_reference,
        order_type: buy ? 'CRYPTO-BUY' : 'CRYPTO-SELL',
        status: 'pendingPayment',
        tx_hash: null,
        meta_data: body.meta_data ?? null,
        wallet_address: body.wallet_address ?? null,
        fiat_code: buy ? (body.source ?? '') : (body.target ?? ''),
        coin_code: buy ? (body.target ?? '') : (body.source ?? ''),
      };
      orders.set(id, order);
      return {
        data: {
          order: {
            ...order,
            checkout_url: `https://partner.banxa-sandbox.com?expires=1660525199&oid=${id}&signature=${createHmac('sha256', apiSecret).update(id).digest('hex')}`,
          },
        },
      };
    }
    const match = request.path.match(/^\/api\/orders\/([0-9a-f]+)$/);
    if (request.method === 'GET' && match) {
      const order = orders.get(match[1] ?? '');
      if (!order) return fail(404, 'Order not found');
      return { data: { order } };
    }
    return fail(404, 'Not found');
  }

  const server = await startFakeServer(handle, {
    failBody: { errors: { status: 500, title: 'Server error' } },
  });
  return {
    ...server,
    apiKey,
    apiSecret,
    orders,
    setStatus(id, status, txHash) {
      const order = orders.get(id);
      if (!order) throw new Error(`No order ${id}`);
      order.status = status;
      if (txHash) order.tx_hash = txHash;
    },
    webhook(id, options = {}) {
      const order = orders.get(id);
      if (!order) throw new Error(`No order ${id}`);
      const body = JSON.stringify({
        order_id: order.id,
        status: order.status,
        status_date: '2026-01-1604:04:21',
        external_id: options.externalId ?? null,
        order_type: order.order_type === 'CRYPTO-BUY' ? 'BUY' : 'SELL',
        crypto_coin: order.coin_code,
        fiat_currency: order.fiat_code,
        transaction_hash: order.tx_hash ?? '0',
        metadata: [],
      });
      const nonce = String(options.nonceMs ?? Date.now());
      const headers = new Headers({
        'content-type': 'application/json',
        authorization: banxaAuthorization(
          apiKey,
          options.secret ?? apiSecret,
          ['POST', BANXA_WEBHOOK_PATH, nonce, body],
          nonce,
        ),
      });
      return { headers, body };
    },
  };
}
