import { describe, expect, it } from 'vitest';
import { DEX_NETWORKS, type DexNetwork } from '../networks.ts';
import type { SandboxChain } from '../sandbox-file.ts';
import { SandboxChainSet } from './chain-set.ts';

const [ethereum, bsc] = DEX_NETWORKS as [DexNetwork, DexNetwork];

function chainOf(network: DexNetwork): SandboxChain {
  return {
    chainId: network.sandboxChainId,
    network: network.id,
    rpcUrl: 'http://127.0.0.1:5129',
    weth: network.wrappedNative.toLowerCase() as `0x${string}`,
    factory: `0x${'01'.repeat(20)}`,
    router: `0x${'02'.repeat(20)}`,
    tokens: [],
  };
}

describe('sandbox chains started on first use', () => {
  it('lists planned networks at once and starts each chain once, on its first use', async () => {
    const set = new SandboxChainSet();
    const starts: string[] = [];
    set.plan([ethereum, bsc], async (network) => {
      starts.push(network.id);
      return chainOf(network);
    });
    expect(set.covers(ethereum)).toBe(true);
    expect(set.size).toBe(2);
    expect(set.find(ethereum)).toBeUndefined();
    expect(set.plannedBySandboxId(bsc.sandboxChainId)).toBe(bsc);
    expect(set.plannedBySandboxId(bsc.chainId)).toBeUndefined();

    // Three uses at once: one start.
    const chains = await Promise.all([set.ensure(ethereum), set.ensure(ethereum), set.ensure(ethereum)]);
    expect(starts).toEqual(['ethereum']);
    expect(chains.map((chain) => chain?.chainId)).toEqual(Array(3).fill(ethereum.sandboxChainId));
    expect(set.byChainId(ethereum.sandboxChainId)).toBe(chains[0]);
    expect(set.byChainId(bsc.sandboxChainId)).toBeUndefined();
    expect(set.size).toBe(2);
    await set.ensure(ethereum);
    expect(starts).toEqual(['ethereum']);
  });

  it('tries a start that failed again at the next use', async () => {
    const set = new SandboxChainSet();
    let attempts = 0;
    set.plan([bsc], async (network) => (++attempts === 1 ? null : chainOf(network)));
    expect(await set.ensure(bsc)).toBeUndefined();
    expect((await set.ensure(bsc))?.chainId).toBe(bsc.sandboxChainId);
    expect(attempts).toBe(2);
  });

  it('starts nothing for a network it does not plan', async () => {
    const set = new SandboxChainSet();
    expect(set.covers(ethereum)).toBe(false);
    expect(await set.ensure(ethereum)).toBeUndefined();
    expect(set.size).toBe(0);
  });

  it('keeps the planned tokens of a chain not started yet', () => {
    const set = new SandboxChainSet();
    set.plan([ethereum], async () => null);
    expect(set.plannedTokens(ethereum)).toBeUndefined();
    set.planTokens(ethereum, ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48']);
    expect([...(set.plannedTokens(ethereum) ?? [])]).toEqual(['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48']);
  });
});
