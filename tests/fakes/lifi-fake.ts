import { createServer } from 'node:http';
import { closeServer, listenOnLoopback } from '../support/local-server.ts';

/** A bridge contract address of the fake (LI.FI's diamond on the real chains is another). */
export const FAKE_LIFI_DIAMOND = '0x1231deb6f5749ef6ce6943a275a1d3e7486f4eae';

export interface FakeLiFiOptions {
  /** Amount landing per amount sent, by `fromChain:fromToken:toChain:toToken` (lower-case addresses). */
  rates?: Record<string, [numerator: bigint, denominator: bigint]>;
  /** Status per source transaction hash; NOT_FOUND otherwise. */
  statuses?: Record<
    string,
    { status: string; substatus?: string; receiving?: { txHash: string; amount: string } }
  >;
  apiKey?: string;
}

export interface FakeLiFi {
  url: string;
  options: FakeLiFiOptions;
  requests: { path: string; query: Record<string, string>; apiKey: string | undefined }[];
  close(): Promise<void>;
}

/**
 * A local stand-in for LI.FI's `GET /v1/quote` and `GET /v1/status` with the documented fields:
 * a step (`type`, `tool`, `toolDetails`, `action`, `estimate` with `approvalAddress`, `toAmount`,
 * `toAmountMin`, `executionDuration`, `feeCosts`, `gasCosts`, `includedSteps`,
 * `transactionRequest`), 404 `{code: 1002}` without a route, 400 `{code: 1011}` for bad input.
 */
export async function startFakeLiFi(options: FakeLiFiOptions = {}): Promise<FakeLiFi> {
  const requests: FakeLiFi['requests'] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query, apiKey: req.headers['x-lifi-api-key'] as string | undefined });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (options.apiKey && req.headers['x-lifi-api-key'] !== options.apiKey) {
      return send(401, { code: 1010, message: 'Unauthorized' });
    }
    if (url.pathname === '/v1/status') {
      const found = options.statuses?.[query.txHash ?? ''];
      return send(found ? 200 : 404, found ?? { status: 'NOT_FOUND', message: 'Not found' });
    }
    if (url.pathname !== '/v1/quote') return send(404, { code: 1003, message: 'Not found' });
    const { fromChain, toChain, fromToken, toToken, fromAmount, fromAddress } = query;
    const isAddress = (value: string | undefined) => !!value && /^0x[0-9a-fA-F]{40}$/.test(value);
    if (
      !fromChain ||
      !toChain ||
      !isAddress(fromToken) ||
      !isAddress(toToken) ||
      !isAddress(fromAddress) ||
      !/^\d+$/.test(fromAmount ?? '')
    ) {
      return send(400, { code: 1011, message: 'Validation error' });
    }
    const key = `${fromChain}:${(fromToken as string).toLowerCase()}:${toChain}:${(toToken as string).toLowerCase()}`;
    const rate = options.rates?.[key];
    if (!rate)
      return send(404, { code: 1002, message: 'No available quotes for the requested transfer', errors: [] });
    const amountIn = BigInt(fromAmount as string);
    const toAmount = (amountIn * rate[0]) / rate[1];
    const slippage = Number(query.slippage ?? '0.005');
    const toAmountMin = (toAmount * BigInt(Math.round((1 - slippage) * 10_000))) / 10_000n;
    const native = (fromToken as string).toLowerCase() === '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
    const tokenOf = (chainId: string, address: string, symbol: string) => ({
      address,
      chainId: Number(chainId),
      symbol,
      decimals: 6,
      name: symbol,
    });
    const action = {
      fromChainId: Number(fromChain),
      toChainId: Number(toChain),
      fromToken: tokenOf(fromChain, fromToken as string, 'USDC'),
      toToken: tokenOf(toChain, toToken as string, 'USDC'),
      fromAmount,
      slippage,
      fromAddress,
      toAddress: query.toAddress ?? fromAddress,
    };
    send(200, {
      id: 'fake-step',
      type: 'lifi',
      tool: 'stargateV2',
      toolDetails: { key: 'stargateV2', name: 'StargateV2', logoURI: 'https://example.invalid/logo.svg' },
      action,
      estimate: {
        tool: 'stargateV2',
        approvalAddress: native ? null : FAKE_LIFI_DIAMOND,
        fromAmount,
        toAmount: toAmount.toString(),
        toAmountMin: toAmountMin.toString(),
        executionDuration: 90,
        feeCosts: [
          {
            name: 'LayerZero fee',
            amount: '1000',
            amountUSD: '0.001',
            token: action.fromToken,
            included: true,
          },
        ],
        gasCosts: [
          {
            type: 'SEND',
            estimate: '250000',
            limit: '300000',
            amount: '5000000000000000',
            amountUSD: '10',
            token: { ...action.fromToken, symbol: 'ETH', decimals: 18 },
          },
        ],
      },
      includedSteps: [{ id: 'inner', type: 'cross', tool: 'stargateV2', action, estimate: {} }],
      transactionRequest: {
        to: FAKE_LIFI_DIAMOND,
        from: fromAddress,
        data: '0xdeadbeef',
        value: native ? (fromAmount as string) : '0',
        chainId: Number(fromChain),
        gasLimit: '0x493e0',
        gasPrice: '0x4a817c800',
      },
    });
  });
  const url = await listenOnLoopback(server);
  return { url: `${url}/v1`, options, requests, close: () => closeServer(server) };
}
