import type { Logger } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEX_NETWORKS, type DexNetwork } from '../dex/networks.ts';
import { SandboxChainSet } from '../dex/sandbox/chain-set.ts';
import type { SandboxChain } from '../dex/sandbox-file.ts';
import type { Job } from '../job-backoff.ts';
import { isSandboxChainUnreachable, startSandboxBridgeJob } from './sandbox-bridge-job.ts';

/** A chain whose RPC nobody answers (a port of this helper's range with nothing listening). */
function silentChain(network: DexNetwork): SandboxChain {
  return {
    chainId: network.sandboxChainId,
    network: network.id,
    rpcUrl: 'http://127.0.0.1:5129',
    weth: network.wrappedNative.toLowerCase() as `0x${string}`,
    factory: `0x${'01'.repeat(20)}`,
    router: `0x${'02'.repeat(20)}`,
    bridge: { address: `0x${'03'.repeat(20)}`, relayer: `0x${'04'.repeat(20)}`, feeBps: 10 },
    tokens: [],
  };
}

function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (_fields: unknown, message: string) => lines.push({ level, message });
  const log = { warn: at('warn'), error: at('error'), info: at('info'), debug: at('debug') };
  return { log: log as unknown as Logger, lines };
}

describe('the sandbox bridge relayer when a sandbox chain does not answer', () => {
  let job: Job | null = null;
  afterEach(async () => {
    await job?.stop();
    job = null;
  });

  it('logs the chain, not the database, as unavailable, once', async () => {
    const [ethereum, bsc] = DEX_NETWORKS as [DexNetwork, DexNetwork];
    const { log, lines } = recordingLog();
    job = startSandboxBridgeJob({
      chains: new SandboxChainSet([silentChain(ethereum), silentChain(bsc)]),
      intervalMs: 100,
      log,
    });
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0), { timeout: 10_000 });
    // A few more runs fail (backing off): still the one line.
    await vi.waitFor(() => expect(lines.length).toBe(1), { timeout: 1_000 });
    expect(lines).toEqual([
      { level: 'warn', message: 'Sandbox chain not answering; relayer backing off until it does' },
    ]);
    expect(lines.some((line) => line.message.includes('Database'))).toBe(false);
  });

  it('tells an RPC failure from other errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5129'), { code: 'ECONNREFUSED' });
    const viemError = Object.assign(new Error('HTTP request failed.'), {
      name: 'HttpRequestError',
      cause: new TypeError('fetch failed', { cause: refused }),
    });
    expect(isSandboxChainUnreachable(viemError)).toBe(true);
    expect(isSandboxChainUnreachable(new TypeError('fetch failed', { cause: refused }))).toBe(true);
    expect(isSandboxChainUnreachable(new Error('release of deposit 3 reverted'))).toBe(false);
  });
});
