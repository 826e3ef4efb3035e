import { desc } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { loadDictionaries } from '../i18n/dictionaries.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { NO_MAIL_TRANSPORT } from '../mail/transport.ts';
import { MemoryRateLimiter } from '../rate-limit.ts';
import { AccountService } from './account.ts';
import { createAccountAuth } from './auth.ts';

const log = pino({ level: 'silent' });
const BASE = 'http://localhost:4230';

/** The cookies of Set-Cookie lines as one Cookie header. */
function cookieHeader(setCookies: string[]): Headers {
  return new Headers({ cookie: setCookies.map((line) => line.split(';')[0]).join('; ') });
}

describe.each(databaseTargets())('account area on $name', (target) => {
  let handle: DatabaseHandle;
  let account: AccountService;

  const lastMail = async (to: string) => {
    const rows = await handle.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
    const mail = rows.find((row) => row.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    return { ...mail, link: /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '' };
  };
  /** Follows a mailed link through Better Auth's handler, as the browser would. */
  const open = (link: string) => account.auth.handler(new Request(link));

  beforeAll(async () => {
    handle = await target.open();
    const mail = new MailOutbox({ db: handle.db, transport: NO_MAIL_TRANSPORT, log });
    const auth = createAccountAuth({
      db: handle.db,
      mail,
      dictionaries: loadDictionaries(),
      log,
      baseUrl: BASE,
      secret: 'test-secret-test-secret-test-secret-0123',
      secureCookies: false,
    });
    account = new AccountService({
      auth,
      rateLimiter: new MemoryRateLimiter(),
      signInPerIp: 100,
      signInPerEmail: 5,
    });
  });
  afterAll(async () => {
    await handle?.close();
  });

  const signUp = (email: string, password = 'correct horse battery') =>
    account.signUp({ name: 'Ada', email, password, callbackPath: '/account/de/sign-in?verified=1' });
  const signIn = (email: string, password = 'correct horse battery', ip = '10.0.0.1') =>
    account.signIn({ email, password, ip, headers: new Headers() });

  it('mails a verification link in the page language and signs in only once it is opened', async () => {
    expect((await signUp('ada@example.com')).ok).toBe(true);
    const mail = await lastMail('ada@example.com');
    expect(mail.subject).toBe('Bestätigen Sie Ihr SwapGate-Konto');
    expect(await signIn('ada@example.com')).toMatchObject({ ok: false, code: 'unverified' });

    const verified = await open(mail.link);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/account/de/sign-in?verified=1');

    const signedIn = await signIn('ada@example.com');
    expect(signedIn.ok).toBe(true);
    if (!signedIn.ok) return;
    const cookie = signedIn.setCookies.find((line) => line.includes('session_token'));
    expect(cookie).toMatch(/Path=\/account/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(await account.user(cookieHeader(signedIn.setCookies))).toMatchObject({ email: 'ada@example.com' });
  });

  it('answers a sign-up with a known address as a new one and tells the owner', async () => {
    const again = await signUp('ada@example.com', 'another password here');
    expect(again.ok).toBe(true);
    const mail = await lastMail('ada@example.com');
    expect(mail.subject).toBe('Your SwapGate account');
    // The first password still signs in: the attempt changed nothing.
    expect((await signIn('ada@example.com', 'correct horse battery', '10.0.0.9')).ok).toBe(true);
  });

  it('locks an address out after five attempts: the sixth is refused, the right password included, with or without an account', async () => {
    await signUp('dora@example.com');
    await open((await lastMail('dora@example.com')).link);
    for (const email of ['dora@example.com', 'nobody@example.com']) {
      for (let attempt = 0; attempt < 5; attempt++) {
        expect(await signIn(email, 'wrong password!!', `10.1.0.${attempt}`)).toMatchObject({
          code: 'invalid',
        });
      }
      const locked = await signIn(email, 'correct horse battery', '10.2.0.1');
      expect(locked.ok).toBe(false);
      if (!locked.ok) expect([locked.code, locked.retryAfterSeconds! > 0]).toEqual(['locked', true]);
    }
  });

  it('issues a new session token at every sign-in, whatever cookie came in, and ends them all at once', async () => {
    await signUp('bob@example.com');
    await open((await lastMail('bob@example.com')).link);
    const first = await signIn('bob@example.com');
    if (!first.ok) throw new Error('sign-in failed');
    const fixed = cookieHeader(first.setCookies);
    const second = await account.signIn({
      email: 'bob@example.com',
      password: 'correct horse battery',
      ip: '10.0.0.1',
      headers: fixed,
    });
    if (!second.ok) throw new Error('sign-in failed');
    expect(cookieHeader(second.setCookies).get('cookie')).not.toBe(fixed.get('cookie'));
    expect(await account.user(fixed)).not.toBeNull();

    const cleared = await account.signOutEverywhere(cookieHeader(second.setCookies));
    expect(cleared.join()).toMatch(/session_token=;/);
    expect(await account.user(fixed)).toBeNull();
    expect(await account.user(cookieHeader(second.setCookies))).toBeNull();
  });

  it('resets a password with a mailed token once, and says the same for an unknown address', async () => {
    const before = await handle.db.select().from(mailOutbox);
    await account.requestPasswordReset({
      email: 'ghost@example.com',
      redirectPath: '/account/reset-password',
    });
    expect(await handle.db.select().from(mailOutbox)).toHaveLength(before.length);

    await account.requestPasswordReset({
      email: 'bob@example.com',
      redirectPath: '/account/fr/reset-password',
    });
    const mail = await lastMail('bob@example.com');
    expect(mail.subject).toBe('Définir un nouveau mot de passe SwapGate');
    const landed = await open(mail.link);
    const location = new URL(landed.headers.get('location') ?? '', BASE);
    expect(location.pathname).toBe('/account/fr/reset-password');
    const token = location.searchParams.get('token') ?? '';

    expect((await account.resetPassword({ token, password: 'a brand new password' })).ok).toBe(true);
    expect(await account.resetPassword({ token, password: 'yet another password' })).toMatchObject({
      code: 'invalid_token',
    });
    expect((await signIn('bob@example.com', 'a brand new password', '10.3.0.1')).ok).toBe(true);
  });
});
