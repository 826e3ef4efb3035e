import { KYBERSWAP_CHAINS } from '../../core/dex/kyberswap.ts';
import { FakeHttpError, type FakeServer, type RecordedRequest, startFakeServer } from './fake-server.ts';

/** MetaAggregationRouterV2's address (KyberSwap docs, "Aggregator Contract Addresses"). */
export const FAKE_KYBERSWAP_ROUTER = '0x6131b5fae19ea4f9d964eac0408e4408b66337b5';

export interface KyberSwapFakeOptions {
  /** Buy units per sell unit as a fraction, by `chainId:tokenIn:tokenOut` (lower-case addresses). */
  rates?: Record<string, [numerator: bigint, denominator: bigint]>;
  /** The most the fake routes (error 4009 above it). */
  maxAmountIn?: bigint;
}

export interface KyberSwapFake extends FakeServer {
  url: string;
  options: KyberSwapFakeOptions;
}

const isAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/**
 * A local KyberSwap Aggregator API v1 answering as its specification documents (docs.kyberswap.com,
 * "EVM Swaps"): `GET /{chain}/api/v1/routes` with `{code: 0, message, data: {routeSummary,
 * routerAddress}, requestId}` (the summary with `tokenIn`, `amountIn`, `amountInUsd`, `tokenOut`,
 * `amountOut`, `amountOutUsd`, `gas`, `gasPrice`, `gasUsd`, `l1FeeUsd`, `extraFee`, `route` (paths of
 * hops: `pool`, `tokenIn`, `tokenOut`, `swapAmount`, `amountOut`, `exchange`, `poolType`, `poolExtra`,
 * `extra`), `routeID`, `checksum`, `timestamp`) and `POST /{chain}/api/v1/route/build` taking the
 * summary back with `sender`, `recipient`, `slippageTolerance` and answering `{amountIn, amountInUsd,
 * amountOut, amountOutUsd, gas, gasUsd, data, routerAddress, transactionValue}`. Errors are `{code,
 * message, requestId}`: 4001 bad query, 4002 bad body, 4008 route not found, 4009 amount above the
 * maximum, 4011 token not found; 400 without an `X-Client-Id`.
 */
export async function startKyberSwapFake(options: KyberSwapFakeOptions = {}): Promise<KyberSwapFake> {
  const slugs = new Map(Object.entries(KYBERSWAP_CHAINS).map(([id, slug]) => [slug, Number(id)]));
  const issued = new Map<string, string>();
  let routes = 0;
  const error = (code: number, message: string) =>
    new FakeHttpError(400, { code, message, requestId: `req-${code}` });

  const summary = (chainId: number, query: Record<string, string>) => {
    const { tokenIn, tokenOut, amountIn } = query;
    if (!isAddress(tokenIn) || !isAddress(tokenOut) || !/^\d+$/.test(amountIn ?? '')) {
      throw error(4001, 'query parameters are malformed');
    }
    const sell = tokenIn.toLowerCase();
    const buy = tokenOut.toLowerCase();
    const amount = BigInt(amountIn as string);
    if (options.maxAmountIn !== undefined && amount > options.maxAmountIn) {
      throw error(4009, 'amountIn is greater than max allowed');
    }
    const rate = options.rates?.[`${chainId}:${sell}:${buy}`];
    if (!rate) throw error(4008, 'route not found');
    const out = (amount * rate[0]) / rate[1];
    // Two paths: 70 % straight through one pool, 30 % through another exchange's.
    const first = (amount * 7n) / 10n;
    const second = amount - first;
    const outFirst = (out * 7n) / 10n;
    routes += 1;
    const routeID = `route-${routes}`;
    issued.set(routeID, `${chainId}:${sell}:${buy}:${amount}`);
    return {
      tokenIn: sell,
      amountIn: amount.toString(),
      amountInUsd: '100',
      tokenOut: buy,
      amountOut: out.toString(),
      amountOutUsd: '99.9',
      tokenOutMarketPriceAvailable: null,
      gas: '215000',
      gasPrice: '18000000000',
      gasUsd: '1.2',
      l1FeeUsd: '0',
      extraFee: { feeAmount: '', chargeFeeBy: '', isInBps: false, feeReceiver: '' },
      route: [
        [
          {
            pool: '0x3416cf6c708da44db2624d63ea0aaef7113527c6',
            tokenIn: sell,
            tokenOut: buy,
            swapAmount: first.toString(),
            amountOut: outFirst.toString(),
            exchange: 'uniswapv3',
            poolType: 'uniswapv3',
            poolExtra: { swapFee: 100 },
            extra: { nSqrtRx96: '0' },
          },
        ],
        [
          {
            pool: '0x5777d92f208679db4b9778590fa3cab3ac9e2168',
            tokenIn: sell,
            tokenOut: buy,
            swapAmount: second.toString(),
            amountOut: (out - outFirst).toString(),
            exchange: 'curve-stable-plain',
            poolType: 'curve-stable-plain',
            poolExtra: null,
            extra: null,
          },
        ],
      ],
      routeID,
      checksum: `${routes}0000`,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
  };

  const handle = (request: RecordedRequest) => {
    const match = /^\/([a-z-]+)\/api\/v1\/(routes|route\/build)$/.exec(request.path);
    const chainId = match ? slugs.get(match[1] as string) : undefined;
    if (!match || chainId === undefined) throw new FakeHttpError(404, { code: 404, message: 'not found' });
    if (!request.headers['x-client-id']) throw error(4000, 'x-client-id header is required');
    if (match[2] === 'routes') {
      if (request.method !== 'GET')
        throw new FakeHttpError(405, { code: 405, message: 'method not allowed' });
      return {
        code: 0,
        message: 'successfully',
        data: { routeSummary: summary(chainId, request.query), routerAddress: FAKE_KYBERSWAP_ROUTER },
        requestId: `req-${routes}`,
      };
    }
    if (request.method !== 'POST') throw new FakeHttpError(405, { code: 405, message: 'method not allowed' });
    const body = request.body as {
      routeSummary?: Record<string, unknown>;
      sender?: unknown;
      recipient?: unknown;
      slippageTolerance?: unknown;
    } | null;
    const routeSummary = body?.routeSummary;
    if (
      !routeSummary ||
      !isAddress(body?.sender) ||
      !isAddress(body?.recipient) ||
      typeof routeSummary.routeID !== 'string' ||
      (body?.slippageTolerance !== undefined &&
        (typeof body.slippageTolerance !== 'number' ||
          body.slippageTolerance < 0 ||
          body.slippageTolerance > 2000))
    ) {
      throw error(4002, 'request body is malformed');
    }
    const key = issued.get(routeSummary.routeID);
    // The summary must come back verbatim: the route it names, unaltered.
    if (
      !key ||
      key !== `${chainId}:${routeSummary.tokenIn}:${routeSummary.tokenOut}:${String(routeSummary.amountIn)}`
    ) {
      throw error(4002, 'request body is malformed');
    }
    const native = String(routeSummary.tokenIn) === NATIVE;
    const sender = String(body.sender).slice(2).toLowerCase();
    return {
      code: 0,
      message: 'successfully',
      data: {
        amountIn: routeSummary.amountIn,
        amountInUsd: routeSummary.amountInUsd,
        amountOut: routeSummary.amountOut,
        amountOutUsd: routeSummary.amountOutUsd,
        gas: '230000',
        gasUsd: '1.3',
        additionalCostUsd: '0',
        additionalCostMessage: '',
        outputChange: { amount: '0', percent: 0, level: 0 },
        data: `0xe21fd0e9${'0'.repeat(56)}${sender}`,
        routerAddress: FAKE_KYBERSWAP_ROUTER,
        transactionValue: native ? String(routeSummary.amountIn) : '0',
      },
      requestId: `req-build-${routes}`,
    };
  };

  const server = await startFakeServer(handle, { failBody: { code: 500, message: 'internal server error' } });
  return { ...server, url: server.origin, options };
}
