/**
 * The server the browser tests run against: the product's own start script, with the human check
 * switched on and verified by the local reCAPTCHA fake (no network). The browser side of the check
 * is replaced per test with `fakeRecaptchaScript` (see newsletter tests).
 */

import { startFakeRecaptcha } from '../fakes/recaptcha-fake.ts';
import { deploySandbox, startLocalChain, TEST_WALLET, writeSandboxFile } from '../support/chain.ts';
import {
  DEX_E2E_BRIDGE_LIQUIDITY,
  DEX_E2E_CHAIN_B_ID,
  DEX_E2E_CHAIN_B_PORT,
  DEX_E2E_CHAIN_ID,
  DEX_E2E_CHAIN_PORT,
  DEX_E2E_SANDBOX_FILE,
} from './dex-chain.ts';
import { E2E_FORM_TOKENS, E2E_RECAPTCHA } from './recaptcha.ts';

const fake = await startFakeRecaptcha({
  secret: E2E_RECAPTCHA.secret,
  tokens: {
    [E2E_RECAPTCHA.humanToken]: { success: true, score: 0.9, action: 'subscribe' },
    [E2E_RECAPTCHA.botToken]: { success: true, score: 0.1, action: 'subscribe' },
    ...Object.fromEntries(
      Object.entries(E2E_FORM_TOKENS).map(([action, token]) => [
        token,
        { success: true, score: 0.9, action },
      ]),
    ),
  },
});
process.env.RECAPTCHA_SITE_KEY = E2E_RECAPTCHA.siteKey;
process.env.RECAPTCHA_SECRET = E2E_RECAPTCHA.secret;
process.env.RECAPTCHA_VERIFY_URL = fake.url;
process.on('SIGTERM', () => void fake.close());

// The DEX and cross-chain tests' two local chains (tests/e2e/dex-chain.ts), in this process:
// stopped with it. Without them (no EDR binary for this platform) the other tests still run and
// the DEX tests fail on their own.
try {
  const chain = await startLocalChain({ port: DEX_E2E_CHAIN_PORT, chainId: DEX_E2E_CHAIN_ID });
  process.on('SIGTERM', () => void chain.close());
  const chainB = await startLocalChain({ port: DEX_E2E_CHAIN_B_PORT, chainId: DEX_E2E_CHAIN_B_ID });
  process.on('SIGTERM', () => void chainB.close());
  const deployment = await deploySandbox(chain, {
    fundAccounts: [TEST_WALLET],
    bridgeLiquidity: DEX_E2E_BRIDGE_LIQUIDITY,
  });
  const deploymentB = await deploySandbox(chainB, { bridgeLiquidity: DEX_E2E_BRIDGE_LIQUIDITY });
  writeSandboxFile(DEX_E2E_SANDBOX_FILE, [deployment, deploymentB]);
  process.env.DEX_SANDBOX_FILE = DEX_E2E_SANDBOX_FILE;
  process.env.SANDBOX_BRIDGE_INTERVAL_MS ??= '500';
} catch (error) {
  console.error('The DEX tests’ local chain did not start:', error);
}

await import('../../server/start.ts');
