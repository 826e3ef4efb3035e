import { randomBytes, randomUUID } from 'node:crypto';
import { depositAddressFor, depositMemoFor } from '../../core/address/generate.ts';
import { validateAddress } from '../../core/address/validate.ts';
import { Big, isDecimalString } from '../../core/exchange/decimal.ts';
import { networkFromCode } from '../../core/providers/kit.ts';
import { LETSEXCHANGE_NETWORKS } from '../../core/providers/letsexchange.ts';
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
 * A local LetsExchange API for the adapter's tests, answering as api-doc.letsexchange.io documents:
 * POST /api/v1/info, POST /api/v1/transaction, GET /api/v1/transaction/{id}, with the Bearer token
 * and affiliate_id checked; amounts as strings.
 */

interface Transaction {
  transaction_id: string;
  status: string;
  coin_from: string;
  coin_to: string;
  network_from: string;
  network_to: string;
  deposit_amount: string;
  withdrawal_amount: string;
  deposit: string;
  deposit_extra_id: string | null;
  withdrawal: string;
  withdrawal_extra_id: string | null;
  return: string | null;
  return_extra_id: string | null;
  rate: string;
  fee: string;
  is_float: boolean;
  hash_in: string | null;
  hash_out: string | null;
  real_deposit_amount: string | null;
  real_withdrawal_amount: string | null;
  expired_at: number;
}

export interface LetsExchangeFake extends FakeServer {
  url: string;
  apiKey: string;
  affiliateId: string;
  transaction(id: string): Readonly<Transaction> | undefined;
  setStatus(id: string, status: string): void;
}

const SERVED = new Set(['BTC:BTC', 'ETH:ERC20', 'USDT:ERC20', 'USDT:TRC20', 'XRP:XRP', 'LTC:LTC', 'SOL:SOL']);
const SPREAD_BPS = 55;
const FIXED_EXTRA_BPS = 60;
const FEE_USD = 1;

export async function startLetsExchangeFake(
  options: { apiKey?: string; affiliateId?: string } = {},
): Promise<LetsExchangeFake> {
  const apiKey = options.apiKey ?? 'letsexchange-token';
  const affiliateId = options.affiliateId ?? 'aff-123';
  const market = fakeMarket();
  const rates = new Map<string, { key: string; amount: string; out: string; until: number }>();
  const transactions = new Map<string, Transaction>();
  const fail = (status: number, error: string): never => {
    throw new FakeHttpError(status, { success: false, error });
  };

  function info(
    from: string,
    to: string,
    networkFrom: string,
    networkTo: string,
    amountText: string,
    float: boolean,
  ) {
    if (!SERVED.has(`${from}:${networkFrom}`) || !SERVED.has(`${to}:${networkTo}`))
      fail(422, 'Coin is not active');
    if (!isDecimalString(amountText)) fail(422, 'The amount must be a number.');
    const amount = new Big(amountText);
    const limits = market.limits(from, 8, 30_000);
    const { out, fee } = market.convert(
      from,
      to,
      amount,
      SPREAD_BPS + (float ? 0 : FIXED_EXTRA_BPS),
      FEE_USD,
    );
    return { amount, limits, out, fee };
  }

  function handle(request: RecordedRequest): unknown {
    if (request.headers.authorization !== `Bearer ${apiKey}`) fail(401, 'Unauthenticated.');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
    if (request.method === 'POST' && request.path === '/api/v1/info') {
      if (body.affiliate_id !== affiliateId) fail(422, 'Invalid affiliate_id');
      const float = body.float !== false;
      const q = info(
        text('from'),
        text('to'),
        text('network_from'),
        text('network_to'),
        text('amount'),
        float,
      );
      let rateId: string | null = null;
      let expiresAt: number | null = null;
      if (!float) {
        rateId = randomUUID();
        expiresAt = Math.floor(Date.now() / 1000) + 600;
        rates.set(rateId, {
          key: [text('from'), text('network_from'), text('to'), text('network_to')].join(':'),
          amount: q.amount.toFixed(),
          out: q.out.toFixed(),
          until: expiresAt * 1000,
        });
      }
      const inRange = q.amount.gte(q.limits.min) && q.amount.lte(q.limits.max);
      return {
        min_amount: q.limits.min.toFixed(),
        max_amount: q.limits.max.toFixed(),
        amount: inRange ? q.out.toFixed() : '0',
        fee: '0',
        rate: q.out.div(q.amount).round(8).toFixed(),
        profit: '0',
        withdrawal_fee: q.fee.toFixed(),
        extra_fee_amount: '0',
        rate_id: rateId,
        rate_id_expired_at: expiresAt,
      };
    }
    if (request.method === 'POST' && request.path === '/api/v1/transaction') {
      if (body.affiliate_id !== affiliateId) fail(422, 'Invalid affiliate_id');
      const float = body.float !== false;
      const q = info(
        text('coin_from'),
        text('coin_to'),
        text('network_from'),
        text('network_to'),
        text('deposit_amount'),
        float,
      );
      if (q.amount.lt(q.limits.min) || q.amount.gt(q.limits.max))
        fail(422, 'The deposit amount is out of limits');
      const toNetwork = networkFromCode(LETSEXCHANGE_NETWORKS, text('network_to')) ?? '';
      const fromNetwork = networkFromCode(LETSEXCHANGE_NETWORKS, text('network_from')) ?? '';
      if (!validateAddress(toNetwork, text('withdrawal')).valid)
        fail(422, 'The withdrawal address is invalid');
      if (text('return') && !validateAddress(fromNetwork, text('return')).valid)
        fail(422, 'The return address is invalid');
      let out = q.out.toFixed();
      if (!float) {
        const rate = rates.get(text('rate_id'));
        const key = [text('coin_from'), text('network_from'), text('coin_to'), text('network_to')].join(':');
        if (!rate || rate.until <= Date.now() || rate.key !== key || rate.amount !== q.amount.toFixed()) {
          fail(422, 'The rate_id is expired or invalid');
        }
        out = rate?.out ?? out;
        rates.delete(text('rate_id'));
      }
      const id = randomBytes(6).toString('hex');
      const seed = addressSeed(id);
      const transaction: Transaction = {
        transaction_id: id,
        status: 'wait',
        coin_from: text('coin_from'),
        coin_to: text('coin_to'),
        network_from: text('network_from'),
        network_to: text('network_to'),
        deposit_amount: q.amount.toFixed(),
        withdrawal_amount: out,
        deposit: depositAddressFor(fromNetwork, seed),
        deposit_extra_id: depositMemoFor(fromNetwork, seed) ?? null,
        withdrawal: text('withdrawal'),
        withdrawal_extra_id: text('withdrawal_extra_id') || null,
        return: text('return') || null,
        return_extra_id: text('return_extra_id') || null,
        rate: new Big(out).div(q.amount).round(8).toFixed(),
        fee: q.fee.toFixed(),
        is_float: float,
        hash_in: null,
        hash_out: null,
        real_deposit_amount: null,
        real_withdrawal_amount: null,
        expired_at: Math.floor(Date.now() / 1000) + 1800,
      };
      transactions.set(id, transaction);
      return transaction;
    }
    const match = request.path.match(/^\/api\/v1\/transaction\/([^/]+)$/);
    if (request.method === 'GET' && match) {
      return transactions.get(match[1] ?? '') ?? fail(404, 'Transaction not found');
    }
    return fail(404, 'Not found');
  }

  const server = await startFakeServer(handle, { failBody: { success: false, error: 'Server error' } });
  return {
    ...server,
    url: `${server.origin}/api`,
    apiKey,
    affiliateId,
    transaction: (id) => transactions.get(id),
    setStatus(id, status) {
      const transaction = transactions.get(id);
      if (!transaction) throw new Error(`No transaction ${id}`);
      transaction.status = status;
      if (!['wait', 'overdue'].includes(status)) {
        transaction.hash_in = fakeTxHash('letsexchange', 'in', id);
        transaction.real_deposit_amount = transaction.deposit_amount;
      }
      if (['sending', 'sending_confirmation', 'success'].includes(status)) {
        transaction.hash_out = fakeTxHash('letsexchange', 'out', id);
        transaction.real_withdrawal_amount = transaction.withdrawal_amount;
      }
    },
  };
}
