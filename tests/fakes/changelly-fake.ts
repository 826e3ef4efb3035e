import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { depositAddressFor, depositMemoFor } from '../../core/address/generate.ts';
import { validateAddress } from '../../core/address/validate.ts';
import { Big, isDecimalString } from '../../core/exchange/decimal.ts';
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
 * A local Changelly API v2 (JSON-RPC 2.0) for the adapter's tests, answering as docs.changelly.com
 * documents: getCurrenciesFull, getExchangeAmount, getFixRateForAmount, createTransaction,
 * createFixTransaction and getTransactions. It checks X-Api-Key and the RSA-SHA256 X-Api-Signature
 * of every body against the partner's public key, as Changelly does.
 */

interface Currency {
  ticker: string;
  coin: string;
  network: string;
  blockchain: string;
  contractAddress: string | null;
}

/** getCurrenciesFull entries the fake lists: real tickers, our network for its address checks. */
const CURRENCIES: Currency[] = [
  { ticker: 'btc', coin: 'btc', network: 'bitcoin', blockchain: 'bitcoin', contractAddress: null },
  { ticker: 'eth', coin: 'eth', network: 'ethereum', blockchain: 'ethereum', contractAddress: null },
  { ticker: 'etharb', coin: 'eth', network: 'arbitrum', blockchain: 'arbitrum', contractAddress: null },
  {
    ticker: 'usdt20',
    coin: 'usdt',
    network: 'ethereum',
    blockchain: 'ethereum',
    contractAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7',
  },
  {
    ticker: 'usdtrx',
    coin: 'usdt',
    network: 'tron',
    blockchain: 'tron',
    contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  },
  // A token of the same symbol on another chain: the adapter must not take it for ERC-20 USDC.
  {
    ticker: 'usdcbsc',
    coin: 'usdc',
    network: 'bsc',
    blockchain: 'binance_smart_chain',
    contractAddress: '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d',
  },
  { ticker: 'xrp', coin: 'xrp', network: 'xrp', blockchain: 'ripple', contractAddress: null },
  { ticker: 'ltc', coin: 'ltc', network: 'litecoin', blockchain: 'litecoin', contractAddress: null },
];

export type ChangellyFakeStatus =
  | 'new'
  | 'waiting'
  | 'confirming'
  | 'exchanging'
  | 'sending'
  | 'finished'
  | 'failed'
  | 'refunded'
  | 'hold'
  | 'overdue'
  | 'expired';

interface Transaction {
  id: string;
  type: 'float' | 'fixed';
  status: ChangellyFakeStatus;
  currencyFrom: string;
  currencyTo: string;
  payinAddress: string;
  payinExtraId: string | null;
  payoutAddress: string;
  payoutExtraId: string | null;
  refundAddress: string | null;
  refundExtraId: string | null;
  amountExpectedFrom: string;
  amountExpectedTo: string;
  networkFee: string;
  amountFrom: string;
  amountTo: string;
  payinHash: string | null;
  payoutHash: string | null;
  createdAt: number;
}

export interface ChangellyFake extends FakeServer {
  url: string;
  /** The partner's private key in PEM, for the adapter. */
  privateKeyPem: string;
  transaction(id: string): Readonly<Transaction> | undefined;
  setStatus(id: string, status: string): void;
}

const SPREAD_BPS = 60;
const FIXED_EXTRA_BPS = 40;
const FEE_USD = 1.5;

export async function startChangellyFake(): Promise<ChangellyFake> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiKey = createHash('sha256')
    .update(createPublicKey(privateKey).export({ type: 'pkcs1', format: 'der' }))
    .digest('base64');
  const market = fakeMarket();
  const rates = new Map<
    string,
    { from: string; to: string; amountFrom: string; amountTo: string; fee: string; until: number }
  >();
  const transactions = new Map<string, Transaction>();

  const rpcError = (code: number, message: string, data?: unknown): never => {
    throw new FakeHttpError(200, {
      jsonrpc: '2.0',
      id: 'error',
      error: { code, message, ...(data ? { data } : {}) },
    });
  };

  const currency = (ticker: unknown): Currency =>
    CURRENCIES.find((c) => c.ticker === ticker) ?? rpcError(-32602, `Invalid currency: ${String(ticker)}`);

  function estimate(params: Record<string, string>, extraBps: number) {
    const from = currency(params.from);
    const to = currency(params.to);
    if (!isDecimalString(params.amountFrom ?? '')) rpcError(-32600, 'Parameter amountFrom is invalid');
    const amount = new Big(params.amountFrom ?? '0');
    const limits = market.limits(from.coin, 10, 50_000);
    if (amount.lt(limits.min) || amount.gt(limits.max)) {
      const word = amount.lt(limits.min)
        ? `Minimum amount is ${limits.min.toFixed()}`
        : `Maximum amount is ${limits.max.toFixed()}`;
      rpcError(-32600, `Invalid amount for pair ${from.ticker}->${to.ticker}. ${word} ${from.ticker}`, {
        limits: {
          min: { from: limits.min.toFixed(), to: '0' },
          max: { from: limits.max.toFixed(), to: '0' },
        },
      });
    }
    const { out, fee } = market.convert(from.coin, to.coin, amount, SPREAD_BPS + extraBps, FEE_USD);
    // Changelly's amountTo is before the network fee.
    return { from, to, amount, limits, amountTo: out.plus(fee), fee };
  }

  function checkSignature(request: RecordedRequest): void {
    const signature = request.headers['x-api-signature'] ?? '';
    const valid =
      request.headers['x-api-key'] === apiKey &&
      verify(
        'sha256',
        Buffer.from(request.rawBody),
        publicKey as KeyObject,
        Buffer.from(signature, 'base64'),
      );
    if (!valid) throw new FakeHttpError(401, { error: { code: 401, message: 'Unauthorized' } });
  }

  function handle(request: RecordedRequest): unknown {
    if (request.method !== 'POST' || request.path !== '/v2')
      throw new FakeHttpError(404, { error: 'not found' });
    checkSignature(request);
    const message = request.body as { id: string; method: string; params: unknown };
    const reply = (result: unknown) => ({ jsonrpc: '2.0', id: message.id, result });
    const params = message.params as Record<string, string>;
    switch (message.method) {
      case 'getCurrenciesFull':
        return reply(
          CURRENCIES.map((c) => ({
            name: c.ticker,
            ticker: c.ticker,
            fullName: c.coin.toUpperCase(),
            enabled: true,
            fixRateEnabled: true,
            payinConfirmations: 1,
            blockchain: c.blockchain,
            ...(c.contractAddress ? { contractAddress: c.contractAddress } : {}),
          })),
        );
      case 'getExchangeAmount': {
        const [first] = message.params as Record<string, string>[];
        const e = estimate(first ?? {}, 0);
        return reply([
          {
            from: e.from.ticker,
            to: e.to.ticker,
            networkFee: e.fee.toFixed(),
            amountFrom: e.amount.toFixed(),
            amountTo: e.amountTo.toFixed(),
            max: e.limits.max.toFixed(),
            maxFrom: e.limits.max.toFixed(),
            min: e.limits.min.toFixed(),
            minFrom: e.limits.min.toFixed(),
            rate: e.amountTo.div(e.amount).toFixed(),
            fee: '0',
          },
        ]);
      }
      case 'getFixRateForAmount': {
        const [first] = message.params as Record<string, string>[];
        const e = estimate(first ?? {}, FIXED_EXTRA_BPS);
        const id = randomUUID();
        const until = Date.now() + 10 * 60_000;
        rates.set(id, {
          from: e.from.ticker,
          to: e.to.ticker,
          amountFrom: e.amount.toFixed(),
          amountTo: e.amountTo.toFixed(),
          fee: e.fee.toFixed(),
          until,
        });
        return reply([
          {
            id,
            from: e.from.ticker,
            to: e.to.ticker,
            result: e.amountTo.div(e.amount).toFixed(),
            networkFee: e.fee.toFixed(),
            max: e.limits.max.toFixed(),
            maxFrom: e.limits.max.toFixed(),
            min: e.limits.min.toFixed(),
            minFrom: e.limits.min.toFixed(),
            amountFrom: e.amount.toFixed(),
            amountTo: e.amountTo.toFixed(),
            expiredAt: Math.floor(until / 1000),
          },
        ]);
      }
      case 'createTransaction':
      case 'createFixTransaction': {
        const fixed = message.method === 'createFixTransaction';
        const from = currency(params.from);
        const to = currency(params.to);
        if (!validateAddress(to.network, params.address ?? '').valid) rpcError(-32602, 'Invalid address');
        if (params.refundAddress && !validateAddress(from.network, params.refundAddress).valid) {
          rpcError(-32602, 'Invalid refund address');
        }
        let amountTo: string;
        let fee: string;
        if (fixed) {
          if (!params.refundAddress) rpcError(-32602, 'Invalid refund address');
          const rate = rates.get(params.rateId ?? '');
          if (!rate || rate.until <= Date.now() || rate.from !== from.ticker || rate.to !== to.ticker) {
            rpcError(-32600, 'Invalid rateId or rate expired');
          }
          amountTo = rate?.amountTo ?? '0';
          fee = rate?.fee ?? '0';
          rates.delete(params.rateId ?? '');
        } else {
          const e = estimate(params, 0);
          amountTo = e.amountTo.toFixed();
          fee = e.fee.toFixed();
        }
        const id = randomBytes(8).toString('hex');
        const seed = addressSeed(id);
        const transaction: Transaction = {
          id,
          type: fixed ? 'fixed' : 'float',
          status: 'new',
          currencyFrom: from.ticker,
          currencyTo: to.ticker,
          payinAddress: depositAddressFor(from.network, seed),
          payinExtraId: depositMemoFor(from.network, seed) ?? null,
          payoutAddress: params.address ?? '',
          payoutExtraId: params.extraId ?? null,
          refundAddress: params.refundAddress ?? null,
          refundExtraId: params.refundExtraId ?? null,
          amountExpectedFrom: params.amountFrom ?? '0',
          amountExpectedTo: amountTo,
          networkFee: fee,
          amountFrom: '0',
          amountTo: '0',
          payinHash: null,
          payoutHash: null,
          createdAt: Date.now(),
        };
        transactions.set(id, transaction);
        return reply({
          ...transaction,
          trackUrl: `https://changelly.com/track/${id}`,
          createdAt: new Date().toISOString(),
        });
      }
      case 'getTransactions': {
        const transaction = transactions.get(params.id ?? '');
        return reply(
          transaction ? [{ ...transaction, createdAt: Math.floor(transaction.createdAt / 1000) }] : [],
        );
      }
      default:
        return rpcError(-32601, 'Method not found');
    }
  }

  const server = await startFakeServer(handle);
  return {
    ...server,
    url: `${server.origin}/v2`,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    transaction: (id) => transactions.get(id),
    setStatus(id, status) {
      const transaction = transactions.get(id);
      if (!transaction) throw new Error(`No transaction ${id}`);
      transaction.status = status as ChangellyFakeStatus;
      if (!['new', 'waiting', 'overdue', 'expired'].includes(status)) {
        transaction.amountFrom = transaction.amountExpectedFrom;
        transaction.payinHash = fakeTxHash('changelly', 'payin', id);
      }
      if (status === 'sending' || status === 'finished') {
        transaction.payoutHash = fakeTxHash('changelly', 'payout', id);
        transaction.amountTo = new Big(transaction.amountExpectedTo).minus(transaction.networkFee).toFixed();
      }
    },
  };
}
