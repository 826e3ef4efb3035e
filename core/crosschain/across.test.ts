import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { type AcrossFake, FAKE_ACROSS_SPOKE_POOL, startAcrossFake } from '../../tests/fakes/across-fake.ts';
import { type FakeLiFi, startFakeLiFi } from '../../tests/fakes/lifi-fake.ts';
import { loadConfig } from '../config.ts';
import { DexService } from '../dex/dex.ts';
import { DEX_NETWORKS } from '../dex/networks.ts';
import { resilientCrossChainSource } from '../providers/resilience.ts';
import { seedDemoData } from '../seed.ts';
import { AcrossSource } from './across.ts';
import { CrossChainService } from './crosschain.ts';
import { LiFiSource } from './lifi.ts';

const byId = (id: string) =>
  DEX_NETWORKS.find((network) => network.id === id) as (typeof DEX_NETWORKS)[number];
const ethereum = byId('ethereum');
const arbitrum = byId('arbitrum');
const USDC_ETH = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const OTHER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const tx = (digit: string) => `0x${digit.repeat(64)}`;
const usdc = (chainId: number, address: string) => ({
  chainId,
  address,
  symbol: 'USDC',
  name: 'USDC',
  decimals: 6,
  icon: '',
});
const signal = () => AbortSignal.timeout(5_000);

describe('the Across Swap API adapter against the local fake', () => {
  let fake: AcrossFake;
  beforeAll(async () => {
    fake = await startAcrossFake({
      apiKey: 'across-key',
      rates: {
        [`1:${USDC_ETH}:42161:${USDC_ARB}`]: [9_990n, 10_000n],
        [`1:${NATIVE}:42161:${NATIVE}`]: [9_995n, 10_000n],
      },
      minAmount: 1_000_000n,
      deposits: {
        [tx('a')]: { status: 'pending', destinationChainId: 42161 },
        [tx('b')]: { status: 'filled', destinationChainId: 42161, fillTxnRef: tx('c') },
        [tx('d')]: { status: 'expired', destinationChainId: 42161 },
        [tx('e')]: { status: 'refunded', destinationChainId: 42161 },
        [tx('f')]: { status: 'filled', destinationChainId: 10, fillTxnRef: tx('c') },
      },
    });
  });
  afterAll(() => fake.close());

  const source = (apiKey = 'across-key') =>
    new AcrossSource({ baseUrl: fake.url, apiKey, integratorId: '0xdead' });
  const request = {
    fromNetwork: ethereum,
    toNetwork: arbitrum,
    fromToken: usdc(1, USDC_ETH),
    toToken: usdc(42161, USDC_ARB),
    fromAmount: 100_000_000n,
    fromAddress: WALLET as `0x${string}`,
    slippageBps: 50,
  };

  it('serves our five networks, never a network a sandbox chain stands in for', () => {
    expect(source().supports(ethereum, arbitrum)).toBe(true);
    expect(source().supports(ethereum, ethereum)).toBe(false);
    const off = new AcrossSource({ baseUrl: fake.url, apiKey: 'k', offNetwork: (n) => n.id === 'arbitrum' });
    expect(off.supports(ethereum, arbitrum)).toBe(false);
  });

  it('asks GET /swap/approval (exactInput, slippage as a ratio, bearer key) and reads the quote', async () => {
    const route = await source().quote({ ...request, toAddress: OTHER }, signal());
    const sent = fake.requests.at(-1);
    expect(sent?.path).toBe('/api/swap/approval');
    expect(sent?.headers.authorization).toBe('Bearer across-key');
    expect(sent?.query).toEqual({
      tradeType: 'exactInput',
      amount: '100000000',
      inputToken: USDC_ETH,
      outputToken: USDC_ARB,
      originChainId: '1',
      destinationChainId: '42161',
      depositor: WALLET,
      recipient: OTHER,
      slippage: '0.005',
      integratorId: '0xdead',
    });
    expect(route).toMatchObject({
      source: 'across',
      sourceName: 'Across',
      tool: 'across',
      toolName: 'Across',
      fromAmount: 100_000_000n,
      toAmount: 99_900_000n,
      toAmountMin: 99_400_500n,
      durationSeconds: 4,
      fees: [{ name: 'Across', amount: 100_000n, symbol: 'USDC' }],
      gasCost: 1_800_000_000_000_000n,
      approvalAddress: FAKE_ACROSS_SPOKE_POOL,
    });
    expect(route?.steps).toEqual([
      {
        type: 'cross',
        tool: 'across',
        fromChainId: 1,
        toChainId: 42161,
        fromSymbol: 'USDC',
        toSymbol: 'USDC',
      },
    ]);
    expect(route?.transaction).toMatchObject({ to: FAKE_ACROSS_SPOKE_POOL, chainId: 1, value: 0n });

    const native = await source().quote(
      {
        ...request,
        fromToken: { ...usdc(1, NATIVE), symbol: 'ETH' },
        toToken: usdc(42161, NATIVE),
        fromAmount: 10n ** 18n,
      },
      signal(),
    );
    expect(native).toMatchObject({ approvalAddress: null });
    expect(native?.transaction?.value).toBe(10n ** 18n);
  });

  it('has no route for a route Across does not enable or an amount below its fees, and fails on a refused key', async () => {
    expect(
      await source().quote({ ...request, fromNetwork: arbitrum, toNetwork: ethereum }, signal()),
    ).toBeNull();
    expect(await source().quote({ ...request, fromAmount: 5n }, signal())).toBeNull();
    await expect(source('wrong').quote(request, signal())).rejects.toThrow('401');
    fake.set({ failStatus: 500 });
    try {
      await expect(source().quote(request, signal())).rejects.toThrow('UNEXPECTED_ERROR');
    } finally {
      fake.set({ failStatus: null });
    }
  });

  it('follows a deposit by its source transaction: pending, filled, expired, refunded, unknown', async () => {
    const status = (hash: string) => source().status(hash, ethereum, arbitrum, 'across', signal());
    expect(await status(tx('a'))).toEqual({
      status: 'PENDING',
      substatus: null,
      receivingTxHash: null,
      receivedAmount: null,
    });
    expect(fake.requests.at(-1)?.query).toEqual({ depositTxnRef: tx('a') });
    expect(await status(tx('b'))).toEqual({
      status: 'DONE',
      substatus: 'COMPLETED',
      receivingTxHash: tx('c'),
      receivedAmount: null,
    });
    expect(await status(tx('d'))).toMatchObject({ status: 'FAILED', substatus: 'EXPIRED' });
    expect(await status(tx('e'))).toMatchObject({ status: 'FAILED', substatus: 'REFUNDED' });
    expect((await status(tx('9'))).status).toBe('NOT_FOUND');
    // Filled, but on another chain than the one asked about: not this transfer.
    expect((await status(tx('f'))).status).toBe('INVALID');
  });
});

describe.each(databaseTargets())('LI.FI and Across side by side on $name', (target) => {
  let handle: DatabaseHandle;
  let lifi: FakeLiFi;
  let across: AcrossFake;
  let dex: DexService;
  const log = pino({ level: 'silent' });
  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    lifi = await startFakeLiFi({ rates: { [`1:${USDC_ETH}:42161:${USDC_ARB}`]: [998n, 1000n] } });
    across = await startAcrossFake({
      apiKey: 'k',
      rates: { [`1:${USDC_ETH}:42161:${USDC_ARB}`]: [999n, 1000n] },
      deposits: { [tx('b')]: { status: 'filled', destinationChainId: 42161, fillTxnRef: tx('c') } },
    });
    dex = new DexService({ config: loadConfig({}), db: handle.db, log, sources: [] });
  });
  afterAll(async () => {
    await lifi.close();
    await across.close();
    await handle.close();
  });

  const service = (timeoutMs: number) =>
    new CrossChainService({
      dex,
      sources: [
        resilientCrossChainSource(new LiFiSource({ baseUrl: lifi.url })),
        resilientCrossChainSource(new AcrossSource({ baseUrl: across.url, apiKey: 'k' }), { backoffMs: 10 }),
      ],
      timeoutMs,
      log,
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

  it('quotes both bridges, the most landing first, each labelled with its source', async () => {
    const result = await service(3_000).quote(input);
    expect(result.routes.map((route) => [route.source, route.sourceName, route.toAmount])).toEqual([
      ['across', 'Across', 99_900_000n],
      ['lifi', 'LI.FI', 99_800_000n],
    ]);
    expect(service(3_000).bridges(ethereum, arbitrum)).toEqual(['LI.FI', 'Across']);
  });

  it('answers within the deadline with LI.FI when Across is slow, and when it fails', async () => {
    across.set({ latencyMs: 5_000 });
    try {
      const started = Date.now();
      const result = await service(400).quote(input);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(result.routes.map((route) => route.source)).toEqual(['lifi']);
    } finally {
      across.set({ latencyMs: 0 });
    }
    across.set({ failStatus: 503 });
    try {
      expect((await service(3_000).quote(input)).routes.map((route) => route.source)).toEqual(['lifi']);
    } finally {
      across.set({ failStatus: null });
    }
  });

  it('follows an Across transfer through the service', async () => {
    const done = await service(3_000).status({
      source: 'across',
      txHash: tx('b'),
      fromNetwork: 'ethereum',
      toNetwork: 'arbitrum',
      bridge: 'across',
    });
    expect(done).toMatchObject({ status: 'DONE', receivingTxHash: tx('c') });
  });
});
