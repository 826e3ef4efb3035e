import { readFileSync } from 'node:fs';
import type { Abi, Hex } from 'viem';

export interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

export type SandboxArtifactName =
  | 'WETH9'
  | 'UniswapV2Factory'
  | 'UniswapV2Router02'
  | 'SandboxToken'
  | 'SandboxBridge';

let loaded: Record<SandboxArtifactName, Artifact> | null = null;

/**
 * A contract the sandbox chains deploy, from the committed build (artifacts.json, written by
 * scripts/sandbox-artifacts.ts): nothing is compiled at run time.
 */
export function sandboxArtifact(name: SandboxArtifactName): Artifact {
  loaded ??= JSON.parse(readFileSync(new URL('./artifacts.json', import.meta.url), 'utf8')) as Record<
    SandboxArtifactName,
    Artifact
  >;
  return loaded[name];
}
