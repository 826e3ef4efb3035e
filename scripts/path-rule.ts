import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../core/config.ts';
import { upsertPathRule } from '../core/routing/path-rules.ts';
import { pathRules } from '../db/schema.ts';
import { announceChange } from '../server/data-version-sync.ts';
import { openDatabaseForCommand } from '../server/database.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    to: { type: 'string' },
    status: { type: 'string' },
    on: { type: 'string', multiple: true },
    off: { type: 'string', multiple: true },
  },
});
const [command, path] = positionals;
const config = loadConfig();
const database = await openDatabaseForCommand(config);

/** Running nodes on PostgreSQL re-read their rules at once (on PGlite the server is not running). */
async function announce() {
  if (database.kind === 'postgres') await announceChange(database.db, 'path-rules');
}

await database.migrate();
try {
  if (command === 'list') {
    for (const rule of await database.db.select().from(pathRules).orderBy(pathRules.path)) {
      console.log(
        `${rule.path}\t${rule.redirectTo ?? '-'}\t${rule.redirectStatus}\t${JSON.stringify(rule.middlewares)}`,
      );
    }
  } else if (command === 'set' && path) {
    const middlewares = Object.fromEntries([
      ...(values.on ?? []).map((name) => [name, true] as const),
      ...(values.off ?? []).map((name) => [name, false] as const),
    ]);
    const status = values.status ? (Number(values.status) as 301 | 302 | 307 | 308) : undefined;
    const rule = await upsertPathRule(database.db, {
      path,
      redirectTo: values.to ?? null,
      redirectStatus: status,
      middlewares,
    });
    console.log('Saved', rule);
    await announce();
  } else if (command === 'delete' && path) {
    await database.db.delete(pathRules).where(eq(pathRules.path, path));
    console.log('Deleted', path);
    await announce();
  } else {
    console.error(
      'Usage: path-rule list | set <path> [--to <target>] [--status 301|302|307|308] [--on|--off <middleware>] | delete <path>',
    );
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
