import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from '../support/local-server.ts';

/**
 * A local stand-in for Google's reCAPTCHA `siteverify`, for tests: no network, answers like the
 * real API for the tokens it is given, and can fail or hang on demand.
 */

export type FakeRecaptchaMode = 'ok' | 'error' | 'hang' | 'garbage' | 'reset-once' | 'reset';

export interface FakeRecaptchaToken {
  success: boolean;
  score?: number;
  action?: string;
  /** Error codes to send when success is false; 'invalid-input-response' by default. */
  errorCodes?: string[];
}

export interface FakeRecaptchaOptions {
  /** The secret requests must carry, else 'invalid-input-secret'. */
  secret: string;
  /** Known tokens; any other token is answered with 'invalid-input-response'. */
  tokens: Record<string, FakeRecaptchaToken>;
  /** Like the real API, answer a second use of a token with 'timeout-or-duplicate'. Off by default. */
  singleUse?: boolean;
  hostname?: string;
  /**
   * 'error' answers `errorStatus`; 'hang' never answers (until close()); 'garbage' sends non-JSON;
   * 'reset' resets the connection without an answer, as a peer that dropped a kept-alive
   * connection does; 'reset-once' does so for the next request only, then answers again.
   */
  mode?: FakeRecaptchaMode;
  errorStatus?: number;
}

export interface FakeRecaptchaRequest {
  method: string;
  contentType: string;
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

export interface FakeRecaptcha {
  /** The siteverify URL to pass as RECAPTCHA_VERIFY_URL. */
  url: string;
  /** Every request received, in order. */
  requests: FakeRecaptchaRequest[];
  /** Switches behaviour for the following requests. */
  setMode(mode: FakeRecaptchaMode, errorStatus?: number): void;
  close(): Promise<void>;
}

const PATH = '/recaptcha/api/siteverify';

export async function startFakeRecaptcha(options: FakeRecaptchaOptions): Promise<FakeRecaptcha> {
  let mode: FakeRecaptchaMode = options.mode ?? 'ok';
  let errorStatus = options.errorStatus ?? 500;
  const requests: FakeRecaptchaRequest[] = [];
  const used = new Set<string>();

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    requests.push({
      method: request.method ?? '',
      contentType: request.headers['content-type'] ?? '',
      secret: form.get('secret'),
      response: form.get('response'),
      remoteip: form.get('remoteip'),
    });
    if (mode === 'hang') return;
    if (mode === 'reset' || mode === 'reset-once') {
      if (mode === 'reset-once') mode = 'ok';
      request.socket.resetAndDestroy();
      return;
    }
    if (mode === 'error') return sendJson(response, errorStatus, { error: 'Internal server error' });
    if (mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<html>not json</html>');
    }
    if (new URL(request.url ?? '/', 'http://fake').pathname !== PATH) {
      return sendJson(response, 404, { error: 'Not found' });
    }
    if (request.method !== 'POST') return sendJson(response, 405, { error: 'Method not allowed' });

    const secret = form.get('secret');
    const token = form.get('response');
    if (!secret) return fail(response, 'missing-input-secret');
    if (secret !== options.secret) return fail(response, 'invalid-input-secret');
    if (!token) return fail(response, 'missing-input-response');
    const known = options.tokens[token];
    if (!known) return fail(response, 'invalid-input-response');
    if (options.singleUse && used.has(token)) return fail(response, 'timeout-or-duplicate');
    used.add(token);
    if (!known.success) return fail(response, ...(known.errorCodes ?? ['invalid-input-response']));
    sendJson(response, 200, {
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: options.hostname ?? 'localhost',
      ...(known.score === undefined ? {} : { score: known.score }),
      ...(known.action === undefined ? {} : { action: known.action }),
    });
  });

  const origin = await listenOnLoopback(server);

  return {
    url: `${origin}${PATH}`,
    requests,
    setMode(next, status) {
      mode = next;
      if (status !== undefined) errorStatus = status;
    },
    async close() {
      await closeServer(server);
    },
  };
}

function fail(response: ServerResponse, ...codes: string[]): void {
  sendJson(response, 200, { success: false, 'error-codes': codes });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
