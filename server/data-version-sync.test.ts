import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { upsertPathRule } from '../core/routing/path-rules.ts';
import { seedDemoData } from '../core/seed.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { socialLinks } from '../db/schema.ts';
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

const build = await loadServerBuild();
const CONSENTED = { cookie: 'cookie_consent=1:true_2:false_3:false_4:false' };
// Long enough that only a message from the other node can make a node render a page again.
const SLOW_CACHES = { HTML_CACHE_TTL_SECONDS: '3600', PATH_RULES_TTL_MS: '3600000' };
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
    const made = createTestApp(build, handle, SLOW_CACHES);
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
  });

  afterAll(async () => {
    await Promise.all(syncs.map((sync) => sync.close()));
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
});
