import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The local EVM chain of the DEX browser tests: tests/e2e/serve.ts starts it (Hardhat 3 / EDR,
 * chain id 1, so it stands in for Ethereum) and deploys the sandbox pools before the server
 * starts; the spec reads the same deployment file. Port and file follow the e2e port, so parallel
 * runs on other ports do not meet.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const DEX_E2E_CHAIN_PORT = Number(process.env.E2E_DEX_CHAIN_PORT ?? E2E_PORT + 4400);
export const DEX_E2E_SANDBOX_FILE = join(tmpdir(), `swapgate-e2e-dex-${E2E_PORT}.json`);
export const DEX_E2E_CHAIN_ID = 1;
