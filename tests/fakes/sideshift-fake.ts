import { randomBytes, randomUUID } from 'node:crypto';
import { depositAddressFor, depositMemoFor } from '../../core/address/generate.ts';
import { validateAddress } from '../../core/address/validate.ts';
import { Big, isDecimalString } from '../../core/exchange/decimal.ts';
import { networkFromSideShift } from '../../core/providers/sideshift.ts';
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
 * A local SideShift.ai API v2 for the adapter's tests, answering as docs.sideshift.ai documents:
 * GET /v2/pair/{from}/{to}, POST /v2/quotes, POST /v2/shifts/fixed and /variable, GET /v2/shifts/{id},
 * errors as `{ error: { message, code } }`. Amounts are decimal strings, as SideShift sends them.
 */

export type SideShiftFakeStatus =
  | 'waiting'
  | 'pending'
  | 'processing'
  | 'review'
  | 'settling'
  | 'settled'
  | 'refund'
  | 'refunding'
  | 'refunded'
  | 'expired'
  | 'multiple';

interface Shift {
  id: string;
  type: 'fixed' | 'variable';
  status: SideShiftFakeStatus;
  depositCoin: string;
  depositNetwork: string;
  settleCoin: string;
  settleNetwork: string;
  depositAddress: string;
  depositMemo?: string;
  settleAddress: string;
  settleMemo?: string;
  refundAddress?: string;
  refundMemo?: string;
  depositAmount?: string;
  settleAmount?: string;
  externalId?: string;
  depositHash?: string;
  settleHash?: string;
}

export interface SideShiftFake extends FakeServer {
  /** Base URL with /v2, for the adapter's baseUrl. */
  url: string;
  secret: string;
  affiliateId: string;
  shift(id: string): Readonly<Shift> | undefined;
  setStatus(id: string, status: SideShiftFakeStatus): void;
}

/** The (coin, network) pairs the fake serves, as SideShift writes them. */
const SERVED = new Set([
  'btc:bitcoin',
  'eth:ethereum',
  'eth:arbitrum',
  'usdt:ethereum',
  'usdt:tron',
  'usdc:ethereum',
  'sol:solana',
  'xrp:ripple',
  'ltc:litecoin',
]);

const SPREAD_BPS = 50;
const FIXED_EXTRA_BPS = 50;
const FEE_USD = 2;

export async function startSideShiftFake(
  options: { secret?: string; affiliateId?: string } = {},
): Promise<SideShiftFake> {
  const secret = options.secret ?? 'sideshift-secret';
  const affiliateId = options.affiliateId ?? 'YQMi62XMb';
  const market = fakeMarket();
  const quotes = new Map<
    string,
    { key: string; depositAmount: string; settleAmount: string; expiresAt: Date }
  >();
  const shifts = new Map<string, Shift>();

  const fail = (status: number, message: string, code?: string): never => {
    throw new FakeHttpError(status, { error: { message, ...(code ? { code } : {}) } });
  };

  function parseAsset(text: string): { coin: string; network: string } {
    const [coin = '', network = ''] = text.toLowerCase().split('-');
    if (!SERVED.has(`${coin}:${network}`)) fail(400, 'Invalid coin or network', 'BAD_USER_INPUT');
    return { coin, network };
  }

  function rate(from: string, to: string, amount: Big, extraBps: number) {
    const limits = market.limits(from, 5, 20_000);
    if (amount.lt(limits.min))
      fail(400, `Amount too low. Minimum is ${limits.min.toFixed()}`, 'BAD_USER_INPUT');
    if (amount.gt(limits.max))
      fail(400, `Amount too high. Maximum is ${limits.max.toFixed()}`, 'BAD_USER_INPUT');
    const { out } = market.convert(from, to, amount, SPREAD_BPS + extraBps, FEE_USD);
    return { limits, out, rate: out.div(amount) };
  }

  function handle(request: RecordedRequest): unknown {
    if (request.headers['x-sideshift-secret'] !== secret) fail(401, 'Invalid secret', 'UNAUTHORIZED');
    const pairMatch = request.path.match(/^\/v2\/pair\/([^/]+)\/([^/]+)$/);
    if (request.method === 'GET' && pairMatch) {
      const from = parseAsset(decodeURIComponent(pairMatch[1] ?? ''));
      const to = parseAsset(decodeURIComponent(pairMatch[2] ?? ''));
      const amountText = request.query.amount ?? '';
      const amount = isDecimalString(amountText)
        ? new Big(amountText)
        : new Big(500).div(market.price(from.coin) ?? 1);
      const limits = market.limits(from.coin, 5, 20_000);
      const { out } = market.convert(from.coin, to.coin, amount, SPREAD_BPS, FEE_USD);
      return {
        depositCoin: from.coin.toUpperCase(),
        settleCoin: to.coin.toUpperCase(),
        depositNetwork: from.network,
        settleNetwork: to.network,
        min: limits.min.toFixed(),
        max: limits.max.toFixed(),
        rate: out.div(amount).round(12, Big.roundDown).toFixed(),
      };
    }
    const body = (request.body ?? {}) as Record<string, string | null | undefined>;
    if (request.method === 'POST' && request.path === '/v2/quotes') {
      if (body.affiliateId !== affiliateId) fail(400, 'Invalid affiliateId', 'BAD_USER_INPUT');
      const from = parseAsset(`${body.depositCoin}-${body.depositNetwork}`);
      const to = parseAsset(`${body.settleCoin}-${body.settleNetwork}`);
      const depositAmount = body.depositAmount ?? '';
      if (!isDecimalString(depositAmount)) fail(400, 'Invalid depositAmount', 'BAD_USER_INPUT');
      const { out } = rate(from.coin, to.coin, new Big(depositAmount), FIXED_EXTRA_BPS);
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + 15 * 60_000);
      const key = `${from.coin}-${from.network}/${to.coin}-${to.network}`;
      quotes.set(id, { key, depositAmount, settleAmount: out.toFixed(), expiresAt });
      return {
        id,
        createdAt: new Date().toISOString(),
        depositCoin: from.coin.toUpperCase(),
        settleCoin: to.coin.toUpperCase(),
        depositNetwork: from.network,
        settleNetwork: to.network,
        expiresAt: expiresAt.toISOString(),
        depositAmount,
        settleAmount: out.toFixed(),
        rate: out.div(depositAmount).round(12, Big.roundDown).toFixed(),
        affiliateId,
      };
    }
    if (
      request.method === 'POST' &&
      (request.path === '/v2/shifts/fixed' || request.path === '/v2/shifts/variable')
    ) {
      if (body.affiliateId !== affiliateId) fail(400, 'Invalid affiliateId', 'BAD_USER_INPUT');
      const fixed = request.path.endsWith('fixed');
      let from: { coin: string; network: string };
      let to: { coin: string; network: string };
      let depositAmount: string | undefined;
      let settleAmount: string | undefined;
      if (fixed) {
        const quote = quotes.get(body.quoteId ?? '');
        if (!quote || quote.expiresAt.getTime() <= Date.now()) fail(400, 'Quote not found', 'BAD_USER_INPUT');
        const [f = '', t = ''] = (quote as { key: string }).key.split('/');
        from = parseAsset(f);
        to = parseAsset(t);
        depositAmount = quote?.depositAmount;
        settleAmount = quote?.settleAmount;
        quotes.delete(body.quoteId ?? '');
      } else {
        from = parseAsset(`${body.depositCoin}-${body.depositNetwork}`);
        to = parseAsset(`${body.settleCoin}-${body.settleNetwork}`);
      }
      const settleNetwork = networkFromSideShift(to.network) ?? '';
      const depositNetwork = networkFromSideShift(from.network) ?? '';
      if (!validateAddress(settleNetwork, body.settleAddress ?? '').valid) {
        fail(400, 'Invalid receiving address', 'BAD_USER_INPUT');
      }
      if (body.refundAddress && !validateAddress(depositNetwork, body.refundAddress).valid) {
        fail(400, 'Invalid refundDestination', 'BAD_USER_INPUT');
      }
      const id = randomBytes(10).toString('hex');
      const seed = addressSeed(id);
      const memo = depositMemoFor(depositNetwork, seed);
      const shift: Shift = {
        id,
        type: fixed ? 'fixed' : 'variable',
        status: 'waiting',
        depositCoin: from.coin.toUpperCase(),
        depositNetwork: from.network,
        settleCoin: to.coin.toUpperCase(),
        settleNetwork: to.network,
        depositAddress: depositAddressFor(depositNetwork, seed),
        settleAddress: body.settleAddress ?? '',
        ...(memo ? { depositMemo: memo } : {}),
        ...(body.settleMemo ? { settleMemo: body.settleMemo } : {}),
        ...(body.refundAddress ? { refundAddress: body.refundAddress } : {}),
        ...(body.refundMemo ? { refundMemo: body.refundMemo } : {}),
        ...(depositAmount ? { depositAmount } : {}),
        ...(settleAmount ? { settleAmount } : {}),
        ...(body.externalId ? { externalId: body.externalId } : {}),
      };
      shifts.set(id, shift);
      const limits = market.limits(from.coin, 5, 20_000);
      return {
        ...shift,
        createdAt: new Date().toISOString(),
        depositMin: fixed ? depositAmount : limits.min.toFixed(),
        depositMax: fixed ? depositAmount : limits.max.toFixed(),
        expiresAt: new Date(Date.now() + (fixed ? 15 * 60_000 : 7 * 86_400_000)).toISOString(),
        averageShiftSeconds: '62.5',
        ...(fixed ? {} : { settleCoinNetworkFee: '0.0001', networkFeeUsd: String(FEE_USD) }),
      };
    }
    const shiftMatch = request.path.match(/^\/v2\/shifts\/([^/]+)$/);
    if (request.method === 'GET' && shiftMatch) {
      const shift = shifts.get(shiftMatch[1] ?? '');
      if (!shift) fail(404, 'Shift not found', 'NOT_FOUND');
      return { ...shift, averageShiftSeconds: '62.5' };
    }
    return fail(404, `No route ${request.method} ${request.path}`);
  }

  const server = await startFakeServer(handle, { failBody: { error: { message: 'Internal error' } } });
  return {
    ...server,
    url: `${server.origin}/v2`,
    secret,
    affiliateId,
    shift: (id) => shifts.get(id),
    setStatus(id, status) {
      const shift = shifts.get(id);
      if (!shift) throw new Error(`No shift ${id}`);
      shift.status = status;
      if (status !== 'waiting' && status !== 'expired') {
        shift.depositHash = fakeTxHash('sideshift', 'deposit', id);
        if (!shift.depositAmount) shift.depositAmount = '0.1';
        if (!shift.settleAmount) {
          const { out } = market.convert(
            shift.depositCoin,
            shift.settleCoin,
            new Big(shift.depositAmount),
            SPREAD_BPS,
            FEE_USD,
          );
          shift.settleAmount = out.toFixed();
        }
      }
      if (status === 'settling' || status === 'settled')
        shift.settleHash = fakeTxHash('sideshift', 'settle', id);
    },
  };
}
