/**
 * The browser wallet of /dex and the cross-chain pair pages, loaded only when the visitor acts (dynamic import): EIP-6963
 * discovery of injected wallets and EIP-1193 calls through viem. Every transaction here is sent
 * from a click of the visitor and signed in their wallet.
 */
import {
  createPublicClient,
  custom,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hexToBigInt,
  numberToHex,
} from 'viem';

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

export interface WalletInfo {
  uuid: string;
  name: string;
  rdns: string;
  provider: Eip1193Provider;
}

interface AnnounceEvent extends Event {
  detail: { info: { uuid: string; name: string; rdns: string }; provider: Eip1193Provider };
}

/** EIP-6963: asks the injected wallets to announce themselves; calls `found` for each, now and later. */
export function discoverWallets(found: (wallet: WalletInfo) => void): () => void {
  const listener = (event: Event) => {
    const { info, provider } = (event as AnnounceEvent).detail ?? {};
    if (!info?.uuid || typeof provider?.request !== 'function') return;
    found({ uuid: info.uuid, name: String(info.name).slice(0, 60), rdns: String(info.rdns ?? ''), provider });
  };
  window.addEventListener('eip6963:announceProvider', listener);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  return () => window.removeEventListener('eip6963:announceProvider', listener);
}

export async function connectWallet(provider: Eip1193Provider): Promise<{ address: Hex; chainId: number }> {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
  const address = accounts[0];
  if (!address) throw new Error('no account');
  return { address: address.toLowerCase() as Hex, chainId: await chainIdOf(provider) };
}

export async function chainIdOf(provider: Eip1193Provider): Promise<number> {
  return Number.parseInt(String(await provider.request({ method: 'eth_chainId' })), 16);
}

/** A network a wallet may not know yet: a sandbox chain, reached through the site's RPC. */
export interface AddableChain {
  chainName: string;
  rpcUrl: string;
  native: { name: string; symbol: string; decimals: number };
}

/**
 * wallet_switchEthereumChain (EIP-3326); a wallet that does not know the chain (4902) is asked to
 * add it first (wallet_addEthereumChain, EIP-3085) when `add` describes it.
 */
export async function switchChain(
  provider: Eip1193Provider,
  chainId: number,
  add?: AddableChain,
): Promise<void> {
  try {
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(chainId) }],
    });
  } catch (error) {
    if (!add || errorCode(error) !== 4902) throw error;
    await addChain(provider, chainId, add);
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(chainId) }],
    });
  }
}

/** wallet_addEthereumChain (EIP-3085): the sandbox network with the site's RPC, no explorer. */
export async function addChain(
  provider: Eip1193Provider,
  chainId: number,
  chain: AddableChain,
): Promise<void> {
  await provider.request({
    method: 'wallet_addEthereumChain',
    params: [
      {
        chainId: numberToHex(chainId),
        chainName: chain.chainName,
        nativeCurrency: chain.native,
        rpcUrls: [chain.rpcUrl],
      },
    ],
  });
}

function errorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'number' ? code : undefined;
}

/** The owner's balance of the token (or of the gas token) and of the gas token, read through the wallet. */
export async function readBalances(
  provider: Eip1193Provider,
  owner: Hex,
  token: Hex | null,
): Promise<{ token: bigint; native: bigint }> {
  const native = hexToBigInt(
    (await provider.request({ method: 'eth_getBalance', params: [owner, 'latest'] })) as Hex,
  );
  if (!token) return { token: native, native };
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  const result = (await provider.request({
    method: 'eth_call',
    params: [{ to: token, data }, 'latest'],
  })) as Hex;
  return { token: result === '0x' ? 0n : hexToBigInt(result), native };
}

/** The token's allowance from the owner to the spender, read through the wallet. */
export async function readAllowance(
  provider: Eip1193Provider,
  owner: Hex,
  token: Hex,
  spender: Hex,
): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [owner, spender] });
  const result = (await provider.request({
    method: 'eth_call',
    params: [{ to: token, data }, 'latest'],
  })) as Hex;
  return result === '0x' ? 0n : hexToBigInt(result);
}

async function send(
  provider: Eip1193Provider,
  tx: { from: Hex; to: Hex; data: Hex; value?: bigint },
): Promise<Hex> {
  return (await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from: tx.from, to: tx.to, data: tx.data, value: numberToHex(tx.value ?? 0n) }],
  })) as Hex;
}

/** approve(spender, amount) on the token: the exact amount unless the visitor chose otherwise. */
export function sendApproval(provider: Eip1193Provider, from: Hex, token: Hex, spender: Hex, amount: bigint) {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
  return send(provider, { from, to: token, data });
}

export function sendSwap(provider: Eip1193Provider, from: Hex, tx: { to: Hex; data: Hex; value: bigint }) {
  return send(provider, { from, ...tx });
}

/** Follows the transaction until it is mined; true when it succeeded. */
export async function waitForReceipt(provider: Eip1193Provider, hash: Hex): Promise<boolean> {
  const client = createPublicClient({ transport: custom(provider) });
  const receipt = await client.waitForTransactionReceipt({
    hash,
    pollingInterval: 1_000,
    timeout: 10 * 60_000,
  });
  return receipt.status === 'success';
}

/** EIP-1193 code 4001: the visitor refused in the wallet. */
export function isUserRejection(error: unknown): boolean {
  const code =
    (error as { code?: number; cause?: { code?: number } })?.code ??
    (error as { cause?: { code?: number } })?.cause?.code;
  return code === 4001;
}
