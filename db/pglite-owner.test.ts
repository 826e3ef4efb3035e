import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUse, openDatabase } from './client.ts';

const ROOT = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'swapgate-owner-'));

/** `npm run api-key -- …` against DATA_DIR=dataDir, as an operator would run it beside the server. */
function apiKeyCommand(...args: string[]) {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'api-key.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('one owner for the embedded database', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a command while the server holds the data directory, and serves it once the server is gone', async () => {
    const server = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    await server.migrate();
    try {
      const refused = apiKeyCommand('create', 'changelly');
      expect(refused.status, refused.stderr).toBe(75);
      expect(refused.stderr).toContain(`is in use by process ${process.pid}`);
      expect(refused.stdout).not.toContain('Store it now');
      // The same process cannot open it twice either.
      await expect(openDatabase({ dataDir: join(dataDir, 'pglite') })).rejects.toThrow(DatabaseInUse);
    } finally {
      await server.close();
    }
    const listed = apiKeyCommand('list');
    expect(listed.stderr).toBe('');
    expect(listed.status).toBe(0);
  }, 240_000);
});
