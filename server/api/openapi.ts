import { z } from 'zod';
import { depositRequestSchema, quoteRequestSchema, responseSchemas, swapRequestSchema } from './schemas.ts';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const ref = (name: keyof typeof responseSchemas) => ({ $ref: `#/components/schemas/${name}` });
const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [String(status), { description: 'Error', content: json(ref('Error')) }]),
  );

/** The OpenAPI 3.1 description of /api/v1, request bodies generated from the zod schemas the API uses. */
export function openApiDocument(baseUrl: string) {
  const body = (schema: z.ZodType) => ({
    required: true,
    content: json(z.toJSONSchema(schema, { io: 'input' })),
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'SwapGate exchange API',
      version: '1.0.0',
      description:
        'Quotes from several liquidity providers, fixed and floating rate swaps, and their status. Amounts are decimal strings. ' +
        'Partners send their key in X-Api-Key: their swaps earn their affiliate share and they get higher rate limits. ' +
        'Error messages follow Accept-Language.',
    },
    servers: [{ url: `${baseUrl}/api/v1` }],
    components: {
      schemas: responseSchemas,
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
    },
    security: [{}, { apiKey: [] }],
    paths: {
      '/coins': {
        get: {
          summary: 'Coins and their networks',
          responses: { 200: { description: 'The catalogue', content: json(ref('Coins')) } },
        },
      },
      '/pairs/{from}/{to}': {
        get: {
          summary: 'Whether a pair can be swapped, with fixed-rate support and limits',
          parameters: [
            { name: 'from', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'to', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'fromNetwork', in: 'query', schema: { type: 'string' } },
            { name: 'toNetwork', in: 'query', schema: { type: 'string' } },
          ],
          responses: {
            200: { description: 'The pair', content: json(ref('Pair')) },
            ...errors(400, 422, 429),
          },
        },
      },
      '/quotes': {
        post: {
          summary: 'The best offer across providers; fixed quotes carry a quoteId valid until expiresAt',
          requestBody: body(quoteRequestSchema),
          responses: {
            200: { description: 'The quote', content: json(ref('Quote')) },
            ...errors(400, 422, 429),
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
            ...errors(400, 409, 422, 429, 502),
          },
        },
      },
      '/swaps/{id}': {
        get: {
          summary: 'A swap and its status history',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'The swap', content: json(ref('Swap')) }, ...errors(404, 429) },
        },
      },
      '/sandbox/swaps/{id}/deposit': {
        post: {
          summary: 'Sandbox only: simulate the deposit of a waiting swap',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: body(depositRequestSchema),
          responses: {
            200: { description: 'The swap after the deposit', content: json(ref('Swap')) },
            ...errors(400, 404, 409),
          },
        },
      },
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A readable page of the OpenAPI document, with no script: every operation and its schemas. */
export function renderApiDocs(document: ReturnType<typeof openApiDocument>): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const op = operation as {
        summary: string;
        requestBody?: unknown;
        responses: Record<string, unknown>;
        parameters?: unknown;
      };
      return `<section><h2><code>${method.toUpperCase()} /api/v1${escapeHtml(path)}</code></h2><p>${escapeHtml(op.summary)}</p>
${op.parameters ? `<h3>Parameters</h3><pre>${escapeHtml(JSON.stringify(op.parameters, null, 2))}</pre>` : ''}
${op.requestBody ? `<h3>Request body</h3><pre>${escapeHtml(JSON.stringify(op.requestBody, null, 2))}</pre>` : ''}
<h3>Responses</h3><pre>${escapeHtml(JSON.stringify(op.responses, null, 2))}</pre></section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a}pre{background:#f5f7fb;padding:1rem;overflow:auto;font-size:13px}section{border-top:1px solid #e2e8f0;margin-top:2rem}</style>
</head><body><h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1><p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>. Schemas:</p><pre>${escapeHtml(JSON.stringify(document.components.schemas, null, 2))}</pre>
${operations.join('\n')}</body></html>`;
}
