import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './client.ts';

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
        const handle = await openDatabase({ dataDir: 'memory://' });
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
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const handle = await openDatabase({ url: url.toString() });
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
