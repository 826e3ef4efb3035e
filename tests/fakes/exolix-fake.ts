import { randomBytes } from 'node:crypto';
import { depositAddressFor, depositMemoFor } from '../../core/address/generate.ts';
import { validateAddress } from '../../core/address/validate.ts';
import { Big, isDecimalString } from '../../core/exchange/decimal.ts';
import { EXOLIX_NETWORKS } from '../../core/providers/exolix.ts';
import { networkFromCode } from '../../core/providers/kit.ts';
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
 * A local Exolix API v2 for the adapter's tests, answering as exolix.com/developers documents:
 * GET /api/v2/rate (422 with the limits when the amount is out of range), POST /api/v2/transactions,
 * GET /api/v2/transactions/{id}; amounts as JSON numbers, hashes as `{ hash, link }`.
 */

export type ExolixFakeStatus =
  | 'wait'
  | 'confirmation'
  | 'confirmed'
  | 'exchanging'
  | 'sending'
  | 'success'
  | 'overdue'
  | 'refunded';

interface Transaction {
  id: string;
  status: ExolixFakeStatus;
  coinFrom: string;
  networkFrom: string;
  coinTo: string;
  networkTo: string;
  amount: number;
  amountTo: number;
  rate: number;
  rateType: string;
  depositAddress: string;
  depositExtraId: string | null;
  withdrawalAddress: string;
  withdrawalExtraId: string | null;
  refundAddress: string | null;
  refundExtraId: string | null;
  hashIn: { hash: string | null; link: string | null };
  hashOut: { hash: string | null; link: string | null };
  createdAt: string;
}

export interface ExolixFake extends FakeServer {
  url: string;
  apiKey: string;
  transaction(id: string): Readonly<Transaction> | undefined;
  setStatus(id: string, status: string): void;
}

const SERVED = new Set(['BTC:BTC', 'ETH:ETH', 'USDT:ETH', 'USDT:TRX', 'XRP:XRP', 'LTC:LTC', 'SOL:SOL']);
const SPREAD_BPS = 45;
const FIXED_EXTRA_BPS = 80;
const FEE_USD = 2.5;

export async function startExolixFake(options: { apiKey?: string } = {}): Promise<ExolixFake> {
  const apiKey = options.apiKey ?? 'exolix-key';
  const market = fakeMarket();
  const transactions = new Map<string, Transaction>();
  const fail = (status: number, message: string): never => {
    throw new FakeHttpError(status, { message });
  };

  function rate(q: Record<string, string | undefined>) {
    const from = `${q.coinFrom}:${q.networkFrom}`;
    const to = `${q.coinTo}:${q.networkTo}`;
    if (!SERVED.has(from) || !SERVED.has(to)) fail(400, 'Pair is not available');
    if (!isDecimalString(q.amount ?? '')) fail(400, 'amount must be a number');
    const amount = new Big(q.amount ?? '0');
    const limits = market.limits(q.coinFrom ?? '', 10, 40_000);
    const extra = q.rateType === 'fixed' ? FIXED_EXTRA_BPS : 0;
    const { out } = market.convert(q.coinFrom ?? '', q.coinTo ?? '', amount, SPREAD_BPS + extra, FEE_USD);
    const body = {
      fromAmount: Number(amount.toFixed()),
      toAmount: Number(out.toFixed()),
      rate: Number(out.div(amount).round(8).toFixed()),
      message: null as string | null,
      minAmount: Number(limits.min.toFixed()),
      withdrawMin: 0.0001,
      maxAmount: Number(limits.max.toFixed()),
    };
    if (amount.lt(limits.min)) {
      throw new FakeHttpError(422, {
        ...body,
        toAmount: 0,
        message: 'Amount to exchange is below the possible min amount to exchange',
      });
    }
    if (amount.gt(limits.max)) {
      throw new FakeHttpError(422, {
        ...body,
        toAmount: 0,
        message: 'Amount to exchange is higher the possible max amount to exchange',
      });
    }
    return body;
  }

  function handle(request: RecordedRequest): unknown {
    if (request.headers.authorization !== apiKey) fail(401, 'Unauthenticated');
    if (request.method === 'GET' && request.path === '/api/v2/rate') return rate(request.query);
    if (request.method === 'POST' && request.path === '/api/v2/transactions') {
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const quoted = rate(body);
      const fromNetwork = networkFromCode(EXOLIX_NETWORKS, body.networkFrom ?? '') ?? '';
      const toNetwork = networkFromCode(EXOLIX_NETWORKS, body.networkTo ?? '') ?? '';
      if (!validateAddress(toNetwork, body.withdrawalAddress ?? '').valid)
        fail(400, 'Withdrawal address is not valid');
      if (body.refundAddress && !validateAddress(fromNetwork, body.refundAddress).valid)
        fail(400, 'Refund address is not valid');
      const id = `ex${randomBytes(6).toString('hex')}`;
      const seed = addressSeed(id);
      const transaction: Transaction = {
        id,
        status: 'wait',
        coinFrom: body.coinFrom ?? '',
        networkFrom: body.networkFrom ?? '',
        coinTo: body.coinTo ?? '',
        networkTo: body.networkTo ?? '',
        amount: quoted.fromAmount,
        amountTo: quoted.toAmount,
        rate: quoted.rate,
        rateType: body.rateType ?? 'float',
        depositAddress: depositAddressFor(fromNetwork, seed),
        depositExtraId: depositMemoFor(fromNetwork, seed) ?? null,
        withdrawalAddress: body.withdrawalAddress ?? '',
        withdrawalExtraId: body.withdrawalExtraId || null,
        refundAddress: body.refundAddress || null,
        refundExtraId: body.refundExtraId || null,
        hashIn: { hash: null, link: null },
        hashOut: { hash: null, link: null },
        createdAt: new Date().toISOString(),
      };
      transactions.set(id, transaction);
      return view(transaction);
    }
    const match = request.path.match(/^\/api\/v2\/transactions\/([^/]+)$/);
    if (request.method === 'GET' && match) {
      const transaction = transactions.get(match[1] ?? '');
      if (!transaction) return fail(404, 'Transaction not found');
      return view(transaction);
    }
    return fail(404, 'Not found');
  }

  const view = (t: Transaction) => ({
    ...t,
    coinFrom: {
      coinCode: t.coinFrom,
      coinName: t.coinFrom,
      network: t.networkFrom,
      networkName: t.networkFrom,
    },
    coinTo: { coinCode: t.coinTo, coinName: t.coinTo, network: t.networkTo, networkName: t.networkTo },
    comment: null,
  });

  const server = await startFakeServer(handle, { failBody: { message: 'Server Error' } });
  return {
    ...server,
    url: `${server.origin}/api/v2`,
    apiKey,
    transaction: (id) => transactions.get(id),
    setStatus(id, status) {
      const transaction = transactions.get(id);
      if (!transaction) throw new Error(`No transaction ${id}`);
      transaction.status = status as ExolixFakeStatus;
      if (!['wait', 'overdue'].includes(status)) {
        transaction.hashIn = { hash: fakeTxHash('exolix', 'in', id), link: null };
      }
      if (status === 'sending' || status === 'success') {
        transaction.hashOut = { hash: fakeTxHash('exolix', 'out', id), link: null };
      }
    },
  };
}
