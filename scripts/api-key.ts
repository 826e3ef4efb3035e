import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../core/config.ts';
import { createApiKey, revokeApiKey } from '../core/partners/api-keys.ts';
import { apiKeys, partners } from '../db/schema.ts';
import { openDatabaseForCommand } from '../server/database.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { name: { type: 'string' } } });
const [command, argument] = positionals;
const config = loadConfig();
const database = await openDatabaseForCommand(config);
await database.migrate();
try {
  if (command === 'create' && argument) {
    const { id, key } = await createApiKey(database.db, {
      id: argument,
      ...(values.name ? { name: values.name } : {}),
    });
    console.log(`Key ${id} for partner ${argument}:\n${key}\nStore it now: it is not shown again.`);
  } else if (command === 'list') {
    const rows = await database.db
      .select({
        id: apiKeys.id,
        partner: partners.name,
        prefix: apiKeys.prefix,
        createdAt: apiKeys.createdAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .innerJoin(partners, eq(partners.id, apiKeys.partnerId));
    for (const row of rows) {
      console.log(
        `${row.id}\t${row.partner}\t${row.prefix}…\t${row.createdAt.toISOString()}\t${row.revokedAt ? 'revoked' : 'active'}`,
      );
    }
  } else if (command === 'revoke' && argument) {
    console.log(
      (await revokeApiKey(database.db, argument)) ? `Revoked ${argument}` : `No active key ${argument}`,
    );
  } else {
    console.error('Usage: api-key create <partner-id> [--name "Partner name"] | list | revoke <key-id>');
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
