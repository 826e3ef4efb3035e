/**
 * The DEX and cross-chain swaps of the default start: a server started exactly as `npm start`
 * starts it (no settings but its port and data folder), so the sandbox chains, the site's RPC,
 * the sandbox wallet and its faucet are the product's own, not the other specs' special chains.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

const PORT = Number(process.env.E2E_PORT ?? 4173) + 2;
const BASE = `http://localhost:${PORT}`;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = spawn('npm', ['start'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'swapgate-e2e-default-')),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  // Until it answers. Its sandbox chains start on first use: none runs yet, all five are listed.
  await expect
    .poll(async () => (await fetch(`${BASE}/healthz`).catch(() => null))?.status ?? 0, { timeout: 180_000 })
    .toBe(200);
  const bridges = await (await fetch(`${BASE}/cross-chain/bridges`)).text();
  expect(bridges).toContain('from Arbitrum One (sandbox) to OP Mainnet (sandbox)');
  expect(bridges).toContain('from Polygon (sandbox) to Ethereum (sandbox)');
  // The first quote on each chain this spec uses starts it (and waits for it).
  for (const [network, buyToken] of [
    ['ethereum', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
    ['bsc', '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d'],
  ]) {
    const quote = new URLSearchParams({
      network: network as string,
      sellToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
      buyToken: buyToken as string,
      sellAmount: '1000000000000000000',
    });
    await expect
      .poll(async () => (await fetch(`${BASE}/api/v1/dex/quotes?${quote}`)).status, { timeout: 90_000 })
      .toBe(200);
  }
});

test.afterAll(() => {
  // Only the server this spec started (its process group: npm and node).
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

/** A JSON-RPC call through the site's sandbox RPC, as the visitor's browser makes it. */
async function rpc(chainId: number, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(`${BASE}/sandbox/rpc/${chainId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const answer = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (answer.error) throw new Error(answer.error.message);
  return answer.result;
}

async function balanceOf(chainId: number, token: string, owner: string): Promise<bigint> {
  const data = `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`;
  return BigInt((await rpc(chainId, 'eth_call', [{ to: token, data }, 'latest'])) as string);
}

async function useSandboxWallet(page: Page, prefix: 'dex' | 'xchain'): Promise<string> {
  await page.getByTestId(`${prefix}-use-sandbox-wallet`).click();
  const connected = page.getByTestId(`${prefix}-connected`);
  await expect(connected).toContainText(/0x[0-9a-f]{40}/);
  const address = /0x[0-9a-f]{40}/.exec((await connected.textContent()) ?? '')?.[0] as string;
  await page.getByTestId(`${prefix}-faucet`).click();
  await expect(page.getByTestId(`${prefix}-faucet-done`)).toBeVisible();
  return address;
}

const ETHEREUM_SANDBOX = 77_700_001;
const BSC_SANDBOX = 77_700_056;

test('sandbox wallet, faucet, then a DEX swap and an approved swap on Ethereum (sandbox)', async ({
  page,
}) => {
  await page.goto(`${BASE}/dex?network=ethereum`);
  await expect(page.getByTestId('dex-network').locator('option:checked')).toHaveText('Ethereum (sandbox)');
  await expect(page.getByTestId('dex-sandbox')).toContainText('restarts');
  await waitForHydration(page, '[data-testid="dex-amount"]');
  const address = await useSandboxWallet(page, 'dex');
  await expect(page.getByTestId('dex-balance')).toContainText('ETH');

  // ETH for USDC: the gas token needs no approval.
  const usdc = await page.getByTestId('dex-buy-token').inputValue();
  await page.getByTestId('dex-amount').fill('0.1');
  const route = page.getByTestId('dex-route').first();
  await expect(route).toHaveAttribute('data-source', 'sandbox');
  await expect(page.getByTestId('dex-swap')).toBeVisible();
  const quoted = BigInt((await route.getByTestId('dex-buy-amount').getAttribute('data-raw')) ?? '0');
  expect(quoted).toBeGreaterThan(0n);
  const before = await balanceOf(ETHEREUM_SANDBOX, usdc, address);
  await page.getByTestId('dex-swap').click();
  await expect(page.getByTestId('dex-done')).toBeVisible({ timeout: 30_000 });
  expect(await balanceOf(ETHEREUM_SANDBOX, usdc, address)).toBe(before + quoted);
  // No explorer knows the sandbox chain: the site's own view of the swap (opened in a new tab).
  const swapView = (await page.getByTestId('dex-tx-link').getAttribute('href')) ?? '';
  expect(swapView).toMatch(new RegExp(`^/dex/tx/${ETHEREUM_SANDBOX}/0x[0-9a-f]{64}$`));

  // USDC for ETH: the exact amount approved first, then the swap.
  await page.getByTestId('dex-sell-token').selectOption(usdc);
  await page.getByTestId('dex-buy-token').selectOption('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee');
  await page.getByTestId('dex-amount').fill('25');
  await page.getByTestId('dex-approve').click();
  await expect(page.getByTestId('dex-done')).toBeVisible({ timeout: 30_000 });
  const sold = await balanceOf(ETHEREUM_SANDBOX, usdc, address);
  await page.getByTestId('dex-swap').click();
  await expect(page.getByTestId('dex-swap')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('dex-done')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => balanceOf(ETHEREUM_SANDBOX, usdc, address)).toBe(sold - 25_000_000n);

  // The first swap's view: succeeded, the wallet's ETH wrapped, the quoted USDC to the wallet.
  const view = await page.context().newPage();
  await view.goto(`${BASE}${swapView}`);
  await expect(view.getByTestId('dex-tx-status')).toHaveText('Succeeded');
  await expect(view.getByTestId('dex-tx-from')).toHaveText(address);
  await expect(view.getByTestId('dex-tx-movement').filter({ hasText: 'WETH wrapped for' })).toHaveCount(1);
  await expect(
    view
      .getByTestId('dex-tx-movement')
      .filter({ hasText: new RegExp(`USDC from 0x[0-9a-f]{40} to ${address}$`) }),
  ).toHaveCount(1);
});

test('a cross-chain transfer between two sandbox chains lands the quoted amount', async ({ page }) => {
  await page.goto(`${BASE}/cross-chain/usdc-ethereum-to-usdc-bsc`);
  await expect(page.getByTestId('xchain-sandbox')).toBeVisible();
  await waitForHydration(page, '[data-testid="xchain-amount"]');
  const address = await useSandboxWallet(page, 'xchain');
  const usdcBsc = '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d';
  const before = await balanceOf(BSC_SANDBOX, usdcBsc, address);

  await page.getByTestId('xchain-amount').fill('100');
  const route = page.getByTestId('xchain-route').first();
  await expect(route).toHaveAttribute('data-source', 'sandbox-bridge');
  const quoted = BigInt((await route.getByTestId('xchain-to-amount').getAttribute('data-raw')) ?? '0');
  // 100 USDC (18 decimals on BNB Chain's listed USDC) less the bridge's 0.1 %: the same symbol lands.
  expect(quoted).toBeGreaterThan(0n);
  await page.getByTestId('xchain-approve').click();
  await expect(page.getByTestId('xchain-approved')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('xchain-send').click();
  await expect(page.getByTestId('xchain-source-tx')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('xchain-landed')).toBeVisible({ timeout: 60_000 });
  expect(await balanceOf(BSC_SANDBOX, usdcBsc, address)).toBe(before + quoted);
  // The release on BNB Chain (sandbox), on the site's own transaction view.
  const release = (await page.getByTestId('xchain-destination-tx-link').getAttribute('href')) ?? '';
  expect(release).toMatch(new RegExp(`^/dex/tx/${BSC_SANDBOX}/0x[0-9a-f]{64}$`));
  await page.goto(`${BASE}${release}`);
  await expect(page.getByTestId('dex-tx-status')).toHaveText('Succeeded');
  await expect(
    page
      .getByTestId('dex-tx-movement')
      .filter({ hasText: new RegExp(`USDC from 0x[0-9a-f]{40} to ${address}$`) }),
  ).toHaveCount(1);
});

test('the bridges page names the sandbox networks as sandboxes', async ({ page }) => {
  await page.goto(`${BASE}/cross-chain/bridges`);
  const bridge = page.getByTestId('cross-chain-bridge');
  await expect(bridge).toHaveCount(1);
  await expect(bridge.getByRole('listitem').first()).toHaveText(
    /^from \S.* \(sandbox\) to \S.* \(sandbox\)$/,
  );
  await expect(
    bridge.getByText('from Ethereum (sandbox) to BNB Chain (sandbox)', { exact: true }),
  ).toBeVisible();
});

test('in German the sandbox wallet is offered in German', async ({ page }) => {
  await page.goto(`${BASE}/de/dex?network=bsc`);
  await expect(page.getByTestId('dex-network').locator('option:checked')).toHaveText('BNB Chain (sandbox)');
  await expect(page.getByTestId('dex-use-sandbox-wallet')).toHaveText('Sandbox-Wallet verwenden');
});
