import { timingSafeEqual } from 'node:crypto';
import { and, count, eq, isNotNull, lt, max, min } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ProviderAnswerEvent } from '../core/exchange/quotes.ts';
import { SWAP_STATUSES } from '../core/exchange/types.ts';
import type { Database, PoolStats } from '../db/client.ts';
import { coinPrices, mailOutbox, swaps } from '../db/schema.ts';
import { type RequestLocation, requestLocation } from './request-location.ts';

/** Latency buckets (seconds) from a cached page (~1 ms) to a slow provider (5 s timeout). */
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route a request counts under: a page's name (`coin`, `blog-article`) rather than its path,
 * the API's route pattern, or a fixed word, so labels stay few whatever paths clients send.
 */
export function routeLabel(location: RequestLocation, routePath?: string): string {
  const path = location.pathname;
  if (location.isApi) {
    return routePath && !routePath.endsWith('*') ? routePath : 'api-unmatched';
  }
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path.slice(1);
  if (path.startsWith('/assets/') || path.startsWith('/builds/')) return 'assets';
  if (path === '/img') return 'img';
  if (!location.isPage)
    return path.endsWith('.xml') || path === '/robots.txt' ? 'feeds-and-sitemaps' : 'files';
  const found = location.page;
  return found.status === 'ok' ? `page:${found.page.name}` : 'page:not-found';
}

/**
 * The Prometheus metrics of one node: HTTP requests and latency by route, HTML cache outcomes,
 * each provider's quote latency and failures, and — read when scraped — swaps by status, job lag
 * and the database pool; plus Node's own (memory, event loop, GC).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly #duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly #htmlCache = new Counter({
    name: 'html_cache_requests_total',
    help: 'Page requests by HTML cache outcome (hit, miss, bypass)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly #overload = new Counter({
    name: 'overload_rejections_total',
    help: 'Requests answered 503 at once because the node was at a limit (in_flight, render_queue)',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  readonly #quotes = new Histogram({
    name: 'provider_quote_duration_seconds',
    help: "A liquidity provider's time to answer a quote, by provider and outcome (ok, error, timeout)",
    labelNames: ['provider', 'outcome'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  constructor(sources: {
    db: Database;
    poolStats: () => PoolStats | null;
    /** Node's default metrics; off in tests that build many registries. */
    defaults?: boolean;
  }) {
    if (sources.defaults !== false) collectDefaultMetrics({ register: this.registry });
    const { db } = sources;
    new Gauge({
      name: 'swaps',
      help: 'Swaps stored, by status',
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        const rows = await db.select({ status: swaps.status, n: count() }).from(swaps).groupBy(swaps.status);
        const counts = new Map(rows.map((row) => [row.status, row.n]));
        for (const status of SWAP_STATUSES) this.set({ status }, counts.get(status) ?? 0);
      },
    });
    new Gauge({
      name: 'swap_job_lag_seconds',
      help: 'How long the most overdue swap has waited past its status check (0 when none is due)',
      registers: [this.registry],
      async collect() {
        const now = new Date();
        const [row] = await db
          .select({ oldest: min(swaps.nextCheckAt) })
          .from(swaps)
          .where(and(isNotNull(swaps.nextCheckAt), lt(swaps.nextCheckAt, now)));
        this.set(row?.oldest ? (now.getTime() - row.oldest.getTime()) / 1000 : 0);
      },
    });
    new Gauge({
      name: 'price_age_seconds',
      help: 'Age of the newest stored coin price (the price job refreshes it)',
      registers: [this.registry],
      async collect() {
        const [row] = await db.select({ at: max(coinPrices.updatedAt) }).from(coinPrices);
        this.set(row?.at ? (Date.now() - row.at.getTime()) / 1000 : 0);
      },
    });
    new Gauge({
      name: 'mail_outbox_pending',
      help: 'Mail waiting in the outbox (unsent: no SMTP_URL, or the mail server refused or was away)',
      registers: [this.registry],
      async collect() {
        const [row] = await db
          .select({ n: count() })
          .from(mailOutbox)
          .where(eq(mailOutbox.status, 'pending'));
        this.set(row?.n ?? 0);
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting); absent on PGlite',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = sources.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  /** Counts one answered request; `cache` is a page's HTML cache outcome (its `X-Cache`). */
  record(request: {
    method: string;
    route: string;
    status: number;
    seconds: number;
    cache?: string | null;
  }): void {
    const { method, route } = request;
    this.#requests.inc({ method, route, status: String(request.status) });
    this.#duration.observe({ method, route }, request.seconds);
    if (request.cache) this.#htmlCache.inc({ outcome: request.cache });
  }

  /** Counts and times every request that reaches the router (cache hits are recorded where served). */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const started = performance.now();
      await next();
      this.record({
        method: c.req.method,
        route: routeLabel(requestLocation(c), c.req.routePath),
        status: c.res.status,
        seconds: (performance.now() - started) / 1000,
        cache: c.res.headers.get('x-cache'),
      });
    };
  }

  /** Counts a request turned away at a limit of the node (server/overload.ts). */
  overloadRejected(limit: 'in_flight' | 'render_queue'): void {
    this.#overload.inc({ limit });
  }

  observeQuote(answer: ProviderAnswerEvent): void {
    this.#quotes.observe({ provider: answer.provider, outcome: answer.outcome }, answer.seconds);
  }

  /**
   * `GET /metrics` in Prometheus' text format, for a scraper holding the token
   * (`Authorization: Bearer …`); without a configured token the endpoint does not exist.
   */
  handler(token: string | undefined): (c: Context) => Promise<Response> {
    return async (c) => {
      if (!token) return c.notFound();
      const given = Buffer.from(c.req.header('authorization')?.replace(/^Bearer /i, '') ?? '');
      const wanted = Buffer.from(token);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
        c.header('WWW-Authenticate', 'Bearer');
        return c.text('Unauthorized', 401);
      }
      c.header('Content-Type', this.registry.contentType);
      c.header('Cache-Control', 'no-store');
      return c.body(await this.registry.metrics());
    };
  }
}
