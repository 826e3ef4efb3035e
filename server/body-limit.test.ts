import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitByLength } from './body-limit.ts';

/** One request; `chunks` are written one by one (chunked) unless `length` declares their size. */
function send(port: number, method: string, chunks: string[], length?: boolean) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const total = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: '/echo',
        headers: { 'content-type': 'application/json', ...(length ? { 'content-length': total } : {}) },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('bodyLimitByLength on the Node adapter', () => {
  let server: ReturnType<typeof serve>;
  let port: number;

  beforeAll(async () => {
    const app = new Hono();
    app.use(bodyLimitByLength({ maxSize: 64, onError: (c) => c.json({ error: 'too_large' }, 413) }));
    app.get('/echo', (c) => c.json({ read: 'nothing' }));
    app.post('/echo', async (c) => c.json({ read: await c.req.json() }));
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server?.close();
  });

  it('passes a body within the limit, declared by its length or chunked, to the handler whole', async () => {
    const declared = await send(port, 'POST', ['{"amount":', '"0.1"}'], true);
    expect(declared).toEqual({ status: 200, body: '{"read":{"amount":"0.1"}}' });
    const chunked = await send(port, 'POST', ['{"amount":', '"0.2"}']);
    expect(chunked).toEqual({ status: 200, body: '{"read":{"amount":"0.2"}}' });
  });

  it('refuses a body over the limit from its declared length, and a chunked one as it is read', async () => {
    const big = `{"pad":"${'a'.repeat(100)}"}`;
    expect(await send(port, 'POST', [big], true)).toEqual({ status: 413, body: '{"error":"too_large"}' });
    expect(await send(port, 'POST', [big.slice(0, 50), big.slice(50)])).toEqual({
      status: 413,
      body: '{"error":"too_large"}',
    });
  });

  it('lets a GET through untouched', async () => {
    expect(await send(port, 'GET', [])).toEqual({ status: 200, body: '{"read":"nothing"}' });
  });
});
