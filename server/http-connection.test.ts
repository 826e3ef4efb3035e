import { once } from 'node:events';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();

/** One HTTP/1.1 request on `agent`: status, headers and body, or the socket's error. */
function send(agent: Agent, port: number, method: string, path: string, body?: Buffer) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    // The server may answer before it has read the body and stop reading: that is fine.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') reject(error);
    });
    req.end(body);
  });
}

describe('the HTTP connection after a refused large body', () => {
  let handle: DatabaseHandle;
  let server: ReturnType<typeof serve>;
  let port: number;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    const { app } = createTestApp(build, handle);
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    server?.close();
    await handle?.close();
  });

  it('answers 413 with Connection: close, so the next request of a keep-alive client succeeds', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const size of [20 * 1024, 2 * 1024 * 1024, 8 * 1024 * 1024]) {
        const refused = await send(agent, port, 'POST', '/api/v1/swaps', Buffer.alloc(size, 'a'));
        expect(refused.status, `${size} bytes`).toBe(413);
        expect(JSON.parse(refused.body).error.code).toBe('payload_too_large');
        expect(refused.connection).toBe('close');
        const next = await send(agent, port, 'GET', '/healthz');
        expect(next.status, `after ${size} bytes`).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  }, 60_000);
});
