import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../core/config.ts';
import { type DatabaseHandle, DatabaseInUse, openDatabase } from '../db/client.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** The configured database: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR (relative to the project). */
export function openConfiguredDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  log?: Logger,
): Promise<DatabaseHandle> {
  return openDatabase({
    url: config.DATABASE_URL,
    dataDir: join(resolve(ROOT, config.DATA_DIR), 'pglite'),
    onConnectionError: (error) =>
      log?.warn({ err: error }, 'A database connection failed; the pool replaces it'),
  });
}

/**
 * The configured database for a command (`npm run api-key`, `path-rule`, `bot`, `widget-theme`):
 * when the embedded database is owned by a running server, says so and exits instead of writing to
 * a copy the server never sees.
 */
export async function openDatabaseForCommand(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  log?: Logger,
): Promise<DatabaseHandle> {
  try {
    return await openConfiguredDatabase(config, log);
  } catch (error) {
    if (!(error instanceof DatabaseInUse)) throw error;
    console.error(error.message);
    process.exit(75);
  }
}
