import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { desc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema.ts';
import { openConfiguredDatabase } from './database.ts';

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

/** `npm run <script> -- …` as the operator types it on the server. */
function run(script: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}
const operator = (...args: string[]) => run('operator', ...args);

function linkOf(output: string): string {
  return /https?:\/\/\S+reset-password\?token=\S+/.exec(output)?.[0] ?? '';
}

/**
 * A GET on a connection of its own (no keep-alive): one reused after the server's keep-alive
 * timeout would fail at random between the commands, which each take a second or two.
 */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; location: string | undefined; limit: number }>((done, fail) => {
    httpRequest(`${BASE}${path}`, { headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () =>
        done({
          status: response.statusCode ?? 0,
          location: response.headers.location,
          limit: Number(response.headers['ratelimit-limit']),
        }),
      );
    })
      .on('error', fail)
      .end();
  });
}

let server: ChildProcess | null = null;

/** `npm start` on the test's data directory (PGlite), once; resolves when it listens. */
async function startServer(): Promise<void> {
  if (server && server.exitCode === null) return;
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
}

async function stopServer(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server?.on('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  server = null;
}

afterAll(async () => {
  await stopServer();
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

    await startServer();

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

describe('npm run api-key and npm run path-rule', () => {
  it('act through the running server (PGlite), which answers with the change at once; each action audited as cli', {
    timeout: 240_000,
  }, async () => {
    await startServer();
    const coins = (key?: string) => get('/api/v1/coins', key ? { 'x-api-key': key } : {});

    // A key made while the server runs is a partner's key at once.
    const created = run('api-key', 'create', 'acme', '--name', 'Acme Ltd');
    expect(created.code, created.err).toBe(0);
    const [, keyId, key] =
      /^Key ([0-9a-f]{16}) for partner acme:\n(sgk_[a-z2-7]{32})\n/.exec(created.out) ?? [];
    expect(key).toBeDefined();
    const asPartner = await coins(key);
    expect(asPartner.status).toBe(200);
    expect(asPartner.limit).toBeGreaterThan((await coins()).limit);

    // A key revoked before its first use is refused at once; a second revoke finds nothing.
    const second = run('api-key', 'create', 'acme');
    const [, secondId, secondKey] = /^Key (\S+) for partner acme:\n(\S+)\n/.exec(second.out) ?? [];
    expect(run('api-key', 'revoke', secondId ?? '').out).toBe(`Revoked ${secondId}\n`);
    expect((await coins(secondKey)).status).toBe(401);
    expect(run('api-key', 'revoke', secondId ?? '').out).toBe(`No active key ${secondId}\n`);
    const keys = run('api-key', 'list').out.split('\n').filter(Boolean);
    expect(keys.map((line) => line.split('\t').filter((_, index) => index !== 3))).toEqual([
      [keyId, 'Acme Ltd', `${key?.slice(0, 10)}…`, 'active'],
      [secondId, 'Acme Ltd', `${secondKey?.slice(0, 10)}…`, 'revoked'],
    ]);

    // A redirect set on a page the server has cached answers at once; deleted, the page is back.
    expect((await get('/faq')).status).toBe(200);
    expect((await get('/faq')).status).toBe(200);
    const set = run('path-rule', 'set', '/faq', '--to', '/contact-us', '--status', '302');
    expect(set.code, set.err).toBe(0);
    const redirected = await get('/faq');
    expect([redirected.status, redirected.location]).toEqual([302, '/contact-us']);
    expect(run('path-rule', 'list').out).toContain('/faq\t/contact-us\t302\t{}\n');
    const refused = run('path-rule', 'set', '/faq', '--status', '200');
    expect([refused.code, refused.err.trim()]).toEqual([
      1,
      'A redirect status is 301, 302, 307 or 308, not 200',
    ]);
    expect(run('path-rule', 'delete', '/faq').out).toBe('Deleted /faq\n');
    expect((await get('/faq')).status).toBe(200);
    expect(run('path-rule', 'delete', '/faq').out).toBe('No rule for /faq\n');
    expect(run('path-rule', 'bogus').code).toBe(2);

    // Without a server the commands open the database themselves, and audit alike.
    await stopServer();
    const direct = run('path-rule', 'set', '/old-fees', '--to', '/fees');
    expect(direct.code, direct.err).toBe(0);
    expect(run('api-key', 'revoke', keyId ?? '').out).toBe(`Revoked ${keyId}\n`);

    const database = await openConfiguredDatabase({ DATABASE_URL: '', DATA_DIR: dataDir });
    try {
      const entries = await database.db.select().from(auditLog).orderBy(desc(auditLog.id));
      expect(
        entries
          .filter((entry) => entry.actorEmail === 'cli')
          .map((entry) => [entry.action, entry.targetId])
          .reverse(),
      ).toEqual([
        ['api_key.create', keyId],
        ['api_key.create', secondId],
        ['api_key.revoke', secondId],
        ['path_rule.save', '/faq'],
        ['path_rule.delete', '/faq'],
        ['path_rule.save', '/old-fees'],
        ['api_key.revoke', keyId],
      ]);
      const saved = entries.find((entry) => entry.action === 'path_rule.save' && entry.targetId === '/faq');
      expect(saved?.after).toMatchObject({ path: '/faq', redirectTo: '/contact-us', redirectStatus: 302 });
      expect(JSON.stringify(entries)).not.toContain(key);
    } finally {
      await database.close();
    }
  });
});
