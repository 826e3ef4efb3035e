import { data, type LoaderFunctionArgs } from 'react-router';
import { sandboxChainNetwork } from '../../core/dex/sandbox-file.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';

/**
 * /dex/tx/{chainId}/{hash}: a transaction of one of the site's sandbox chains, read from the chain
 * itself (no explorer knows it). 404 'Transaction not found' for a chain id that is not a sandbox
 * chain here, and for a hash the chain has no receipt of (not sent, or not mined yet).
 */
export async function loadSandboxTransaction(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { dex } = args.context.get(requestStateContext).services;
  const chain = dex.sandboxChains.byChainId(Number(page.params.chainId));
  if (!chain) throw data('Transaction not found', { status: 404 });
  // viem loads here, not at the server's start.
  const { readSandboxTransaction } = await import('../../core/dex/sandbox/transaction.ts');
  const transaction = await readSandboxTransaction(chain, page.params.hash?.toLowerCase() as `0x${string}`);
  if (!transaction) throw data('Transaction not found', { status: 404 });
  const network = sandboxChainNetwork(chain);
  const info = dex.networks().find((known) => known.network.id === network?.id);
  return {
    ...page,
    network: {
      id: network?.id ?? null,
      name: info?.name ?? network?.name ?? String(chain.chainId),
      native: network?.native.symbol ?? 'ETH',
      decimals: network?.native.decimals ?? 18,
    },
    transaction,
  };
}
