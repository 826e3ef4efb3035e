import { OpenAPIHono } from '@hono/zod-openapi';
import { dexQuoteQuerySchema, dexQuotesView, sandboxFaucetRequestSchema } from '../../core/dex/contract.ts';
import { DexQuoteError } from '../../core/dex/dex.ts';
import { clientIp } from '../client-ip.ts';
import { ApiError } from './errors.ts';
import {
  type ApiEnv,
  type ApiRoutes,
  answer,
  errors,
  everyOperation,
  jsonRequest,
  operation,
  pathParams,
} from './operation.ts';
import { enforceRateLimit } from './rate-limit.ts';
import { schemas } from './schemas.ts';

const MINUTE = 60_000;

/** A DEX domain error as the API answers it: its status and code, the field it names. */
export function dexApiError(error: DexQuoteError): ApiError {
  return new ApiError(error.status, error.code, error.field ? { field: error.field } : {});
}

/** `/api/v1`'s DEX: routes on one EVM network (core/dex/), and the sandbox chains' faucet. */
export function dexRoutes(): ApiRoutes {
  const api = new OpenAPIHono<ApiEnv>();

  operation(
    api,
    {
      method: 'get',
      path: '/dex/quotes',
      summary:
        'DEX routes on an EVM network from every route source, best first: amounts, the slippage minimum, gas, price impact, the approval needed and (with a taker) the transaction to sign',
      request: { query: dexQuoteQuerySchema },
      responses: {
        200: answer('The routes', schemas.DexQuotes),
        ...errors(400, 404, 422),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const { dex } = c.var.services;
      const query = input.query();
      try {
        const result = await dex.quote({
          network: query.network,
          sellToken: query.sellToken,
          buyToken: query.buyToken,
          sellAmount: BigInt(query.sellAmount),
          slippageBps: query.slippageBps,
          ...(query.taker ? { taker: query.taker } : {}),
        });
        c.header('Cache-Control', 'no-store');
        const served = dex.networks().find((info) => info.network.id === result.network.id);
        return c.json(dexQuotesView(result, served));
      } catch (error) {
        if (error instanceof DexQuoteError) throw dexApiError(error);
        throw error;
      }
    },
  );

  // The faucet of the sandbox chains (core/dex/sandbox/runtime.ts): absent where none runs.
  operation(
    api,
    {
      method: 'post',
      path: '/sandbox/networks/{network}/faucet',
      summary:
        'Sandbox only: the gas token and test tokens for an address on a sandbox chain (limited per address and per client)',
      request: { params: pathParams('network'), body: jsonRequest(sandboxFaucetRequestSchema) },
      responses: {
        200: answer('The transactions that sent the coins', schemas.SandboxFaucet),
        ...errors(400, 404, 413, 414, 422),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const { services, limiter } = c.var;
      const { config } = services;
      const info = services.dex.networks().find((known) => known.network.id === input.param('network'));
      const chains = services.sandboxChains;
      // A chain not running yet starts with the claim.
      if (!info?.sandbox || !chains?.serves(info.chainId)) throw new ApiError(404, 'not_found');
      const { address } = await input.body();
      await enforceRateLimit(
        c,
        limiter,
        `sandbox-faucet:ip:${clientIp(c, config.TRUST_PROXY)}`,
        config.SANDBOX_FAUCET_PER_IP_PER_HOUR,
        60 * MINUTE,
      );
      await enforceRateLimit(
        c,
        limiter,
        `sandbox-faucet:${info.chainId}:${address}`,
        config.SANDBOX_FAUCET_PER_ADDRESS_PER_DAY,
        24 * 60 * MINUTE,
      );
      if (!(await chains.use(info.chainId))) throw new ApiError(503, 'unavailable');
      const transactions = await chains.faucet(info.chainId, address);
      c.header('Cache-Control', 'no-store');
      return c.json({ network: info.network.id, chainId: info.chainId, transactions });
    },
  );

  return api;
}
