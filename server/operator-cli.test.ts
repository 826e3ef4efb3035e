import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'swapgate-operator-'));
const PORT = 4850 + Math.floor(Math.random() * 100);
const BASE = `http://127.0.0.1:${PORT}`;
const { NODE_ENV: _testMode, ...environment } = process.env;
const env = {
  ...environment,
  PORT: String(PORT),
  BASE_URL: BASE,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SANDBOX_CHAINS: 'off',
  LOG_LEVEL: 'info',
};

/** `npm run operator -- …` as the operator types it on the server. */
function operator(...args: string[]) {
  const result = spawnSync(process.execPath, ['scripts/operator.ts', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

function linkOf(output: string): string {
  return /https?:\/\/\S+reset-password\?token=\S+/.exec(output)?.[0] ?? '';
}

let server: ChildProcess | null = null;

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server?.on('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run operator', () => {
  it('makes staff on the embedded database, and through the running server while it owns it', {
    timeout: 240_000,
  }, async () => {
    // No server: the command opens the data directory itself.
    const first = operator('create', 'Boss@Example.com');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('Created boss@example.com as operator.');
    expect(linkOf(first.out)).toMatch(new RegExp(`^${BASE}/account/reset-password\\?token=`));
    expect(first.out).toContain(`The console: ${BASE}/account/console`);

    server = spawn(process.execPath, ['server/start.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((ready, fail) => {
      let buffer = '';
      server?.stdout?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        if (buffer.includes('"msg":"Listening"')) ready();
      });
      server?.on('exit', (code) => fail(new Error(`server exited with ${code}`)));
    });

    // The server owns PGlite now: the command goes through its control socket, and what it makes is
    // what the server sees (no second copy of the database).
    const second = operator('create', 'help@example.com', '--role', 'support');
    expect(second.code, second.err).toBe(0);
    expect(second.out).toContain('Created help@example.com as support.');
    const list = operator('list');
    expect(list.out.split('\n').filter(Boolean)).toEqual([
      'boss@example.com\toperator\t2FA off',
      'help@example.com\tsupport\t2FA off',
    ]);

    const token = new URL(linkOf(second.out)).searchParams.get('token') ?? '';
    const form = { origin: BASE, 'content-type': 'application/x-www-form-urlencoded' };
    const reset = await fetch(`${BASE}/account/reset-password`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ token, password: 'correct horse battery' }),
      redirect: 'manual',
    });
    expect(reset.status).toBe(303);
    const signIn = await fetch(`${BASE}/account/sign-in`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ email: 'help@example.com', password: 'correct horse battery' }),
      redirect: 'manual',
    });
    expect([signIn.status, signIn.headers.get('location')]).toEqual([303, '/account']);

    const revoked = operator('revoke', 'help@example.com');
    expect(revoked.out).toContain('help@example.com has no console role any more');
    expect(operator('bogus').code).toBe(2);
  });
});
