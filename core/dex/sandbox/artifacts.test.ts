import { describe, expect, it } from 'vitest';
import { compiledArtifacts } from '../../../tests/support/compile.ts';
import { DEX_NETWORKS } from '../networks.ts';
import { sandboxArtifact } from './artifacts.ts';

describe('the sandbox chains’ contracts', () => {
  it('are the committed build of their sources (node scripts/sandbox-artifacts.ts rewrites it)', () => {
    const built = compiledArtifacts();
    for (const [name, artifact] of Object.entries(built)) {
      expect(sandboxArtifact(name as keyof typeof built).bytecode, name).toBe(artifact.bytecode);
    }
  }, 60_000);
});

describe('sandbox chain ids', () => {
  it('are their own: no mainnet’s, no testnet’s viem knows, none shared', async () => {
    const known = new Set<number>(Object.values(await import('viem/chains')).map((chain) => chain.id));
    const ids = DEX_NETWORKS.map((network) => network.sandboxChainId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const network of DEX_NETWORKS) {
      expect(network.sandboxChainId).not.toBe(network.chainId);
      expect(known.has(network.sandboxChainId), `${network.id}: ${network.sandboxChainId}`).toBe(false);
    }
  });
});
