import { asc, inArray } from 'drizzle-orm';
import { inviteStaff, revokeStaff, type StaffRole } from '../core/console/staff.ts';
import { accountUsers } from '../db/schema.ts';
import type { ControlHandler } from './control-socket.ts';
import type { AppServices } from './services.ts';

/** What the command-line tools may ask the running server to do (server/control-socket.ts). */
export function controlCommands(services: AppServices): Record<string, ControlHandler> {
  return {
    'operator.create': async (args) =>
      inviteStaff(services.account.auth, services.db, {
        email: String(args.email ?? ''),
        role: (args.role === 'support' ? 'support' : 'operator') as StaffRole,
        accountUrl: services.config.ACCOUNT_URL,
      }),
    'operator.revoke': async (args) => ({
      revoked: await revokeStaff(services.db, String(args.email ?? '')),
    }),
    'operator.list': async () => listStaff(services.db),
  };
}

export async function listStaff(db: AppServices['db']) {
  return db
    .select({ email: accountUsers.email, role: accountUsers.role, twoFactor: accountUsers.twoFactorEnabled })
    .from(accountUsers)
    .where(inArray(accountUsers.role, ['operator', 'support']))
    .orderBy(asc(accountUsers.email));
}
