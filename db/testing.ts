import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openDatabase } from './client.ts';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database; close() also drops it. */
  open(): Promise<DatabaseHandle>;
}

/**
 * The databases integration tests run against: PGlite always, and PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Each open() gets its own database, so tests never share rows.
 */
export function databaseTargets(env: Record<string, string | undefined> = process.env): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [
    {
      name: 'pglite',
      async open() {
        const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
        await handle.migrate();
        return handle;
      },
    },
  ];
  const adminUrl = env.TEST_DATABASE_URL;
  if (adminUrl) {
    targets.push({
      name: 'postgres',
      async open() {
        const name = `test_${randomBytes(6).toString('hex')}`;
        const template = await postgresTemplate(adminUrl);
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        await admin.end();
        const handle = await openDatabase({ url: databaseUrl(adminUrl, name) });
        await handle.migrate();
        return {
          ...handle,
          async close() {
            await handle.close();
            const dropper = new pg.Client({ connectionString: adminUrl });
            await dropper.connect();
            await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            await dropper.end();
          },
        };
      },
    });
  } else if (!targets.some((t) => t.name === 'postgres')) {
    console.warn('TEST_DATABASE_URL is not set: database tests run on PGlite only');
  }
  return targets;
}

/**
 * What a migrated test database is made from: the migrations and the PGlite build. A new migration
 * (or another PGlite) makes a new template; the old ones are left to the temporary directory.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(MIGRATIONS_FOLDER, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(path));
  }
  hash.update(readFileSync(new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

let pgliteTemplatePromise: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite data directory, dumped once and shared by every test process through a
 * file in the temporary directory: a fresh PGlite runs initdb (seconds on a busy machine) and then
 * every migration; loading the dump does neither. Each test still gets its own in-memory copy.
 */
function pgliteTemplate(): Promise<Blob> {
  pgliteTemplatePromise ??= (async () => {
    const file = join(tmpdir(), `swapgate-pglite-template-${templateKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const client = await PGlite.create('memory://');
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written under another name and renamed: a process reading it never sees half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return pgliteTemplatePromise;
}

let postgresTemplatePromise: Promise<string> | undefined;

/**
 * A migrated PostgreSQL database that test databases are copied from (CREATE DATABASE … TEMPLATE),
 * made once per set of migrations; an advisory lock keeps parallel test processes from making it
 * twice, and it gets its final name only once fully migrated.
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplatePromise ??= (async () => {
    const template = `swapgate_template_${templateKey()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(727104)');
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (!rowCount) {
        const building = `${template}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const handle = await openDatabase({ url: databaseUrl(adminUrl, building) });
        await handle.migrate();
        await handle.close();
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(727104)').catch(() => {});
      await admin.end();
    }
    return template;
  })();
  return postgresTemplatePromise;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
