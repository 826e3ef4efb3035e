import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { FAKE_ALLOWANCE_HOLDER, type FakeZeroEx, startFakeZeroEx } from '../../tests/fakes/zerox-fake.ts';
import { loadConfig } from '../config.ts';
import { seedDemoData } from '../seed.ts';
import { type DexQuoteError, DexService, needsApproval, rankRoutes } from './dex.ts';
import { DEX_NETWORKS, NATIVE_TOKEN } from './networks.ts';
import type { DexRoute, DexRouteSource } from './types.ts';
import { ZeroExSource } from './zerox.ts';

const ethereum = DEX_NETWORKS[0] as (typeof DEX_NETWORKS)[number];
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f';
const TAKER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const usdc = { chainId: 1, address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6, icon: '' };
const dai = { chainId: 1, address: DAI, symbol: 'DAI', name: 'Dai', decimals: 18, icon: '' };

describe('the 0x Swap API v2 adapter against the local fake', () => {
  let fake: FakeZeroEx;
  beforeAll(async () => {
    fake = await startFakeZeroEx({
      apiKey: 'key-1',
      rates: { [`1:${USDC}:${DAI}`]: [999n * 10n ** 12n, 1000n] },
      allowances: { [`${TAKER}:${USDC}`]: 5n * 10n ** 6n },
    });
  });
  afterAll(() => fake.close());

  it('asks /price without a taker, with the key and version headers', async () => {
    const source = new ZeroExSource({ apiKey: 'key-1', baseUrl: fake.url });
    const route = await source.quote(
      { network: ethereum, sellToken: usdc, buyToken: dai, sellAmount: 100n * 10n ** 6n, slippageBps: 100 },
      AbortSignal.timeout(5_000),
    );
    const sent = fake.requests.at(-1);
    expect(sent?.path).toBe('/swap/allowance-holder/price');
    expect(sent?.headers).toEqual({ '0x-api-key': 'key-1', '0x-version': 'v2' });
    expect(sent?.query).toMatchObject({
      chainId: '1',
      sellToken: USDC,
      buyToken: DAI,
      sellAmount: '100000000',
      slippageBps: '100',
    });
    expect(route?.buyAmount).toBe(999n * 10n ** 17n);
    expect(route?.minBuyAmount).toBe((999n * 10n ** 17n * 9_900n) / 10_000n);
    expect(route?.transaction).toBeNull();
    expect(route?.steps.map((step) => [step.source, step.proportionBps])).toEqual([
      ['Uniswap_V3', 6000],
      ['SushiSwap', 4000],
    ]);
  });

  it('asks /quote with a taker: the transaction, and the short allowance from issues.allowance', async () => {
    const source = new ZeroExSource({ apiKey: 'key-1', baseUrl: fake.url });
    const route = await source.quote(
      {
        network: ethereum,
        sellToken: usdc,
        buyToken: dai,
        sellAmount: 100n * 10n ** 6n,
        slippageBps: 50,
        taker: TAKER,
      },
      AbortSignal.timeout(5_000),
    );
    expect(fake.requests.at(-1)?.path).toBe('/swap/allowance-holder/quote');
    expect(route?.allowanceTarget).toBe(FAKE_ALLOWANCE_HOLDER);
    expect(route?.allowance).toBe(5n * 10n ** 6n);
    expect(route && needsApproval(route)).toBe(true);
    expect(route?.transaction?.to).toBe(FAKE_ALLOWANCE_HOLDER);
    expect(route?.gas).toBe(180_000n);

    // Enough allowance: 0x reports no allowance issue, and no approval is asked.
    const enough = await source.quote(
      {
        network: ethereum,
        sellToken: usdc,
        buyToken: dai,
        sellAmount: 2n * 10n ** 6n,
        slippageBps: 50,
        taker: TAKER,
      },
      AbortSignal.timeout(5_000),
    );
    expect(enough && needsApproval(enough)).toBe(false);
  });

  it('has no route where 0x has no liquidity, and fails on a refused key', async () => {
    const source = new ZeroExSource({ apiKey: 'key-1', baseUrl: fake.url });
    const request = {
      network: ethereum,
      sellToken: dai,
      buyToken: usdc,
      sellAmount: 10n ** 18n,
      slippageBps: 50,
    };
    expect(await source.quote(request, AbortSignal.timeout(5_000))).toBeNull();
    const wrongKey = new ZeroExSource({ apiKey: 'nope', baseUrl: fake.url });
    await expect(
      wrongKey.quote({ ...request, sellToken: usdc, buyToken: dai }, AbortSignal.timeout(5_000)),
    ).rejects.toThrow('401');
  });
});

function route(source: string, buyAmount: bigint, gas = 100_000n): DexRoute {
  return {
    source,
    sourceName: source,
    sellAmount: 1n,
    buyAmount,
    minBuyAmount: buyAmount,
    priceImpactBps: null,
    gas,
    gasPrice: null,
    steps: [],
    allowanceTarget: null,
    allowance: null,
    transaction: null,
  };
}

describe('route ranking', () => {
  it('puts the most bought first, then the least gas', () => {
    expect(
      rankRoutes([route('a', 10n), route('b', 12n), route('c', 12n, 50_000n)]).map((r) => r.source),
    ).toEqual(['c', 'b', 'a']);
  });
});

describe.each(databaseTargets())('DexService quotes on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
  });
  afterAll(() => handle.close());

  function service(sources: DexRouteSource[]) {
    return new DexService({
      config: loadConfig({ QUOTE_TIMEOUT_MS: '500' }),
      db: handle.db,
      log: pino({ level: 'silent' }),
      sources,
    });
  }
  const fixed = (id: string, answer: () => Promise<DexRoute | null>): DexRouteSource => ({
    id,
    name: id,
    supports: (network) => network.chainId === 1,
    quote: answer,
  });

  it('asks every source, drops the failures, and offers the best first', async () => {
    const dex = service([
      fixed('low', async () => route('low', 90n)),
      fixed('broken', async () => {
        throw new Error('down');
      }),
      fixed('none', async () => null),
      fixed('high', async () => route('high', 110n)),
    ]);
    const result = await dex.quote({
      network: 'ethereum',
      sellToken: USDC,
      buyToken: DAI,
      sellAmount: 10n ** 6n,
      slippageBps: 50,
    });
    expect(result.routes.map((r) => r.source)).toEqual(['high', 'low']);
    expect(result.sellToken.symbol).toBe('USDC');
  });

  it('refuses unknown networks and tokens, the same token twice, unconfigured networks and no route', async () => {
    const dex = service([fixed('none', async () => null)]);
    const base = { network: 'ethereum', sellToken: USDC, buyToken: DAI, sellAmount: 1n, slippageBps: 50 };
    const code = (input: typeof base) =>
      dex.quote(input).then(
        () => 'ok',
        (error: DexQuoteError) => error.code,
      );
    expect(await code({ ...base, network: 'solana' })).toBe('dex_unknown_network');
    expect(await code({ ...base, network: 'polygon' })).toBe('dex_network_unavailable');
    expect(await code({ ...base, sellToken: '0x000000000000000000000000000000000000dead' })).toBe(
      'dex_unknown_token',
    );
    expect(await code({ ...base, buyToken: USDC })).toBe('dex_same_token');
    expect(await code(base)).toBe('dex_no_route');
    expect(await code({ ...base, sellToken: NATIVE_TOKEN })).toBe('dex_no_route');
  });

  it('lists the gas token first and the default list’s tokens with our icons', async () => {
    const tokens = await service([]).tokenList(ethereum);
    expect(tokens[0]).toMatchObject({ symbol: 'ETH', native: true });
    expect(tokens.find((token) => token.address === USDC)).toMatchObject({
      symbol: 'USDC',
      decimals: 6,
      icon: '/icons/coins/usdc.svg',
    });
    expect(tokens.length).toBeGreaterThan(100);
  });
});
