import { createHash } from 'node:crypto';
import { APIError } from 'better-auth/api';
import type { RateLimiter } from '../rate-limit.ts';
import type { AccountAuth } from './auth.ts';

export { MAX_PASSWORD, MIN_PASSWORD, normaliseEmail, validPassword } from './rules.ts';

/** The signed-in person as the account pages show them. */
export interface AccountUser {
  id: string;
  name: string;
  email: string;
  twoFactorEnabled: boolean;
}

/** A passkey as the security page lists it. */
export interface AccountPasskey {
  id: string;
  name: string | null;
  createdAt: string | null;
  /** Synced between devices (`multiDevice`) or bound to one authenticator. */
  multiDevice: boolean;
}

/** What a write answers: cookies to set (or clear) and the outcome's code for the page. */
export type Outcome<T extends string, E = object> =
  | ({ ok: true; setCookies: string[] } & E)
  | { ok: false; code: T; retryAfterSeconds?: number };

/** The window sign-in attempts are counted in. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
function emailKey(email: string): string {
  return createHash('sha256').update(email).digest('hex').slice(0, 32);
}

function cookiesOf(headers: Headers | undefined): string[] {
  return headers?.getSetCookie() ?? [];
}

/** Better Auth's error code (`INVALID_EMAIL_OR_PASSWORD`, …), or null for anything else. */
function codeOf(error: unknown): string | null {
  if (error instanceof APIError) {
    const body = error.body as { code?: unknown } | undefined;
    return typeof body?.code === 'string' ? body.code : String(error.status);
  }
  return null;
}

/**
 * The account area's writes on top of Better Auth (core/account/auth.ts), as route actions need
 * them: inputs checked, sign-in limited per client address and per email address, and every answer that could
 * tell whether an address has an account made the same for both.
 */
export class AccountService {
  readonly auth: AccountAuth;
  readonly #limiter: RateLimiter;
  readonly #perIp: number;
  readonly #perEmail: number;

  constructor(options: {
    auth: AccountAuth;
    rateLimiter: RateLimiter;
    signInPerIp: number;
    signInPerEmail: number;
  }) {
    this.auth = options.auth;
    this.#limiter = options.rateLimiter;
    this.#perIp = options.signInPerIp;
    this.#perEmail = options.signInPerEmail;
  }

  /** The signed-in user of a request, or null. */
  async user(headers: Headers): Promise<AccountUser | null> {
    const session = await this.auth.api.getSession({ headers }).catch((error: unknown) => {
      // A bad or expired cookie is no session; a database failure is not hidden as one.
      if (codeOf(error) !== null) return null;
      throw error;
    });
    if (!session) return null;
    const { id, name, email, twoFactorEnabled } = session.user as typeof session.user & {
      twoFactorEnabled?: boolean | null;
    };
    return { id, name, email, twoFactorEnabled: twoFactorEnabled === true };
  }

  /** Registers an address; answers the same whether it had an account (its owner gets a mail). */
  async signUp(input: {
    name: string;
    email: string;
    password: string;
    callbackPath: string;
  }): Promise<Outcome<'invalid'>> {
    try {
      await this.auth.api.signUpEmail({
        body: {
          name: input.name,
          email: input.email,
          password: input.password,
          callbackURL: input.callbackPath,
        },
      });
      return { ok: true, setCookies: [] };
    } catch (error) {
      if (codeOf(error) === null) throw error;
      return { ok: false, code: 'invalid' };
    }
  }

  /**
   * Signs in: a new session (a fresh token, whatever cookie came in), or the second factor's
   * step. Refused past `signInPerIp` attempts per client address or `signInPerEmail` per
   * email address (with or without an account alike) in 15 minutes, with the time to wait.
   */
  async signIn(input: {
    email: string;
    password: string;
    ip: string;
    headers: Headers;
  }): Promise<Outcome<'invalid' | 'locked' | 'unverified', { twoFactor: boolean }>> {
    const byIp = await this.#limiter.hit(`account:signin:ip:${input.ip}`, this.#perIp, SIGN_IN_WINDOW_MS);
    if (!byIp.allowed) return { ok: false, code: 'locked', retryAfterSeconds: byIp.retryAfterSeconds };
    const byEmail = await this.#limiter.hit(
      `account:signin:email:${emailKey(input.email)}`,
      this.#perEmail,
      SIGN_IN_WINDOW_MS,
    );
    if (!byEmail.allowed) return { ok: false, code: 'locked', retryAfterSeconds: byEmail.retryAfterSeconds };
    try {
      const { headers, response } = await this.auth.api.signInEmail({
        body: { email: input.email, password: input.password, rememberMe: true },
        headers: input.headers,
        returnHeaders: true,
      });
      const twoFactor = (response as { twoFactorRedirect?: boolean }).twoFactorRedirect === true;
      return { ok: true, setCookies: cookiesOf(headers), twoFactor };
    } catch (error) {
      const code = codeOf(error);
      if (code === null) throw error;
      if (code === 'EMAIL_NOT_VERIFIED') return { ok: false, code: 'unverified' };
      return { ok: false, code: 'invalid' };
    }
  }

  /** The second step of a sign-in with TOTP: a 6-digit code or a backup code. */
  async verifySecondFactor(input: { code: string; headers: Headers }): Promise<Outcome<'invalid'>> {
    const code = input.code.replace(/\s+/g, '');
    try {
      const { headers } = /^\d{6}$/.test(code)
        ? await this.auth.api.verifyTOTP({ body: { code }, headers: input.headers, returnHeaders: true })
        : await this.auth.api.verifyBackupCode({
            body: { code },
            headers: input.headers,
            returnHeaders: true,
          });
      return { ok: true, setCookies: cookiesOf(headers) };
    } catch (error) {
      if (codeOf(error) === null) throw error;
      return { ok: false, code: 'invalid' };
    }
  }

  /** Mails a reset link if the address has an account; answers the same either way. */
  async requestPasswordReset(input: { email: string; redirectPath: string }): Promise<void> {
    try {
      await this.auth.api.requestPasswordReset({
        body: { email: input.email, redirectTo: input.redirectPath },
      });
    } catch (error) {
      if (codeOf(error) === null) throw error;
    }
  }

  /** Sets a new password with a reset token (single use, an hour); every session ends. */
  async resetPassword(input: { token: string; password: string }): Promise<Outcome<'invalid_token'>> {
    try {
      await this.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
      return { ok: true, setCookies: [] };
    } catch (error) {
      if (codeOf(error) === null) throw error;
      return { ok: false, code: 'invalid_token' };
    }
  }

  /** Ends this session and clears its cookie. */
  async signOut(headers: Headers): Promise<string[]> {
    try {
      const result = await this.auth.api.signOut({ headers, returnHeaders: true });
      return cookiesOf(result.headers);
    } catch (error) {
      if (codeOf(error) === null) throw error;
      return [];
    }
  }

  /** Ends every session of the signed-in user, this one included. */
  async signOutEverywhere(headers: Headers): Promise<string[]> {
    await this.auth.api.revokeSessions({ headers });
    return this.signOut(headers);
  }

  /** Starts the second factor: its otpauth:// URI and backup codes, confirmed by a first code. */
  async enableTwoFactor(input: {
    password: string;
    headers: Headers;
  }): Promise<Outcome<'invalid', { totpURI: string; backupCodes: string[] }>> {
    try {
      const { headers, response } = await this.auth.api.enableTwoFactor({
        body: { password: input.password },
        headers: input.headers,
        returnHeaders: true,
      });
      if (!('totpURI' in response)) return { ok: false, code: 'invalid' };
      return {
        ok: true,
        setCookies: cookiesOf(headers),
        totpURI: response.totpURI,
        backupCodes: response.backupCodes,
      };
    } catch (error) {
      if (codeOf(error) === null) throw error;
      return { ok: false, code: 'invalid' };
    }
  }

  /** The signed-in user's passkeys, newest first. */
  async passkeys(headers: Headers): Promise<AccountPasskey[]> {
    const list = await this.auth.api.listPasskeys({ headers });
    return list
      .map((key) => ({
        id: key.id,
        name: key.name?.trim() || null,
        createdAt: key.createdAt ? new Date(key.createdAt).toISOString() : null,
        multiDevice: key.deviceType === 'multiDevice',
      }))
      .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
  }

  /** Deletes one of the signed-in user's passkeys; another user's (or an unknown id) is `not_found`. */
  async deletePasskey(input: { id: string; headers: Headers }): Promise<Outcome<'not_found'>> {
    try {
      await this.auth.api.deletePasskey({ body: { id: input.id }, headers: input.headers });
      return { ok: true, setCookies: [] };
    } catch (error) {
      if (codeOf(error) === null) throw error;
      return { ok: false, code: 'not_found' };
    }
  }

  /** Switches the second factor off (the password proves it is the owner). */
  async disableTwoFactor(input: { password: string; headers: Headers }): Promise<Outcome<'invalid'>> {
    try {
      const { headers } = await this.auth.api.disableTwoFactor({
        body: { password: input.password },
        headers: input.headers,
        returnHeaders: true,
      });
      return { ok: true, setCookies: cookiesOf(headers) };
    } catch (error) {
      if (codeOf(error) === null) throw error;
      return { ok: false, code: 'invalid' };
    }
  }
}
