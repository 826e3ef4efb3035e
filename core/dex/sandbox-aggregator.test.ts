import { createPublicClient, createWalletClient, erc20Abi, http, maxUint256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deploySandbox,
  EMPTY_WALLET,
  type LocalChain,
  type SandboxDeployment,
  startLocalChain,
  TEST_WALLET,
} from '../../tests/support/chain.ts';
import { getAmountOut } from './amm.ts';
import { needsApproval } from './dex.ts';
import { DEX_NETWORKS, NATIVE_TOKEN } from './networks.ts';
import { pickBestPath, SandboxAggregator } from './sandbox-aggregator.ts';
import { sandboxChainSchema } from './sandbox-file.ts';
import type { DexQuoteRequest } from './types.ts';

const ethereum = DEX_NETWORKS[0];
const native = {
  chainId: 1,
  address: NATIVE_TOKEN.toLowerCase(),
  symbol: 'ETH',
  name: 'Ether',
  decimals: 18,
  icon: '',
};

describe('path choice', () => {
  it('takes the path paying the most, the shorter on a tie', () => {
    const direct = { path: ['a', 'b'], amountOut: 100n };
    const viaWeth = { path: ['a', 'w', 'b'], amountOut: 120n };
    expect(pickBestPath([direct, viaWeth, null])).toBe(viaWeth);
    expect(pickBestPath([{ ...viaWeth, amountOut: 100n }, direct])).toBe(direct);
    expect(pickBestPath([null, { path: ['a', 'b'], amountOut: 0n }])).toBeNull();
  });
});

describe('the sandbox aggregator on a local chain', () => {
  let chain: LocalChain;
  let deployment: SandboxDeployment;
  let aggregator: SandboxAggregator;
  const token = (symbol: string) => {
    const found = deployment.tokens.find((t) => t.symbol === symbol);
    if (!found) throw new Error(symbol);
    return {
      chainId: 1,
      address: found.address.toLowerCase(),
      symbol,
      name: found.name,
      decimals: found.decimals,
      icon: '',
    };
  };
  const request = (overrides: Partial<DexQuoteRequest>): DexQuoteRequest => ({
    network: ethereum as NonNullable<typeof ethereum>,
    sellToken: token('USDC'),
    buyToken: token('DAI'),
    sellAmount: 1_000n * 10n ** 6n,
    slippageBps: 50,
    ...overrides,
  });

  beforeAll(async () => {
    chain = await startLocalChain({ port: 8602, chainId: 1 });
    deployment = await deploySandbox(chain, { fundAccounts: [TEST_WALLET] });
    aggregator = new SandboxAggregator([sandboxChainSchema.parse(deployment)]);
  }, 60_000);
  afterAll(async () => {
    await chain?.close();
  });

  it('quotes the direct pool from its reserves, with the slippage bound', async () => {
    const route = await aggregator.quote(request({}), AbortSignal.timeout(10_000));
    // The USDC/DAI pool holds 500,000 of each.
    const expected = getAmountOut(1_000n * 10n ** 6n, 500_000n * 10n ** 6n, 500_000n * 10n ** 18n);
    expect(route?.buyAmount).toBe(expected);
    expect(route?.minBuyAmount).toBe((expected * 9_950n) / 10_000n);
    expect(route?.steps.map((step) => `${step.tokenIn}>${step.tokenOut}`)).toEqual(['USDC>DAI']);
    expect(route?.priceImpactBps).toBeGreaterThan(0);
    expect(route?.transaction).toBeNull();
  });

  it('routes through WETH where no direct pool exists', async () => {
    const route = await aggregator.quote(
      request({ sellToken: token('LINK'), sellAmount: 10n ** 18n }),
      AbortSignal.timeout(10_000),
    );
    expect(route?.steps.map((step) => `${step.tokenIn}>${step.tokenOut}`)).toEqual(['LINK>WETH', 'WETH>DAI']);
    // 1 LINK ≈ 0.01 ETH ≈ 20 DAI less two fees and a little impact.
    expect(Number(route?.buyAmount) / 1e18).toBeGreaterThan(19.7);
    expect(Number(route?.buyAmount) / 1e18).toBeLessThan(20);
  });

  it('has no route for a token without pools', async () => {
    const stray = { ...token('DAI'), address: '0x000000000000000000000000000000000000dead' };
    expect(await aggregator.quote(request({ buyToken: stray }), AbortSignal.timeout(10_000))).toBeNull();
  });

  it('reads the allowance, asks for an approval when short, and the swap pays at least the minimum', async () => {
    const transport = http(chain.rpcUrl);
    const client = createPublicClient({ transport });
    const wallet = createWalletClient({ account: TEST_WALLET, transport });
    const viemChain = {
      id: 1,
      name: 'local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    };
    const usdc = token('USDC').address as `0x${string}`;
    const dai = token('DAI').address as `0x${string}`;

    const before = await aggregator.quote(request({ taker: TEST_WALLET }), AbortSignal.timeout(10_000));
    expect(before?.allowance).toBe(0n);
    expect(before?.allowanceTarget).toBe(deployment.router.toLowerCase());
    expect(before && needsApproval(before)).toBe(true);

    // Exactly the amount, as the page approves by default.
    const approval = await wallet.writeContract({
      chain: viemChain,
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [deployment.router as `0x${string}`, 1_000n * 10n ** 6n],
    });
    await client.waitForTransactionReceipt({ hash: approval, pollingInterval: 50 });
    const route = await aggregator.quote(request({ taker: TEST_WALLET }), AbortSignal.timeout(10_000));
    expect(route && needsApproval(route)).toBe(false);
    expect(route?.gas).toBeGreaterThan(50_000n);
    if (!route?.transaction) throw new Error('no transaction');

    const daiBefore = await client.readContract({
      address: dai,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [TEST_WALLET],
    });
    const hash = await wallet.sendTransaction({
      chain: viemChain,
      to: route.transaction.to,
      data: route.transaction.data,
      value: route.transaction.value,
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    const daiAfter = await client.readContract({
      address: dai,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [TEST_WALLET],
    });
    expect(daiAfter - daiBefore).toBe(route.buyAmount);
    expect(daiAfter - daiBefore).toBeGreaterThanOrEqual(route.minBuyAmount);
  });

  it('sells the gas token without an approval', async () => {
    const route = await aggregator.quote(
      request({ sellToken: native, buyToken: token('USDC'), sellAmount: 10n ** 17n, taker: EMPTY_WALLET }),
      AbortSignal.timeout(10_000),
    );
    expect(route?.allowanceTarget).toBeNull();
    expect(route?.transaction?.value).toBe(10n ** 17n);
    expect(Number(route?.buyAmount) / 1e6).toBeGreaterThan(195);
    expect(route && needsApproval({ ...route, allowance: maxUint256 })).toBe(false);
  });
});
