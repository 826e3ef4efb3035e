import { createServer, type Server } from 'node:http';
import { encodeFunctionData, parseAbi } from 'viem';
import { minimumOut } from '../../core/dex/amm.ts';
import { closeServer, listenOnLoopback } from '../support/local-server.ts';

/** AllowanceHolder's address on the Cancun chains (0x docs, "AllowanceHolder contract addresses"). */
export const FAKE_ALLOWANCE_HOLDER = '0x0000000000001ff3684f28c67538d4d072c22734';

export interface FakeZeroExOptions {
  apiKey?: string;
  /** Buy units per sell unit as a fraction, by `chainId:sellToken:buyToken` (lower-case addresses). */
  rates?: Record<string, [numerator: bigint, denominator: bigint]>;
  /** The allowance each `taker:token` has given AllowanceHolder (0 unless set). */
  allowances?: Record<string, bigint>;
}

export interface FakeZeroEx {
  url: string;
  requests: { path: string; query: Record<string, string>; headers: Record<string, string | undefined> }[];
  options: FakeZeroExOptions;
  close(): Promise<void>;
}

const dummyAbi = parseAbi([
  'function exec(address operator, address token, uint256 amount, address target, bytes data)',
]);

/**
 * A local stand-in for the 0x Swap API v2 AllowanceHolder endpoints (`/swap/allowance-holder/price`
 * and `/quote`) with the documented request headers, parameters and response fields: a rate table,
 * `issues.allowance` when the taker's allowance is short, `route.fills`, and a transaction to the
 * AllowanceHolder address for `/quote`. 401 without the key, 400 for a malformed request.
 */
export async function startFakeZeroEx(options: FakeZeroExOptions = {}): Promise<FakeZeroEx> {
  const apiKey = options.apiKey ?? 'test-0x-key';
  const requests: FakeZeroEx['requests'] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({
      path: url.pathname,
      query,
      headers: {
        '0x-api-key': req.headers['0x-api-key'] as string,
        '0x-version': req.headers['0x-version'] as string,
      },
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const match = /^\/swap\/allowance-holder\/(price|quote)$/.exec(url.pathname);
    if (!match) return send(404, { name: 'NOT_FOUND', message: 'not found' });
    if (req.headers['0x-api-key'] !== apiKey)
      return send(401, { name: 'UNAUTHORIZED', message: 'Invalid API key' });
    if (req.headers['0x-version'] !== 'v2')
      return send(400, { name: 'INPUT_INVALID', message: '0x-version must be v2' });
    const { chainId, sellToken, buyToken, sellAmount, taker } = query;
    const slippageBps = Number(query.slippageBps ?? '100');
    const isAddress = (value: string | undefined) => !!value && /^0x[0-9a-fA-F]{40}$/.test(value);
    if (!chainId || !isAddress(sellToken) || !isAddress(buyToken) || !/^\d+$/.test(sellAmount ?? '')) {
      return send(400, { name: 'INPUT_INVALID', message: 'Validation Failed' });
    }
    if (match[1] === 'quote' && !isAddress(taker))
      return send(400, { name: 'INPUT_INVALID', message: 'taker is required' });
    const sell = (sellToken as string).toLowerCase();
    const buy = (buyToken as string).toLowerCase();
    const rate = options.rates?.[`${chainId}:${sell}:${buy}`];
    if (!rate) return send(200, { liquidityAvailable: false, zid: '0xfake' });
    const amountIn = BigInt(sellAmount as string);
    const buyAmount = (amountIn * rate[0]) / rate[1];
    const native = sell === '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
    const actual = taker ? (options.allowances?.[`${taker.toLowerCase()}:${sell}`] ?? 0n) : 0n;
    const gas = 180_000n;
    const gasPrice = 20_000_000_000n;
    send(200, {
      liquidityAvailable: true,
      blockNumber: '21000000',
      buyAmount: buyAmount.toString(),
      buyToken: buy,
      sellAmount: amountIn.toString(),
      sellToken: sell,
      minBuyAmount: minimumOut(buyAmount, slippageBps).toString(),
      gas: gas.toString(),
      gasPrice: gasPrice.toString(),
      totalNetworkFee: (gas * gasPrice).toString(),
      allowanceTarget: native ? null : FAKE_ALLOWANCE_HOLDER,
      issues: {
        allowance:
          !native && taker && actual < amountIn
            ? { actual: actual.toString(), spender: FAKE_ALLOWANCE_HOLDER }
            : null,
        balance: null,
        simulationIncomplete: false,
        invalidSourcesPassed: [],
      },
      route: {
        fills: [
          { from: sell, to: buy, source: 'Uniswap_V3', proportionBps: '6000' },
          { from: sell, to: buy, source: 'SushiSwap', proportionBps: '4000' },
        ],
        tokens: [],
      },
      ...(match[1] === 'quote'
        ? {
            transaction: {
              to: FAKE_ALLOWANCE_HOLDER,
              data: encodeFunctionData({
                abi: dummyAbi,
                functionName: 'exec',
                args: [taker as `0x${string}`, sell as `0x${string}`, amountIn, FAKE_ALLOWANCE_HOLDER, '0x'],
              }),
              gas: gas.toString(),
              gasPrice: gasPrice.toString(),
              value: native ? amountIn.toString() : '0',
            },
          }
        : {}),
      zid: '0xfake',
    });
  });
  const url = await listenOnLoopback(server);
  return { url, requests, options, close: () => closeServer(server) };
}
