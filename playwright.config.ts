import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
// One data directory per run, known to the workers too (they inherit the runner's environment):
// tests/e2e/console.spec.ts runs `npm run operator` on it, through the server's control socket.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'swapgate-e2e-'));
const DATA_DIR = process.env.E2E_DATA_DIR;
export const BASE_URL = `http://localhost:${PORT}`;

/** Debian's Chromium; the test tools never download a browser of their own. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // Playwright's own default for CI: a test that fails and then passes is reported as flaky (to be
  // fixed), not allowed to sink the run; one that fails twice fails.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: BASE_URL,
    trace: 'off',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: ['no-javascript/**', 'slow-javascript/**', 'personal-data/**'],
    },
    // Every form with JavaScript off: each reaches its result page or says plainly why it cannot.
    {
      name: 'no-javascript',
      testDir: 'tests/e2e/no-javascript',
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false },
    },
    // The page's scripts held back 4 s: clicks made before hydration still count.
    {
      name: 'slow-javascript',
      testDir: 'tests/e2e/slow-javascript',
      use: { ...devices['Desktop Chrome'] },
    },
    // After both: no URL the browser asked for in them carries the visitor's email, address or name.
    {
      name: 'personal-data',
      testDir: 'tests/e2e/personal-data',
      dependencies: ['no-javascript', 'slow-javascript'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    // The product's start script with the human check on and verified by a local fake.
    command: 'node tests/e2e/serve.ts',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      BASE_URL,
      DATA_DIR,
      LOG_LEVEL: 'warn',
      PATH_RULES_TTL_MS: '0',
      // The component showcase is off in production; its tests need it.
      DESIGN_SYSTEM_PAGE: 'true',
      // Every newsletter test subscribes from the same address.
      RATE_LIMIT_SUBSCRIBE_PER_HOUR: '1000',
      // Every browser test creates its swaps from the same address too (the limits have their own tests).
      RATE_LIMIT_WRITES_PER_MINUTE: '1000',
      // The forms' tests submit from the same address, and read what was stored (tests/e2e/forms.spec.ts).
      RATE_LIMIT_FORMS_PER_HOUR: '1000',
      OPERATOR_TOKEN: 'e2e-operator-token-0123456789',
      // The DEX and cross-chain specs use the two chains tests/e2e/serve.ts starts; the sandbox
      // chains of the default start have their own spec, on a server of its own (sandbox-chains.spec.ts).
      SANDBOX_CHAINS: 'off',
      // tests/e2e/fiat.spec.ts signs sandbox webhooks of its own with it.
      FIAT_SANDBOX_WEBHOOK_SECRET: 'e2e-fiat-webhook-secret-0123456789',
      // The console's withdrawal queue (tests/e2e/console.spec.ts withdraws about 450 USD); smaller
      // sandbox withdrawals are still paid at once (tests/e2e/account-partner.spec.ts, about 180 USD).
      SANDBOX_WITHDRAWALS_QUEUE_FROM_USD: '300',
    },
  },
});
