/**
 * Crash safety of swap creation, on PostgreSQL: the production server (`node server/start.ts`, as
 * `npm start` runs it) is killed with SIGKILL at random moments while partners' clients create swaps
 * through /api/v1 with Idempotency-Keys, then started again; requests that died with it are retried
 * with the same key and body.
 *
 * What must hold afterwards (core/exchange/swaps.ts `create()`):
 * - every key maps to exactly one swap: each answer for a key (first or retried, before or after a
 *   kill) carries the same swap id; none lost (every key ends with a swap), none doubled;
 * - no key stuck: once the leases the killed processes granted have run out (IDEMPOTENCY_LEASE_MS),
 *   every key answers 201, never 409 `idempotency_request_in_flight`;
 * - no orphan row. A request writes, in order: (1) its key row in `idempotency_keys`, with
 *   `pending_swap_id` = the id of the swap it creates and a lease; (2) the booking at the provider
 *   (here `sandbox_swaps`, with that id as reference); (3) in ONE transaction the `swaps` row and its
 *   first `swap_events` row, and `idempotency_keys.swap_id` set to the swap's id. A kill between (1)
 *   and (3) leaves a key with no swap, which a retry takes over once the lease is over; a kill after
 *   (3) leaves nothing to do. So an orphan is a `swaps` row that no `idempotency_keys.swap_id` points
 *   to, and there must be none (recovery never has to settle one: rows and keys commit together).
 *   Bookings at the provider made by requests killed between (2) and (3) have no swap: they are
 *   counted, must be unpaid, and are left to expire at the provider as an unpaid real booking would;
 * - the status job resumes swaps in flight: swaps paid (sandbox deposit) just before a kill, and still
 *   confirming or exchanging when it struck, reach `finished` in a later process, with each status
 *   recorded once and in order.
 *
 * The kill moments come from a fixed seed, so every run takes the same decisions (the requests a kill
 * cuts off still vary with the machine's speed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../core/partners/api-keys.ts';
import { seedDemoData } from '../core/seed.ts';
import { openDatabase } from '../db/client.ts';
import { freePort, until } from '../tests/support/redis-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) {
  console.warn(
    'TEST_DATABASE_URL is not set: the crash-safety test (server/crash-safety.test.ts) is skipped',
  );
}

const SEED = 0x5eed_0009;
const KILLS = 6;
/** Requests in flight at once. */
const CONCURRENCY = 6;
const LEASE_MS = 2_000;
/** Each sandbox status step after a deposit (confirming, exchanging, sending) lasts this long. */
const STEP_MS = 1_500;
/** Paid swaps per cycle, just before the kill is armed. */
const DEPOSITS_PER_CYCLE = 4;
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const FINAL_STATUSES = new Set(['finished', 'failed', 'refunded', 'expired']);
const STATUS_ORDER = ['waiting', 'confirming', 'exchanging', 'sending', 'finished'];

/** mulberry32: a small seeded generator, so the kill moments are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface SwapBody {
  from: string;
  to: string;
  amount: string;
  rateType: 'float';
  payoutAddress: string;
}

interface Outcome {
  status: number;
  json: { id?: string; status?: string; error?: { code: string } };
  replayed: boolean;
}

describe.runIf(ADMIN_URL)('crash safety of swap creation (SIGKILL, PostgreSQL)', () => {
  const name = `crash_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string;
  let port: number;
  let apiKey: string;
  let pool: pg.Pool;
  let server: { child: ChildProcess; exited: Promise<void> } | null = null;
  /** The servers' log lines (warnings and errors), to count takeovers and explain a failure. */
  const logs: string[] = [];

  beforeAll(async () => {
    const url = new URL(ADMIN_URL as string);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const handle = await openDatabase({ url: databaseUrl });
    await handle.migrate();
    await seedDemoData(handle.db);
    ({ key: apiKey } = await createApiKey(handle.db, { id: 'crash-co', name: 'Crash Co' }));
    await handle.close();
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    port = await freePort();
  });

  afterAll(async () => {
    if (server) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await pool?.end();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  /** `npm start`'s entry point as its own process, serving once /readyz says the database is there. */
  async function start(): Promise<void> {
    // As `npm start` runs it: no NODE_ENV (Vitest sets 'test' for itself).
    const { NODE_ENV: _testMode, ...environment } = process.env;
    const child = spawn(process.execPath, ['server/start.ts'], {
      cwd: ROOT,
      env: {
        ...environment,
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        SANDBOX_STEP_DELAY_MS: String(STEP_MS),
        SWAP_POLL_INTERVAL_MS: '200',
        SWAP_CHECK_LEASE_MS: '1000',
        IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
        RATE_LIMIT_WRITES_PER_MINUTE: '100000',
        RATE_LIMIT_READS_PER_MINUTE: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffer = '';
    const collect = (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      logs.push(...lines.filter(Boolean));
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    let gone = false;
    const exited = new Promise<void>((done) =>
      child.on('exit', () => {
        gone = true;
        done();
      }),
    );
    server = { child, exited };
    await until(async () => {
      if (gone) throw new Error(`The server exited while starting:\n${logs.slice(-20).join('\n')}`);
      try {
        return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
      } catch {
        return false;
      }
      // Only ends a hang: a start (migrations, seed, first price run) takes ~40 s on a busy 2-core
      // machine (measured at a load of 18), a few seconds on a quiet one.
    }, 120_000);
  }

  async function kill(): Promise<void> {
    if (!server) return;
    server.child.kill('SIGKILL');
    await server.exited;
    server = null;
  }

  /** A request's answer, or null when it died with the process. */
  async function call(method: string, path: string, body?: unknown, key?: string): Promise<Outcome | null> {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-api-key': apiKey,
          ...(key ? { 'idempotency-key': key } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
      const json = (await response.json()) as Outcome['json'];
      return {
        status: response.status,
        json,
        replayed: response.headers.get('idempotent-replayed') === 'true',
      };
    } catch {
      return null;
    }
  }

  it('loses, doubles and blocks no swap across SIGKILLs, and the status job carries on after each', async () => {
    const startedAt = performance.now();
    const random = seeded(SEED);
    const bodies = new Map<string, SwapBody>();
    /** The swap id each key answered with, once it has answered. */
    const answered = new Map<string, string>();
    /** Keys whose request died with a process or met a request still holding the key (409). */
    let pending: string[] = [];
    const problems: string[] = [];
    let cutOff = 0;
    let conflicts = 0;
    let next = 0;
    const deposited = new Set<string>();
    /** Paid swaps still on their way when a kill struck, with the status they had then. */
    const inFlightAtKill = new Map<string, string>();

    const record = (key: string, outcome: Outcome | null): 'ok' | 'retry' => {
      if (!outcome) {
        cutOff++;
        return 'retry';
      }
      if (outcome.status === 409 && outcome.json.error?.code === 'idempotency_request_in_flight') {
        conflicts++;
        return 'retry';
      }
      // A database too slow for a moment (a busy machine) says so, and the client tries again later.
      if (outcome.status === 503) return 'retry';
      if (outcome.status !== 201 || !outcome.json.id) {
        problems.push(`${key}: ${outcome.status} ${JSON.stringify(outcome.json)}`);
        return 'ok';
      }
      const known = answered.get(key);
      if (known && known !== outcome.json.id) problems.push(`${key}: swap ${outcome.json.id} after ${known}`);
      if (!known) answered.set(key, outcome.json.id);
      return 'ok';
    };

    const newKey = (): string => {
      const key = `crash-${SEED.toString(16)}-${next++}`;
      const amount = (0.01 + Math.floor(random() * 50) / 100).toFixed(2);
      bodies.set(key, {
        from: 'btc',
        to: 'eth',
        amount,
        rateType: 'float',
        payoutAddress: ETH_ADDRESS,
      });
      return key;
    };

    for (let cycle = 0; cycle < KILLS; cycle++) {
      await start();
      // Pay some swaps that are still waiting, just before the kill is armed: they move on with the
      // sandbox clock, and the job of this and later processes must see them through.
      const waiting = [...answered.values()].filter((id) => !deposited.has(id)).slice(-DEPOSITS_PER_CYCLE);
      for (const id of waiting) {
        const paid = await call('POST', `/sandbox/swaps/${id}/deposit`, { amount: '0.05' });
        expect(paid?.status, JSON.stringify(paid?.json)).toBe(200);
        deposited.add(id);
      }

      // Retries of what the last kill cut off first, then fresh keys, CONCURRENCY at a time, until
      // the kill after a seeded number of answers: it strikes as that answer arrives, with the other
      // workers' requests in flight at whatever step they have reached (counted, not timed, so a slow
      // machine changes which steps those are, never whether the kill comes amid requests).
      const queue = [...pending];
      pending = [];
      let alive = true;
      let answers = 0;
      const killAfter = 1 + Math.floor(random() * 16);
      let armed: () => void = () => undefined;
      const killMoment = new Promise<void>((resolve) => {
        armed = resolve;
      });
      const worker = async () => {
        while (alive) {
          const key = queue.shift() ?? newKey();
          const outcome = await call('POST', '/swaps', bodies.get(key), key);
          if (record(key, outcome) === 'retry') pending.push(key);
          // No answer before the kill (the server died by itself, or kept a request 20 s): the
          // cycle ends too, rather than spinning; the checks below tell what went wrong.
          if (!outcome || ++answers >= killAfter) {
            alive = false;
            armed();
          }
        }
      };
      const workers = Array.from({ length: CONCURRENCY }, worker);
      await killMoment;
      await kill();
      await Promise.all(workers);
      pending.push(...queue);

      const { rows } = await pool.query<{ id: string; status: string }>(
        'SELECT id, status FROM swaps WHERE id = ANY($1)',
        [[...deposited]],
      );
      for (const row of rows) {
        if (!FINAL_STATUSES.has(row.status) && row.status !== 'waiting')
          inFlightAtKill.set(row.id, row.status);
      }
    }

    // The last start: wait out the leases the killed processes granted, then every key answers.
    await start();
    const { rows: leases } = await pool.query<{ until: Date | null }>(
      'SELECT max(lease_until) AS until FROM idempotency_keys WHERE swap_id IS NULL',
    );
    const leaseOver = leases[0]?.until?.getTime() ?? 0;
    // A known deadline, not a guess: the servers wrote these leases from this machine's clock, and a
    // retry may take a key over once its lease is past (core/exchange/swaps.ts), so the wait is exact.
    while (Date.now() <= leaseOver) {
      await new Promise((resolve) => setTimeout(resolve, leaseOver - Date.now() + 1));
    }
    const stuck: string[] = [];
    for (const round of ['after the leases', 'once more']) {
      const keys = [...bodies.keys()];
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let key = keys.shift(); key; key = keys.shift()) {
            let outcome = await call('POST', '/swaps', bodies.get(key), key);
            for (let attempt = 0; attempt < 5 && (!outcome || outcome.status === 503); attempt++) {
              // A client's pause before asking a busy server again (polling: nothing is asserted on
              // what happens during it).
              await new Promise((resolve) => setTimeout(resolve, 200));
              outcome = await call('POST', '/swaps', bodies.get(key), key);
            }
            if (outcome?.status === 409) stuck.push(`${key} (${round})`);
            else if (round === 'once more' && outcome?.status === 201 && !outcome.replayed) {
              problems.push(`${key}: a new swap on the last retry`);
            } else if (record(key, outcome) === 'retry') problems.push(`${key}: no answer (${round})`);
          }
        }),
      );
    }

    // The status job of the last process finishes what earlier ones left on the way.
    const paid = [...deposited];
    await until(async () => {
      const { rows } = await pool.query<{ status: string }>('SELECT status FROM swaps WHERE id = ANY($1)', [
        paid,
      ]);
      return rows.every((row) => FINAL_STATUSES.has(row.status));
    }, 20_000).catch(() => {
      // Those still on their way fail the checks below, with their ids.
    });
    await kill();

    const { rows: swapRows } = await pool.query<{ id: string; partner_id: string; status: string }>(
      'SELECT id, partner_id, status FROM swaps',
    );
    const { rows: keyRows } = await pool.query<{ key: string; swap_id: string | null }>(
      'SELECT key, swap_id FROM idempotency_keys',
    );
    const { rows: orphans } = await pool.query<{ id: string }>(
      'SELECT s.id FROM swaps s WHERE NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.swap_id = s.id)',
    );
    const { rows: bookings } = await pool.query<{ id: string; deposited_at: Date | null }>(
      'SELECT b.id, b.deposited_at FROM sandbox_swaps b WHERE NOT EXISTS (SELECT 1 FROM swaps s WHERE s.provider_swap_id = b.id)',
    );
    const { rows: events } = await pool.query<{ swap_id: string; status: string }>(
      'SELECT swap_id, status FROM swap_events WHERE swap_id = ANY($1) ORDER BY at, id',
      [paid],
    );
    const takeovers = logs.filter((line) => line.includes('Took over an Idempotency-Key')).length;
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    console.info(
      `crash safety: ${KILLS} kills, ${bodies.size} keys, ${swapRows.length} swaps, ${cutOff} requests cut off, ` +
        `${conflicts} answered 409 before their lease ran out, ${takeovers} keys taken over, ` +
        `${bookings.length} unpaid provider bookings without a swap, ${inFlightAtKill.size} paid swaps in flight at a kill, ${seconds} s`,
    );

    expect(problems).toEqual([]);
    expect(stuck).toEqual([]);
    // Every key maps to exactly one swap, and every swap to exactly one key.
    expect(answered.size).toBe(bodies.size);
    expect(new Set(answered.values()).size).toBe(bodies.size);
    expect(swapRows.length).toBe(bodies.size);
    expect(orphans).toEqual([]);
    expect(keyRows.filter((row) => bodies.has(row.key)).length).toBe(bodies.size);
    for (const row of keyRows) expect(row.swap_id, row.key).toBe(answered.get(row.key));
    expect(swapRows.every((row) => row.partner_id === 'crash-co')).toBe(true);
    // What killed requests booked at the provider before they could store their swap is unpaid.
    expect(bookings.filter((booking) => booking.deposited_at !== null)).toEqual([]);

    // The kills struck paid swaps on their way, and later processes saw every one of them through,
    // each status recorded once and in order.
    expect(inFlightAtKill.size).toBeGreaterThan(0);
    const byId = new Map(swapRows.map((row) => [row.id, row.status]));
    for (const id of paid) {
      expect(byId.get(id), id).toBe('finished');
      const history = events.filter((event) => event.swap_id === id).map((event) => event.status);
      expect(history[0], id).toBe('waiting');
      expect(history.at(-1), id).toBe('finished');
      const positions = history.map((status) => STATUS_ORDER.indexOf(status));
      expect(
        positions.every(
          (position, index) => position >= 0 && (index === 0 || position > (positions[index - 1] ?? 0)),
        ),
        `${id}: ${history.join(' → ')}`,
      ).toBe(true);
    }
    // Seven server starts (see start()) and the status job's sandbox steps: minutes on a busy machine.
  }, 900_000);
});
