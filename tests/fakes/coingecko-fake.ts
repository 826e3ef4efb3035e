import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { CoinGeckoKeyHeader } from '../../core/market/feeds.ts';
import { closeServer, listenOnLoopback } from '../support/local-server.ts';

/**
 * A local stand-in for CoinGecko's `/simple/price` (and `/ping`), for tests: no network, and it
 * can fail or hang on demand.
 */

export type FakeCoinGeckoMode = 'ok' | 'error' | 'hang';

export interface FakeCoinGeckoOptions {
  /** When set, requests must carry this key in `keyHeader`, else they get a 401. */
  apiKey?: string;
  keyHeader?: CoinGeckoKeyHeader;
  /** 'error' answers `errorStatus`; 'hang' never answers (until close()). */
  mode?: FakeCoinGeckoMode;
  errorStatus?: number;
}

export interface FakeCoinGecko {
  /** Base URL to pass as CoinGeckoFeed's baseUrl, e.g. http://127.0.0.1:40123/api/v3. */
  url: string;
  /** Path and query of every request received, in order. */
  requests: string[];
  /** Switches behaviour for the following requests. */
  setMode(mode: FakeCoinGeckoMode, errorStatus?: number): void;
  close(): Promise<void>;
}

const API_PREFIX = '/api/v3';

/** `prices` maps CoinGecko ids to USD; it is read on every request, so tests may change it. */
export async function startFakeCoinGecko(
  prices: Record<string, number>,
  options: FakeCoinGeckoOptions = {},
): Promise<FakeCoinGecko> {
  let mode: FakeCoinGeckoMode = options.mode ?? 'ok';
  let errorStatus = options.errorStatus ?? 500;
  const keyHeader = options.keyHeader ?? 'x-cg-demo-api-key';
  const requests: string[] = [];

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? '');
    if (mode === 'hang') return;
    if (mode === 'error') return sendJson(response, errorStatus, { error: 'Internal server error' });
    const url = new URL(request.url ?? '/', 'http://fake');
    if (options.apiKey !== undefined && request.headers[keyHeader] !== options.apiKey) {
      return sendJson(response, 401, {
        status: { error_code: 10002, error_message: 'API Key Missing or invalid' },
      });
    }
    if (request.method !== 'GET') return sendJson(response, 405, { error: 'method not allowed' });
    if (url.pathname === `${API_PREFIX}/ping`)
      return sendJson(response, 200, { gecko_says: '(V3) To the Moon!' });
    if (url.pathname !== `${API_PREFIX}/simple/price`) return sendJson(response, 404, { error: 'Not found' });

    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
    const currencies = (url.searchParams.get('vs_currencies') ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || currencies.length === 0) {
      return sendJson(response, 400, { error: 'Missing parameter ids or vs_currencies' });
    }
    const body: Record<string, Record<string, number>> = {};
    for (const id of ids) {
      const usd = prices[id];
      // Like the real API: unknown ids are left out of the answer.
      if (usd === undefined) continue;
      body[id] = currencies.includes('usd') ? { usd } : {};
    }
    sendJson(response, 200, body);
  });

  const origin = await listenOnLoopback(server);

  return {
    url: `${origin}${API_PREFIX}`,
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

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
