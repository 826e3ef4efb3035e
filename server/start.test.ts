import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'swapgate-start-'));
const PORT = 4300 + Math.floor(Math.random() * 500);

interface Started {
  child: ChildProcess;
  logs: { msg: string; react?: string }[];
  exited: Promise<number | null>;
}

/** Runs `npm start`'s entry point as its own process, on PGlite under a temporary data dir. */
async function start(): Promise<Started> {
  // As `npm start` runs it: no NODE_ENV (Vitest sets 'test' for itself).
  const { NODE_ENV: _testMode, ...environment } = process.env;
  const child = spawn(process.execPath, ['server/start.ts'], {
    cwd: ROOT,
    env: {
      ...environment,
      PORT: String(PORT),
      BASE_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: Started['logs'] = [];
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  await new Promise<void>((ready, fail) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const entry = JSON.parse(line) as Started['logs'][number];
        logs.push(entry);
        if (entry.msg === 'Listening') ready();
      }
    });
    void exited.then((code) => fail(new Error(`server exited with ${code} before listening`)));
  });
  return { child, logs, exited };
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('migrates and seeds an empty database, serves, and stops cleanly on SIGTERM', async () => {
    const server = await start();
    expect(server.logs.map((entry) => entry.msg)).toContain('Seeded demo data into an empty database');
    // React and React Router run their production builds without the user setting NODE_ENV.
    expect(server.logs.find((entry) => entry.msg === 'Listening')?.react).toBe('production');
    const response = await fetch(`http://127.0.0.1:${PORT}/exchange`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/exchange-pairs');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.logs.map((entry) => entry.msg)).toContain('Stopped');
    // Only ends a hang: a first start (initdb in a child, migrations, seed, price backfill) takes
    // 30–40 s on the shared 2-core machine under load.
  }, 120_000);

  it('keeps its data across a restart', async () => {
    const server = await start();
    expect(server.logs.map((entry) => entry.msg)).not.toContain('Seeded demo data into an empty database');
    expect((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
