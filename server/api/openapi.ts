import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { crossChainQuoteQuerySchema, crossChainStatusQuerySchema } from '../../core/crosschain/contract.ts';
import { dexQuoteQuerySchema, sandboxFaucetRequestSchema } from '../../core/dex/contract.ts';
import {
  addressQuerySchema,
  depositRequestSchema,
  pairQuerySchema,
  quoteRequestSchema,
  RESPONSE_SCHEMAS,
  refundRequestSchema,
  swapRequestSchema,
} from '../../core/exchange/contract.ts';
import {
  fiatOrderRequestSchema,
  fiatQuoteRequestSchema,
  salePayoutRequestSchema,
  sandboxChallengeSchema,
  sandboxPaymentSchema,
} from '../../core/fiat/contract.ts';
import { API_KEY_CACHE_TTL_MS } from '../../core/partners/api-keys.ts';
import { ERROR_EXAMPLE, errorCodesTable, OPERATION_EXAMPLES, quickStart } from './openapi-examples.ts';

/** The reference renderer's version: its bundle's address changes with it (cached for good). */
export const SCALAR_VERSION: string = (
  JSON.parse(
    readFileSync(
      join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), '..', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

/** The response bodies' JSON schemas, generated from the contract the API's code is typed with. */
const responseSchemas = Object.fromEntries(
  Object.entries(RESPONSE_SCHEMAS).map(([name, schema]) => {
    const { $schema: _dialect, ...generated } = z.toJSONSchema(schema, { io: 'output' }) as Record<
      string,
      unknown
    >;
    return [name, generated];
  }),
);

const json = (schema: unknown, example?: unknown) => ({
  'application/json': example === undefined ? { schema } : { schema, example },
});
const ref = (name: keyof typeof RESPONSE_SCHEMAS) => ({ $ref: `#/components/schemas/${name}` });
const ERROR_MEANINGS: Record<number, string> = {
  400: 'Malformed request: invalid JSON, JSON nested deeper than 32 levels, or a field or parameter that breaks its schema (`field` names it)',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Body over 16 KB',
  414: 'Path longer than 1024 characters (a path parameter far longer than any valid one)',
  422: 'Understood but refused: a control character in a string, or a value the exchange cannot serve',
  502: 'The liquidity provider failed',
};
const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: ERROR_MEANINGS[status] ?? 'Error',
        content: json(ref('Error'), status === 422 ? ERROR_EXAMPLE : undefined),
      },
    ]),
  );
/**
 * What any operation may answer: every request passes the API key check and the rate limit
 * (server/api/v1.ts), whatever its route.
 */
const everyOperation = {
  401: { $ref: '#/components/responses/InvalidApiKey' },
  429: { $ref: '#/components/responses/RateLimited' },
  503: { $ref: '#/components/responses/Unavailable' },
};
const rateLimitHeaders = {
  'RateLimit-Limit': {
    description: 'Requests allowed per minute',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current minute',
    schema: { type: 'integer' },
  },
};
const pathParameter = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

/** The query parameters of a zod object schema the API parses its query with. */
function queryParameters(schema: z.ZodObject) {
  const generated = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, object>;
    required?: string[];
  };
  return Object.entries(generated.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    ...(generated.required?.includes(name) ? { required: true } : {}),
    schema: property,
  }));
}

export interface OpenApiOptions {
  /** The account area, where partners get their keys (config ACCOUNT_URL). */
  accountUrl?: string;
  /** The error codes and their English messages (the `apiErrors` dictionary section), for the table. */
  errorMessages?: Record<string, string>;
}

/** The OpenAPI 3.1 description of /api/v1, request bodies and queries generated from the zod schemas the API uses. */
export function openApiDocument(baseUrl: string, options: OpenApiOptions = {}) {
  const body = (schema: z.ZodType, example?: unknown) => ({
    required: true,
    content: json(z.toJSONSchema(schema, { io: 'input' }), example),
  });
  const apiUrl = `${baseUrl}/api/v1`;
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'SwapGate exchange API',
      version: '1.0.0',
      summary:
        'Quotes from several liquidity providers, swaps and their status, fiat orders, DEX and cross-chain routes.',
      description:
        'Quotes from several liquidity providers, fixed and floating rate swaps, and their status. Amounts are decimal strings. ' +
        'Partners send their key in X-Api-Key: their swaps earn their affiliate share and they get higher rate limits. ' +
        'A request with an unknown or revoked key is refused with 401 (and counts against the anonymous rate limit); ' +
        `a revoked key stops working within ${API_KEY_CACHE_TTL_MS / 1000} seconds. ` +
        'Error messages follow Accept-Language.\n\n' +
        quickStart(apiUrl, options.accountUrl ?? `${baseUrl}/account`) +
        (options.errorMessages ? `\n\n${errorCodesTable(options.errorMessages)}` : ''),
    },
    servers: [{ url: apiUrl }],
    components: {
      schemas: responseSchemas,
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      responses: {
        InvalidApiKey: {
          description:
            'X-Api-Key is not a valid key (unknown or revoked): error code `invalid_api_key`; or a partner operation was called without one: `api_key_required`',
          content: json(ref('Error')),
        },
        RateLimited: {
          description:
            'Too many requests from this client: error code `rate_limited`; retry after Retry-After',
          headers: {
            'Retry-After': {
              description: 'Seconds to wait before the next request',
              required: true,
              schema: { type: 'integer', minimum: 1 },
            },
            ...rateLimitHeaders,
          },
          content: json(ref('Error')),
        },
        Unavailable: {
          description:
            'The database is unreachable or too slow: error code `unavailable`; retry after Retry-After',
          headers: {
            'Retry-After': {
              description: 'Seconds to wait before the next request',
              required: true,
              schema: { type: 'integer', minimum: 1 },
            },
          },
          content: json(ref('Error')),
        },
      },
    },
    security: [{}, { apiKey: [] }],
    paths: {
      '/coins': {
        get: {
          summary:
            "Coins and their networks, with the catalogue's reference limits (referenceMin, referenceMax): not a trade's limits, which GET /pairs/{from}/{to} and POST /quotes give",
          responses: {
            200: { description: 'The catalogue', content: json(ref('Coins')) },
            ...everyOperation,
          },
        },
      },
      '/pairs/{from}/{to}': {
        get: {
          summary: 'Whether a pair can be swapped, with fixed-rate support and limits',
          parameters: [pathParameter('from'), pathParameter('to'), ...queryParameters(pairQuerySchema)],
          responses: {
            200: { description: 'The pair', content: json(ref('Pair')) },
            ...errors(400, 414, 422),
            ...everyOperation,
          },
        },
      },
      '/quotes': {
        post: {
          summary: 'The best offer across providers; fixed quotes carry a quoteId valid until expiresAt',
          requestBody: body(quoteRequestSchema),
          responses: {
            200: { description: 'The quote', content: json(ref('Quote')) },
            ...errors(400, 413, 422),
            ...everyOperation,
          },
        },
      },
      '/dex/quotes': {
        get: {
          summary:
            'DEX routes on an EVM network from every route source, best first: amounts, the slippage minimum, gas, price impact, the approval needed and (with a taker) the transaction to sign',
          parameters: queryParameters(dexQuoteQuerySchema),
          responses: {
            200: { description: 'The routes', content: json(ref('DexQuotes')) },
            ...errors(400, 404, 422),
            ...everyOperation,
          },
        },
      },
      '/cross-chain/quotes': {
        get: {
          summary:
            'Cross-chain routes (bridges, with swaps where needed) from a token on one EVM network to a token on another, best first, with the source transaction to sign',
          parameters: queryParameters(crossChainQuoteQuerySchema),
          responses: {
            200: { description: 'The routes', content: json(ref('CrossChainQuotes')) },
            ...errors(400, 404, 422),
            ...everyOperation,
          },
        },
      },
      '/cross-chain/status': {
        get: {
          summary: 'Where a cross-chain transfer stands, until it lands on the destination network',
          parameters: queryParameters(crossChainStatusQuerySchema),
          responses: {
            200: { description: 'The transfer', content: json(ref('CrossChainStatus')) },
            ...errors(400, 404, 422, 502),
            ...everyOperation,
          },
        },
      },
      '/addresses/validate': {
        get: {
          summary: 'Whether an address (and its memo) is valid on a network',
          parameters: queryParameters(addressQuerySchema),
          responses: {
            200: { description: 'The verdict', content: json(ref('AddressValidation')) },
            ...errors(400, 422),
            ...everyOperation,
          },
        },
      },
      '/swaps': {
        post: {
          summary: 'Create a swap',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              schema: { type: 'string', maxLength: 255 },
              description:
                'Same key and body: the same swap. Same key, other body: 422. While the first is in flight: 409.',
            },
          ],
          requestBody: body(swapRequestSchema),
          responses: {
            201: { description: 'The new swap', content: json(ref('Swap')) },
            ...errors(400, 409, 413, 422, 502),
            ...everyOperation,
          },
        },
      },
      '/swaps/{id}': {
        get: {
          summary: 'A swap and its status history',
          parameters: [pathParameter('id')],
          responses: {
            200: { description: 'The swap', content: json(ref('Swap')) },
            ...errors(404, 414),
            ...everyOperation,
          },
        },
      },
      '/swaps/{id}/continue': {
        post: {
          summary:
            'Status action_needed (a fixed-rate deposit of another amount, or after the rate ran out): continue at the market rate of now (continueOffer), instead of a refund',
          description:
            'Idempotent: once continued, the same call answers the swap again. Without a decision by actionDeadline, defaultDecision (continue) applies. 409 swap_not_actionable when there is nothing to decide, or the swap was refunded instead.',
          parameters: [pathParameter('id')],
          responses: {
            200: { description: 'The swap after the decision', content: json(ref('Swap')) },
            ...errors(400, 404, 409, 413, 414, 422, 502),
            ...everyOperation,
          },
        },
      },
      '/swaps/{id}/refund': {
        post: {
          summary:
            'Status action_needed: send the deposit back instead; status refunding with refundAddressNeeded: give the refund address',
          description:
            'The refund address is checked for the deposit network, with its memo rules (refund_memo_required where the network needs one). Idempotent: once a refund is under way, the same call answers the swap again. 409 swap_not_actionable when there is nothing to refund.',
          parameters: [pathParameter('id')],
          requestBody: body(refundRequestSchema),
          responses: {
            200: { description: 'The swap after the decision', content: json(ref('Swap')) },
            ...errors(400, 404, 409, 413, 414, 422, 502),
            ...everyOperation,
          },
        },
      },
      '/sandbox/swaps/{id}/deposit': {
        post: {
          summary: 'Sandbox only: simulate the deposit of a waiting swap',
          parameters: [pathParameter('id')],
          requestBody: body(depositRequestSchema),
          responses: {
            200: { description: 'The swap after the deposit', content: json(ref('Swap')) },
            ...errors(400, 404, 409, 413, 414, 422),
            ...everyOperation,
          },
        },
      },
      '/sandbox/networks/{network}/faucet': {
        post: {
          summary:
            'Sandbox only: the gas token and test tokens for an address on a sandbox chain (limited per address and per client)',
          parameters: [pathParameter('network')],
          requestBody: body(sandboxFaucetRequestSchema),
          responses: {
            200: { description: 'The transactions that sent the coins', content: json(ref('SandboxFaucet')) },
            ...errors(400, 404, 413, 414, 422),
            ...everyOperation,
          },
        },
      },
      '/fiat/currencies': {
        get: {
          summary:
            'Fiat currencies the providers take, and every country with its currency, regions and whether one can buy or sell there',
          responses: {
            200: { description: 'Currencies and countries', content: json(ref('FiatCurrencies')) },
            ...everyOperation,
          },
        },
      },
      '/fiat/quotes': {
        post: {
          summary: 'Offers of every fiat provider for buying or selling a coin in a country, best first',
          requestBody: body(fiatQuoteRequestSchema),
          responses: {
            200: { description: 'The offers', content: json(ref('FiatQuote')) },
            ...errors(400, 413, 422),
            ...everyOperation,
          },
        },
      },
      '/fiat/orders': {
        post: {
          summary:
            "Create a fiat order from a provider's offer: the answer's checkoutUrl is where the visitor pays",
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              schema: { type: 'string', maxLength: 255 },
              description: 'Same key and body: the same order. Same key, other body: 422.',
            },
          ],
          requestBody: body(fiatOrderRequestSchema),
          responses: {
            201: { description: 'The new order', content: json(ref('FiatOrder')) },
            ...errors(400, 413, 422),
            ...everyOperation,
          },
        },
      },
      '/fiat/orders/{orderId}': {
        get: {
          summary:
            'A fiat order and its status history (created, pending_payment, paid, sending, completed; failed, refunded, expired); a sale shows both legs: deposit (coins in: address, memo, amount, deadline, received, transaction, confirmations) and payout (money out: method, masked destination, amount, status)',
          parameters: [pathParameter('orderId')],
          responses: {
            200: { description: 'The order', content: json(ref('FiatOrder')) },
            ...errors(404, 414),
            ...everyOperation,
          },
        },
      },
      '/fiat/orders/{orderId}/payout': {
        post: {
          summary:
            "A sale's payout destination, as its ramp takes it: an IBAN (bank_transfer; country format and mod-97 checked) or a card number (Luhn checked); stored and shown masked; may change until the deposit is seen. With an email, the sale's mails go there: where to send the coins at once, then coins received, paid out, refunded or expired",
          parameters: [pathParameter('orderId')],
          requestBody: body(salePayoutRequestSchema),
          responses: {
            200: { description: 'The order', content: json(ref('FiatOrder')) },
            ...errors(400, 404, 409, 413, 414, 422),
            ...everyOperation,
          },
        },
      },
      '/sandbox/fiat/orders/{orderId}/deposit': {
        post: {
          summary:
            'Sandbox only: the seller\'s coins reach the sale\'s deposit address ("I have sent it"); the ramp then confirms them and pays out',
          parameters: [pathParameter('orderId')],
          responses: {
            200: { description: 'The order', content: json(ref('FiatOrder')) },
            ...errors(400, 404, 409, 413, 414),
            ...everyOperation,
          },
        },
      },
      '/sandbox/fiat/orders/{orderId}/pay': {
        post: {
          summary: "Sandbox only: pay an order on the sandbox providers' checkout with a test card",
          parameters: [pathParameter('orderId')],
          requestBody: body(sandboxPaymentSchema),
          responses: {
            200: { description: 'The outcome and the order', content: json(ref('SandboxPayment')) },
            ...errors(400, 404, 409, 413, 414, 422),
            ...everyOperation,
          },
        },
      },
      '/sandbox/fiat/orders/{orderId}/challenge': {
        post: {
          summary: 'Sandbox only: the 3-D Secure step of the sandbox checkout',
          parameters: [pathParameter('orderId')],
          requestBody: body(sandboxChallengeSchema),
          responses: {
            200: { description: 'The outcome and the order', content: json(ref('SandboxPayment')) },
            ...errors(400, 404, 409, 413, 414, 422),
            ...everyOperation,
          },
        },
      },
      '/partner/keys': {
        get: {
          summary:
            "The calling partner's API keys (never the keys themselves): name, prefix, created, revoked, last used and requests this month",
          description:
            'Needs X-Api-Key. Usage is counted in memory and written once a minute, so the last minute may not show yet. Keys are created, renamed and revoked in the account area.',
          security: [{ apiKey: [] }],
          responses: {
            200: { description: "The partner's keys", content: json(ref('PartnerKeys')) },
            ...everyOperation,
          },
        },
      },
      '/partner/webhook-deliveries': {
        get: {
          summary:
            "The calling partner's webhook and its latest 50 deliveries: event, status, attempts, the receiver's HTTP status, time",
          description:
            'Needs X-Api-Key. Each status change of the partner\'s swaps is POSTed to the webhook, signed in SwapGate-Signature (t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret>), and retried with backoff (30 s doubling, at most an hour apart) up to 10 attempts. The webhook is registered in the account area.',
          security: [{ apiKey: [] }],
          responses: {
            200: { description: 'The webhook and its deliveries', content: json(ref('WebhookDeliveries')) },
            ...everyOperation,
          },
        },
      },
      '/openapi.json': {
        get: {
          summary: 'This document',
          responses: {
            200: { description: 'The OpenAPI document', content: json({ type: 'object' }) },
            ...everyOperation,
          },
        },
      },
      '/docs': {
        get: {
          summary: 'This document as a readable page',
          responses: {
            200: { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
            ...everyOperation,
          },
        },
      },
    },
  };
  return withExamples(document);
}

/** The examples of `openapi-examples.ts` put on their operations' request bodies and success answers. */
function withExamples<T extends { paths: Record<string, Record<string, unknown>> }>(document: T): T {
  for (const [key, examples] of Object.entries(OPERATION_EXAMPLES)) {
    const [method = '', path = ''] = key.split(' ');
    const operation = document.paths[path]?.[method] as
      | {
          requestBody?: { content: Record<string, { example?: unknown }> };
          responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
        }
      | undefined;
    if (!operation) throw new Error(`No operation ${key} for its examples`);
    const request = operation.requestBody?.content['application/json'];
    if (request && examples.request !== undefined) request.example = examples.request;
    const success = operation.responses['201'] ?? operation.responses['200'];
    const answer = success?.content?.['application/json'];
    if (answer && examples.response !== undefined) answer.example = examples.response;
  }
  return document;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Where the reference renderer's bundle is served (server/api-docs-assets.ts), by version. */
export const API_REFERENCE_SCRIPT = `/vendor/scalar-api-reference-${SCALAR_VERSION}.js`;

/**
 * The API reference page: the OpenAPI document rendered by Scalar (docs/decisions/023), its
 * bundle served from our own origin, started by one inline script carrying the response's CSP
 * nonce. Without JavaScript the page says so and links to the document itself.
 */
export function renderApiDocs(document: ReturnType<typeof openApiDocument>, nonce: string): string {
  const title = escapeHtml(`${document.info.title} reference`);
  const config = {
    url: '/api/v1/openapi.json',
    // Everything from our origin: no web fonts from Scalar's host, no telemetry, no agent or MCP
    // buttons that talk to Scalar's services, no proxy (the "try it" client calls this origin).
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    hideClientButton: true,
    documentDownloadType: 'json',
    defaultOpenAllTags: false,
    theme: 'default',
  };
  // The mount point is not `#api-reference`: the standalone bundle mounts a second, empty reference
  // on an element of that id by itself.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><meta name="description" content="${escapeHtml(document.info.summary)}">
<style>html,body{margin:0;overflow-x:hidden}noscript p{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}</style>
</head><body>
<noscript><p data-testid="api-docs-noscript">This reference needs JavaScript. The API is described by its OpenAPI document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p></noscript>
<div id="reference" data-testid="api-reference"></div>
<script src="${API_REFERENCE_SCRIPT}"></script>
<script nonce="${escapeHtml(nonce)}">Scalar.createApiReference('#reference', ${JSON.stringify(config).replaceAll('<', '\\u003c')});</script>
</body></html>`;
}
