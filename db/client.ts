import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations; safe when several nodes start at once. */
  migrate(): Promise<void>;
  /** Connections of the PostgreSQL pool (null on PGlite, which has none). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
}

/**
 * PostgreSQL time limits: a stopped or frozen database must fail a request within seconds rather
 * than hold it (and its connection) until the client gives up. Migrations run on a connection of
 * their own without them.
 */
export const POSTGRES_TIMEOUTS = {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectionTimeoutMillis: 3_000,
  /** A query's answer, measured by the client (works when the server is frozen). */
  query_timeout: 4_000,
  /** The same limit enforced by the server, which also frees its resources. */
  statement_timeout: 4_000,
  idle_in_transaction_session_timeout: 10_000,
} as const;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant fits; it only has to be the same on every node. */
const MIGRATION_LOCK_KEY = 727_104_2021;

export interface OpenDatabaseOptions {
  /** A postgres:// URL; without one the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory. */
  dataDir?: string;
  /**
   * A PGlite data directory dumped by `dumpDataDir`, to start from instead of an empty one (which
   * PGlite fills by running initdb, its slowest step): the tests start from a migrated template.
   */
  loadDataDir?: Blob;
  /**
   * Errors of idle PostgreSQL connections (server restart, connection killed). The pool replaces
   * such connections; without a listener node-postgres would crash the process.
   */
  onIdleError?: (error: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.onIdleError ?? (() => {}));
  return openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory, which never
  // shrinks; the embedded database is small, and 16 MB hold it with room (docs/OPERATIONS.md, Memory).
  const client = await PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // PGlite is single-process, so no lock is needed.
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    poolStats: () => null,
    close: () => client.close(),
  };
}

async function openPostgres(url: string, onIdleError: (error: Error) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, ...POSTGRES_TIMEOUTS });
  pool.on('error', onIdleError);
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    async migrate() {
      // One connection holds an advisory lock so concurrent starts apply migrations once; it has
      // no time limits, as waiting for another node's migrations or a long one is expected.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** True when the database answers a trivial query. */
export async function isHealthy(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

/** The migrations this build ships (db/migrations/meta/_journal.json). */
function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** True when every migration of this build has been applied to the database. */
export async function migrationsApplied(db: Database): Promise<boolean> {
  try {
    const result = (await db.execute(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { n: number }[];
    };
    return (result.rows[0]?.n ?? 0) >= shippedMigrations();
  } catch {
    return false;
  }
}
