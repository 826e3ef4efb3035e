import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_SCHEMAS } from '../../core/exchange/contract.ts';
import { MemoryRateLimiter } from '../../core/rate-limit.ts';
import { seedDemoData } from '../../core/seed.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';
import { createApiV1 } from './v1.ts';

const build = await loadServerBuild();

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: unknown;
  security?: Record<string, unknown>[];
  responses: Record<string, { $ref?: string }>;
}
interface Document {
  security: Record<string, unknown>[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}
interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: { $ref?: string } }>;
}

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** The paths of fields in `value` that `schema` does not document. */
function undocumentedFields(value: unknown, schema: JsonSchema, path = ''): string[] {
  const options = schema.anyOf ?? [schema];
  if (Array.isArray(value)) {
    const items = options.find((option) => option.items)?.items;
    return items ? value.flatMap((item, i) => undocumentedFields(item, items, `${path}[${i}]`)) : [];
  }
  if (value === null || typeof value !== 'object') return [];
  const properties = options.find((option) => option.properties)?.properties ?? {};
  return Object.entries(value).flatMap(([key, field]) => {
    const documented = properties[key];
    return documented ? undocumentedFields(field, documented, `${path}.${key}`) : [`${path}.${key}`];
  });
}

/** `/swaps/:id` as OpenAPI writes it: `/swaps/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** Example values for path parameters, to call every documented operation. */
const EXAMPLE_PARAMS: Record<string, string> = {
  from: 'btc',
  to: 'eth',
  id: 'aaaaaaaaaaaaaaaaaaaaaaaaaa',
  orderId: 'aaaaaaaaaaaaaaaaaaaaaaaaaa',
};

describe('the OpenAPI document of /api/v1', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  let routes: { method: string; path: string }[];
  let document: Document;
  /** Each documented operation, as `GET /path`. */
  let operations: [string, string, Operation][];

  function resolve(response: { $ref?: string }): Response {
    if (!response.$ref) return response as Response;
    const [, , section, name] = response.$ref.split('/');
    const target = document.components[section as string]?.[name as string];
    expect(target, response.$ref).toBeDefined();
    return target as Response;
  }

  beforeAll(async () => {
    handle = await (databaseTargets()[0]?.open() as Promise<DatabaseHandle>);
    await seedDemoData(handle.db);
    const test = createTestApp(build, handle, {
      SANDBOX_STEP_DELAY_MS: '0',
      RATE_LIMIT_READS_PER_MINUTE: '1',
      RATE_LIMIT_WRITES_PER_MINUTE: '1',
      TRUST_PROXY: 'true',
    });
    app = test.app;
    // Prices for the sandbox providers' quotes.
    await test.services.market.refresh();
    // The routes exactly as server/api/v1.ts registers them; '*' is its 404/405 fallback.
    routes = createApiV1(test.services, new MemoryRateLimiter())
      .routes.filter((route) => route.method !== 'ALL')
      .map((route) => ({ method: route.method, path: route.path }));
    const served = await app.request('/api/v1/openapi.json', {
      headers: { 'X-Forwarded-For': '198.51.100.1' },
    });
    expect(served.status).toBe(200);
    document = (await served.json()) as Document;
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]): [string, string, Operation] => [
        method.toUpperCase(),
        path,
        operation,
      ]),
    );
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('documents every route of server/api/v1.ts, and no other', () => {
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const documented = operations.map(([method, path]) => `${method} ${path}`).sort();
    const registered = routes.map((route) => `${route.method} ${openApiPath(route.path)}`).sort();
    expect(documented).toEqual(registered);
  });

  it('declares the path parameters of each route', () => {
    for (const [method, path, operation] of operations) {
      const declared = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name);
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(declared, `${method} ${path}`).toEqual(inPath);
    }
  });

  it('lists 400 and 422 where a body or query is read, 401 where X-Api-Key is taken, 429 everywhere', () => {
    for (const [method, path, operation] of operations) {
      const name = `${method} ${path}`;
      const statuses = Object.keys(operation.responses);
      const hasQuery = (operation.parameters ?? []).some((parameter) => parameter.in === 'query');
      if (operation.requestBody || hasQuery)
        expect(statuses, name).toEqual(expect.arrayContaining(['400', '422']));
      if (operation.requestBody) expect(statuses, name).toContain('413');

      const security = operation.security ?? document.security;
      if (security.some((requirement) => 'apiKey' in requirement)) {
        const unauthorized = operation.responses['401'];
        expect(unauthorized, name).toBeDefined();
        expect(resolve(unauthorized ?? {}).content?.['application/json']?.schema.$ref, name).toBe(
          '#/components/schemas/Error',
        );
      }

      const limited = operation.responses['429'];
      expect(limited, name).toBeDefined();
      const response = resolve(limited ?? {});
      expect(response.headers, name).toHaveProperty('Retry-After');
      expect(response.content?.['application/json']?.schema.$ref, name).toBe('#/components/schemas/Error');
      for (const [status, answer] of Object.entries(operation.responses)) {
        expect(resolve(answer).description, `${name} ${status}`).toBeTruthy();
      }
    }
  });

  it('answers each operation with the documented 401 for an invalid key and 429 beyond the limit', async () => {
    for (const [index, [method, path, operation]] of operations.entries()) {
      const url = `/api/v1${path.replace(/\{(\w+)\}/g, (_, name: string) => EXAMPLE_PARAMS[name] ?? name)}`;
      const call = (headers: Record<string, string>) =>
        app.request(url, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          ...(method === 'GET' ? {} : { body: '{}' }),
        });
      // Each operation from its own address, so that limits of one do not leak into the next.
      const address = `203.0.113.${index + 1}`;
      const invalid = await call({ 'X-Api-Key': `sgk_${'a'.repeat(32)}`, 'X-Forwarded-For': address });
      expect(invalid.status, `${method} ${path}`).toBe(401);
      expect(Object.keys(operation.responses)).toContain('401');
      const limited = await call({ 'X-Forwarded-For': address });
      expect(limited.status, `${method} ${path}`).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    }
  });

  it('documents GET /addresses/validate with its query and the fields it answers', async () => {
    const operation = document.paths['/addresses/validate']?.get;
    expect(operation).toBeDefined();
    expect(
      operation?.parameters?.map(({ name, in: where, required }) => ({
        name,
        in: where,
        required: !!required,
      })),
    ).toEqual([
      { name: 'network', in: 'query', required: true },
      { name: 'address', in: 'query', required: true },
      { name: 'memo', in: 'query', required: false },
    ]);
    const schema = document.components.schemas?.AddressValidation as {
      properties: Record<string, { enum?: string[] }>;
    };
    expect(resolve(operation?.responses['200'] ?? {}).content?.['application/json']?.schema.$ref).toBe(
      '#/components/schemas/AddressValidation',
    );
    const queries = [
      'network=ethereum&address=0x52908400098527886E0F7030069857D2E4169EE7',
      'network=ethereum&address=bc1qnotanethaddress',
      'network=xrp&address=rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh&memo=12',
      'network=nowhere&address=x',
    ];
    for (const [index, query] of queries.entries()) {
      const response = await app.request(`/api/v1/addresses/validate?${query}`, {
        headers: { 'X-Forwarded-For': `192.0.2.${index + 1}` },
      });
      expect(response.status, query).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      for (const field of Object.keys(body)) expect(Object.keys(schema.properties), query).toContain(field);
      if (body.reason) expect(schema.properties.reason?.enum, query).toContain(body.reason);
    }
  });

  it('answers with bodies that match the documented response schemas, field for field', async () => {
    let address = 0;
    const call = async (method: string, path: string, body?: unknown) => {
      address += 1;
      const response = await app.request(`/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'X-Forwarded-For': `198.18.0.${address}` },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return response.json() as Promise<unknown>;
    };
    const quote = (await call('POST', '/quotes', {
      from: 'btc',
      to: 'eth',
      amount: '0.1',
      rateType: 'fixed',
    })) as { quoteId: string };
    const swap = (await call('POST', '/swaps', {
      from: 'btc',
      to: 'eth',
      amount: '0.1',
      rateType: 'fixed',
      quoteId: quote.quoteId,
      payoutAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    })) as { id: string };
    const answers: [keyof typeof RESPONSE_SCHEMAS, unknown][] = [
      ['Coins', await call('GET', '/coins')],
      ['Pair', await call('GET', '/pairs/btc/eth')],
      ['Quote', quote],
      ['Swap', swap],
      ['Swap', await call('GET', `/swaps/${swap.id}`)],
      ['AddressValidation', await call('GET', '/addresses/validate?network=xrp&address=x&memo=1')],
      ['Error', await call('GET', '/swaps/aaaaaaaaaaaaaaaaaaaaaaaaaa')],
    ];
    for (const [name, body] of answers) {
      const parsed = RESPONSE_SCHEMAS[name].safeParse(body);
      expect(parsed.error?.issues, name).toBeUndefined();
      const documented = document.components.schemas?.[name] as JsonSchema;
      expect(undocumentedFields(body, documented), name).toEqual([]);
    }
  });
});
