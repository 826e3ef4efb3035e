import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSwapJob } from '../core/exchange/swap-job.ts';
import type { Job } from '../core/job-backoff.ts';
import { upsertPathRule } from '../core/routing/path-rules.ts';
import { seedDemoData } from '../core/seed.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { socialLinks, swapEvents, swaps } from '../db/schema.ts';
import {
  announceChange,
  DATA_CHANGES_CHANNEL,
  type DataVersionSync,
  nodeRefreshers,
  startDataVersionSync,
} from './data-version-sync.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.warn('TEST_DATABASE_URL is not set: the two-node tests (PostgreSQL LISTEN/NOTIFY) are skipped');
}

// Redis for the limits the nodes share; the rate-limit test is skipped without one (CI sets it).
const redisUrl = process.env.TEST_REDIS_URL;
if (adminUrl && !redisUrl) {
  console.warn('TEST_REDIS_URL is not set: the two-node rate-limit test (Redis) is skipped');
}

const build = await loadServerBuild();
const CONSENTED = { cookie: 'cookie_consent=1:true_2:false_3:false_4:false' };
// Long enough that only a message from the other node can make a node render a page again.
const SLOW_CACHES = { HTML_CACHE_TTL_SECONDS: '3600', PATH_RULES_TTL_MS: '3600000' };
const NODE_ENV = {
  ...SLOW_CACHES,
  ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  // Client addresses from X-Forwarded-For: each test's own, so counters in a shared Redis are its own.
  TRUST_PROXY: 'true',
  RATE_LIMIT_READS_PER_MINUTE: '6',
  RATE_LIMIT_WRITES_PER_MINUTE: '100',
  SANDBOX_STEP_DELAY_MS: '0',
  SWAP_POLL_INTERVAL_MS: '50',
};
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
/** A client address of this run alone. */
const freshIp = () => `10.${randomBytes(3).join('.')}`;
const silent = pino({ level: 'silent' });

/** Two server nodes, each with its own services and HTML cache, on one PostgreSQL database. */
describe.skipIf(!adminUrl)('two nodes on one PostgreSQL', () => {
  const name = `test_nodes_${randomBytes(6).toString('hex')}`;
  let url: string;
  const handles: DatabaseHandle[] = [];
  const syncs: DataVersionSync[] = [];
  let a: ReturnType<typeof createTestApp>;
  let b: ReturnType<typeof createTestApp>;

  async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  function node(handle: DatabaseHandle) {
    const made = createTestApp(build, handle, NODE_ENV);
    syncs.push(
      startDataVersionSync({
        databaseUrl: url,
        db: handle.db,
        versions: made.services.dataVersions,
        refresh: nodeRefreshers(made.services),
        log: silent,
        retryMs: 50,
      }),
    );
    return made;
  }

  beforeAll(async () => {
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    const parsed = new URL(adminUrl as string);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    for (let i = 0; i < 2; i++) handles.push(await openDatabase({ url }));
    await handles[0]?.migrate();
    await seedDemoData((handles[0] as DatabaseHandle).db);
    a = node(handles[0] as DatabaseHandle);
    b = node(handles[1] as DatabaseHandle);
    await Promise.all(syncs.map((sync) => sync.ready));
    // Prices for the swaps' quotes: stored by A, read back by B.
    await a.services.market.refresh();
    await b.services.market.reload();
  });

  afterAll(async () => {
    await Promise.all(syncs.map((sync) => sync.close()));
    await Promise.all([a, b].map((made) => made?.services.close()));
    await Promise.all(handles.map((handle) => handle.close()));
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  async function telegramLink(to: string) {
    await a.services.db.update(socialLinks).set({ link: to }).where(eq(socialLinks.network, 'telegram'));
  }

  /** B's page, with whether B served it from its HTML cache. */
  async function pageOnB(path: string) {
    const response = await b.app.request(path, { headers: CONSENTED });
    return { cache: response.headers.get('x-cache'), html: await response.text() };
  }

  it('a footer change noticed on node A is on node B’s cached page at once', async () => {
    await pageOnB('/partners');
    const cached = await pageOnB('/partners');
    expect(cached.cache).toBe('hit');
    expect(cached.html).toContain('https://t.me/swapgate"');

    // A has served the footer's data too, as a running node has.
    await a.app.request('/partners', { headers: CONSENTED });
    await telegramLink('https://t.me/swapgate_nodes');
    a.services.global.invalidate();
    await a.app.request('/apiglobal/global');

    // B's page is kept for an hour; only A's message can make B render it again, with the new link.
    await vi.waitFor(
      async () => {
        const page = await pageOnB('/partners');
        expect(page.html).toContain('https://t.me/swapgate_nodes"');
      },
      { timeout: 10_000, interval: 50 },
    );
    expect((await pageOnB('/partners')).cache).toBe('hit');
  });

  it('a path rule set from a command line redirects on node B at once', async () => {
    // B has read the rules (none for this path) and would keep them for an hour.
    expect((await b.app.request('/kyc-aml')).status).toBe(200);
    await upsertPathRule(a.services.db, {
      path: '/kyc-aml',
      redirectTo: '/terms-of-use',
      redirectStatus: 302,
    });
    await announceChange(a.services.db, 'path-rules');
    await vi.waitFor(
      async () => {
        const after = await b.app.request('/kyc-aml');
        expect(after.status).toBe(302);
        expect(after.headers.get('location')).toBe('/terms-of-use');
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('a node that lost its listening connection renders every page again once back', async () => {
    await pageOnB('/partners');
    expect((await pageOnB('/partners')).cache).toBe('hit');

    // Both nodes' listening connections end, as in a database restart; A's change then reaches
    // nobody, and B can only assume that everything changed while it was away.
    await admin((client) =>
      client.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = $1 AND query = $2`,
        [name, `LISTEN "${DATA_CHANGES_CHANNEL}"`],
      ),
    );
    await telegramLink('https://t.me/swapgate_again');

    await vi.waitFor(
      async () => {
        const page = await pageOnB('/partners');
        expect(page.html).toContain('https://t.me/swapgate_again"');
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  /** A JSON API call on one node, from `ip`. */
  function api(
    node: typeof a,
    path: string,
    ip: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    return node.app.request(path, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  }

  const SWAP = { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float', payoutAddress: ETH_ADDRESS };

  it.skipIf(!redisUrl)('a client’s rate limit is one across the nodes (Redis)', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    // Six reads a minute: three on each node use them up, whichever node counts the seventh.
    for (const node of [a, b, a, b, a, b, b]) statuses.push((await api(node, '/api/v1/coins', ip)).status);
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses[6]).toBe(429);
  });

  it('one Idempotency-Key sent to both nodes makes one swap', async () => {
    const key = `nodes-${randomBytes(8).toString('hex')}`;
    const headers = { 'idempotency-key': key };
    // A key is the client's own (its scope): one client, whichever node its requests reach.
    const ip = freshIp();
    const before = (await a.services.db.select({ id: swaps.id }).from(swaps)).length;
    // At once on both nodes: one creates, the other waits for it (409 while it runs) or replays it.
    const both = await Promise.all(
      [a, b].map(async (node) => {
        const response = await api(node, '/api/v1/swaps', ip, { method: 'POST', body: SWAP, headers });
        return { status: response.status, body: (await response.json()) as { id?: string } };
      }),
    );
    expect(both.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of both) expect([200, 201, 409]).toContain(answer.status);
    const id = both.find((answer) => answer.status === 201)?.body.id;
    // Afterwards each node answers with that swap.
    for (const node of [a, b]) {
      const again = await api(node, '/api/v1/swaps', ip, { method: 'POST', body: SWAP, headers });
      // The stored answer again, marked as a replay.
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(((await again.json()) as { id: string }).id).toBe(id);
    }
    expect((await a.services.db.select({ id: swaps.id }).from(swaps)).length).toBe(before + 1);
  });

  it('both nodes’ swap jobs take a paid swap to its end once, and its review posted through A is on B’s page within 2 s', async () => {
    const jobs: Job[] = [a, b].map((made) =>
      startSwapJob({ swaps: made.services.swaps, intervalMs: 50, log: silent }),
    );
    try {
      const created = await api(a, '/api/v1/swaps', freshIp(), { method: 'POST', body: SWAP });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const paid = await api(b, `/api/v1/sandbox/swaps/${id}/deposit`, freshIp(), {
        method: 'POST',
        body: { amount: '0.1' },
      });
      expect(paid.status).toBeLessThan(300);
      await vi.waitFor(
        async () => {
          const [swap] = await a.services.db
            .select({ status: swaps.status })
            .from(swaps)
            .where(eq(swaps.id, id));
          expect(swap?.status).toBe('finished');
        },
        { timeout: 20_000, interval: 50 },
      );
      const events = await a.services.db
        .select({ status: swapEvents.status })
        .from(swapEvents)
        .where(eq(swapEvents.swapId, id));
      const statuses = events.map((event) => event.status);
      // Each status once, though two jobs polled the swap.
      expect(new Set(statuses).size).toBe(statuses.length);
      expect(statuses).toContain('finished');

      // B has its reviews page cached (for an hour).
      await pageOnB('/customer-feedbacks');
      expect((await pageOnB('/customer-feedbacks')).cache).toBe('hit');
      const text = 'Both nodes told the same story about this swap, quickly and clearly.';
      const posted = await api(a, '/apiglobal/reviews', freshIp(), {
        method: 'POST',
        body: { swapId: id, name: 'Node Tester', rating: 5, text },
      });
      expect(posted.status).toBe(201);
      const { id: reviewId } = (await posted.json()) as { id: number };
      // Held until the operator publishes it, on A.
      expect(await a.services.reviews.publish(reviewId)).toBe(true);
      await vi.waitFor(
        async () => {
          expect((await pageOnB('/customer-feedbacks')).html).toContain(text);
        },
        { timeout: 2_000, interval: 50 },
      );
    } finally {
      await Promise.all(jobs.map((job) => job.stop()));
    }
  });
});
