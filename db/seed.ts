import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { pathRules } from './schema.ts';

/**
 * Demo content for an empty database. Each table is seeded only while it is empty, so a restart
 * never duplicates rows and never overwrites what an operator changed.
 */
export async function seedDemoData(db: Database): Promise<string[]> {
  const seeded: string[] = [];
  if (await isEmpty(db, 'path_rules')) {
    await db.insert(pathRules).values([
      // Short legacy addresses that old links and ads still use.
      { path: '/exchange', redirectTo: '/exchange-pairs' },
      { path: '/buy-crypto', redirectTo: '/buy' },
      { path: '/sell-crypto', redirectTo: '/sell' },
      { path: '/status', redirectTo: '/transaction-status' },
    ]);
    seeded.push('path_rules');
  }
  return seeded;
}

async function isEmpty(db: Database, table: string): Promise<boolean> {
  const result = await db.execute(sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table)}) AS present`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    present: boolean;
  }[];
  return !rows[0]?.present;
}
