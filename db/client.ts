import { execFile } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGLITE_START_PARAMS } from './pglite-params.ts';
import * as schema from './schema.ts';

const execFileAsync = promisify(execFile);

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
   * Errors of PostgreSQL connections, idle or checked out (server restart, connection killed, a
   * transaction ended by idle_in_transaction_session_timeout). The pool replaces such connections;
   * without a listener node-postgres would crash the process.
   */
  onConnectionError?: (error: Error) => void;
  /** Shorter time limits for tests that freeze the database (defaults: POSTGRES_TIMEOUTS). */
  timeouts?: Partial<Record<keyof typeof POSTGRES_TIMEOUTS, number>>;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    return openPostgres(options.url, options.onConnectionError ?? (() => {}), {
      ...POSTGRES_TIMEOUTS,
      ...options.timeouts,
    });
  }
  return openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

/**
 * The embedded database has one owner: a second process opening the same data directory would
 * work on a copy of its own, and what it writes is lost or corrupts the first (an API key the server
 * never sees). `DatabaseInUse` tells the second which process owns it.
 */
export class DatabaseInUse extends Error {
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running server or command). ` +
        'PGlite has one owner: stop that process and run this again, or use PostgreSQL (DATABASE_URL), ' +
        'which any number of processes can share.',
    );
    this.name = 'DatabaseInUse';
    this.pid = pid;
  }
}

/** Lock files this process holds (a second open in the same process is refused too). */
const heldLocks = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>.lock` (holding this process's id) or throws DatabaseInUse. A lock left by a
 * process that is gone (a crash, a container's previous life as the same pid) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const path = `${dataDir}.lock`;
  if (heldLocks.has(path)) throw new DatabaseInUse(dataDir, process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
        throw new DatabaseInUse(dataDir, owner);
      }
      rmSync(path, { force: true });
    }
  }
  heldLocks.add(path);
  return () => {
    heldLocks.delete(path);
    try {
      if (readFileSync(path, 'utf8').trim() === String(process.pid)) rmSync(path, { force: true });
    } catch {
      // Already gone.
    }
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    return await openLockedPglite(dataDir, unlock, loadDataDir);
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * PGlite's initdb, in a process of its own that compiles PostgreSQL's WebAssembly with V8's baseline
 * compiler only: optimising it takes ~500 MB for a moment, which a one-off initdb does not need, and
 * everything the child used goes back to the system when it exits. The server then opens the new
 * directory as on any later start (1.34 GB peak on a first start before, docs/OPERATIONS.md).
 */
async function createPgliteDataDir(dataDir: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-create.ts', import.meta.url));
  try {
    await execFileAsync(process.execPath, ['--liftoff-only', script, dataDir], { timeout: 300_000 });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(
      `Creating the embedded database in ${dataDir} failed${stderr ? `: ${stderr.trim()}` : ''}`,
      {
        cause: error,
      },
    );
  }
}

async function openLockedPglite(
  dataDir: string,
  unlock: () => void,
  loadDataDir?: Blob,
): Promise<DatabaseHandle> {
  if (!loadDataDir && !dataDir.startsWith('memory://') && !existsSync(join(dataDir, 'PG_VERSION'))) {
    await createPgliteDataDir(dataDir);
  }
  const client = await PGlite.create(dataDir, {
    startParams: PGLITE_START_PARAMS,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // PGlite is single-process, so no lock is needed.
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    poolStats: () => null,
    async close() {
      await client.close();
      unlock();
    },
  };
}

async function openPostgres(
  url: string,
  onConnectionError: (error: Error) => void,
  timeouts: Record<keyof typeof POSTGRES_TIMEOUTS, number>,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, ...timeouts });
  // pg-pool listens for errors of idle connections only: it removes its listener when a connection
  // is checked out. A connection held by an open transaction still gets an 'error' event when the
  // server ends it (idle_in_transaction_session_timeout after a freeze, 25P03; an administrator's
  // pg_terminate_backend), and an EventEmitter's 'error' without a listener ends the process. One
  // listener of ours for the connection's whole life: the transaction's next query fails, the pool
  // drops the dead connection on release (it is no longer queryable) and opens a new one.
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
  });
  // The pool re-emits an idle connection's error, which the listener above has reported already.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    async migrate() {
      // One connection holds an advisory lock so concurrent starts apply migrations once; it has
      // no time limits, as waiting for another node's migrations or a long one is expected.
      const client = new pg.Client({ connectionString: url });
      client.on('error', onConnectionError);
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
