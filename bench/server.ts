/**
 * The production server for a benchmark: `npm start`'s command (which builds the app first when build/
 * is missing) on a free loopback port with a fresh data directory, so each run starts from the
 * embedded default database and demo content, or from a fresh PostgreSQL database of its own.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const ROOT = resolve(import.meta.dirname, '..');

/** `npm start`'s Node arguments (package.json's start script without its `node`): run without npm around it. */
export function startArguments(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return scripts.start.split(/\s+/).slice(1);
}

export interface BenchServer {
  /** `http://127.0.0.1:PORT` */
  base: string;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function admin(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * Starts the server with `env` on top of this process's environment and waits for /healthz. With
 * `postgres` (a server's admin URL) it runs on a database of its own there, dropped by stop().
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  options: { postgres?: string; port?: number } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'swapgate-bench-'));
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const database = options.postgres ? `bench_${randomBytes(6).toString('hex')}` : null;
  let databaseUrl = '';
  if (options.postgres && database) {
    await admin(options.postgres, `CREATE DATABASE ${database}`);
    const url = new URL(options.postgres);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  const child = spawn(process.execPath, startArguments(), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: base,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (options.postgres && database) {
      await admin(options.postgres, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  };
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop };
    } catch {}
    await new Promise((done) => setTimeout(done, 200));
  }
  await stop();
  throw new Error('server did not start');
}
