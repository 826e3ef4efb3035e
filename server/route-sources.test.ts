import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config.ts';
import { crossChainStatusQuerySchema } from '../core/crosschain/contract.ts';
import { seedDemoData } from '../core/seed.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { type AcrossFake, startAcrossFake } from '../tests/fakes/across-fake.ts';
import { type KyberSwapFake, startKyberSwapFake } from '../tests/fakes/kyberswap-fake.ts';
import { startFakeLiFi } from '../tests/fakes/lifi-fake.ts';
import { startFakeZeroEx } from '../tests/fakes/zerox-fake.ts';
import { type AppServices, createServices } from './services.ts';
import { CLIENT_DIR } from './testing.ts';

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f';
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const DEPOSIT = `0x${'b'.repeat(64)}`;
const FILL = `0x${'c'.repeat(64)}`;

/**
 * The composition root switches the DEX and bridge sources on from their settings and quotes them
 * side by side: 0x beside KyberSwap on /dex, LI.FI beside Across on /cross-chain, each answer
 * labelled with its source, and an Across transfer followed through `source=across`.
 */
describe('DEX and bridge route sources from the configuration', () => {
  let handle: DatabaseHandle;
  let services: AppServices;
  let kyber: KyberSwapFake;
  let across: AcrossFake;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    await seedDemoData(handle.db);
    const zeroEx = await startFakeZeroEx({
      apiKey: 'k0x',
      rates: { [`1:${USDC}:${DAI}`]: [999n * 10n ** 12n, 1000n] },
    });
    const lifi = await startFakeLiFi({ rates: { [`1:${USDC}:42161:${USDC_ARB}`]: [998n, 1000n] } });
    kyber = await startKyberSwapFake({ rates: { [`1:${USDC}:${DAI}`]: [1_001n * 10n ** 12n, 1000n] } });
    across = await startAcrossFake({
      apiKey: 'across-key',
      rates: { [`1:${USDC}:42161:${USDC_ARB}`]: [999n, 1000n] },
      deposits: { [DEPOSIT]: { status: 'filled', destinationChainId: 42161, fillTxnRef: FILL } },
    });
    closers.push(zeroEx.close, lifi.close, kyber.close, across.close);
    services = createServices({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        SANDBOX_CHAINS: 'off',
        ZEROX_API_KEY: 'k0x',
        ZEROX_API_URL: zeroEx.url,
        KYBERSWAP_CLIENT_ID: 'swapgate',
        KYBERSWAP_API_URL: kyber.url,
        LIFI_ENABLED: 'true',
        LIFI_API_URL: lifi.url,
        ACROSS_API_KEY: 'across-key',
        ACROSS_API_URL: across.url,
        ACROSS_INTEGRATOR_ID: '0xdead',
      }),
      db: handle.db,
      log: pino({ level: 'silent' }),
      clientDir: CLIENT_DIR,
    });
  }, 120_000);
  afterAll(async () => {
    await services?.close();
    for (const close of closers) await close();
    await handle?.close();
  });

  it('quotes 0x and KyberSwap side by side, the best first', async () => {
    const ethereum = services.dex.networks().find((info) => info.network.id === 'ethereum');
    expect(ethereum?.sources).toEqual(['0x', 'kyberswap']);
    const result = await services.dex.quote({
      network: 'ethereum',
      sellToken: USDC,
      buyToken: DAI,
      sellAmount: 10n ** 8n,
      slippageBps: 50,
    });
    expect(result.routes.map((route) => route.sourceName)).toEqual(['KyberSwap', '0x']);
  });

  it('quotes LI.FI and Across side by side and follows an Across transfer', async () => {
    const result = await services.crossChain.quote({
      fromNetwork: 'ethereum',
      toNetwork: 'arbitrum',
      fromToken: USDC,
      toToken: USDC_ARB,
      fromAmount: 10n ** 8n,
      fromAddress: WALLET,
      slippageBps: 50,
    });
    expect(result.routes.map((route) => [route.source, route.sourceName])).toEqual([
      ['across', 'Across'],
      ['lifi', 'LI.FI'],
    ]);
    expect(across.requests.at(-1)?.query.integratorId).toBe('0xdead');
    const query = crossChainStatusQuerySchema.parse({
      source: 'across',
      txHash: DEPOSIT,
      fromNetwork: 'ethereum',
      toNetwork: 'arbitrum',
      bridge: 'across',
    });
    expect(await services.crossChain.status(query)).toMatchObject({ status: 'DONE', receivingTxHash: FILL });
  });
});
