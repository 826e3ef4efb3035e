import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { loadConfig } from '../core/config.ts';
import { openConfiguredDatabase } from './database.ts';
import { createLogger } from './logger.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER_BUILD = join(ROOT, 'build', 'server', 'index.js');
const CLIENT_DIR = join(ROOT, 'build', 'client');

const config = loadConfig();
const log = createLogger(config);

/** The newest modification time under the folders the app bundle is built from. */
function newestSource(dirs: string[]): number {
  let newest = 0;
  for (const dir of dirs) {
    for (const entry of readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

const buildMissing = !existsSync(SERVER_BUILD);
if (
  buildMissing ||
  statSync(SERVER_BUILD).mtimeMs < newestSource(['app', 'core', 'content/locales', 'public'])
) {
  log.info(
    buildMissing
      ? 'No build found; building the app first'
      : 'Sources changed since the last build; rebuilding',
  );
  const result = spawnSync(join(ROOT, 'node_modules', '.bin', 'react-router'), ['build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    log.fatal('Build failed');
    process.exit(1);
  }
}

// The database first, before the app and the services load: a first start creates the embedded
// database in a child process (PGlite's initdb, ~0.5 GB for a moment), and this process is then at
// its smallest, which bounds the start's peak (docs/OPERATIONS.md, Memory at start).
const database = await openConfiguredDatabase(config, log);
const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
const { startServer } = await import('./boot.ts');
await startServer({ config, log, build, clientDir: CLIENT_DIR, database });
