import { OpenAPIHono } from '@hono/zod-openapi';
import {
  type CrossChainStatusView,
  crossChainQuoteQuerySchema,
  crossChainQuotesView,
  crossChainStatusQuerySchema,
} from '../../core/crosschain/contract.ts';
import { DexQuoteError } from '../../core/dex/dex.ts';
import { explorerTxUrl } from '../../core/dex/networks.ts';
import { dexApiError } from './dex.ts';
import { ApiError } from './errors.ts';
import { type ApiEnv, type ApiRoutes, answer, errors, everyOperation, operation } from './operation.ts';
import { schemas } from './schemas.ts';

/** `/api/v1`'s cross-chain routes: bridges between EVM networks, and a transfer's status (core/crosschain/). */
export function crossChainRoutes(): ApiRoutes {
  const api = new OpenAPIHono<ApiEnv>();

  operation(
    api,
    {
      method: 'get',
      path: '/cross-chain/quotes',
      summary:
        'Cross-chain routes (bridges, with swaps where needed) from a token on one EVM network to a token on another, best first, with the source transaction to sign',
      request: { query: crossChainQuoteQuerySchema },
      responses: {
        200: answer('The routes', schemas.CrossChainQuotes),
        ...errors(400, 404, 422),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const query = input.query();
      try {
        const result = await c.var.services.crossChain.quote({
          ...query,
          fromAmount: BigInt(query.fromAmount),
        });
        c.header('Cache-Control', 'no-store');
        return c.json(crossChainQuotesView(result));
      } catch (error) {
        if (error instanceof DexQuoteError) throw dexApiError(error);
        throw error;
      }
    },
  );

  operation(
    api,
    {
      method: 'get',
      path: '/cross-chain/status',
      summary: 'Where a cross-chain transfer stands, until it lands on the destination network',
      request: { query: crossChainStatusQuerySchema },
      responses: {
        200: answer('The transfer', schemas.CrossChainStatus),
        ...errors(400, 404, 422, 502),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const { services } = c.var;
      const query = input.query();
      let result: Awaited<ReturnType<typeof services.crossChain.status>>;
      try {
        result = await services.crossChain.status(query);
      } catch (error) {
        if (error instanceof DexQuoteError) throw dexApiError(error);
        services.log.warn({ err: error }, 'A cross-chain status check failed');
        throw new ApiError(502, 'provider_unavailable');
      }
      const sandbox = services.dex
        .networks()
        .some((info) => info.network.id === result.toNetwork.id && info.sandbox);
      const view: CrossChainStatusView = {
        status: result.status,
        substatus: result.substatus,
        receivingTxHash: result.receivingTxHash,
        // A local sandbox chain has no explorer (docs/decisions/009).
        receivingTxUrl:
          result.receivingTxHash && !sandbox ? explorerTxUrl(result.toNetwork, result.receivingTxHash) : null,
        receivedAmount: result.receivedAmount?.toString() ?? null,
      };
      c.header('Cache-Control', 'no-store');
      return c.json(view);
    },
  );

  return api;
}
