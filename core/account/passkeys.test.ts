import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { accountPasskeys, accountSessions, mailOutbox } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { FakeAuthenticator } from '../../tests/fakes/webauthn-authenticator.ts';
import { loadDictionaries } from '../i18n/dictionaries.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { NO_MAIL_TRANSPORT } from '../mail/transport.ts';
import { MemoryRateLimiter } from '../rate-limit.ts';
import { AccountService } from './account.ts';
import { AUTH_BASE_PATH, createAccountAuth, passkeyRelyingParty } from './auth.ts';

const log = pino({ level: 'silent' });
const BASE = 'http://localhost:4231';
const PASSKEY = `${BASE}${AUTH_BASE_PATH}/passkey`;

/** What the passkey endpoints answer, as far as the tests read it. */
type Answer = Record<string, unknown> & { id: string; user: { id: string } };

/** A cookie jar: the `name=value` of Set-Cookie lines, later ones replacing earlier ones. */
class Jar {
  readonly #cookies = new Map<string, string>();
  constructor(lines: string[] = []) {
    this.take(lines);
  }
  take(lines: string[]): this {
    for (const line of lines) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /Max-Age=0/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return this;
  }
  headers(extra: Record<string, string> = {}): Headers {
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Headers({ ...(cookie ? { cookie } : {}), ...extra });
  }
  has(part: string): boolean {
    return [...this.#cookies.keys()].some((name) => name.includes(part));
  }
}

describe('the passkey relying party', () => {
  it('is the account area host without its port, and its origin', () => {
    expect(passkeyRelyingParty('http://localhost:4173/account')).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:4173',
    });
    expect(passkeyRelyingParty('https://account.swapgate.io')).toEqual({
      rpID: 'account.swapgate.io',
      origin: 'https://account.swapgate.io',
    });
  });
});

describe.each(databaseTargets())('passkeys on $name', (target) => {
  let handle: DatabaseHandle;
  let account: AccountService;

  /** Better Auth's HTTP handler, as the page's script calls it (same origin, cookies of the jar). */
  const call = async (jar: Jar, path: string, body?: unknown, origin = BASE) => {
    const response = await account.auth.handler(
      new Request(`${PASSKEY}/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: jar.headers({
          ...(body === undefined ? {} : { 'content-type': 'application/json', origin }),
          'x-account-client-ip': '10.9.0.1',
        }),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    jar.take(response.headers.getSetCookie());
    return {
      status: response.status,
      json: (await response.json().catch(() => null)) as Answer,
    };
  };

  /** A signed-up, verified and signed-in user's cookies. */
  const signedIn = async (email: string): Promise<Jar> => {
    await account.signUp({ name: 'Ada', email, password: 'correct horse battery', callbackPath: '/account' });
    const rows = await handle.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
    const link = /https?:\/\/\S+/.exec(rows.find((row) => row.to === email)?.text ?? '')?.[0] ?? '';
    await account.auth.handler(new Request(link));
    const result = await account.signIn({
      email,
      password: 'correct horse battery',
      ip: '10.0.0.1',
      headers: new Headers(),
    });
    if (!result.ok) throw new Error(`sign-in failed: ${result.code}`);
    return new Jar(result.setCookies);
  };

  /** Registers a passkey for a signed-in jar with the given authenticator. */
  const register = async (jar: Jar, device: FakeAuthenticator, name?: string) => {
    const options = await call(jar, 'generate-register-options');
    expect(options.status).toBe(200);
    return call(jar, 'verify-registration', { response: device.register(options.json as never), name });
  };

  beforeAll(async () => {
    handle = await target.open();
    const mail = new MailOutbox({ db: handle.db, transport: NO_MAIL_TRANSPORT, log });
    account = new AccountService({
      auth: createAccountAuth({
        db: handle.db,
        mail,
        dictionaries: loadDictionaries(),
        log,
        baseUrl: BASE,
        secret: 'test-secret-test-secret-test-secret-0123',
        secureCookies: false,
      }),
      rateLimiter: new MemoryRateLimiter(),
      signInPerIp: 100,
      signInPerEmail: 50,
    });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('registers a passkey for the signed-in user, lists it, and signs in with it into a new session', async () => {
    const jar = await signedIn('pia@example.com');
    const device = new FakeAuthenticator(BASE);
    const options = await call(jar, 'generate-register-options');
    expect(options.json.rp).toEqual({ name: 'SwapGate', id: 'localhost' });
    // The challenge cookie is scoped to the account area like the session's.
    expect(jar.has('passkey-challenge')).toBe(true);
    const registered = await call(jar, 'verify-registration', {
      response: device.register(options.json as never),
      name: 'Laptop',
    });
    expect(registered.status).toBe(200);

    const listed = await account.passkeys(jar.headers());
    expect(listed).toEqual([
      { id: registered.json.id, name: 'Laptop', createdAt: expect.any(String), multiDevice: false },
    ]);

    // Signed out, a fresh browser signs in with the passkey alone.
    const browser = new Jar();
    const challenge = await call(browser, 'generate-authenticate-options');
    expect(challenge.status).toBe(200);
    const answer = device.authenticate(challenge.json as never);
    const signedInWithKey = await call(browser, 'verify-authentication', { response: answer });
    expect(signedInWithKey.status).toBe(200);
    expect(browser.has('session_token')).toBe(true);
    expect(await account.user(browser.headers())).toMatchObject({ email: 'pia@example.com' });
    const sessions = await handle.db
      .select()
      .from(accountSessions)
      .where(eq(accountSessions.userId, signedInWithKey.json.user.id));
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    // The counter moved on: a replayed assertion is refused, its challenge used up as well.
    const [row] = await handle.db
      .select()
      .from(accountPasskeys)
      .where(eq(accountPasskeys.id, registered.json.id));
    expect(row?.counter).toBe(1);
    expect((await call(browser, 'verify-authentication', { response: answer })).status).toBe(400);
  });

  it('refuses a registration without a session, and answers from another origin', async () => {
    expect((await call(new Jar(), 'generate-register-options')).status).toBe(401);

    const jar = await signedIn('quinn@example.com');
    const device = new FakeAuthenticator(BASE);
    const options = await call(jar, 'generate-register-options');
    // A look-alike page relaying the ceremony: the browser signs its own origin into clientDataJSON.
    const phished = device.register(options.json as never, 'http://localhost.evil.example');
    const refused = await call(jar, 'verify-registration', { response: phished });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await account.passkeys(jar.headers())).toEqual([]);

    // A sign-in answer made for another origin is refused too.
    await register(jar, device);
    const browser = new Jar();
    const challenge = await call(browser, 'generate-authenticate-options');
    const wrongOrigin = device.authenticate(
      challenge.json as never,
      'http://localhost.evil.example',
      device.credentials.at(-1),
    );
    expect((await call(browser, 'verify-authentication', { response: wrongOrigin })).status).toBe(400);
    expect(browser.has('session_token')).toBe(false);
  });

  it("deletes the user's own passkey, which then signs in no more; another user's is not found", async () => {
    const owner = await signedIn('rosa@example.com');
    const stranger = await signedIn('sam@example.com');
    const device = new FakeAuthenticator(BASE);
    const registered = await register(owner, device, 'Phone');
    const id = registered.json.id as string;

    expect(await account.deletePasskey({ id, headers: stranger.headers() })).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await account.passkeys(owner.headers())).toHaveLength(1);

    expect((await account.deletePasskey({ id, headers: owner.headers() })).ok).toBe(true);
    expect(await account.passkeys(owner.headers())).toEqual([]);
    const browser = new Jar();
    const challenge = await call(browser, 'generate-authenticate-options');
    const answer = device.authenticate(challenge.json as never);
    expect((await call(browser, 'verify-authentication', { response: answer })).status).toBe(401);
    expect(browser.has('session_token')).toBe(false);
  });
});
