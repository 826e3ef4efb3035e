/**
 * The sandbox chains of the default start (docs/decisions/009): for each network no real route
 * source serves, an EDR chain in this process with its own chain id (DexNetwork.sandboxChainId),
 * the network's wrapped gas token and its first listed tokens at their listed addresses, Uniswap v2
 * pools priced from the site's market data, and the sandbox bridge between the chains. The chains
 * live in memory: a restart deploys them afresh (the pages say the sandbox resets).
 */
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  maxUint256,
  numberToHex,
  type PublicClient,
  parseAbi,
  parseUnits,
  type WalletClient,
} from 'viem';
import type { DexNetwork } from '../networks.ts';
import type { SandboxChain } from '../sandbox-file.ts';
import type { DexToken } from '../tokens.ts';
import { type Artifact, sandboxArtifact } from './artifacts.ts';
import { BRIDGE_FEE_BPS, BRIDGE_RELAYER, DEPLOYER, type LocalChain, startLocalChain } from './edr.ts';

/** Dollars of each token, and of the gas token, in each pool. */
const POOL_USD = 1_000_000;
/** Dollars of each token the bridge holds on each chain to release. */
const BRIDGE_USD = 5_000_000;
/** What one faucet claim gives: this many dollars of the gas token and of each token. */
export const FAUCET_USD = 1_000;

export interface SandboxChainPlan {
  network: DexNetwork;
  /** Tokens to deploy at their listed addresses, with their dollar price. */
  tokens: { token: DexToken; usd: number }[];
  /** The gas token's dollar price. */
  nativeUsd: number;
}

/** A deployed sandbox chain: what the services read, and what the faucet gives. */
export interface RunningSandboxChain {
  chain: SandboxChain;
  network: DexNetwork;
  /** Base units one faucet claim gives: the gas token, then each token. */
  faucet: { native: bigint; tokens: { address: Address; amount: bigint }[] };
  close(): Promise<void>;
}

const mintAbi = parseAbi(['function mint(address to, uint256 amount)']);

/** Base units of `usd` dollars of a token priced `price` dollars (rounded down). */
export function unitsForUsd(usd: number, price: number, decimals: number): bigint {
  if (!(price > 0)) return 0n;
  return parseUnits((usd / price).toFixed(Math.min(decimals, 8)), decimals);
}

/** A Solidity storage slot holding a short string (under 32 bytes): the bytes, then length × 2. */
export function shortStringSlot(text: string): Hex {
  const bytes = new TextEncoder().encode(text).slice(0, 31);
  const slot = new Uint8Array(32);
  slot.set(bytes);
  slot[31] = bytes.length * 2;
  return `0x${Buffer.from(slot).toString('hex')}`;
}

/** Deploys one network's sandbox chain on a free loopback port. */
export async function deploySandboxChain(plan: SandboxChainPlan): Promise<RunningSandboxChain> {
  const { network } = plan;
  const local: LocalChain = await startLocalChain({ port: 0, chainId: network.sandboxChainId });
  try {
    const transport = http(local.rpcUrl, { retryCount: 0 });
    const client = createPublicClient({ transport }) as PublicClient;
    const wallet = createWalletClient({ account: DEPLOYER, transport }) as WalletClient;
    const rpc = (method: string, params: unknown[]) =>
      client.request({ method, params } as never) as Promise<unknown>;
    // Enough gas token for the pools, the bridge and the faucet.
    await rpc('hardhat_setBalance', [DEPLOYER, numberToHex(10n ** 30n)]);

    async function confirm(hash: Hex, what: string) {
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      if (receipt.status !== 'success') throw new Error(`${what} reverted`);
      return receipt;
    }
    async function deploy(artifact: Artifact, args: unknown[] = []): Promise<Address> {
      const hash = await wallet.deployContract({
        abi: artifact.abi,
        bytecode: artifact.bytecode,
        args,
        chain: null,
        account: DEPLOYER,
      } as never);
      const receipt = await confirm(hash, 'deployment');
      if (!receipt.contractAddress) throw new Error('deployment failed');
      return receipt.contractAddress;
    }
    async function send(address: Address, abi: Abi, functionName: string, args: unknown[], value = 0n) {
      const hash = await wallet.writeContract({
        address,
        abi,
        functionName,
        args,
        value,
        chain: null,
        account: DEPLOYER,
      } as never);
      await confirm(hash, functionName);
    }
    /** Moves a deployed contract's code to `target`, with these storage slots set. */
    async function place(from: Address, target: Address, slots: Record<number, Hex>) {
      const code = await client.getCode({ address: from });
      await rpc('hardhat_setCode', [target, code]);
      for (const [slot, value] of Object.entries(slots)) {
        await rpc('hardhat_setStorageAt', [target, numberToHex(Number(slot), { size: 32 }), value]);
      }
    }

    const tokenArtifact = sandboxArtifact('SandboxToken');
    const routerArtifact = sandboxArtifact('UniswapV2Router02');
    // WETH9 at the network's wrapped gas token address (name, symbol, decimals in slots 0–2).
    const weth = network.wrappedNative.toLowerCase() as Address;
    await place(await deploy(sandboxArtifact('WETH9')), weth, {
      0: shortStringSlot(`Wrapped ${network.native.name}`),
      1: shortStringSlot(`W${network.native.symbol}`),
      2: numberToHex(18, { size: 32 }),
    });
    const factory = await deploy(sandboxArtifact('UniswapV2Factory'), [DEPLOYER]);
    const router = await deploy(routerArtifact, [factory, weth]);

    // The tokens at their listed addresses: SandboxToken (OpenZeppelin ERC20: name and symbol in
    // slots 3 and 4; decimals and minter are immutables, in the code).
    const tokens: SandboxChain['tokens'] = [];
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3_600);
    const faucetTokens: RunningSandboxChain['faucet']['tokens'] = [];
    for (const { token, usd } of plan.tokens) {
      const address = token.address as Address;
      if (address === weth) continue;
      const name = token.name.slice(0, 31);
      const symbol = token.symbol.slice(0, 31);
      const template = await deploy(tokenArtifact, [name, symbol, token.decimals]);
      await place(template, address, { 3: shortStringSlot(name), 4: shortStringSlot(symbol) });
      const poolTokens = unitsForUsd(POOL_USD, usd, token.decimals);
      if (poolTokens === 0n) continue;
      await send(address, mintAbi, 'mint', [DEPLOYER, poolTokens]);
      await send(address, tokenArtifact.abi, 'approve', [router, maxUint256]);
      await send(
        router,
        routerArtifact.abi,
        'addLiquidityETH',
        [address, poolTokens, 0n, 0n, DEPLOYER, deadline],
        unitsForUsd(POOL_USD, plan.nativeUsd, 18),
      );
      tokens.push({ address, symbol: token.symbol, name: token.name, decimals: token.decimals });
      faucetTokens.push({ address, amount: unitsForUsd(FAUCET_USD, usd, token.decimals) });
    }

    const bridge = await deploy(sandboxArtifact('SandboxBridge'), [BRIDGE_RELAYER, BRIDGE_FEE_BPS]);
    for (const { token, usd } of plan.tokens) {
      if (!tokens.some((deployed) => deployed.address === token.address)) continue;
      await send(token.address as Address, mintAbi, 'mint', [
        bridge,
        unitsForUsd(BRIDGE_USD, usd, token.decimals),
      ]);
    }
    return {
      network,
      chain: {
        chainId: network.sandboxChainId,
        network: network.id,
        rpcUrl: local.rpcUrl,
        weth,
        factory: factory.toLowerCase() as Address,
        router: router.toLowerCase() as Address,
        tokens,
        bridge: {
          address: bridge.toLowerCase() as Address,
          relayer: BRIDGE_RELAYER.toLowerCase() as Address,
          feeBps: BRIDGE_FEE_BPS,
        },
      },
      faucet: { native: unitsForUsd(FAUCET_USD, plan.nativeUsd, 18), tokens: faucetTokens },
      close: () => local.close(),
    };
  } catch (error) {
    await local.close();
    throw error;
  }
}

/** Sends one faucet claim from the deployer: the gas token, then a mint of each token. */
export async function sendFaucetClaim(running: RunningSandboxChain, address: Address): Promise<Hex[]> {
  const wallet = createWalletClient({
    account: DEPLOYER,
    transport: http(running.chain.rpcUrl, { retryCount: 0 }),
  });
  const hashes: Hex[] = [
    await wallet.sendTransaction({ to: address, value: running.faucet.native, chain: null }),
  ];
  for (const token of running.faucet.tokens) {
    hashes.push(
      await wallet.writeContract({
        address: token.address,
        abi: mintAbi,
        functionName: 'mint',
        args: [address, token.amount],
        chain: null,
      }),
    );
  }
  return hashes;
}
