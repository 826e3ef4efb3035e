/**
 * Local EVM chains for the tests: a Hardhat 3 (EDR) JSON-RPC server in this process on a given
 * port and chain id, with WETH, ERC-20 tokens, a Uniswap v2 factory and router, pools with
 * liquidity and funded accounts, all deployed from npm artifacts or compiled with solc-js.
 * `close()` stops only the server it started.
 */
import { writeFileSync } from 'node:fs';
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem';
import { type Artifact, sandboxArtifact } from '../../core/dex/sandbox/artifacts.ts';
import { BRIDGE_FEE_BPS, BRIDGE_RELAYER, DEPLOYER, type LocalChain } from '../../core/dex/sandbox/edr.ts';
import type { SandboxChainFile } from '../../core/dex/sandbox-file.ts';

export {
  BRIDGE_FEE_BPS,
  BRIDGE_RELAYER,
  DEPLOYER,
  type LocalChain,
  startLocalChain,
} from '../../core/dex/sandbox/edr.ts';

/** The second unlocked account: the tests' wallet. Its private key is the mnemonic's, public knowledge. */
export const TEST_WALLET: Address = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
export const TEST_WALLET_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
/** A third account holding no tokens, for the insufficient-balance cases. */
export const EMPTY_WALLET: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

export interface SandboxTokenSpec {
  symbol: string;
  name: string;
  decimals: number;
}

export interface SandboxDeployment extends SandboxChainFile {
  tokens: (SandboxTokenSpec & { address: Address })[];
}

export const DEFAULT_TOKENS: SandboxTokenSpec[] = [
  { symbol: 'USDC', name: 'USD Coin (sandbox)', decimals: 6 },
  { symbol: 'DAI', name: 'Dai (sandbox)', decimals: 18 },
  { symbol: 'LINK', name: 'Chainlink (sandbox)', decimals: 18 },
];

export interface DeployOptions {
  tokens?: SandboxTokenSpec[];
  /** Accounts given `fund` whole units of every token. */
  fundAccounts?: Address[];
  fund?: number;
  /**
   * Deploys the sandbox bridge (SandboxBridge.sol, relayer BRIDGE_RELAYER) holding this many whole
   * units of every token as liquidity to release; none without it.
   */
  bridgeLiquidity?: number;
}

/**
 * Deploys WETH, the tokens, UniswapV2Factory and UniswapV2Router02 and pools: each token against
 * WETH (1 ETH = 2,000 USDC = 2,000 DAI = 100 LINK) and USDC/DAI, with deep liquidity.
 */
export async function deploySandbox(
  chain: LocalChain,
  options: DeployOptions = {},
): Promise<SandboxDeployment> {
  const transport = http(chain.rpcUrl);
  const client = createPublicClient({ transport });
  const wallet = createWalletClient({ account: DEPLOYER, transport });
  const viemChain = {
    id: chain.chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  } as const;

  async function deploy(artifact: Artifact, args: unknown[] = []): Promise<Address> {
    const hash = await wallet.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args,
      chain: viemChain,
    } as never);
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (!receipt.contractAddress) throw new Error('deployment failed');
    return receipt.contractAddress;
  }
  async function send(address: Address, abi: Abi, functionName: string, args: unknown[], value?: bigint) {
    const hash = await wallet.writeContract({
      address,
      abi,
      functionName,
      args,
      chain: viemChain,
      ...(value ? { value } : {}),
    } as never);
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`${functionName} reverted`);
  }

  const wethArtifact = sandboxArtifact('WETH9');
  const factoryArtifact = sandboxArtifact('UniswapV2Factory');
  const routerArtifact = sandboxArtifact('UniswapV2Router02');
  const tokenArtifact = sandboxArtifact('SandboxToken');

  const weth = await deploy(wethArtifact);
  const factory = await deploy(factoryArtifact, [DEPLOYER]);
  const router = await deploy(routerArtifact, [factory, weth]);
  const specs = options.tokens ?? DEFAULT_TOKENS;
  const tokens: SandboxDeployment['tokens'] = [];
  for (const spec of specs) {
    tokens.push({ ...spec, address: await deploy(tokenArtifact, [spec.name, spec.symbol, spec.decimals]) });
  }

  const funded = [DEPLOYER, ...(options.fundAccounts ?? [])];
  for (const token of tokens) {
    for (const account of funded) {
      const units = account === DEPLOYER ? 10_000_000 : (options.fund ?? 10_000);
      await send(token.address, tokenArtifact.abi, 'mint', [
        account,
        parseUnits(String(units), token.decimals),
      ]);
    }
    await send(token.address, tokenArtifact.abi, 'approve', [router, maxUint256]);
  }

  const perEth: Record<string, number> = { USDC: 2_000, DAI: 2_000, LINK: 100 };
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3_600);
  for (const token of tokens) {
    const price = perEth[token.symbol] ?? 1_000;
    await send(
      router,
      routerArtifact.abi,
      'addLiquidityETH',
      [token.address, parseUnits(String(price * 100), token.decimals), 0n, 0n, DEPLOYER, deadline],
      parseEther('100'),
    );
  }
  const usdc = tokens.find((token) => token.symbol === 'USDC');
  const dai = tokens.find((token) => token.symbol === 'DAI');
  if (usdc && dai) {
    await send(router, routerArtifact.abi, 'addLiquidity', [
      usdc.address,
      dai.address,
      parseUnits('500000', usdc.decimals),
      parseUnits('500000', dai.decimals),
      0n,
      0n,
      DEPLOYER,
      deadline,
    ]);
  }
  let bridge: SandboxDeployment['bridge'];
  if (options.bridgeLiquidity !== undefined) {
    const bridgeArtifact = sandboxArtifact('SandboxBridge');
    const address = await deploy(bridgeArtifact, [BRIDGE_RELAYER, BRIDGE_FEE_BPS]);
    for (const token of tokens) {
      await send(token.address, tokenArtifact.abi, 'mint', [
        address,
        parseUnits(String(options.bridgeLiquidity), token.decimals),
      ]);
    }
    bridge = { address, relayer: BRIDGE_RELAYER, feeBps: BRIDGE_FEE_BPS };
  }
  return {
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    weth,
    factory,
    router,
    tokens,
    ...(bridge ? { bridge } : {}),
  };
}

/** Writes the deployments as the DEX_SANDBOX_FILE the server reads (core/dex/sandbox-file.ts). */
export function writeSandboxFile(path: string, deployments: SandboxDeployment[]): void {
  writeFileSync(path, JSON.stringify({ chains: deployments }, null, 2));
}
