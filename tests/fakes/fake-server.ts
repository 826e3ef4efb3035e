import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { Big } from '../../core/exchange/decimal.ts';
import { closeServer, listenOnLoopback } from '../support/local-server.ts';

/**
 * What the local fakes of the instant-exchange providers share (tests/fakes/*-fake.ts): a loopback
 * HTTP server with a request log, switches a test flips (latency, a forced failure, a body that is
 * not JSON), and a USD price table the fakes quote from. Each fake answers its provider's documented
 * endpoints with the documented shapes; nothing here knows any provider.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The raw body, as signatures are computed over it. */
  rawBody: string;
  body: unknown;
}

export interface FakeSwitches {
  latencyMs: number;
  /** Answer every request with this status and body instead of serving it. */
  failStatus: number | null;
  failBody: unknown;
  /** Answer 200 with a body that is not JSON. */
  invalidJson: boolean;
}

/** A documented error answer: the HTTP status and the provider's error body. */
export class FakeHttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

export type FakeHandler = (request: RecordedRequest) => unknown | Promise<unknown>;

export interface FakeServer {
  origin: string;
  requests: RecordedRequest[];
  set(switches: Partial<FakeSwitches>): void;
  close(): Promise<void>;
}

export async function startFakeServer(
  handle: FakeHandler,
  options: { failBody?: unknown } = {},
): Promise<FakeServer> {
  const switches: FakeSwitches = {
    latencyMs: 0,
    failStatus: null,
    failBody: options.failBody ?? { error: 'internal_error' },
    invalidJson: false,
  };
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  async function read(req: IncomingMessage): Promise<RecordedRequest> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = rawBody ? JSON.parse(rawBody) : null;
    } catch {
      body = rawBody;
    }
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers[key] = value;
    }
    return {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      rawBody,
      body,
    };
  }

  const server = createServer((req, res) => {
    void (async () => {
      const request = await read(req);
      requests.push(request);
      if (switches.latencyMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, switches.latencyMs);
          timers.add(timer);
        });
      }
      if (res.destroyed) return;
      const send = (status: number, payload: unknown, raw?: string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(raw ?? JSON.stringify(payload));
      };
      if (switches.failStatus !== null) return send(switches.failStatus, switches.failBody);
      if (switches.invalidJson) return send(200, null, '<html>Bad gateway</html>');
      try {
        send(200, await handle(request));
      } catch (error) {
        if (error instanceof FakeHttpError) send(error.status, error.body);
        else send(500, { error: String(error) });
      }
    })().catch(() => res.destroy());
  });
  const origin = await listenOnLoopback(server);
  return {
    origin,
    requests,
    set(changes) {
      Object.assign(switches, changes);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await closeServer(server);
    },
  };
}

/** USD prices by lower-case coin code, the same table every fake quotes from. */
export const FAKE_PRICES: Readonly<Record<string, number>> = {
  btc: 60_000,
  eth: 3_000,
  usdt: 1,
  usdc: 1,
  sol: 150,
  trx: 0.12,
  xrp: 0.5,
  ltc: 80,
  doge: 0.1,
  bnb: 600,
  xlm: 0.1,
};

export interface FakeMarket {
  price(coin: string): Big | null;
  /** `amount` of `from` in `to`, less `spreadBps`, less a payout fee worth `feeUsd`. */
  convert(from: string, to: string, amount: Big, spreadBps: number, feeUsd: number): { out: Big; fee: Big };
  /** The limits in `from` units for USD bounds. */
  limits(from: string, minUsd: number, maxUsd: number): { min: Big; max: Big };
}

export function fakeMarket(prices: Readonly<Record<string, number>> = FAKE_PRICES): FakeMarket {
  const price = (coin: string) => {
    const usd = prices[coin.toLowerCase()];
    return usd === undefined ? null : new Big(usd);
  };
  return {
    price,
    convert(from, to, amount, spreadBps, feeUsd) {
      const priceFrom = price(from) ?? new Big(0);
      const priceTo = price(to) ?? new Big(1);
      const fee = new Big(feeUsd).div(priceTo).round(8, Big.roundDown);
      const gross = amount.times(priceFrom).div(priceTo).times(new Big(10_000).minus(spreadBps)).div(10_000);
      const out = gross.minus(fee);
      return { out: (out.gt(0) ? out : new Big(0)).round(8, Big.roundDown), fee };
    },
    limits(from, minUsd, maxUsd) {
      const priceFrom = price(from) ?? new Big(1);
      return {
        min: new Big(minUsd).div(priceFrom).round(8, Big.roundUp),
        max: new Big(maxUsd).div(priceFrom).round(8, Big.roundDown),
      };
    },
  };
}

/** A stable fake transaction hash for a swap and a leg. */
export function fakeTxHash(provider: string, leg: string, id: string): string {
  return createHash('sha256').update(`${provider}:${leg}:${id}`).digest('hex');
}

/** A seed for the deposit-address generator (core/address/generate.ts), stable per swap id. */
export function addressSeed(id: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(id).digest());
}
