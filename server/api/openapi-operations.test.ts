import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.ts';
import { API_RESPONSE_SCHEMAS } from './schemas.ts';

/**
 * The operations /api/v1 had when its document was written by hand (before docs/decisions/031):
 * generated from the routes now, the document must still describe exactly these, with the same
 * answers, parameters and bodies.
 */
const OPERATIONS = [
  'GET /coins',
  'GET /pairs/{from}/{to}',
  'POST /quotes',
  'GET /dex/quotes',
  'GET /cross-chain/quotes',
  'GET /cross-chain/status',
  'GET /addresses/validate',
  'POST /swaps',
  'GET /swaps/{id}',
  'POST /swaps/{id}/continue',
  'POST /swaps/{id}/refund',
  'POST /sandbox/swaps/{id}/deposit',
  'POST /sandbox/networks/{network}/faucet',
  'GET /fiat/currencies',
  'POST /fiat/quotes',
  'POST /fiat/orders',
  'GET /fiat/orders/{orderId}',
  'POST /fiat/orders/{orderId}/payout',
  'POST /sandbox/fiat/orders/{orderId}/deposit',
  'POST /sandbox/fiat/orders/{orderId}/pay',
  'POST /sandbox/fiat/orders/{orderId}/challenge',
  'GET /partner/keys',
  'GET /partner/webhook-deliveries',
  'GET /openapi.json',
  'GET /docs',
];

/** Statuses, parameters (`in name`, `!` when required) and body of a few operations, as they were. */
const SHAPES: Record<string, { statuses: string[]; parameters: string[]; body: boolean }> = {
  'GET /coins': { statuses: ['200', '401', '429', '503'], parameters: [], body: false },
  'GET /pairs/{from}/{to}': {
    statuses: ['200', '400', '401', '414', '422', '429', '503'],
    parameters: ['path from!', 'path to!', 'query fromNetwork', 'query toNetwork'],
    body: false,
  },
  'POST /swaps': {
    statuses: ['201', '400', '401', '409', '413', '422', '429', '502', '503'],
    parameters: ['header Idempotency-Key'],
    body: true,
  },
  'POST /swaps/{id}/refund': {
    statuses: ['200', '400', '401', '404', '409', '413', '414', '422', '429', '502', '503'],
    parameters: ['path id!'],
    body: true,
  },
  'GET /addresses/validate': {
    statuses: ['200', '400', '401', '422', '429', '503'],
    parameters: ['query network!', 'query address!', 'query memo'],
    body: false,
  },
  'POST /sandbox/fiat/orders/{orderId}/deposit': {
    statuses: ['200', '400', '401', '404', '409', '413', '414', '429', '503'],
    parameters: ['path orderId!'],
    body: false,
  },
};

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string }; example?: unknown }> }>;
}

describe('the generated OpenAPI document of /api/v1', () => {
  const document = openApiDocument('https://swapgate.example') as unknown as {
    openapi: string;
    info: { title: string; summary: string };
    servers: { url: string }[];
    components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
    paths: Record<string, Record<string, Operation>>;
  };
  const operation = (name: string) => {
    const [method = '', path = ''] = name.split(' ');
    return document.paths[path]?.[method.toLowerCase()] as Operation;
  };

  it('describes the same operations as before, and no other', () => {
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual([...OPERATIONS].sort());
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'https://swapgate.example/api/v1' }]);
    expect(document.info.summary).toBeTruthy();
  });

  it('keeps their answers, parameters and bodies', () => {
    for (const [name, shape] of Object.entries(SHAPES)) {
      const described = operation(name);
      expect(Object.keys(described.responses).sort(), name).toEqual(shape.statuses);
      expect(
        (described.parameters ?? []).map((p) => `${p.in} ${p.name}${p.required ? '!' : ''}`),
        name,
      ).toEqual(shape.parameters);
      expect(described.requestBody?.required ?? false, name).toBe(shape.body);
    }
  });

  it('names every response body under components, and every operation refers to them', () => {
    expect(Object.keys(document.components.schemas).sort()).toEqual(Object.keys(API_RESPONSE_SCHEMAS).sort());
    expect(Object.keys(document.components.responses).sort()).toEqual([
      'InvalidApiKey',
      'RateLimited',
      'Unavailable',
    ]);
    for (const name of OPERATIONS.filter((name) => !name.endsWith('/docs') && !name.endsWith('.json'))) {
      const success = Object.entries(operation(name).responses).find(([status]) => status.startsWith('2'));
      expect(success?.[1].content?.['application/json']?.schema.$ref, name).toMatch(
        /^#\/components\/schemas\/\w+$/,
      );
    }
  });

  it('carries the examples on their operations', () => {
    expect(operation('POST /quotes').requestBody?.content['application/json']?.example).toBeDefined();
    expect(operation('POST /quotes').responses['200']?.content?.['application/json']?.example).toBeDefined();
    expect(operation('POST /swaps').responses['201']?.content?.['application/json']?.example).toBeDefined();
    expect(
      operation('GET /swaps/{id}').responses['200']?.content?.['application/json']?.example,
    ).toBeDefined();
    expect(operation('POST /quotes').responses['422']?.content?.['application/json']?.example).toBeDefined();
  });
});
