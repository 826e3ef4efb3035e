import { createServer } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import {
  FAKE_KYBERSWAP_ROUTER,
  type KyberSwapFake,
  startKyberSwapFake,
} from '../../tests/fakes/kyberswap-fake.ts';
import { type FakeZeroEx, startFakeZeroEx } from '../../tests/fakes/zerox-fake.ts';
import { closeServer, listenOnLoopback } from '../../tests/support/local-server.ts';
import { loadConfig } from '../config.ts';
import { resilientDexSource } from '../providers/resilience.ts';
import { seedDemoData } from '../seed.ts';
import { readAllowance } from './allowance.ts';
import { DexService, needsApproval } from './dex.ts';
import { KyberSwapSource } from './kyberswap.ts';
import { DEX_NETWORKS } from './networks.ts';
import { ZeroExSource } from './zerox.ts';

const ethereum = DEX_NETWORKS[0] as (typeof DEX_NETWORKS)[number];
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f';
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const TAKER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const usdc = { chainId: 1, address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6, icon: '' };
const dai = { chainId: 1, address: DAI, symbol: 'DAI', name: 'Dai', decimals: 18, icon: '' };
const eth = { chainId: 1, address: NATIVE, symbol: 'ETH', name: 'Ether', decimals: 18, icon: '' };
const signal = () => AbortSignal.timeout(5_000);

/** A JSON-RPC node answering eth_call of allowance(owner, spender) from a table. */
async function startAllowanceRpc(allowances: Record<string, bigint>) {
  const calls: unknown[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      const body = JSON.parse(raw) as { id: number; params: [{ to: string; data: string }] };
      calls.push(body);
      const { to, data } = body.params[0];
      const owner = `0x${data.slice(10 + 24, 74)}`;
      const spender = `0x${data.slice(74 + 24)}`;
      const value = allowances[`${to}:${owner}:${spender}`] ?? 0n;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ jsonrpc: '2.0', id: body.id, result: `0x${value.toString(16).padStart(64, '0')}` }),
      );
    });
  });
  const url = await listenOnLoopback(server);
  return { url, calls, close: () => closeServer(server) };
}

describe('the KyberSwap Aggregator API adapter against the local fake', () => {
  let fake: KyberSwapFake;
  let rpc: Awaited<ReturnType<typeof startAllowanceRpc>>;
  beforeAll(async () => {
    fake = await startKyberSwapFake({
      rates: {
        [`1:${USDC}:${DAI}`]: [1_001n * 10n ** 12n, 1_000n],
        [`1:${NATIVE}:${USDC}`]: [3_000n, 10n ** 12n],
      },
      maxAmountIn: 10n ** 15n,
    });
    rpc = await startAllowanceRpc({ [`${USDC}:${TAKER}:${FAKE_KYBERSWAP_ROUTER}`]: 5n * 10n ** 6n });
  });
  afterAll(async () => {
    await fake.close();
    await rpc.close();
  });

  const source = () =>
    new KyberSwapSource({
      clientId: 'swapgate-test',
      baseUrl: fake.url,
      allowanceOf: (_network, call, s) => readAllowance(rpc.url, call, s),
    });

  it('serves our five networks by their KyberSwap slugs', () => {
    expect(DEX_NETWORKS.every((network) => source().supports(network))).toBe(true);
  });

  it('asks GET /{chain}/api/v1/routes with the client id, and reads the summary without a taker', async () => {
    const route = await source().quote(
      { network: ethereum, sellToken: usdc, buyToken: dai, sellAmount: 100n * 10n ** 6n, slippageBps: 50 },
      signal(),
    );
    const sent = fake.requests.at(-1);
    expect(sent?.method).toBe('GET');
    expect(sent?.path).toBe('/ethereum/api/v1/routes');
    expect(sent?.headers['x-client-id']).toBe('swapgate-test');
    expect(sent?.query).toMatchObject({
      tokenIn: USDC,
      tokenOut: DAI,
      amountIn: '100000000',
      gasInclude: 'true',
    });
    expect(route).toMatchObject({
      source: 'kyberswap',
      sourceName: 'KyberSwap',
      sellAmount: 100n * 10n ** 6n,
      buyAmount: 1001n * 10n ** 17n,
      minBuyAmount: (1001n * 10n ** 17n * 9_950n) / 10_000n,
      gas: 215_000n,
      gasPrice: 18_000_000_000n,
      allowanceTarget: FAKE_KYBERSWAP_ROUTER,
      allowance: null,
      transaction: null,
    });
    expect(route?.steps).toEqual([
      { source: 'uniswapv3', tokenIn: 'USDC', tokenOut: 'DAI', proportionBps: 7000 },
      { source: 'curve-stable-plain', tokenIn: 'USDC', tokenOut: 'DAI', proportionBps: 3000 },
    ]);
  });

  it('builds the transaction with the taker (summary verbatim) and reads the allowance on the network', async () => {
    const route = await source().quote(
      {
        network: ethereum,
        sellToken: usdc,
        buyToken: dai,
        sellAmount: 100n * 10n ** 6n,
        slippageBps: 30,
        taker: TAKER,
      },
      signal(),
    );
    const [get, build] = fake.requests.slice(-2);
    expect(get?.query.origin).toBe(TAKER);
    expect(build?.method).toBe('POST');
    expect(build?.path).toBe('/ethereum/api/v1/route/build');
    expect(build?.body).toMatchObject({
      sender: TAKER,
      recipient: TAKER,
      slippageTolerance: 30,
      source: 'swapgate-test',
    });
    expect(build?.body).toMatchObject({ routeSummary: { routeID: expect.stringMatching(/^route-/) } });
    expect(route?.transaction).toMatchObject({ to: FAKE_KYBERSWAP_ROUTER, value: 0n });
    expect(route?.transaction?.data).toMatch(/^0xe21fd0e9/);
    expect(route?.gas).toBe(230_000n);
    // 5 USDC approved, 100 sold: the page asks for an approval first.
    expect(route?.allowance).toBe(5n * 10n ** 6n);
    expect(route && needsApproval(route)).toBe(true);
    expect(rpc.calls.length).toBeGreaterThan(0);

    // Selling the gas token: the value rides on the transaction, nothing to approve.
    const native = await source().quote(
      {
        network: ethereum,
        sellToken: eth,
        buyToken: usdc,
        sellAmount: 10n ** 14n,
        slippageBps: 50,
        taker: TAKER,
      },
      signal(),
    );
    expect(native).toMatchObject({ allowanceTarget: null, allowance: null });
    expect(native?.transaction?.value).toBe(10n ** 14n);
  });

  it('asks for an approval when the allowance cannot be read', async () => {
    const blind = new KyberSwapSource({ clientId: 'swapgate-test', baseUrl: fake.url });
    const route = await blind.quote(
      { network: ethereum, sellToken: usdc, buyToken: dai, sellAmount: 1n, slippageBps: 50, taker: TAKER },
      signal(),
    );
    expect(route?.allowance).toBe(0n);
    expect(route && needsApproval(route)).toBe(true);
  });

  it('has no route on 4008 (route not found) or 4009 (amount above the maximum), and fails otherwise', async () => {
    const base = { network: ethereum, sellAmount: 10n ** 6n, slippageBps: 50 };
    expect(await source().quote({ ...base, sellToken: dai, buyToken: usdc }, signal())).toBeNull();
    expect(
      await source().quote({ ...base, sellToken: eth, buyToken: usdc, sellAmount: 10n ** 18n }, signal()),
    ).toBeNull();
    fake.set({ failStatus: 500 });
    try {
      await expect(source().quote({ ...base, sellToken: usdc, buyToken: dai }, signal())).rejects.toThrow(
        '500',
      );
    } finally {
      fake.set({ failStatus: null });
    }
    fake.set({ invalidJson: true });
    try {
      await expect(source().quote({ ...base, sellToken: usdc, buyToken: dai }, signal())).rejects.toThrow(
        'unexpected',
      );
    } finally {
      fake.set({ invalidJson: false });
    }
  });
});

describe.each(databaseTargets())('0x and KyberSwap side by side on $name', (target) => {
  let handle: DatabaseHandle;
  let zeroEx: FakeZeroEx;
  let kyber: KyberSwapFake;
  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    zeroEx = await startFakeZeroEx({
      apiKey: 'key-1',
      rates: { [`1:${USDC}:${DAI}`]: [999n * 10n ** 12n, 1000n] },
    });
    kyber = await startKyberSwapFake({ rates: { [`1:${USDC}:${DAI}`]: [1_001n * 10n ** 12n, 1_000n] } });
  });
  afterAll(async () => {
    await zeroEx.close();
    await kyber.close();
    await handle.close();
  });

  const service = (timeoutMs: number, options: { breakAfter?: number; halfOpenAfterMs?: number } = {}) =>
    new DexService({
      config: loadConfig({ QUOTE_TIMEOUT_MS: String(timeoutMs) }),
      db: handle.db,
      log: pino({ level: 'silent' }),
      sources: [
        resilientDexSource(new ZeroExSource({ apiKey: 'key-1', baseUrl: zeroEx.url }), options),
        resilientDexSource(new KyberSwapSource({ clientId: 'swapgate-test', baseUrl: kyber.url }), {
          backoffMs: 10,
          ...options,
        }),
      ],
    });
  const input = {
    network: 'ethereum',
    sellToken: USDC,
    buyToken: DAI,
    sellAmount: 100n * 10n ** 6n,
    slippageBps: 50,
  };

  it('quotes both, the best first, each labelled with its source', async () => {
    const result = await service(2_000).quote(input);
    expect(result.routes.map((route) => [route.source, route.sourceName])).toEqual([
      ['kyberswap', 'KyberSwap'],
      ['0x', '0x'],
    ]);
    expect(result.routes[0]?.buyAmount).toBeGreaterThan(result.routes[1]?.buyAmount ?? 0n);
  });

  it('answers within the deadline with the other source when one is slow, and when one fails', async () => {
    kyber.set({ latencyMs: 5_000 });
    try {
      const started = Date.now();
      const result = await service(400).quote(input);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(result.routes.map((route) => route.source)).toEqual(['0x']);
    } finally {
      kyber.set({ latencyMs: 0 });
    }
    kyber.set({ failStatus: 502 });
    try {
      const result = await service(2_000).quote(input);
      expect(result.routes.map((route) => route.source)).toEqual(['0x']);
    } finally {
      kyber.set({ failStatus: null });
    }
  });

  it('is switched on by KYBERSWAP_CLIENT_ID beside 0x’s key, on every network', async () => {
    const dex = new DexService({
      config: loadConfig({
        KYBERSWAP_CLIENT_ID: 'swapgate',
        KYBERSWAP_API_URL: kyber.url,
        ZEROX_API_KEY: 'key-1',
        ZEROX_API_URL: zeroEx.url,
      }),
      db: handle.db,
      log: pino({ level: 'silent' }),
    });
    expect(dex.networks().map((info) => info.sources)).toEqual(DEX_NETWORKS.map(() => ['0x', 'kyberswap']));
    const result = await dex.quote(input);
    expect(result.routes.map((route) => route.source)).toEqual(['kyberswap', '0x']);
    expect(kyber.requests.at(-1)?.headers['x-client-id']).toBe('swapgate');
    expect(() => loadConfig({ KYBERSWAP_CLIENT_ID: 'has space' })).toThrow();
  });

  it('drops a failing source at once once its breaker opens, and takes it back on its own', async () => {
    const dex = service(2_000, { breakAfter: 2, halfOpenAfterMs: 300 });
    kyber.set({ failStatus: 502 });
    try {
      // Two attempts per quote (a retry): the breaker opens during the first quote.
      await dex.quote(input);
      const before = kyber.requests.length;
      const result = await dex.quote(input);
      expect(result.routes.map((route) => route.source)).toEqual(['0x']);
      expect(kyber.requests.length).toBe(before);
    } finally {
      kyber.set({ failStatus: null });
    }
    await new Promise((resolve) => setTimeout(resolve, 350));
    const back = await dex.quote(input);
    expect(back.routes.map((route) => route.source)).toEqual(['kyberswap', '0x']);
  });
});
