import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type AccountRole, accountUsers } from '../../db/schema.ts';
import type { AccountAuth } from '../account/auth.ts';
import { normaliseEmail } from '../account/rules.ts';

/** Where the console lives: inside the account area, where its session cookie is sent. */
export const CONSOLE_PATH = '/account/console';
/** How long the link that sets a new operator's password works. */
export const INVITE_HOURS = 24;

export type StaffRole = Exclude<AccountRole, 'user'>;

export const STAFF_ROLES: readonly StaffRole[] = ['operator', 'support'];

/** The role of an account user, or null for an unknown id. */
export async function roleOfUser(db: Database, userId: string): Promise<AccountRole | null> {
  const [row] = await db
    .select({ role: accountUsers.role })
    .from(accountUsers)
    .where(eq(accountUsers.id, userId));
  return row?.role ?? null;
}

export class InviteRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InviteRefused';
  }
}

export interface Invite {
  userId: string;
  email: string;
  role: StaffRole;
  /** False when the address already had an account, which now has the role. */
  created: boolean;
  /** Single use, INVITE_HOURS long: sets the password; the console then asks for the second factor. */
  link: string;
  consoleUrl: string;
}

/**
 * Makes `email` an operator (or support): the account is created when missing (its address taken as
 * proven: the operator typed it on the server), given the role, and a one-time link to set its
 * password is made with Better Auth's own reset token, so the password is set (and hashed) by the
 * same code as every other password. `npm run operator -- create <email>` prints the link.
 */
export async function inviteStaff(
  auth: AccountAuth,
  db: Database,
  input: { email: string; role: StaffRole; accountUrl: string },
): Promise<Invite> {
  const email = normaliseEmail(input.email);
  if (!email) throw new InviteRefused(`Not an e-mail address: ${input.email}`);
  if (!STAFF_ROLES.includes(input.role)) throw new InviteRefused(`Unknown role: ${input.role}`);
  const context = await auth.$context;
  const adapter = context.internalAdapter;
  let user = (await adapter.findUserByEmail(email))?.user ?? null;
  const created = !user;
  if (!user) {
    user = await adapter.createUser(
      { email, name: email.split('@')[0] ?? email, emailVerified: true },
      { method: 'admin' },
    );
  }
  if (!user) throw new Error('The user was not created');
  await db
    .update(accountUsers)
    .set({ role: input.role, emailVerified: true })
    .where(eq(accountUsers.id, user.id));
  const token = randomBytes(24).toString('base64url');
  await adapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + INVITE_HOURS * 3_600_000),
  });
  const accountUrl = input.accountUrl.replace(/\/+$/, '');
  return {
    userId: user.id,
    email,
    role: input.role,
    created,
    link: `${accountUrl}/reset-password?token=${token}`,
    consoleUrl: `${accountUrl}${CONSOLE_PATH.slice('/account'.length)}`,
  };
}

/** Takes the console role back (the account stays, as a customer's). */
export async function revokeStaff(db: Database, email: string): Promise<boolean> {
  const address = normaliseEmail(email);
  if (!address) return false;
  const rows = await db
    .update(accountUsers)
    .set({ role: 'user' })
    .where(eq(accountUsers.email, address))
    .returning({ id: accountUsers.id });
  return rows.length > 0;
}
