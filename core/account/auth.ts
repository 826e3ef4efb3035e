import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import {
  accountCredentials,
  accountPasskeys,
  accountSessions,
  accountTwoFactors,
  accountUsers,
  accountVerifications,
} from '../../db/schema.ts';
import type { Dictionary } from '../i18n/dictionaries.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../i18n/languages.ts';
import { translate } from '../i18n/translate.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { splitLanguage } from '../routing/paths.ts';

/** Where the account area lives on this server; its session cookie is scoped to it. */
export const ACCOUNT_PATH = '/account';
/** Better Auth's own endpoints (verification links, the JSON API for scripts). */
export const AUTH_BASE_PATH = `${ACCOUNT_PATH}/api/auth`;
/** A session lasts this long and is renewed once a day while used. */
const SESSION_DAYS = 14;

export interface AccountAuthOptions {
  db: Database;
  mail: MailOutbox;
  dictionaries: ReadonlyMap<string, Dictionary>;
  log: Logger;
  baseUrl: string;
  secret: string;
  /** Production serves https only: the cookies are `Secure` and `__Secure-` prefixed. */
  secureCookies: boolean;
  /** Other origins whose pages may write to the area (the public site, when the area has its own host). */
  otherOrigins?: string[];
}

/** The language of an account-area path (`/account/de/sign-in` → de), English otherwise. */
export function accountPathLanguage(path: string | null | undefined): Lang {
  if (!path?.startsWith('/')) return DEFAULT_LANG;
  try {
    const { lang } = splitLanguage(new URL(path, 'http://x').pathname);
    return isLang(lang) ? lang : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

/** The language of a Better Auth link: the account page it returns to (`callbackURL`). */
function linkLanguage(url: string): Lang {
  try {
    return accountPathLanguage(new URL(url).searchParams.get('callbackURL'));
  } catch {
    return DEFAULT_LANG;
  }
}

/**
 * Better Auth (docs/decisions/013) on our database through its Drizzle adapter: email and
 * password (scrypt), verification and reset mails through the mail outbox, the TOTP second
 * factor, passkeys (WebAuthn), sessions in `account_sessions` behind a signed cookie scoped to `/account`.
 */
export function createAccountAuth(options: AccountAuthOptions) {
  const { mail, dictionaries } = options;
  const text = (lang: Lang, key: string, params?: Record<string, string | number>) =>
    translate(dictionaries, lang, `account.mail.${key}`, params);
  const send = async (to: string, lang: Lang, kind: string, url: string) => {
    await mail.enqueue({
      to,
      subject: text(lang, `${kind}.subject`),
      text: [
        text(lang, 'hello'),
        '',
        text(lang, `${kind}.body`),
        '',
        url,
        '',
        text(lang, `${kind}.ignore`),
        '',
        text(lang, 'signature'),
      ].join('\n'),
    });
  };

  return betterAuth({
    appName: 'SwapGate',
    baseURL: options.baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: accountUsers,
        session: accountSessions,
        account: accountCredentials,
        verification: accountVerifications,
        twoFactor: accountTwoFactors,
        passkey: accountPasskeys,
      },
    }),
    logger: {
      log: (level, message) => {
        const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug';
        options.log[method]({ component: 'account' }, message);
      },
    },
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      // No session before the address is proven; sign-up with a known address answers as for a
      // new one and tells the owner instead (no enumeration).
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: ({ user, url }) => send(user.email, linkLanguage(url), 'reset', url),
      onExistingUserSignUp: async ({ user }) => {
        await send(user.email, DEFAULT_LANG, 'existing', `${options.baseUrl}${ACCOUNT_PATH}/forgot-password`);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: ({ user, url }) => send(user.email, linkLanguage(url), 'verify', url),
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    plugins: [
      twoFactor({ issuer: 'SwapGate' }),
      // WebAuthn on the area's own origin: the relying party is its host name (a passkey made on
      // `account.example.com` is for that host), and only that origin may answer a ceremony.
      passkey({
        rpName: 'SwapGate',
        rpID: passkeyRelyingParty(options.baseUrl).rpID,
        origin: passkeyRelyingParty(options.baseUrl).origin,
        // No "passkey-first" sign-up: a passkey is added by a signed-in user whose address is proven.
        registration: { requireSession: true },
        advanced: { webAuthnChallengeCookie: 'passkey-challenge' },
      }),
    ],
    // Writes from other sites are refused by the server before they get here too (server/account.ts).
    trustedOrigins: [new URL(options.baseUrl).origin, ...(options.otherOrigins ?? [])],
    rateLimit: { enabled: true, window: 60, max: 60 },
    advanced: {
      useSecureCookies: options.secureCookies,
      cookiePrefix: 'sg-account',
      defaultCookieAttributes: { path: ACCOUNT_PATH, sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: ['x-account-client-ip'] },
    },
  });
}

export type AccountAuth = ReturnType<typeof createAccountAuth>;

/**
 * The WebAuthn relying party of the account area: its host name (no port) and its origin, both
 * from the area's address (ACCOUNT_URL, by default `{BASE_URL}/account`).
 */
export function passkeyRelyingParty(accountUrl: string): { rpID: string; origin: string } {
  const url = new URL(accountUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** ACCOUNT_SECRET, else one random secret kept in the data directory across restarts. */
export function accountSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'account-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Not made yet.
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
