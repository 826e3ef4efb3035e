/**
 * The sandbox wallet: for visitors without a browser wallet, on the sandbox chains only. A
 * throwaway key made in this browser (viem local account) and kept in localStorage until the
 * visitor forgets it; an EIP-1193 provider over it that signs locally and sends everything through
 * the site's sandbox RPC (/sandbox/rpc/{chainId}), so the pages use it as any injected wallet.
 * Loaded only when the visitor picks it.
 */
import { createWalletClient, type Hex, http, numberToHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Eip1193Provider } from './wallet.client.ts';

const STORAGE_KEY = 'swapgate.sandbox-wallet';

/** The site's RPC endpoint of a sandbox chain. */
export function sandboxRpcUrl(chainId: number): string {
  return `${window.location.origin}/sandbox/rpc/${chainId}`;
}

function storedKey(): Hex {
  const known = window.localStorage.getItem(STORAGE_KEY);
  if (known && /^0x[0-9a-f]{64}$/i.test(known)) return known as Hex;
  const key = generatePrivateKey();
  window.localStorage.setItem(STORAGE_KEY, key);
  return key;
}

/** Deletes the key: its coins are gone with it (they are test coins). */
export function forgetSandboxWallet(): void {
  window.localStorage.removeItem(STORAGE_KEY);
}

class ProviderError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** An EIP-1193 provider over the stored key, on the sandbox chains given (`chainIds`), starting on `chainId`. */
export function sandboxWallet(
  chainIds: readonly number[],
  chainId: number,
): {
  address: Hex;
  provider: Eip1193Provider;
} {
  const account = privateKeyToAccount(storedKey());
  let current = chainId;
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const emit = (event: string, value: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(value);
  };
  const rpc = async (method: string, params: unknown) => {
    const response = await fetch(`/sandbox/rpc/${current}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    });
    const answer = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (answer.error) throw new ProviderError(answer.error.code, answer.error.message);
    return answer.result;
  };
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      const list = (Array.isArray(params) ? params : []) as Record<string, string>[];
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [account.address];
        case 'eth_chainId':
          return numberToHex(current);
        case 'wallet_switchEthereumChain': {
          const wanted = Number.parseInt(String(list[0]?.chainId), 16);
          if (!chainIds.includes(wanted)) throw new ProviderError(4902, 'not a sandbox chain');
          current = wanted;
          emit('chainChanged', numberToHex(wanted));
          return null;
        }
        case 'eth_sendTransaction': {
          const tx = list[0] ?? {};
          const client = createWalletClient({ account, transport: http(sandboxRpcUrl(current)) });
          return client.sendTransaction({
            to: tx.to as Hex,
            data: (tx.data ?? '0x') as Hex,
            value: BigInt(tx.value ?? '0x0'),
            chain: {
              id: current,
              name: 'sandbox',
              nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
              rpcUrls: { default: { http: [sandboxRpcUrl(current)] } },
            },
          });
        }
        default:
          return rpc(method, params);
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };
  return { address: account.address.toLowerCase() as Hex, provider };
}
