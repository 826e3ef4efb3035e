import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);

export interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

/** A compiled contract shipped by an npm package (`@uniswap/v2-core/build/UniswapV2Factory.json`). */
export function packageArtifact(path: string): Artifact {
  const json = JSON.parse(readFileSync(require.resolve(path), 'utf8')) as { abi: Abi; bytecode: string };
  return {
    abi: json.abi,
    bytecode: (json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`) as Hex,
  };
}

const compiled = new Map<string, Artifact>();

import type { SandboxArtifactName } from '../../core/dex/sandbox/artifacts.ts';

/** Every contract the sandbox chains deploy, built from its sources (scripts/sandbox-artifacts.ts). */
export function compiledArtifacts(): Record<SandboxArtifactName, Artifact> {
  return {
    WETH9: packageArtifact('@uniswap/v2-periphery/build/WETH9.json'),
    UniswapV2Factory: packageArtifact('@uniswap/v2-core/build/UniswapV2Factory.json'),
    UniswapV2Router02: packageArtifact('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
    SandboxToken: sandboxTokenArtifact(),
    SandboxBridge: sandboxBridgeArtifact(),
  };
}

/** SandboxToken.sol (an ERC-20 the tests mint), compiled once per process. */
export function sandboxTokenArtifact(): Artifact {
  return sandboxArtifact('SandboxToken');
}

/** SandboxBridge.sol (the local chains' lock-and-release bridge), compiled once per process. */
export function sandboxBridgeArtifact(): Artifact {
  return sandboxArtifact('SandboxBridge');
}

/**
 * A contract of core/dex/sandbox/ (`{name}.sol`) compiled with solc-js (the compiler bundled in the npm
 * package: nothing is downloaded), its OpenZeppelin imports read from node_modules.
 */
function sandboxArtifact(name: string): Artifact {
  const known = compiled.get(name);
  if (known) return known;
  const solc = require('solc') as {
    compile(input: string, options: { import(path: string): unknown }): string;
  };
  const source = readFileSync(new URL(`../../core/dex/sandbox/${name}.sol`, import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { [`${name}.sol`]: { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (path: string) => {
        try {
          return { contents: readFileSync(require.resolve(path), 'utf8') };
        } catch {
          return { error: `not found: ${path}` };
        }
      },
    }),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contract = output.contracts[`${name}.sol`]?.[name];
  if (!contract) throw new Error(`${name} did not compile`);
  const artifact: Artifact = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  compiled.set(name, artifact);
  return artifact;
}
