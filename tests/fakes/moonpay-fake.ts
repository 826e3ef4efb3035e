import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { MOONPAY_SIGNATURE_HEADER } from '../../core/fiat/moonpay.ts';
import { webhookSignatureHeader } from '../../core/fiat/signing.ts';
import { closeServer, listenOnLoopback } from '../support/local-server.ts';

/**
 * A local stand-in for MoonPay's API, for tests and offline development, following its public
 * docs: `GET /v3/currencies/{code}/buy_quote` and `/sell_quote` (publishable key in `apiKey`),
 * `GET /v1/transactions/ext/{externalTransactionId}` and `/v3/sell_transactions/ext/{id}`
 * (`Authorization: Api-Key <secret key>`, an array of transactions), and signed webhooks
 * (`Moonpay-Signature-V2: t=…,s=…`). Amounts go out as JSON numbers, as MoonPay sends them.
 */

export interface FakeMoonPayOptions {
  apiKey?: string;
  secretKey?: string;
  webhookKey?: string;
  /** USD prices by MoonPay currency code. */
  prices?: Record<string, number>;
  /** Units per USD by fiat code. */
  fiat?: Record<string, number>;
  /** Fee in basis points and its least amount in USD. */
  feeBps?: number;
  minFeeUsd?: number;
  networkFeeUsd?: number;
  minUsd?: number;
  maxUsd?: number;
}

export interface FakeMoonPayTransaction {
  id: string;
  externalTransactionId: string;
  side: 'buy' | 'sell';
  status: string;
  cryptoTransactionId: string | null;
  failureReason: string | null;
}

export interface FakeMoonPay {
  url: string;
  options: Required<FakeMoonPayOptions>;
  /** Requests seen, for assertions. */
  requests: { path: string; query: Record<string, string>; authorization: string | undefined }[];
  /** Creates or changes the transaction MoonPay keeps for our reference (as the hosted widget would). */
  setTransaction(
    externalTransactionId: string,
    change: Partial<Omit<FakeMoonPayTransaction, 'externalTransactionId'>>,
  ): FakeMoonPayTransaction;
  /** The webhook MoonPay would send about a transaction, signed (or signed at another time). */
  webhook(
    externalTransactionId: string,
    options?: { atSeconds?: number; key?: string },
  ): { headers: Headers; body: string };
  close(): Promise<void>;
}

export async function startFakeMoonPay(input: FakeMoonPayOptions = {}): Promise<FakeMoonPay> {
  const options: Required<FakeMoonPayOptions> = {
    apiKey: 'pk_test_fake',
    secretKey: 'sk_test_fake',
    webhookKey: 'wk_test_fake',
    prices: { btc: 90_000, eth: 3_000, usdt: 1, usdt_trx: 1, sol: 150, usdc: 1 },
    fiat: { usd: 1, eur: 0.92, gbp: 0.79 },
    feeBps: 450,
    minFeeUsd: 3.99,
    networkFeeUsd: 1.5,
    minUsd: 20,
    maxUsd: 30_000,
    ...input,
  };
  const transactions = new Map<string, FakeMoonPayTransaction>();
  const requests: FakeMoonPay['requests'] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const round = (value: number, places: number) => Math.floor(value * 10 ** places) / 10 ** places;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query, authorization: req.headers.authorization });
    const quote = /^\/v3\/currencies\/([a-z0-9_]+)\/(buy|sell)_quote$/.exec(url.pathname);
    if (req.method === 'GET' && quote) {
      if (query.apiKey !== options.apiKey)
        return send(res, 401, { message: 'Invalid API key', type: 'UnauthorizedError' });
      const [, code = '', side] = quote;
      const price = options.prices[code];
      const fiatCode = side === 'buy' ? query.baseCurrencyCode : query.quoteCurrencyCode;
      const fx = fiatCode ? options.fiat[fiatCode] : undefined;
      if (price === undefined || fx === undefined)
        return send(res, 400, { message: 'Unsupported currency', type: 'BadRequestError' });
      const amount = Number(query.baseCurrencyAmount);
      if (!(amount > 0)) return send(res, 400, { message: 'Invalid amount', type: 'BadRequestError' });
      const limits = { minBuyAmount: options.minUsd * fx, maxBuyAmount: options.maxUsd * fx };
      if (side === 'buy') {
        if (amount < limits.minBuyAmount || amount > limits.maxBuyAmount) {
          return send(res, 400, {
            message: `Amount must be between ${limits.minBuyAmount} and ${limits.maxBuyAmount}`,
            type: 'BadRequestError',
          });
        }
        const feeAmount = round(Math.max((amount * options.feeBps) / 10_000, options.minFeeUsd * fx), 2);
        const networkFeeAmount = round(options.networkFeeUsd * fx, 2);
        const quoteCurrencyPrice = price * fx;
        const net = amount - feeAmount - networkFeeAmount;
        return send(res, 200, {
          baseCurrencyCode: fiatCode,
          baseCurrencyAmount: round(net, 2),
          quoteCurrencyCode: code,
          quoteCurrencyAmount: round(net / quoteCurrencyPrice, 8),
          quoteCurrencyPrice,
          feeAmount,
          extraFeeAmount: 0,
          networkFeeAmount,
          totalAmount: amount,
          paymentMethod: query.paymentMethod ?? 'credit_debit_card',
          baseCurrency: { code: fiatCode, ...limits },
        });
      }
      const value = amount * price * fx;
      const minSellAmount = (options.minUsd * fx) / (price * fx);
      const maxSellAmount = (options.maxUsd * fx) / (price * fx);
      if (amount < minSellAmount || amount > maxSellAmount) {
        return send(res, 400, { message: 'Amount out of range', type: 'BadRequestError' });
      }
      const feeAmount = round(Math.max((value * options.feeBps) / 10_000, options.minFeeUsd * fx), 2);
      return send(res, 200, {
        baseCurrencyCode: code,
        baseCurrencyAmount: amount,
        quoteCurrencyCode: fiatCode,
        quoteCurrencyAmount: round(value - feeAmount, 2),
        feeAmount,
        extraFeeAmount: 0,
        baseCurrency: { code, minSellAmount, maxSellAmount },
      });
    }
    const lookup = /^\/(v1\/transactions|v3\/sell_transactions)\/ext\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && lookup) {
      if (req.headers.authorization !== `Api-Key ${options.secretKey}`) {
        return send(res, 401, { message: 'Invalid API key', type: 'UnauthorizedError' });
      }
      const side = lookup[1] === 'v1/transactions' ? 'buy' : 'sell';
      const transaction = transactions.get(decodeURIComponent(lookup[2] ?? ''));
      if (!transaction || transaction.side !== side)
        return send(res, 404, { message: 'Transaction not found', type: 'NotFoundError' });
      return send(res, 200, [transaction]);
    }
    send(res, 404, { message: 'Not found', type: 'NotFoundError' });
  };

  const server = createServer(handle);
  const url = await listenOnLoopback(server);
  return {
    url,
    options,
    requests,
    setTransaction(externalTransactionId, change) {
      const current = transactions.get(externalTransactionId) ?? {
        id: `mp_${externalTransactionId.slice(0, 12)}`,
        externalTransactionId,
        side: 'buy' as const,
        status: 'waitingPayment',
        cryptoTransactionId: null,
        failureReason: null,
      };
      const next = { ...current, ...change };
      transactions.set(externalTransactionId, next);
      return next;
    },
    webhook(externalTransactionId, signing = {}) {
      const transaction = transactions.get(externalTransactionId);
      const body = JSON.stringify({
        data: transaction,
        type: transaction?.status === 'failed' ? 'transaction_failed' : 'transaction_updated',
        externalCustomerId: null,
      });
      const t = signing.atSeconds ?? Math.floor(Date.now() / 1000);
      return {
        headers: new Headers({
          [MOONPAY_SIGNATURE_HEADER]: webhookSignatureHeader(signing.key ?? options.webhookKey, t, body),
        }),
        body,
      };
    },
    close: () => closeServer(server),
  };
}
