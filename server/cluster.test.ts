import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config.ts';
import { FakeTelegram } from '../tests/fakes/telegram-fake.ts';
import { until } from '../tests/support/redis-server.ts';
import { checkPortFree, clusterListenOptions, webConcurrency } from './cluster.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) {
  console.warn(
    'TEST_DATABASE_URL is not set: the WEB_CONCURRENCY test on PostgreSQL (server/cluster.test.ts) is skipped',
  );
}
const PORT = 5170;
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

interface LogLine {
  msg: string;
  worker?: number;
  /** On 'Listening'. */
  pid?: number;
  reqId?: string;
  [key: string]: unknown;
}

interface Started {
  child: ChildProcess;
  logs: LogLine[];
  exited: Promise<number | null>;
}

/** `npm start`'s entry point as its own process, with `env` over the test's environment. */
function start(env: Record<string, string>): Started {
  // As `npm start` runs it: no NODE_ENV (Vitest sets 'test' for itself).
  const { NODE_ENV: _testMode, ...environment } = process.env;
  const child = spawn(process.execPath, ['server/start.ts'], {
    cwd: ROOT,
    env: { ...environment, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: LogLine[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('{')) logs.push(JSON.parse(line) as LogLine);
    }
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, logs, exited };
}

/** One GET on a connection of its own (the cluster hands out connections, not requests). */
function getOnNewConnection(path: string): Promise<{ status: number; reqId: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port: PORT, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? 0, reqId: String(res.headers['x-request-id']) }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('how many workers', () => {
  const base = {
    DATABASE_URL: 'postgres://u:secret@db/swapgate',
    SANDBOX_CHAINS: 'off',
    SANDBOX_PROVIDERS: 'false',
  };

  it('runs one per core on PostgreSQL, one on PGlite, and what WEB_CONCURRENCY asks for', () => {
    expect(webConcurrency(loadConfig(base), 4).workers).toBe(4);
    expect(webConcurrency(loadConfig({ ...base, WEB_CONCURRENCY: '3' }), 4).workers).toBe(3);
    expect(webConcurrency(loadConfig({ ...base, DATABASE_URL: '' }), 4).workers).toBe(1);
    // The demo's sandbox providers keep fixed rates in one process: one worker unless asked.
    expect(webConcurrency(loadConfig({ ...base, SANDBOX_PROVIDERS: 'true' }), 4).workers).toBe(1);
    expect(webConcurrency(loadConfig({ ...base, SANDBOX_CHAINS: 'on' }), 4).workers).toBe(1);
  });

  it('refuses more than one on PGlite or with the sandbox chains, saying why', () => {
    expect(() => webConcurrency(loadConfig({ ...base, DATABASE_URL: '', WEB_CONCURRENCY: '2' }))).toThrow(
      /WEB_CONCURRENCY=2 needs PostgreSQL \(DATABASE_URL\): the embedded database \(PGlite\) belongs to one process/,
    );
    expect(() => webConcurrency(loadConfig({ ...base, SANDBOX_CHAINS: 'on', WEB_CONCURRENCY: '2' }))).toThrow(
      /Set SANDBOX_CHAINS=off, or WEB_CONCURRENCY=1/,
    );
  });

  it('has each worker on Linux listen on its own socket of the port; elsewhere the primary deals', () => {
    expect(clusterListenOptions('linux', true)).toEqual({ exclusive: true, reusePort: true });
    expect(clusterListenOptions('darwin', true)).toEqual({});
    expect(clusterListenOptions('linux', false)).toEqual({});
  });

  it('finds a port taken, even by sockets that share it among themselves', async () => {
    const { createServer } = await import('node:net');
    const holder = createServer();
    const shared = process.platform === 'linux' ? { reusePort: true } : {};
    await new Promise<void>((done) => holder.listen({ port: 0, host: '127.0.0.1', ...shared }, done));
    const { port } = holder.address() as { port: number };
    await expect(checkPortFree(port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await new Promise<void>((done) => holder.close(() => done()));
    await expect(checkPortFree(port, '127.0.0.1')).resolves.toBeUndefined();
  });

  it('npm start on PGlite with WEB_CONCURRENCY=2 stops at once with that message', async () => {
    const server = start({
      WEB_CONCURRENCY: '2',
      DATABASE_URL: '',
      PORT: String(PORT + 1),
      BASE_URL: `http://127.0.0.1:${PORT + 1}`,
    });
    expect(await server.exited).toBe(1);
    expect(server.logs.map((line) => line.msg).join('\n')).toContain(
      'WEB_CONCURRENCY=2 needs PostgreSQL (DATABASE_URL)',
    );
  });
});

describe.skipIf(!ADMIN_URL)('npm start with WEB_CONCURRENCY=2 on PostgreSQL', () => {
  const name = `test_cluster_${randomBytes(6).toString('hex')}`;
  const telegram = new FakeTelegram();
  let databaseUrl: string;
  let server: Started | null = null;
  let pool: pg.Pool;

  async function admin(query: string) {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    const url = new URL(ADMIN_URL as string);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    await admin(`CREATE DATABASE ${name}`);
    pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    await telegram.start();
    server = start({
      WEB_CONCURRENCY: '2',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      SANDBOX_CHAINS: 'off',
      SANDBOX_PROVIDERS: 'true',
      SANDBOX_STEP_DELAY_MS: '0',
      SWAP_POLL_INTERVAL_MS: '200',
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_WEBHOOK_PATH_SECRET: 'cluster-test-path-secret',
      TELEGRAM_WEBHOOK_SECRET: 'cluster-test-secret-token',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      METRICS_TOKEN: 'cluster-test-metrics-token',
    });
    const { logs, exited } = server;
    let gone = false;
    void exited.then(() => {
      gone = true;
    });
    // Only ends a hang: two workers migrating, seeding and starting on a loaded 2-core machine.
    await until(() => {
      if (gone) throw new Error('The server exited while starting');
      return logs.some((line) => line.msg === 'All workers listening');
    }, 180_000);
  }, 200_000);

  afterAll(async () => {
    if (server) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await pool?.end();
    await telegram.stop();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('both workers answer on the one port', async () => {
    const logs = server?.logs ?? [];
    const answered = new Set<number>();
    // Each worker listens on its own socket and the kernel spreads new connections over them
    // (SO_REUSEPORT): a handful on fresh connections reaches both.
    for (let i = 0; i < 20 && answered.size < 2; i++) {
      const { status, reqId } = await getOnNewConnection('/healthz');
      expect(status).toBe(200);
      await until(() => logs.some((line) => line.reqId === reqId));
      const worker = logs.find((line) => line.reqId === reqId)?.worker;
      if (worker !== undefined) answered.add(worker);
    }
    expect([...answered].sort()).toEqual([1, 2]);
    // A scrape answers for one worker, and says which.
    const metrics = await fetch(`http://127.0.0.1:${PORT}/metrics`, {
      headers: { authorization: 'Bearer cluster-test-metrics-token' },
    });
    expect(await metrics.text()).toMatch(/^process_resident_memory_bytes\{worker="[12]"\} /m);
  });

  it('runs the jobs and the bot once: in worker 1', async () => {
    const logs = server?.logs ?? [];
    expect(
      logs.filter((line) => line.msg === 'Running the jobs of this node').map((line) => line.worker),
    ).toEqual([1]);
    // The bot registers its webhook when it starts: once, not once per worker.
    await until(() => telegram.calls.some((call) => call.method === 'setWebhook'));
    expect(telegram.calls.filter((call) => call.method === 'setWebhook')).toHaveLength(1);

    // A paid swap is taken to its end by the status job, each status recorded once.
    const created = await fetch(`http://127.0.0.1:${PORT}/api/v1/swaps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from: 'btc',
        to: 'eth',
        amount: '0.1',
        rateType: 'float',
        payoutAddress: ETH_ADDRESS,
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const paid = await fetch(`http://127.0.0.1:${PORT}/api/v1/sandbox/swaps/${id}/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '0.1' }),
    });
    expect(paid.status).toBeLessThan(300);
    await until(async () => {
      const swap = (await (await fetch(`http://127.0.0.1:${PORT}/api/v1/swaps/${id}`)).json()) as {
        status: string;
      };
      return swap.status === 'finished';
    }, 60_000);
    const { rows } = await pool.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM swap_events WHERE swap_id = $1 GROUP BY status',
      [id],
    );
    expect(rows.every((row) => row.n === 1)).toBe(true);
    expect(rows.map((row) => row.status)).toContain('finished');
  });

  it('starts a worker that died again under its number', async () => {
    const logs = server?.logs ?? [];
    const listening = () => logs.filter((line) => line.msg === 'Listening' && line.worker === 2);
    const dead = listening().at(-1)?.pid as number;
    process.kill(dead, 'SIGKILL');
    await until(() => listening().some((line) => line.pid !== dead), 120_000);
    expect(logs.map((line) => line.msg)).toContain('A worker stopped; starting it again');
    // The jobs stayed with worker 1: the new worker 2 started none.
    expect(logs.filter((line) => line.msg === 'Running the jobs of this node')).toHaveLength(1);
    expect((await getOnNewConnection('/healthz')).status).toBe(200);
  }, 150_000);

  it('SIGTERM lets an in-flight request finish in its worker, then every worker and the primary exit', async () => {
    const running = server as Started;
    const body = JSON.stringify({ from: 'btc', to: 'eth', amount: '0.1', rateType: 'float' });
    // A quote whose body is sent only after the signal: the worker has read its headers (it
    // answered 100 Continue), so the request is in flight while the workers drain.
    const answer = new Promise<number>((done, fail) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: PORT,
          path: '/api/v1/quotes',
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            expect: '100-continue',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
        },
      );
      req.on('error', fail);
      req.on('continue', () => {
        running.child.kill('SIGTERM');
        void until(
          () => running.logs.filter((line) => line.msg === 'Draining in-flight requests').length === 2,
        ).then(() => req.end(body), fail);
      });
      req.flushHeaders();
    });
    expect(await answer).toBe(200);
    expect(await running.exited).toBe(0);
    const stops = running.logs.filter((line) => line.msg === 'Stopped');
    // Each worker, then the primary (no worker number) last.
    expect(stops.map((line) => line.worker ?? 'primary')).toEqual(expect.arrayContaining([1, 2, 'primary']));
    expect(stops.at(-1)?.worker).toBeUndefined();
    server = null;
  });
});
