/**
 * `npm run operator -- create <email> [--role support]`: makes an operator (or support) account
 * and prints a one-time link to set its password, and where the console is; `revoke <email>` takes
 * the role back; `list` shows who has one. Through the running server's control socket when a
 * server runs on this data directory (PGlite's only owner), else on the database directly.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { accountSecret, createAccountAuth } from '../core/account/auth.ts';
import { loadConfig } from '../core/config.ts';
import { type Invite, inviteStaff, revokeStaff } from '../core/console/staff.ts';
import { loadDictionaries } from '../core/i18n/dictionaries.ts';
import { MailOutbox } from '../core/mail/outbox.ts';
import { createMailTransport } from '../core/mail/transport.ts';
import { listStaff } from '../server/control-commands.ts';
import { sendControl } from '../server/control-socket.ts';
import { openDatabaseForCommand } from '../server/database.ts';

const USAGE = 'Usage: npm run operator -- create <email> [--role operator|support] | revoke <email> | list';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string', default: 'operator' } },
});
const [command, email] = positionals;
const role = values.role === 'support' ? 'support' : 'operator';
if (!(command === 'list' || ((command === 'create' || command === 'revoke') && email))) {
  console.error(USAGE);
  process.exit(2);
}
if (values.role !== 'operator' && values.role !== 'support') {
  console.error(`Unknown role ${values.role}. ${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
const request = { email, role };
const remoteCommand = `operator.${command}`;

function print(result: unknown): void {
  if (command === 'create') {
    const invite = result as Invite;
    console.log(
      [
        `${invite.created ? 'Created' : 'Updated'} ${invite.email} as ${invite.role}.`,
        `Set the password (single use, within 24 hours): ${invite.link}`,
        'Then sign in and turn on the second factor (the console asks for it).',
        `The console: ${invite.consoleUrl}`,
      ].join('\n'),
    );
  } else if (command === 'revoke') {
    console.log(
      (result as { revoked: boolean }).revoked
        ? `${email} has no console role any more`
        : `No account ${email}`,
    );
  } else {
    const rows = result as { email: string; role: string; twoFactor: boolean | null }[];
    if (rows.length === 0) console.log('No operator or support account yet.');
    for (const row of rows) console.log(`${row.email}\t${row.role}\t${row.twoFactor ? '2FA on' : '2FA off'}`);
  }
}

try {
  const remote = await sendControl(config.DATA_DIR, remoteCommand, request);
  if (remote !== null) {
    print(remote);
    process.exit(0);
  }
  // No server on this data directory: the database directly (PGlite refuses while another process has it).
  const log = pino({ level: 'warn' });
  const database = await openDatabaseForCommand(config, log);
  await database.migrate();
  try {
    if (command === 'create') {
      const mail = new MailOutbox({ db: database.db, transport: createMailTransport(config), log });
      const auth = createAccountAuth({
        db: database.db,
        mail,
        dictionaries: loadDictionaries(),
        log,
        baseUrl: config.BASE_URL,
        secret: accountSecret(config.ACCOUNT_SECRET, config.DATA_DIR),
        secureCookies: config.BASE_URL.startsWith('https:'),
      });
      print(
        await inviteStaff(auth, database.db, { email: email ?? '', role, accountUrl: config.ACCOUNT_URL }),
      );
    } else if (command === 'revoke') {
      print({ revoked: await revokeStaff(database.db, email ?? '') });
    } else {
      print(await listStaff(database.db));
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
