import { createServer } from 'node:http';
import { closeServer, listenOnLoopback } from '../support/local-server.ts';

/** A webhook delivery as the receiver got it. */
export interface ReceivedWebhook {
  headers: Record<string, string>;
  /** The raw body, as the signature is computed over it. */
  rawBody: string;
}

/**
 * A partner's webhook endpoint for the tests (core/partners/webhooks.ts): a loopback HTTP server that
 * records every POST and answers 200, or the statuses queued in `failWith` first (one per request).
 */
export interface FakeWebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Statuses to answer the next requests with, in order (then 200 again). */
  failWith: number[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<FakeWebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const failWith: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      received.push({ headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      const status = failWith.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'ok' : 'failed');
    });
  });
  const url = await listenOnLoopback(server);
  return { url: `${url}/hooks/swapgate`, received, failWith, close: () => closeServer(server) };
}
