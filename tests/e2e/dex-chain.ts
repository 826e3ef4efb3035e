import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The local EVM chains of the DEX and cross-chain browser tests: tests/e2e/serve.ts starts it (Hardhat 3 / EDR,
 * chain id 1, so it stands in for Ethereum) and deploys the sandbox pools before the server
 * starts; the spec reads the same deployment file. Port and file follow the e2e port, so parallel
 * runs on other ports do not meet.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const DEX_E2E_CHAIN_PORT = Number(process.env.E2E_DEX_CHAIN_PORT ?? E2E_PORT + 4400);
export const DEX_E2E_SANDBOX_FILE = join(tmpdir(), `swapgate-e2e-dex-${E2E_PORT}.json`);
export const DEX_E2E_CHAIN_ID = 1;
/**
 * The second local chain, for the cross-chain tests: on the next port, chain id 10 (it stands in
 * for Optimism). Both chains carry the sandbox bridge; the server's relayer releases on this one
 * what is deposited on the first (core/crosschain/sandbox-bridge.ts).
 */
export const DEX_E2E_CHAIN_B_PORT = DEX_E2E_CHAIN_PORT + 1;
export const DEX_E2E_CHAIN_B_ID = 10;
/** Whole units of each token the bridge holds on each chain, to release. */
export const DEX_E2E_BRIDGE_LIQUIDITY = 1_000_000;
