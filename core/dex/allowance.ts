import type { Address } from './types.ts';

/**
 * An ERC-20 allowance read over JSON-RPC (`eth_call` of `allowance(owner, spender)`, selector
 * 0xdd62ed3e) with plain fetch: the route sources that do not report the taker's allowance
 * (KyberSwap) read it here through the network's DEX_RPC_URL_*, without loading viem.
 */
export async function readAllowance(
  rpcUrl: string,
  call: { token: Address; owner: Address; spender: Address },
  signal: AbortSignal,
  fetchFn: typeof fetch = fetch,
): Promise<bigint> {
  const word = (address: Address) => address.slice(2).toLowerCase().padStart(64, '0');
  const response = await fetchFn(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to: call.token, data: `0xdd62ed3e${word(call.owner)}${word(call.spender)}` }, 'latest'],
    }),
    signal,
  });
  if (!response.ok) throw new Error(`RPC answered ${response.status}`);
  const body = (await response.json().catch(() => null)) as { result?: unknown } | null;
  const result = body?.result;
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(result)) {
    throw new Error('RPC answered no allowance');
  }
  return BigInt(result);
}
