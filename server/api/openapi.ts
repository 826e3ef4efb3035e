import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { API_KEY_CACHE_TTL_MS } from '../../core/partners/api-keys.ts';
import { crossChainRoutes } from './crosschain.ts';
import { dexRoutes } from './dex.ts';
import { exchangeRoutes } from './exchange.ts';
import { fiatRoutes } from './fiat.ts';
import { errorCodesTable, quickStart } from './openapi-examples.ts';
import { type ApiEnv, type ApiRoutes, answer, everyOperation, operation } from './operation.ts';
import { partnerRoutes } from './partner.ts';

/** The reference renderer's version: its bundle's address changes with it (cached for good). */
export const SCALAR_VERSION: string = (
  JSON.parse(
    readFileSync(
      join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), '..', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before the next request',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
} as const;
const rateLimitHeaders = {
  'RateLimit-Limit': { description: 'Requests allowed per minute', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current minute', schema: { type: 'integer' } },
} as const;

/** What every operation refers to (`everyOperation` in ./operation.ts): the key check, the rate limit, an outage. */
function registerSharedComponents(api: ApiRoutes): void {
  const registry = api.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
  });
  registry.registerComponent('responses', 'InvalidApiKey', {
    description:
      'X-Api-Key is not a valid key (unknown or revoked): error code `invalid_api_key`; or a partner operation was called without one: `api_key_required`',
    content: errorContent,
  });
  registry.registerComponent('responses', 'RateLimited', {
    description: 'Too many requests from this client: error code `rate_limited`; retry after Retry-After',
    headers: { ...retryAfter, ...rateLimitHeaders },
    content: errorContent,
  });
  registry.registerComponent('responses', 'Unavailable', {
    description: 'The database is unreachable or too slow: error code `unavailable`; retry after Retry-After',
    headers: retryAfter,
    content: errorContent,
  });
}

export interface OpenApiOptions {
  /** The account area, where partners get their keys (config ACCOUNT_URL). */
  accountUrl?: string;
  /** The error codes and their English messages (the `apiErrors` dictionary section), for the table. */
  errorMessages?: Record<string, string>;
}

/** The documents served, by base URL and options. */
const documents = new Map<string, OpenApiDocument>();

/** The document's own operations: itself, as JSON and as the reference page. */
function referenceRoutes(): ApiRoutes {
  const api = new OpenAPIHono<ApiEnv>();
  const documented = (c: { var: ApiEnv['Variables'] }) => {
    const { config, dictionaries } = c.var.services;
    const options = {
      accountUrl: config.ACCOUNT_URL,
      errorMessages: englishSection(dictionaries, 'apiErrors'),
    };
    // Generated once per process and settings (a few hundred milliseconds), not per request.
    const key = JSON.stringify([config.BASE_URL, options]);
    let document = documents.get(key);
    if (!document) {
      document = openApiDocument(config.BASE_URL, options);
      documents.set(key, document);
    }
    return document;
  };
  operation(
    api,
    {
      method: 'get',
      path: '/openapi.json',
      summary: 'This document',
      responses: { 200: answer('The OpenAPI document', { type: 'object' }), ...everyOperation },
    },
    (c) => c.json(documented(c)),
  );
  // The reference page (Scalar, docs/decisions/023): its one inline script carries this response's nonce.
  // The app's first middleware (server/app.ts) sets `nonce` for the response's CSP.
  operation(
    api,
    {
      method: 'get',
      path: '/docs',
      summary: 'This document as a readable page',
      responses: {
        200: { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
        ...everyOperation,
      },
    },
    (c) => c.html(renderApiDocs(documented(c), (c.var as { nonce?: string }).nonce ?? '')),
  );
  return api;
}

/** The English texts of a flat dictionary section (`apiErrors`), for the OpenAPI document. */
function englishSection(
  dictionaries: ApiEnv['Variables']['services']['dictionaries'],
  name: string,
): Record<string, string> {
  const section = dictionaries.get('en')?.[name];
  if (!section || typeof section === 'string') return {};
  return Object.fromEntries(
    Object.entries(section).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * Every operation of /api/v1, by domain: each route with its schemas and handler (./operation.ts).
 * server/api/v1.ts mounts them behind the key check and rate limits; the document is generated from them.
 */
export function v1Routes(): ApiRoutes {
  const api = new OpenAPIHono<ApiEnv>();
  for (const routes of [
    exchangeRoutes(),
    dexRoutes(),
    crossChainRoutes(),
    fiatRoutes(),
    partnerRoutes(),
    referenceRoutes(),
  ]) {
    api.route('/', routes);
  }
  registerSharedComponents(api);
  return api;
}

/** The OpenAPI 3.1 description of /api/v1, generated from its operations' routes (v1Routes). */
export function openApiDocument(baseUrl: string, options: OpenApiOptions = {}) {
  const apiUrl = `${baseUrl}/api/v1`;
  const summary =
    'Quotes from several liquidity providers, swaps and their status, fiat orders, DEX and cross-chain routes.';
  const document = v1Routes().getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'SwapGate exchange API',
      version: '1.0.0',
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
    security: [{}, { apiKey: [] }],
  });
  return { ...document, info: { ...document.info, summary } };
}
export type OpenApiDocument = ReturnType<typeof openApiDocument>;

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
export function renderApiDocs(document: OpenApiDocument, nonce: string): string {
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
