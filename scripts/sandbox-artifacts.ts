/**
 * Writes core/dex/sandbox/artifacts.json: the compiled contracts the sandbox chains deploy at run
 * time (WETH9, UniswapV2Factory and UniswapV2Router02 from their npm builds; SandboxToken and
 * SandboxBridge compiled with solc-js). Committed, so `npm start` needs neither solc nor the
 * Uniswap packages; core/dex/sandbox/artifacts.test.ts checks the file matches its sources.
 *
 *   node scripts/sandbox-artifacts.ts
 */
import { writeFileSync } from 'node:fs';
import { compiledArtifacts } from '../tests/support/compile.ts';

const path = new URL('../core/dex/sandbox/artifacts.json', import.meta.url);
writeFileSync(path, `${JSON.stringify(compiledArtifacts())}\n`);
console.log(`wrote ${path.pathname}`);
