import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEX_E2E_CHAIN_ID, DEX_E2E_SANDBOX_FILE } from './dex-chain.ts';

/**
 * A browser wallet for the DEX and cross-chain tests (EIP-6963 + EIP-1193) whose account is
 * unlocked on the local chains: its calls go to the chain it is on, which starts as `chainId` and
 * changes when the page asks (wallet_switchEthereumChain); on a network without a local chain they
 * go to the first one. The transactions it sends are kept in `window.__sentTransactions`.
 */
export async function injectWallet(page: Page, account: string, chainId: number) {
  const { chains } = JSON.parse(readFileSync(DEX_E2E_SANDBOX_FILE, 'utf8')) as {
    chains: { chainId: number; rpcUrl: string }[];
  };
  const rpcUrls = Object.fromEntries(chains.map((known) => [known.chainId, known.rpcUrl]));
  const fallback = rpcUrls[DEX_E2E_CHAIN_ID] ?? '';
  let id = 0;
  await page.exposeFunction('__localRpc', async (chain: number, method: string, params: unknown) => {
    id += 1;
    const response = await fetch(rpcUrls[chain] ?? fallback, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params: params ?? [] }),
    });
    return response.json();
  });
  await page.addInitScript(
    ({ account, chainId }) => {
      const listeners: Record<string, ((value: unknown) => void)[]> = {};
      const emit = (event: string, value: unknown) => {
        for (const listener of listeners[event] ?? []) listener(value);
      };
      let chain = chainId;
      const sent: unknown[] = [];
      (window as unknown as { __sentTransactions: unknown[] }).__sentTransactions = sent;
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account];
          if (method === 'eth_chainId') return `0x${chain.toString(16)}`;
          if (method === 'wallet_switchEthereumChain') {
            chain = Number.parseInt((params?.[0] as { chainId?: string } | undefined)?.chainId ?? '0x1', 16);
            emit('chainChanged', `0x${chain.toString(16)}`);
            return null;
          }
          if (method === 'eth_sendTransaction') sent.push(params?.[0]);
          const answer = await (
            window as unknown as {
              __localRpc: (
                c: number,
                m: string,
                p: unknown,
              ) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;
            }
          ).__localRpc(chain, method, params);
          if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
          return answer.result;
        },
        on(event: string, listener: (value: unknown) => void) {
          listeners[event] = [...(listeners[event] ?? []), listener];
        },
        removeListener(event: string, listener: (value: unknown) => void) {
          listeners[event] = (listeners[event] ?? []).filter((known) => known !== listener);
        },
      };
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({
              info: { uuid: '7b2e1d2f-test-wallet', name: 'Test Wallet', icon: '', rdns: 'io.swapgate.test' },
              provider,
            }),
          }),
        );
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    { account, chainId },
  );
}
