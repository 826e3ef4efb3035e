import { createPublicClient, createWalletClient, erc20Abi, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRIDGE_FEE_BPS,
  deploySandbox,
  type LocalChain,
  type SandboxDeployment,
  startLocalChain,
  TEST_WALLET,
} from '../../tests/support/chain.ts';
import { dexNetworkByChainId } from '../dex/networks.ts';
import { SandboxChainSet } from '../dex/sandbox/chain-set.ts';
import { type SandboxChain, sandboxChainSchema } from '../dex/sandbox-file.ts';
import { bridgedAmount, SandboxBridgeRelayer, SandboxBridgeSource } from './sandbox-bridge.ts';
import { bridgedSandboxChains, lazySandboxBridge } from './sandbox-bridge-job.ts';

const ethereum = dexNetworkByChainId(1);
const optimism = dexNetworkByChainId(10);
const RECIPIENT = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65' as const;

describe('bridged amount', () => {
  it('is the amount less the fee, the fee rounded down as the contract does', () => {
    expect(bridgedAmount(1_000_000n, 10)).toBe(999_000n);
    expect(bridgedAmount(1_999n, 10)).toBe(1_998n);
    expect(bridgedAmount(5n, 10)).toBe(5n);
  });
  it('needs two chains with a bridge', () => {
    const chain = { bridge: { address: '0x1', relayer: '0x2', feeBps: 10 } } as unknown as SandboxChain;
    expect(bridgedSandboxChains([chain])).toEqual([]);
    expect(bridgedSandboxChains([chain, { ...chain }])).toHaveLength(2);
  });
  it('serves a sandbox token to the token of the same symbol on the other chain, nothing else', () => {
    if (!ethereum || !optimism) throw new Error('networks');
    const bridge = { address: '0x1', relayer: '0x2', feeBps: 10 };
    const usdc = (address: string) => ({ address, symbol: 'USDC', name: 'USD Coin', decimals: 6 });
    const dai = (address: string) => ({ address, symbol: 'DAI', name: 'Dai', decimals: 18 });
    const source = lazySandboxBridge(
      new SandboxChainSet([
        { chainId: 1, tokens: [usdc('0xa1'), dai('0xa2')], bridge } as unknown as SandboxChain,
        { chainId: 10, tokens: [usdc('0xb1'), dai('0xb2')], bridge } as unknown as SandboxChain,
      ]),
      { etaSeconds: 4 },
    );
    expect(source.supports(ethereum, optimism)).toBe(true);
    expect(source.serves?.(ethereum, '0xa1', optimism, '0xb1')).toBe(true);
    expect(source.serves?.(ethereum, '0xa1', optimism, '0xb2')).toBe(false);
    // The real USDC of the Uniswap list is not the sandbox's.
    expect(source.serves?.(ethereum, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', optimism, '0xb1')).toBe(
      false,
    );
  });
});

describe('the sandbox bridge between two local chains', () => {
  let chainA: LocalChain;
  let chainB: LocalChain;
  let a: SandboxDeployment;
  let b: SandboxDeployment;
  let chains: SandboxChain[];
  const token = (deployment: SandboxDeployment, symbol: string) => {
    const found = deployment.tokens.find((t) => t.symbol === symbol);
    if (!found) throw new Error(symbol);
    return {
      chainId: deployment.chainId,
      address: found.address.toLowerCase(),
      symbol,
      name: found.name,
      decimals: found.decimals,
      icon: '',
    };
  };

  beforeAll(async () => {
    chainA = await startLocalChain({ port: 8611, chainId: 1 });
    chainB = await startLocalChain({ port: 8612, chainId: 10 });
    a = await deploySandbox(chainA, { fundAccounts: [TEST_WALLET], bridgeLiquidity: 1_000_000 });
    b = await deploySandbox(chainB, { bridgeLiquidity: 1_000_000 });
    chains = [sandboxChainSchema.parse(a), sandboxChainSchema.parse(b)];
  }, 90_000);
  afterAll(async () => {
    await chainA?.close();
    await chainB?.close();
  });

  it('quotes the same token across, less its fee, and a deposit lands once on the other chain', async () => {
    if (!ethereum || !optimism) throw new Error('networks');
    const source = new SandboxBridgeSource(chains, { etaSeconds: 4 });
    const relayer = new SandboxBridgeRelayer(chains);
    expect(source.supports(ethereum, optimism)).toBe(true);
    const amount = 250n * 10n ** 6n;
    const route = await source.quote(
      {
        fromNetwork: ethereum,
        toNetwork: optimism,
        fromToken: token(a, 'USDC'),
        toToken: token(b, 'USDC'),
        fromAmount: amount,
        fromAddress: TEST_WALLET,
        toAddress: RECIPIENT,
        slippageBps: 50,
      },
      AbortSignal.timeout(10_000),
    );
    const landing = amount - (amount * BigInt(BRIDGE_FEE_BPS)) / 10_000n;
    expect(route?.toAmount).toBe(landing);
    expect(route?.toAmountMin).toBe(landing);
    expect(route?.fees).toEqual([{ name: 'Sandbox Bridge', amount: amount - landing, symbol: 'USDC' }]);
    expect(route?.approvalAddress).toBe(a.bridge?.address.toLowerCase());
    // Another token on the other side is not what this bridge does.
    expect(
      await source.quote(
        {
          fromNetwork: ethereum,
          toNetwork: optimism,
          fromToken: token(a, 'USDC'),
          toToken: token(b, 'DAI'),
          fromAmount: amount,
          fromAddress: TEST_WALLET,
          slippageBps: 50,
        },
        AbortSignal.timeout(10_000),
      ),
    ).toBeNull();

    const transportA = http(chainA.rpcUrl);
    const clientA = createPublicClient({ transport: transportA });
    const wallet = createWalletClient({ account: TEST_WALLET, transport: transportA });
    const usdcA = token(a, 'USDC').address as `0x${string}`;
    const approval = await wallet.writeContract({
      address: usdcA,
      abi: erc20Abi,
      functionName: 'approve',
      args: [route?.approvalAddress as `0x${string}`, amount],
      chain: null,
    });
    await clientA.waitForTransactionReceipt({ hash: approval, pollingInterval: 50 });
    const tx = route?.transaction;
    if (!tx) throw new Error('no transaction');
    const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: tx.value, chain: null });
    await clientA.waitForTransactionReceipt({ hash, pollingInterval: 50 });

    const clientB = createPublicClient({ transport: http(chainB.rpcUrl) });
    const usdcB = token(b, 'USDC').address as `0x${string}`;
    const balance = () =>
      clientB.readContract({ address: usdcB, abi: erc20Abi, functionName: 'balanceOf', args: [RECIPIENT] });
    expect(await balance()).toBe(0n);
    expect((await source.status(hash, ethereum, optimism)).status).toBe('PENDING');

    expect(await relayer.runOnce()).toBe(1);
    expect(await balance()).toBe(landing);
    const done = await source.status(hash, ethereum, optimism);
    expect(done.status).toBe('DONE');
    expect(done.receivedAmount).toBe(landing);
    expect(done.receivingTxHash).toMatch(/^0x[0-9a-f]{64}$/);

    // A relayer started afresh reads the deposit again and releases nothing twice.
    expect(await new SandboxBridgeRelayer(chains).runOnce()).toBe(0);
    expect(await relayer.runOnce()).toBe(0);
    expect(await balance()).toBe(landing);
  }, 60_000);

  it('does not know a transaction that is not on the chain', async () => {
    if (!ethereum || !optimism) throw new Error('networks');
    const source = new SandboxBridgeSource(chains, { etaSeconds: 4 });
    const status = await source.status(`0x${'ab'.repeat(32)}`, ethereum, optimism);
    expect(status.status).toBe('NOT_FOUND');
  });
});
