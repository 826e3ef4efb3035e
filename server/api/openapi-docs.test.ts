import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depositRequestSchema,
  quoteRequestSchema,
  RESPONSE_SCHEMAS,
  swapRequestSchema,
} from '../../core/exchange/contract.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';
import { API_REFERENCE_SCRIPT } from './openapi.ts';
import {
  DEPOSIT_REQUEST_EXAMPLE,
  ERROR_EXAMPLE,
  FINISHED_SWAP_EXAMPLE,
  QUOTE_EXAMPLE,
  QUOTE_REQUEST_EXAMPLE,
  SWAP_EXAMPLE,
  SWAP_REQUEST_EXAMPLE,
} from './openapi-examples.ts';

const build = await loadServerBuild();

describe('the API reference examples', () => {
  it('are what the API accepts and answers', () => {
    expect(quoteRequestSchema.safeParse(QUOTE_REQUEST_EXAMPLE).success).toBe(true);
    expect(swapRequestSchema.safeParse(SWAP_REQUEST_EXAMPLE).success).toBe(true);
    expect(depositRequestSchema.safeParse(DEPOSIT_REQUEST_EXAMPLE).success).toBe(true);
    expect(RESPONSE_SCHEMAS.Quote.safeParse(QUOTE_EXAMPLE).error).toBeUndefined();
    expect(RESPONSE_SCHEMAS.Swap.safeParse(SWAP_EXAMPLE).error).toBeUndefined();
    expect(RESPONSE_SCHEMAS.Swap.safeParse(FINISHED_SWAP_EXAMPLE).error).toBeUndefined();
    expect(RESPONSE_SCHEMAS.Error.safeParse(ERROR_EXAMPLE).error).toBeUndefined();
  });
});

describe('/api/v1/docs', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    handle = await (databaseTargets()[0]?.open() as Promise<DatabaseHandle>);
    app = createTestApp(build, handle, { ACCOUNT_URL: 'https://account.swapgate.example' }).app;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('serves the reference renderer from our origin, started by a script with the CSP nonce', async () => {
    const response = await app.request('/api/v1/docs');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("connect-src 'self'");
    const html = await response.text();
    // Every script is ours: the bundle by a path of this origin, the inline one with the nonce.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(scripts).toEqual([` src="${API_REFERENCE_SCRIPT}"`, ` nonce="${nonce}"`]);
    // Nothing is loaded from another host: no absolute URL in the page at all.
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    expect(html).toContain('url":"/api/v1/openapi.json"');
    expect(html).toContain('"withDefaultFonts":false');
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');

    const script = await app.request(API_REFERENCE_SCRIPT, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('content-encoding')).toBe('gzip');
    expect(script.headers.get('cache-control')).toContain('immutable');
    const plain = await app.request(API_REFERENCE_SCRIPT);
    const code = await plain.text();
    expect(code).toContain('createApiReference');
    // The renderer's stylesheet would load its fonts from Scalar's host: those rules are taken out.
    expect(code).not.toContain('fonts.scalar.com');
  });

  it('keeps the JSON document, now with a quick start, the error codes and examples', async () => {
    const response = await app.request('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      info: { description: string };
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>
      >;
    };
    const { description } = document.info;
    expect(description).toContain('## Quick start');
    expect(description).toContain('https://account.swapgate.example');
    expect(description).toContain('curl -s https://swapgate.example/api/v1/quotes');
    expect(description).toContain('/sandbox/swaps/$SWAP_ID/deposit');
    expect(description).toContain('## Error codes');
    expect(description).toContain('| `invalid_api_key` | This API key is not valid or has been revoked. |');
    expect(document.paths['/swaps']?.post?.requestBody?.content['application/json']?.example).toEqual(
      SWAP_REQUEST_EXAMPLE,
    );
  });
});
