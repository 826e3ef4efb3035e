import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { FAKE_LIFI_DIAMOND, type FakeLiFi, startFakeLiFi } from '../../tests/fakes/lifi-fake.ts';
import { loadConfig } from '../config.ts';
import { type DexQuoteError, DexService } from '../dex/dex.ts';
import { DEX_NETWORKS } from '../dex/networks.ts';
import { seedDemoData } from '../seed.ts';
import { CrossChainService, rankCrossChainRoutes } from './crosschain.ts';
import { type CrossChainRoute, LiFiSource } from './lifi.ts';

const [ethereum, , , arbitrum] = DEX_NETWORKS as unknown as [
  (typeof DEX_NETWORKS)[number],
  unknown,
  unknown,
  (typeof DEX_NETWORKS)[number],
];
const USDC_ETH = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const usdc = (chainId: number, address: string) => ({
  chainId,
  address,
  symbol: 'USDC',
  name: 'USDC',
  decimals: 6,
  icon: '',
});

describe('the LI.FI adapter against the local fake', () => {
  let fake: FakeLiFi;
  beforeAll(async () => {
    fake = await startFakeLiFi({
      rates: { [`1:${USDC_ETH}:42161:${USDC_ARB}`]: [998n, 1000n] },
      statuses: {
        '0xaaa': { status: 'PENDING', substatus: 'WAIT_DESTINATION_TRANSACTION' },
        '0xbbb': {
          status: 'DONE',
          substatus: 'COMPLETED',
          receiving: { txHash: '0xccc', amount: '99800000' },
        },
      },
    });
  });
  afterAll(() => fake.close());

  it('serves no network a sandbox chain stands in for (its routes would be mainnet transactions)', () => {
    const source = new LiFiSource({ baseUrl: fake.url, offNetwork: (network) => network.id === 'ethereum' });
    expect(source.supports(ethereum, arbitrum)).toBe(false);
    expect(source.supports(arbitrum, ethereum)).toBe(false);
    expect(new LiFiSource({ baseUrl: fake.url }).supports(ethereum, arbitrum)).toBe(true);
  });

  it('asks /quote with the documented parameters and reads the step', async () => {
    const source = new LiFiSource({ baseUrl: fake.url, apiKey: 'k' });
    const route = await source.quote(
      {
        fromNetwork: ethereum,
        toNetwork: arbitrum,
        fromToken: usdc(1, USDC_ETH),
        toToken: usdc(42161, USDC_ARB),
        fromAmount: 100_000_000n,
        fromAddress: WALLET,
        slippageBps: 50,
      },
      AbortSignal.timeout(5_000),
    );
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/quote',
      apiKey: 'k',
      query: {
        fromChain: '1',
        toChain: '42161',
        fromToken: USDC_ETH,
        toToken: USDC_ARB,
        fromAmount: '100000000',
        fromAddress: WALLET,
        slippage: '0.005',
      },
    });
    expect(route).toMatchObject({
      tool: 'stargateV2',
      toolName: 'StargateV2',
      toAmount: 99_800_000n,
      toAmountMin: 99_301_000n,
      durationSeconds: 90,
      approvalAddress: FAKE_LIFI_DIAMOND,
      gasCost: 5_000_000_000_000_000n,
    });
    expect(route?.transaction).toMatchObject({ to: FAKE_LIFI_DIAMOND, chainId: 1, value: 0n });
    expect(route?.steps[0]).toMatchObject({ type: 'cross', fromChainId: 1, toChainId: 42161 });
  });

  it('has no route where LI.FI answers 404 (no quote)', async () => {
    const source = new LiFiSource({ baseUrl: fake.url });
    const route = await source.quote(
      {
        fromNetwork: arbitrum,
        toNetwork: ethereum,
        fromToken: usdc(42161, USDC_ARB),
        toToken: usdc(1, USDC_ETH),
        fromAmount: 1n,
        fromAddress: WALLET,
        slippageBps: 50,
      },
      AbortSignal.timeout(5_000),
    );
    expect(route).toBeNull();
  });

  it('follows a transfer until it lands', async () => {
    const source = new LiFiSource({ baseUrl: fake.url });
    const signal = AbortSignal.timeout(5_000);
    expect((await source.status('0xaaa', ethereum, arbitrum, 'stargateV2', signal)).status).toBe('PENDING');
    expect(await source.status('0xbbb', ethereum, arbitrum, 'stargateV2', signal)).toEqual({
      status: 'DONE',
      substatus: 'COMPLETED',
      receivingTxHash: '0xccc',
      receivedAmount: 99_800_000n,
    });
    expect((await source.status('0xddd', ethereum, arbitrum, 'stargateV2', signal)).status).toBe('NOT_FOUND');
  });
});

describe('cross-chain route ranking', () => {
  it('puts the most landing first, then the quickest', () => {
    const route = (tool: string, toAmount: bigint, durationSeconds: number) =>
      ({ tool, toAmount, durationSeconds }) as CrossChainRoute;
    expect(
      rankCrossChainRoutes([route('a', 90n, 60), route('b', 95n, 600), route('c', 95n, 60)]).map(
        (r) => r.tool,
      ),
    ).toEqual(['c', 'b', 'a']);
  });
});

describe.each(databaseTargets())('CrossChainService on $name', (target) => {
  let handle: DatabaseHandle;
  let fake: FakeLiFi;
  let service: CrossChainService;
  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    fake = await startFakeLiFi({
      rates: { [`1:${USDC_ETH}:42161:${USDC_ARB}`]: [998n, 1000n] },
      statuses: {
        '0xbbb': { status: 'DONE', substatus: 'COMPLETED', receiving: { txHash: '0xccc', amount: '5' } },
      },
    });
    const log = pino({ level: 'silent' });
    const dex = new DexService({ config: loadConfig({}), db: handle.db, log, sources: [] });
    service = new CrossChainService({
      dex,
      sources: [new LiFiSource({ baseUrl: fake.url })],
      timeoutMs: 5_000,
      log,
    });
  });
  afterAll(async () => {
    await fake.close();
    await handle.close();
  });

  const input = {
    fromNetwork: 'ethereum',
    toNetwork: 'arbitrum',
    fromToken: USDC_ETH,
    toToken: USDC_ARB,
    fromAmount: 100_000_000n,
    fromAddress: WALLET as `0x${string}`,
    slippageBps: 50,
  };

  it('quotes tokens of both networks’ lists', async () => {
    const result = await service.quote(input);
    expect(result.fromToken.symbol).toBe('USDC');
    expect(result.toToken.address).toBe(USDC_ARB);
    expect(result.routes[0]?.toAmount).toBe(99_800_000n);
  });

  it('refuses the same network, an unknown token and a pair without a route', async () => {
    const code = (overrides: Partial<typeof input>) =>
      service.quote({ ...input, ...overrides }).then(
        () => 'ok',
        (error: DexQuoteError) => error.code,
      );
    expect(await code({ toNetwork: 'ethereum', toToken: USDC_ETH })).toBe('cross_chain_same_network');
    expect(await code({ toToken: USDC_ETH })).toBe('dex_unknown_token');
    expect(
      await code({ fromNetwork: 'arbitrum', fromToken: USDC_ARB, toNetwork: 'ethereum', toToken: USDC_ETH }),
    ).toBe('dex_no_route');
  });

  it('follows a transfer through the source that routed it', async () => {
    const done = await service.status({
      source: 'lifi',
      txHash: '0xbbb',
      fromNetwork: 'ethereum',
      toNetwork: 'arbitrum',
      bridge: 'stargateV2',
    });
    expect(done).toMatchObject({ status: 'DONE', receivingTxHash: '0xccc', receivedAmount: 5n });
    expect(fake.requests.at(-1)?.query).toMatchObject({
      txHash: '0xbbb',
      fromChain: '1',
      toChain: '42161',
      bridge: 'stargateV2',
    });
    await expect(
      service.status({
        source: 'other',
        txHash: '0xbbb',
        fromNetwork: 'ethereum',
        toNetwork: 'arbitrum',
        bridge: 'x',
      }),
    ).rejects.toMatchObject({ code: 'cross_chain_unavailable' });
  });
});
