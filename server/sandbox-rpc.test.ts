import { createWalletClient, http, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEX_NETWORKS } from '../core/dex/networks.ts';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { databaseTargets } from '../db/testing.ts';
import { SANDBOX_RPC_MAX_BATCH, SANDBOX_RPC_MAX_BODY } from './sandbox-rpc.ts';
import type { AppServices } from './services.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const target = databaseTargets()[0] as ReturnType<typeof databaseTargets>[number];
const ETHEREUM_SANDBOX = DEX_NETWORKS[0]?.sandboxChainId as number;

describe('the sandbox chains through the site: RPC and faucet', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  let services: AppServices;

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    ({ app, services } = createTestApp(build, handle, {
      SANDBOX_CHAINS: 'on',
      SANDBOX_CHAIN_NETWORKS: 'ethereum',
      SANDBOX_RPC_PER_MINUTE: '30',
      SANDBOX_FAUCET_PER_ADDRESS_PER_DAY: '1',
      SANDBOX_FAUCET_PER_IP_PER_HOUR: '2',
    }));
    await services.market.refresh();
    await services.sandboxChains?.start();
  }, 120_000);
  afterAll(async () => {
    await services.sandboxChains?.close();
    await handle.close();
  });

  const rpc = async (chainId: number, body: unknown) => {
    const response = await app.request(`/sandbox/rpc/${chainId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  it('starts the chain with its first call, and answers a chain id of its own, never a mainnet one', async () => {
    // Planned and listed, not running: the first call through the site's RPC starts it.
    expect(services.sandboxChains?.running(ETHEREUM_SANDBOX)).toBeUndefined();
    const answer = await rpc(ETHEREUM_SANDBOX, { jsonrpc: '2.0', id: 7, method: 'eth_chainId' });
    expect(services.sandboxChains?.running(ETHEREUM_SANDBOX)).toBeDefined();
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: 7, result: `0x${ETHEREUM_SANDBOX.toString(16)}` });
    expect(services.dex.networks().find((info) => info.network.id === 'ethereum')).toMatchObject({
      sandbox: true,
      chainId: ETHEREUM_SANDBOX,
      name: 'Ethereum (sandbox)',
    });
  }, 120_000);

  it('quotes on the sandbox chain under its own chain id and sandbox name', async () => {
    const query = new URLSearchParams({
      network: 'ethereum',
      sellToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
      buyToken: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      sellAmount: '100000000000000000',
    });
    const response = await app.request(`/api/v1/dex/quotes?${query}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { network: unknown }).network).toEqual({
      id: 'ethereum',
      chainId: ETHEREUM_SANDBOX,
      name: 'Ethereum (sandbox)',
    });
  });

  it('refuses a method off the allowlist with a JSON-RPC error, in a batch too', async () => {
    const single = await rpc(ETHEREUM_SANDBOX, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendTransaction',
      params: [],
    });
    expect(single.json).toMatchObject({ id: 1, error: { code: -32601 } });
    expect(String((single.json.error as { message: string }).message)).toContain('eth_sendTransaction');
    const batch = await rpc(ETHEREUM_SANDBOX, [
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 2, method: 'hardhat_setBalance', params: [] },
    ]);
    const [first, second] = batch.json as unknown as Record<string, unknown>[];
    expect(first).toHaveProperty('result');
    expect(second).toMatchObject({ id: 2, error: { code: -32601 } });
  });

  it('refuses a huge batch and a body over the limit with clear errors', async () => {
    const calls = Array.from({ length: SANDBOX_RPC_MAX_BATCH + 1 }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_blockNumber',
    }));
    const batch = await rpc(ETHEREUM_SANDBOX, calls);
    expect(batch.status).toBe(400);
    expect(batch.json).toMatchObject({ error: { code: -32600 } });
    expect(String((batch.json.error as { message: string }).message)).toContain(
      String(SANDBOX_RPC_MAX_BATCH),
    );
    const big = await rpc(ETHEREUM_SANDBOX, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ data: `0x${'00'.repeat(SANDBOX_RPC_MAX_BODY)}` }],
    });
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ error: { code: -32600 } });
    const notJson = await rpc(ETHEREUM_SANDBOX, '{nope');
    expect(notJson.json).toMatchObject({ error: { code: -32700 } });
  });

  it('is absent for a chain it does not run', async () => {
    expect((await rpc(1, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).status).toBe(404);
  });

  it('gives faucet coins once per address and a few times per client', async () => {
    const claim = (address: string) =>
      app.request('/api/v1/sandbox/networks/ethereum/faucet', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address }),
      });
    const first = `0x${'11'.repeat(20)}`;
    const given = await claim(first);
    expect(given.status).toBe(200);
    const balance = await rpc(ETHEREUM_SANDBOX, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getBalance',
      params: [first, 'latest'],
    });
    expect(BigInt(balance.json.result as string)).toBeGreaterThan(0n);
    const again = await claim(first);
    expect(again.status).toBe(429);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // The third claim of this client, for a new address: over the per-client limit.
    expect((await claim(`0x${'22'.repeat(20)}`)).status).toBe(429);
    expect(
      (await app.request('/api/v1/sandbox/networks/bsc/faucet', { method: 'POST', body: '{}' })).status,
    ).toBe(404);
  });

  it('shows a sandbox transaction on the site: status, block, gas, transfers and a WETH deposit decoded', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const owner = account.address.toLowerCase();
    const [, mint] = (await services.sandboxChains?.faucet(ETHEREUM_SANDBOX, account.address)) ?? [];
    const chain = services.dex.sandboxChains.byChainId(ETHEREUM_SANDBOX);
    if (!mint || !chain) throw new Error('no faucet claim');
    const minted = await rpcResult('eth_getTransactionReceipt', [mint]);
    const token = chain.tokens.find((known) => known.address.toLowerCase() === minted.to);
    if (!token) throw new Error('the faucet minted no listed token');

    const page = await app.request(`/dex/tx/${ETHEREUM_SANDBOX}/${mint}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).toContain('Ethereum (sandbox)');
    expect(html).toMatch(/data-testid="dex-tx-status"[^>]*>Succeeded</);
    // The mint: a transfer from the zero address to the owner, in the token's symbol.
    expect(html).toMatch(new RegExp(`[0-9.,]+ ${token.symbol} from 0x0{40} to ${owner}`));

    // A WETH deposit the visitor signs: the wrapped amount, in WETH, with its transfer-less event.
    const wallet = createWalletClient({ account, transport: http(chain.rpcUrl) });
    const deposit = await wallet.writeContract({
      address: chain.weth as `0x${string}`,
      abi: parseAbi(['function deposit() payable']),
      functionName: 'deposit',
      value: 10n ** 17n,
      chain: {
        id: ETHEREUM_SANDBOX,
        name: 'sandbox',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      },
    });
    await expect
      .poll(async () => (await app.request(`/dex/tx/${ETHEREUM_SANDBOX}/${deposit}`)).status)
      .toBe(200);
    const german = await (await app.request(`/de/dex/tx/${ETHEREUM_SANDBOX}/${deposit}`)).text();
    expect(german).toContain(`0,1 WETH gewrappt für ${owner}`);
    expect(german).toContain(`>${owner}</dd>`);
    expect(german).toContain('Erfolgreich');

    // A hash the chain does not know, a chain that is not a sandbox one: not found.
    expect((await app.request(`/dex/tx/${ETHEREUM_SANDBOX}/0x${'ab'.repeat(32)}`)).status).toBe(404);
    expect((await app.request(`/dex/tx/1/${mint}`)).status).toBe(404);
    expect((await app.request(`/dex/tx/${ETHEREUM_SANDBOX}/0x1234`)).status).toBe(404);
  });

  const rpcResult = async (method: string, params: unknown[]) =>
    (await rpc(ETHEREUM_SANDBOX, { jsonrpc: '2.0', id: 1, method, params })).json.result as { to: string };
});
