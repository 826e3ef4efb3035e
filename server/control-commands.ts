import { asc, inArray } from 'drizzle-orm';
import { CLI_ACTOR, ConsoleRefused, listKeys } from '../core/console/console.ts';
import { inviteStaff, revokeStaff, type StaffRole } from '../core/console/staff.ts';
import type { PathRuleInput } from '../core/routing/path-rules.ts';
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
    // `npm run api-key` and `npm run path-rule`: the console's own actions, audited as `cli`.
    'apikey.create': async (args) =>
      services.console.createKey(CLI_ACTOR, {
        partnerId: String(args.partnerId ?? ''),
        ...(typeof args.partnerName === 'string' ? { partnerName: args.partnerName } : {}),
      }),
    'apikey.list': async () => listKeys(services.db),
    'apikey.revoke': async (args) => ({
      revoked: await done(services.console.revokeKey(CLI_ACTOR, String(args.id ?? ''))),
    }),
    'pathrule.list': async () => services.console.pathRules(),
    'pathrule.set': async (args) => services.console.savePathRule(CLI_ACTOR, pathRuleInput(args)),
    'pathrule.delete': async (args) => ({
      deleted: await done(services.console.deletePathRule(CLI_ACTOR, String(args.path ?? ''))),
    }),
  };
}

/** True when a console action was taken, false when it found nothing to act on. */
function done(action: Promise<void>): Promise<boolean> {
  return action.then(
    () => true,
    (error: unknown) => {
      if (error instanceof ConsoleRefused && error.code === 'not_found') return false;
      throw error;
    },
  );
}

export async function listStaff(db: AppServices['db']) {
  return db
    .select({ email: accountUsers.email, role: accountUsers.role, twoFactor: accountUsers.twoFactorEnabled })
    .from(accountUsers)
    .where(inArray(accountUsers.role, ['operator', 'support']))
    .orderBy(asc(accountUsers.email));
}

/** A path rule as `npm run path-rule -- set` sends it; a status other than a redirect's is refused. */
export function pathRuleInput(args: Record<string, unknown>): PathRuleInput {
  const status = args.redirectStatus === undefined ? undefined : Number(args.redirectStatus);
  if (status !== undefined && ![301, 302, 307, 308].includes(status)) {
    throw new Error(`A redirect status is 301, 302, 307 or 308, not ${String(args.redirectStatus)}`);
  }
  const middlewares: Record<string, boolean> = {};
  if (args.middlewares && typeof args.middlewares === 'object') {
    for (const [name, on] of Object.entries(args.middlewares)) middlewares[name] = on === true;
  }
  return {
    path: String(args.path ?? ''),
    redirectTo: typeof args.redirectTo === 'string' ? args.redirectTo : null,
    ...(status ? { redirectStatus: status as 301 | 302 | 307 | 308 } : {}),
    middlewares,
  };
}
