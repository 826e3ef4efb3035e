/**
 * `npm run path-rule -- list | set <path> [--to <target>] [--status 301|302|307|308] [--on|--off
 * <middleware>] | delete <path>`: redirects and middleware switches, each change in the console's
 * audit log (actor `cli`). Through the running server's control socket when a server runs on this
 * data directory (PGlite's only owner; the server re-reads its rules and tells the other nodes),
 * else on the database directly (then running nodes on PostgreSQL are told here).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config.ts';
import { AuditLog } from '../core/console/audit.ts';
import { CLI_ACTOR, deletePathRule, savePathRule } from '../core/console/console.ts';
import type { PathRule } from '../core/routing/path-rules.ts';
import { pathRules } from '../db/schema.ts';
import { pathRuleInput } from '../server/control-commands.ts';
import { sendControl } from '../server/control-socket.ts';
import { announceChange } from '../server/data-version-sync.ts';
import { openDatabaseForCommand } from '../server/database.ts';

const USAGE =
  'Usage: path-rule list | set <path> [--to <target>] [--status 301|302|307|308] [--on|--off <middleware>] | delete <path>';
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
if (!(command === 'list' || ((command === 'set' || command === 'delete') && path))) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const request: Record<string, unknown> =
  command === 'set'
    ? {
        path,
        redirectTo: values.to ?? null,
        ...(values.status ? { redirectStatus: values.status } : {}),
        middlewares: Object.fromEntries([
          ...(values.on ?? []).map((name) => [name, true] as const),
          ...(values.off ?? []).map((name) => [name, false] as const),
        ]),
      }
    : { path };

function print(result: unknown): void {
  if (command === 'list') {
    for (const rule of result as PathRule[]) {
      console.log(
        `${rule.path}\t${rule.redirectTo ?? '-'}\t${rule.redirectStatus}\t${JSON.stringify(rule.middlewares)}`,
      );
    }
  } else if (command === 'set') {
    console.log('Saved', result);
  } else {
    console.log((result as { deleted: boolean }).deleted ? `Deleted ${path}` : `No rule for ${path}`);
  }
}

try {
  const remote = await sendControl(config.DATA_DIR, `pathrule.${command}`, request);
  if (remote !== null) {
    print(remote);
    process.exit(0);
  }
  // No server on this data directory: the database directly (PGlite refuses while another process has it).
  const database = await openDatabaseForCommand(config);
  await database.migrate();
  try {
    const audit = new AuditLog(database.db);
    if (command === 'list') {
      print(await database.db.select().from(pathRules).orderBy(pathRules.path));
    } else {
      const changed =
        command === 'set'
          ? await savePathRule(database.db, audit, CLI_ACTOR, pathRuleInput(request))
          : await deletePathRule(database.db, audit, CLI_ACTOR, path ?? '');
      print(command === 'set' ? changed : { deleted: changed });
      // Running nodes on PostgreSQL re-read their rules at once (a PGlite directory has no other node).
      if (changed && database.kind === 'postgres') await announceChange(database.db, 'path-rules');
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
