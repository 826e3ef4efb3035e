/**
 * Local EVM chains: Hardhat 3's EDR JSON-RPC server in this process, on the loopback. Used by the
 * sandbox chains of the default start (core/dex/sandbox/chains.ts) and by the tests.
 */
import { type Address, getAddress } from 'viem';

/** The first of the node's unlocked accounts (Hardhat's well-known test mnemonic): the deployer. */
export const DEPLOYER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** The fourth unlocked account: the sandbox bridge's relayer (it alone may release). */
export const BRIDGE_RELAYER: Address = getAddress('0x90F79bf6EB2c4f870365E785982E1f101E93b906');
/** The sandbox bridge's fee: 0.1 % of the amount deposited. */
export const BRIDGE_FEE_BPS = 10;

export interface LocalChain {
  chainId: number;
  rpcUrl: string;
  close(): Promise<void>;
}

type Hre = Awaited<ReturnType<typeof import('hardhat/hre').createHardhatRuntimeEnvironment>>;
let runtime: Promise<Hre> | null = null;

/**
 * Starts an EDR node on 127.0.0.1:port (0: a free port) with this chain id. The nodes of a process
 * share one Hardhat runtime.
 */
export async function startLocalChain({
  port,
  chainId,
}: {
  port: number;
  chainId: number;
}): Promise<LocalChain> {
  runtime ??= import('hardhat/hre').then((module) => module.createHardhatRuntimeEnvironment({}));
  const hre = await runtime;
  const server = await hre.network.createServer(
    { override: { chainId, allowUnlimitedContractSize: false } } as never,
    '127.0.0.1',
    port,
  );
  const address = await server.listen();
  return {
    chainId,
    rpcUrl: `http://127.0.0.1:${address.port}`,
    close: () => server.close(),
  };
}
