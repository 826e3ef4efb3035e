/**
 * POST /sandbox/rpc/{chainId}: the sandbox chains' JSON-RPC through the site's own origin, so a
 * browser wallet (or the sandbox wallet) on the visitor's machine reaches a chain that listens on
 * the server's loopback (docs/decisions/009). Only what a wallet and the pages need is forwarded:
 * reads, gas figures and signed transactions; never the node's unlocked accounts (eth_accounts,
 * eth_sendTransaction, eth_sign…) nor its test controls (hardhat_*, evm_*).
 */
import { Hono } from 'hono';
import { clientIp } from './client-ip.ts';
import type { AppServices } from './services.ts';

export const SANDBOX_RPC_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'web3_clientVersion',
  'eth_blockNumber',
  'eth_syncing',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_call',
  'eth_estimateGas',
  'eth_sendRawTransaction',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getLogs',
]);
/** Bytes of a request body at most. */
export const SANDBOX_RPC_MAX_BODY = 64 * 1024;
/** Calls in a batch at most. */
export const SANDBOX_RPC_MAX_BATCH = 20;

interface RpcCall {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

const rpcError = (id: unknown, code: number, message: string) => ({
  jsonrpc: '2.0',
  id: id ?? null,
  error: { code, message },
});

export function createSandboxRpcRoutes(services: AppServices): Hono {
  const app = new Hono();
  const { config, rateLimiter } = services;

  app.post('/sandbox/rpc/:chainId', async (c) => {
    const chainId = Number(c.req.param('chainId'));
    const chains = services.sandboxChains;
    if (!chains || !Number.isSafeInteger(chainId) || !chains.serves(chainId)) {
      return c.json(rpcError(null, -32601, 'There is no sandbox chain with this id here.'), 404);
    }
    c.header('Cache-Control', 'no-store');

    const verdict = await rateLimiter.hit(
      `sandbox-rpc:${clientIp(c, config.TRUST_PROXY)}`,
      config.SANDBOX_RPC_PER_MINUTE,
      60_000,
    );
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return c.json(rpcError(null, -32005, 'Too many requests: try again in a minute.'), 429);
    }

    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > SANDBOX_RPC_MAX_BODY) {
      return c.json(rpcError(null, -32600, `The request is larger than ${SANDBOX_RPC_MAX_BODY} bytes.`), 413);
    }
    const text = await c.req.text();
    if (Buffer.byteLength(text) > SANDBOX_RPC_MAX_BODY) {
      return c.json(rpcError(null, -32600, `The request is larger than ${SANDBOX_RPC_MAX_BODY} bytes.`), 413);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json(rpcError(null, -32700, 'The request is not JSON.'), 400);
    }
    const batch = Array.isArray(body);
    const calls = (batch ? body : [body]) as RpcCall[];
    if (calls.length === 0) return c.json(rpcError(null, -32600, 'The batch is empty.'), 400);
    if (calls.length > SANDBOX_RPC_MAX_BATCH) {
      return c.json(rpcError(null, -32600, `A batch may hold ${SANDBOX_RPC_MAX_BATCH} calls at most.`), 400);
    }

    // A chain not running yet starts with its first call (docs/decisions/009).
    const running = await chains.use(chainId);
    if (!running) {
      return c.json(rpcError(null, -32603, 'The sandbox chain could not start. Try again later.'), 503);
    }
    const answers = await Promise.all(
      calls.map(async (call) => {
        if (typeof call !== 'object' || call === null || typeof call.method !== 'string') {
          return rpcError(null, -32600, 'Not a JSON-RPC request.');
        }
        if (!SANDBOX_RPC_METHODS.has(call.method)) {
          return rpcError(
            call.id,
            -32601,
            `The method ${call.method.slice(0, 60)} is not available on the sandbox RPC.`,
          );
        }
        try {
          const response = await fetch(running.chain.rpcUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: call.id ?? null,
              method: call.method,
              params: Array.isArray(call.params) ? call.params : [],
            }),
            signal: AbortSignal.timeout(10_000),
          });
          return (await response.json()) as unknown;
        } catch {
          return rpcError(call.id, -32603, 'The sandbox chain did not answer.');
        }
      }),
    );
    return c.json(batch ? answers : answers[0]);
  });

  return app;
}
