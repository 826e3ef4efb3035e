import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi } from 'viem';
import { DEPLOYER, EMPTY_WALLET, TEST_WALLET } from '../support/chain.ts';
import { DEX_E2E_CHAIN_ID, DEX_E2E_SANDBOX_FILE } from './dex-chain.ts';
import { waitForHydration } from './helpers.ts';
import { injectWallet } from './test-wallet.ts';

interface Deployment {
  rpcUrl: string;
  router: string;
  tokens: { address: `0x${string}`; symbol: string; decimals: number }[];
}

const deployment = (): Deployment =>
  (JSON.parse(readFileSync(DEX_E2E_SANDBOX_FILE, 'utf8')) as { chains: Deployment[] })
    .chains[0] as Deployment;
const token = (symbol: string) => {
  const found = deployment().tokens.find((t) => t.symbol === symbol);
  if (!found) throw new Error(symbol);
  return found;
};

async function balanceOf(address: `0x${string}`, owner: string): Promise<bigint> {
  const client = createPublicClient({ transport: http(deployment().rpcUrl) });
  return client.readContract({
    address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner as `0x${string}`],
  });
}

async function openDex(page: Page) {
  await page.goto('/dex?network=ethereum');
  await expect(page.getByTestId('dex-sandbox')).toBeVisible();
  await waitForHydration(page, '[data-testid="dex-amount"]');
}

async function fillSwap(page: Page, sell: string, buy: string, amount: string) {
  await page.getByTestId('dex-sell-token').selectOption({ value: token(sell).address.toLowerCase() });
  await page.getByTestId('dex-buy-token').selectOption({ value: token(buy).address.toLowerCase() });
  await page.getByTestId('dex-amount').fill(amount);
}

test('connect, approve exactly, swap: the balances on chain change as quoted', async ({ page }) => {
  await injectWallet(page, TEST_WALLET, DEX_E2E_CHAIN_ID);
  await openDex(page);
  const usdc = token('USDC');
  const dai = token('DAI');
  await fillSwap(page, 'USDC', 'DAI', '250');
  // Routes without a wallet: no transaction is prepared and nothing is sent.
  await expect(page.getByTestId('dex-route').first()).toBeVisible();

  await page.getByTestId('dex-connect').click();
  await page.getByTestId('dex-wallet-option').filter({ hasText: 'Test Wallet' }).click();
  await expect(page.getByTestId('dex-connected')).toContainText(TEST_WALLET.toLowerCase());
  await expect(page.getByTestId('dex-balance')).toContainText('USDC');

  const usdcBefore = await balanceOf(usdc.address, TEST_WALLET);
  const daiBefore = await balanceOf(dai.address, TEST_WALLET);
  expect(
    await page.evaluate(
      () => (window as unknown as { __sentTransactions: unknown[] }).__sentTransactions.length,
    ),
  ).toBe(0);

  // The allowance is short: the page asks for an approval of exactly the amount.
  const approve = page.getByTestId('dex-approve');
  await expect(approve).toBeVisible();
  await approve.click();
  await expect(page.getByTestId('dex-done')).toBeVisible();
  const sent = await page.evaluate(
    () => (window as unknown as { __sentTransactions: { to: string; data: string }[] }).__sentTransactions,
  );
  expect(sent).toHaveLength(1);
  expect(sent[0]?.to.toLowerCase()).toBe(usdc.address.toLowerCase());
  // approve(router, 250 USDC): the exact amount, not an unlimited allowance.
  expect(sent[0]?.data.slice(-64)).toBe((250n * 10n ** 6n).toString(16).padStart(64, '0'));

  const swap = page.getByTestId('dex-swap');
  await expect(swap).toBeVisible();
  const route = page.getByTestId('dex-route').first();
  const quoted = BigInt((await route.getByTestId('dex-buy-amount').getAttribute('data-raw')) ?? '0');
  const minimum = BigInt((await route.getByTestId('dex-min-amount').getAttribute('data-raw')) ?? '0');
  expect(quoted).toBeGreaterThan(0n);
  await swap.click();
  await expect(page.getByTestId('dex-done')).toContainText(/Swap confirmed/);

  await expect.poll(() => balanceOf(usdc.address, TEST_WALLET)).toBe(usdcBefore - 250n * 10n ** 6n);
  const received = (await balanceOf(dai.address, TEST_WALLET)) - daiBefore;
  expect(received).toBeGreaterThanOrEqual(minimum);
  expect(received).toBeLessThanOrEqual(quoted);
});

test('a wallet on another network is asked to switch before anything else', async ({ page }) => {
  await injectWallet(page, TEST_WALLET, 56);
  await openDex(page);
  await fillSwap(page, 'DAI', 'USDC', '10');
  await page.getByTestId('dex-connect').click();
  await page.getByTestId('dex-wallet-option').click();
  const prompt = page.getByTestId('dex-wrong-network');
  await expect(prompt).toContainText('Ethereum');
  await expect(page.getByTestId('dex-approve')).toHaveCount(0);
  await expect(page.getByTestId('dex-swap')).toHaveCount(0);
  await page.getByTestId('dex-switch').click();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByTestId('dex-balance')).toContainText('DAI');
});

test('an amount above the balance is refused with a clear message before signing', async ({ page }) => {
  await injectWallet(page, EMPTY_WALLET, DEX_E2E_CHAIN_ID);
  await openDex(page);
  await fillSwap(page, 'LINK', 'USDC', '5');
  await page.getByTestId('dex-connect').click();
  await page.getByTestId('dex-wallet-option').click();
  await expect(page.getByTestId('dex-insufficient')).toContainText('Insufficient LINK balance');
  await expect(page.getByTestId('dex-approve')).toHaveCount(0);
  await expect(page.getByTestId('dex-swap')).toHaveCount(0);
  expect(
    await page.evaluate(
      () => (window as unknown as { __sentTransactions: unknown[] }).__sentTransactions.length,
    ),
  ).toBe(0);
});

test('a network without a route source says so, in the page language', async ({ page }) => {
  await page.goto('/de/dex?network=polygon');
  await expect(page.getByTestId('dex-unavailable')).toContainText('Polygon');
  await expect(page.getByTestId('dex-unavailable')).toContainText('Derzeit verfügbar: Ethereum');
});

test('a wallet with the tokens but no gas is told so before signing', async ({ page }) => {
  // Hardhat's fourth account: given 100 DAI by the deployer, then emptied of ETH.
  const account = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
  const rpc = async (method: string, params: unknown[]) => {
    const response = await fetch(deployment().rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return ((await response.json()) as { result: unknown }).result;
  };
  const mint = encodeFunctionData({
    abi: parseAbi(['function mint(address to, uint256 amount)']),
    functionName: 'mint',
    args: [account, 100n * 10n ** 18n],
  });
  await rpc('eth_sendTransaction', [{ from: DEPLOYER, to: token('DAI').address, data: mint }]);
  await rpc('hardhat_setBalance', [account, '0x0']);
  await expect.poll(() => balanceOf(token('DAI').address, account)).toBeGreaterThanOrEqual(100n * 10n ** 18n);

  await injectWallet(page, account, DEX_E2E_CHAIN_ID);
  await openDex(page);
  await fillSwap(page, 'DAI', 'USDC', '10');
  await page.getByTestId('dex-connect').click();
  await page.getByTestId('dex-wallet-option').click();
  await expect(page.getByTestId('dex-insufficient-gas')).toContainText('Not enough ETH');
  await expect(page.getByTestId('dex-insufficient')).toHaveCount(0);
  await expect(page.getByTestId('dex-approve')).toHaveCount(0);
  expect(
    await page.evaluate(
      () => (window as unknown as { __sentTransactions: unknown[] }).__sentTransactions.length,
    ),
  ).toBe(0);
});
