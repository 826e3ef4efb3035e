import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createPublicClient, erc20Abi, http } from 'viem';
import { TEST_WALLET } from '../support/chain.ts';
import { DEX_E2E_CHAIN_B_ID, DEX_E2E_CHAIN_ID, DEX_E2E_SANDBOX_FILE } from './dex-chain.ts';
import { waitForHydration } from './helpers.ts';
import { injectWallet } from './test-wallet.ts';

interface Deployment {
  chainId: number;
  rpcUrl: string;
  tokens: { address: `0x${string}`; symbol: string; decimals: number }[];
  bridge?: { address: `0x${string}` };
}

const chains = (): Deployment[] =>
  (JSON.parse(readFileSync(DEX_E2E_SANDBOX_FILE, 'utf8')) as { chains: Deployment[] }).chains;
const chain = (chainId: number) => {
  const found = chains().find((known) => known.chainId === chainId);
  if (!found) throw new Error(`no local chain ${chainId}`);
  return found;
};
const token = (chainId: number, symbol: string) => {
  const found = chain(chainId).tokens.find((t) => t.symbol === symbol);
  if (!found) throw new Error(symbol);
  return found;
};

async function balanceOf(chainId: number, address: `0x${string}`, owner: string): Promise<bigint> {
  const client = createPublicClient({ transport: http(chain(chainId).rpcUrl) });
  return client.readContract({
    address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner as `0x${string}`],
  });
}

test('a cross-chain swap between two local chains reaches its destination with the quoted amount', async ({
  page,
}) => {
  // The wallet starts on the destination network: the page asks to switch first.
  await injectWallet(page, TEST_WALLET, DEX_E2E_CHAIN_B_ID);
  await page.goto('/cross-chain/usdc-ethereum-to-usdc-optimism');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('USDC (Ethereum)');
  await expect(page.getByTestId('xchain-sandbox')).toBeVisible();
  await waitForHydration(page, '[data-testid="xchain-amount"]');

  const usdcA = token(DEX_E2E_CHAIN_ID, 'USDC');
  const usdcB = token(DEX_E2E_CHAIN_B_ID, 'USDC');
  // The bridge's own balance on the source chain: the DEX tests, running alongside, swap the same
  // wallet's USDC there, but only the bridge's deposits move the bridge's.
  const bridgeA = chain(DEX_E2E_CHAIN_ID).bridge?.address as `0x${string}`;
  const lockedBefore = await balanceOf(DEX_E2E_CHAIN_ID, usdcA.address, bridgeA);
  const before = await balanceOf(DEX_E2E_CHAIN_B_ID, usdcB.address, TEST_WALLET);

  await page.getByTestId('xchain-connect').click();
  await page.getByTestId('xchain-wallet-option').filter({ hasText: 'Test Wallet' }).click();
  await expect(page.getByTestId('xchain-connected')).toContainText(TEST_WALLET.toLowerCase());
  await expect(page.getByTestId('xchain-wrong-network')).toContainText('Ethereum');
  await page.getByTestId('xchain-switch').click();
  await expect(page.getByTestId('xchain-wrong-network')).toBeHidden();

  await page.getByTestId('xchain-amount').fill('250');
  const route = page.getByTestId('xchain-route').first();
  await expect(route).toHaveAttribute('data-source', 'sandbox-bridge');
  await expect(route).toContainText('Sandbox Bridge');
  const quoted = BigInt((await route.getByTestId('xchain-to-amount').getAttribute('data-raw')) ?? '0');
  // 250 USDC less the bridge's 0.1 %.
  expect(quoted).toBe(249_750_000n);

  await page.getByTestId('xchain-approve').click();
  await expect(page.getByTestId('xchain-approved')).toBeVisible();
  await page.getByTestId('xchain-send').click();
  await expect(page.getByTestId('xchain-source-tx')).toBeVisible();
  // The relayer releases on the other chain; the page follows the status until it lands.
  await expect(page.getByTestId('xchain-landed')).toContainText('249.75', { timeout: 30_000 });
  await expect(page.getByTestId('xchain-destination-tx')).toContainText(/0x[0-9a-f]{64}/);

  expect(await balanceOf(DEX_E2E_CHAIN_B_ID, usdcB.address, TEST_WALLET)).toBe(before + quoted);
  expect(await balanceOf(DEX_E2E_CHAIN_ID, usdcA.address, bridgeA)).toBe(lockedBefore + 250_000_000n);
});

test('an unknown token has no cross-chain pair page', async ({ page }) => {
  const unknown = await page.goto('/cross-chain/nosuchtoken-ethereum-to-usdc-optimism');
  expect(unknown?.status()).toBe(404);
  const sameNetwork = await page.goto('/cross-chain/usdc-ethereum-to-dai-ethereum');
  expect(sameNetwork?.status()).toBe(404);
});

test('the bridge listing names the sandbox bridge and the networks it connects', async ({ page }) => {
  await page.goto('/cross-chain/bridges');
  const bridge = page.getByTestId('cross-chain-bridge').filter({ hasText: 'Sandbox Bridge' });
  await expect(bridge).toContainText('from Ethereum to OP Mainnet');
  await expect(bridge).toContainText('from OP Mainnet to Ethereum');
});

test('a network page says swaps run there and names its bridges', async ({ page }) => {
  await page.goto('/dex/networks/optimism');
  await expect(page.getByTestId('dex-network-chain-id')).toHaveText('10');
  await expect(page.getByTestId('dex-network-state')).toContainText('available');
  await expect(page.getByTestId('dex-network-bridges')).toContainText('Sandbox Bridge: Ethereum');
});
