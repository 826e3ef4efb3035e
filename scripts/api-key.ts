/**
 * `npm run api-key -- create <partner-id> [--name "Partner name"] | list | revoke <key-id>`: a
 * partner's API keys, each action in the console's audit log (actor `cli`). Through the running
 * server's control socket when a server runs on this data directory (PGlite's only owner), else on
 * the database directly.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config.ts';
import { AuditLog } from '../core/console/audit.ts';
import { CLI_ACTOR, createKey, listKeys, revokeKey } from '../core/console/console.ts';
import { sendControl } from '../server/control-socket.ts';
import { openDatabaseForCommand } from '../server/database.ts';

const USAGE = 'Usage: api-key create <partner-id> [--name "Partner name"] | list | revoke <key-id>';
const { positionals, values } = parseArgs({ allowPositionals: true, options: { name: { type: 'string' } } });
const [command, argument] = positionals;
if (!(command === 'list' || ((command === 'create' || command === 'revoke') && argument))) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const request =
  command === 'create'
    ? { partnerId: argument, ...(values.name ? { partnerName: values.name } : {}) }
    : { id: argument };

function print(result: unknown): void {
  if (command === 'create') {
    const { id, key } = result as { id: string; key: string };
    console.log(`Key ${id} for partner ${argument}:\n${key}\nStore it now: it is not shown again.`);
  } else if (command === 'revoke') {
    console.log(
      (result as { revoked: boolean }).revoked ? `Revoked ${argument}` : `No active key ${argument}`,
    );
  } else {
    const rows = result as {
      id: string;
      partner: string;
      prefix: string;
      createdAt: string | Date;
      revokedAt: unknown;
    }[];
    for (const row of rows) {
      console.log(
        `${row.id}\t${row.partner}\t${row.prefix}…\t${new Date(row.createdAt).toISOString()}\t${row.revokedAt ? 'revoked' : 'active'}`,
      );
    }
  }
}

try {
  const remote = await sendControl(config.DATA_DIR, `apikey.${command}`, request);
  if (remote !== null) {
    print(remote);
    process.exit(0);
  }
  // No server on this data directory: the database directly (PGlite refuses while another process has it).
  const database = await openDatabaseForCommand(config);
  await database.migrate();
  try {
    const audit = new AuditLog(database.db);
    if (command === 'create') {
      print(
        await createKey(database.db, audit, CLI_ACTOR, {
          partnerId: argument ?? '',
          ...(values.name ? { partnerName: values.name } : {}),
        }),
      );
    } else if (command === 'revoke') {
      print({ revoked: await revokeKey(database.db, audit, CLI_ACTOR, argument ?? '') });
    } else {
      print(await listKeys(database.db));
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
