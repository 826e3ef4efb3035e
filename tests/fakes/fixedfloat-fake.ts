import { createHmac, randomBytes } from 'node:crypto';
import { depositAddressFor, depositMemoFor } from '../../core/address/generate.ts';
import { validateAddress } from '../../core/address/validate.ts';
import { Big } from '../../core/exchange/decimal.ts';
import {
  addressSeed,
  FakeHttpError,
  type FakeServer,
  fakeMarket,
  fakeTxHash,
  type RecordedRequest,
  startFakeServer,
} from './fake-server.ts';

/**
 * A local FixedFloat API v2 for the adapter's tests, answering as ff.io/api documents: POST
 * /api/v2/{ccies,price,create,order,emergency}, each body signed with HMAC-SHA256 (X-API-SIGN) and
 * answered as `{ code, msg, data }`; orders with NEW…DONE, EXPIRED and EMERGENCY.
 */

interface Ccy {
  code: string;
  coin: string;
  network: string;
  ours: string;
}

const CCIES: Ccy[] = [
  { code: 'BTC', coin: 'BTC', network: 'BTC', ours: 'bitcoin' },
  { code: 'ETH', coin: 'ETH', network: 'ETH', ours: 'ethereum' },
  { code: 'USDT', coin: 'USDT', network: 'ETH', ours: 'ethereum' },
  { code: 'USDTTRC', coin: 'USDT', network: 'TRX', ours: 'tron' },
  { code: 'XRP', coin: 'XRP', network: 'XRP', ours: 'xrp' },
  { code: 'LTC', coin: 'LTC', network: 'LTC', ours: 'litecoin' },
  { code: 'SOL', coin: 'SOL', network: 'SOL', ours: 'solana' },
];

interface Order {
  id: string;
  token: string;
  type: string;
  status: string;
  from: Ccy;
  to: Ccy;
  amountFrom: string;
  amountTo: string;
  depositAddress: string;
  depositTag: string | null;
  toAddress: string;
  toTag: string | null;
  fromTx: string | null;
  toTx: string | null;
  backTx: string | null;
  backAddress: string | null;
  emergency: string[];
  choice: string;
}

export interface FixedFloatFake extends FakeServer {
  url: string;
  apiKey: string;
  apiSecret: string;
  order(id: string): Order | undefined;
  /** Takes the adapter's `{id}:{token}` or a bare id. */
  setStatus(reference: string, status: string, emergency?: string[]): void;
}

const SPREAD_BPS = 50;
const FIXED_EXTRA_BPS = 50;
const FEE_USD = 2;

export async function startFixedFloatFake(): Promise<FixedFloatFake> {
  const apiKey = 'ff-key';
  const apiSecret = 'ff-secret';
  const market = fakeMarket();
  const orders = new Map<string, Order>();
  const error = (code: number, msg: string): never => {
    throw new FakeHttpError(200, { code, msg, data: null });
  };
  const ok = (data: unknown) => ({ code: 0, msg: 'OK', data });
  const ccy = (code: unknown): Ccy =>
    CCIES.find((c) => c.code === code) ?? error(311, `Invalid currency: ${String(code)}`);

  function price(params: Record<string, unknown>) {
    const from = ccy(params.fromCcy);
    const to = ccy(params.toCcy);
    const amount = new Big(typeof params.amount === 'number' ? params.amount : 0);
    const limits = market.limits(from.coin, 10, 35_000);
    const extra = params.type === 'fixed' ? FIXED_EXTRA_BPS : 0;
    const { out } = market.convert(from.coin, to.coin, amount, SPREAD_BPS + extra, FEE_USD);
    const errors: string[] = [];
    if (amount.lt(limits.min)) errors.push('LIMIT_MIN');
    if (amount.gt(limits.max)) errors.push('LIMIT_MAX');
    return { from, to, amount, out, limits, errors };
  }

  function view(order: Order) {
    const tx = (id: string | null, amount: string) =>
      id ? { id, amount, fee: '0', confirmations: '1' } : { id: null, amount: null };
    return {
      id: order.id,
      type: order.type,
      email: '',
      status: order.status,
      time: { reg: 0, start: null, finish: null, update: 0, expiration: 0, left: 1800 },
      from: {
        code: order.from.code,
        coin: order.from.coin,
        network: order.from.network,
        amount: order.amountFrom,
        address: order.depositAddress,
        tag: order.depositTag,
        tx: tx(order.fromTx, order.amountFrom),
      },
      to: {
        code: order.to.code,
        coin: order.to.coin,
        network: order.to.network,
        amount: order.amountTo,
        address: order.toAddress,
        tag: order.toTag,
        tx: tx(order.toTx, order.amountTo),
      },
      back: {
        code: order.from.code,
        address: order.backAddress,
        tag: null,
        tx: tx(order.backTx, order.amountFrom),
      },
      emergency: { status: order.emergency, choice: order.choice, repeat: '0' },
      token: order.token,
    };
  }

  function handle(request: RecordedRequest): unknown {
    const sign = createHmac('sha256', apiSecret).update(request.rawBody).digest('hex');
    if (request.headers['x-api-key'] !== apiKey || request.headers['x-api-sign'] !== sign)
      error(401, 'Invalid API key or signature');
    const params = (request.body ?? {}) as Record<string, unknown>;
    switch (request.path) {
      case '/api/v2/ccies':
        return ok(
          CCIES.map((c) => ({
            code: c.code,
            coin: c.coin,
            network: c.network,
            priority: 1,
            name: c.coin,
            recv: 1,
            send: 1,
            tag: null,
          })),
        );
      case '/api/v2/price': {
        const p = price(params);
        const side = (c: Ccy, amount: Big) => ({
          code: c.code,
          network: c.network,
          coin: c.coin,
          amount: amount.toFixed(),
          rate: '1',
          precision: 8,
          min: c === p.from ? p.limits.min.toFixed() : '0',
          max: c === p.from ? p.limits.max.toFixed() : '0',
          usd: '0',
        });
        return ok({ from: side(p.from, p.amount), to: side(p.to, p.out), errors: p.errors });
      }
      case '/api/v2/create': {
        const p = price(params);
        if (p.errors.length > 0) error(301, `Amount out of limits: ${p.errors.join(',')}`);
        if (!validateAddress(p.to.ours, String(params.toAddress ?? '')).valid) error(301, 'Invalid address');
        const id = randomBytes(3).toString('hex').toUpperCase();
        const seed = addressSeed(id);
        const order: Order = {
          id,
          token: randomBytes(16).toString('hex'),
          type: String(params.type),
          status: 'NEW',
          from: p.from,
          to: p.to,
          amountFrom: p.amount.toFixed(),
          amountTo: p.out.toFixed(),
          depositAddress: depositAddressFor(p.from.ours, seed),
          depositTag: depositMemoFor(p.from.ours, seed) ?? null,
          toAddress: String(params.toAddress),
          toTag: typeof params.tag === 'string' ? params.tag : null,
          fromTx: null,
          toTx: null,
          backTx: null,
          backAddress: null,
          emergency: [],
          choice: 'NONE',
        };
        orders.set(id, order);
        return ok(view(order));
      }
      case '/api/v2/order': {
        const order = orders.get(String(params.id));
        if (!order || order.token !== params.token) return error(301, 'Order not found');
        return ok(view(order));
      }
      case '/api/v2/emergency': {
        const order = orders.get(String(params.id));
        if (!order || order.token !== params.token) return error(301, 'Order not found');
        if (order.status !== 'EMERGENCY') return error(301, 'Order is not in emergency');
        order.choice = String(params.choice);
        if (order.choice === 'REFUND') order.backAddress = String(params.address ?? '');
        return ok(true);
      }
      default:
        return error(404, 'Method not found');
    }
  }

  const server = await startFakeServer(handle, {
    failBody: { code: 500, msg: 'Internal error', data: null },
  });
  return {
    ...server,
    url: `${server.origin}/api/v2`,
    apiKey,
    apiSecret,
    order: (id) => orders.get(id.split(':')[0] ?? ''),
    setStatus(reference, status, emergency = []) {
      const order = orders.get(reference.split(':')[0] ?? '');
      if (!order) throw new Error(`No order ${reference}`);
      order.status = status;
      order.emergency = emergency;
      if (!['NEW', 'EXPIRED'].includes(status)) order.fromTx = fakeTxHash('fixedfloat', 'from', order.id);
      if (status === 'WITHDRAW' || status === 'DONE') order.toTx = fakeTxHash('fixedfloat', 'to', order.id);
    },
  };
}

/** A refund the fake sends back, for the emergency tests. */
export function fakeRefund(fake: FixedFloatFake, reference: string): void {
  const order = fake.order(reference);
  if (!order) throw new Error(`No order ${reference}`);
  order.status = 'DONE';
  order.toTx = null;
  order.backTx = fakeTxHash('fixedfloat', 'back', order.id);
}
