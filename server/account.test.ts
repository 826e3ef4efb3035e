import { base32nopad } from '@scure/base';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { databaseTargets } from '../db/testing.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const BASE = 'https://swapgate.example';
const SAME_ORIGIN = { origin: BASE, 'content-type': 'application/x-www-form-urlencoded' };

/** A tiny cookie jar: what a browser on the account area would send back. */
class Jar {
  readonly cookies = new Map<string, { value: string; path: string }>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      if (value === '' || attributes.some((a) => /^max-age=0$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }
  /** The Cookie header for a path, as a browser scopes it. */
  header(address: string): string {
    const path = address.split('?')[0] ?? address;
    return [...this.cookies]
      .filter(([, c]) => path === c.path || path.startsWith(`${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }
}

describe.each(databaseTargets())('the account area over HTTP on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    app = createTestApp(build, handle, { ACCOUNT_SIGNIN_PER_EMAIL: '3' }).app;
  });
  afterAll(async () => {
    await handle.close();
  });

  const post = (
    path: string,
    form: Record<string, string>,
    jar?: Jar,
    headers: Record<string, string> = SAME_ORIGIN,
  ) =>
    app.request(`${BASE}${path}`, {
      method: 'POST',
      headers: { ...headers, ...(jar ? { cookie: jar.header(path) } : {}) },
      body: new URLSearchParams(form).toString(),
    });
  const get = (path: string, jar?: Jar) =>
    app.request(`${BASE}${path}`, { headers: jar ? { cookie: jar.header(path) } : {} });
  const lastLink = async (to: string) => {
    const rows = await handle.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
    const mail = rows.find((row) => row.to === to);
    return { subject: mail?.subject, link: /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '' };
  };

  it('is where the header sends people: the registration page by default, noindex, never cached', async () => {
    const home = await (await get('/de/faq')).text();
    expect(home).toContain(`href="${BASE}/account/de/registration"`);
    const page = await get('/account/de/registration');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);
    const html = await page.text();
    expect(html).toContain('<h1 class="text-3xl font-bold tracking-tight md:text-4xl">Konto erstellen</h1>');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    // The site's usual prefix leads to the area's own address, where the cookie is sent.
    const prefixed = await get('/de/account/sign-in?verified=1');
    expect([prefixed.status, prefixed.headers.get('location')]).toEqual([
      301,
      '/account/de/sign-in?verified=1',
    ]);
    expect((await (await get('/robots.txt')).text()).split('\n')).toContain('Disallow: /account');
  });

  it('signs up, mails the verification link, signs in with a cookie scoped to /account and signs out everywhere', async () => {
    const jar = new Jar();
    const signUp = await post('/account/de/registration', {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(signUp.status).toBe(200);
    expect(await signUp.text()).toContain('Wir haben einen Link an ada@example.com gesendet.');
    const mail = await lastLink('ada@example.com');
    expect(mail.subject).toBe('Bestätigen Sie Ihr SwapGate-Konto');

    const early = await post('/account/de/sign-in', {
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(early.status).toBe(403);

    const verified = await get(mail.link.replace(BASE, ''));
    expect(verified.headers.get('location')).toBe('/account/de/sign-in?verified=1');

    const signIn = await post('/account/de/sign-in', {
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect([signIn.status, signIn.headers.get('location')]).toEqual([303, '/account/de']);
    jar.take(signIn);
    const session = signIn.headers.getSetCookie().find((line) => line.includes('session_token'));
    expect(session).toMatch(/Path=\/account;/);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);

    const account = await get('/account/de', jar);
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('Angemeldet als ada@example.com');

    // The public pages never see the cookie (its path) and would not change with it: same bytes.
    const strip = (html: string) => html.replace(/nonce="[^"]+"/g, '').replace(/nonce-[^']+'/g, '');
    const out = strip(await (await get('/de')).text());
    const inside = strip(
      await (await app.request('/de', { headers: { cookie: jar.header('/account') } })).text(),
    );
    expect(inside).toBe(out);

    const other = new Jar();
    other.take(
      await post('/account/sign-in', { email: 'ada@example.com', password: 'correct horse battery' }),
    );
    const everywhere = await post('/account/de', { intent: 'sign-out-all' }, jar);
    expect([everywhere.status, everywhere.headers.get('location')]).toEqual([
      303,
      '/account/de/sign-in?signedOut=1',
    ]);
    const after = await get('/account', other);
    expect([after.status, after.headers.get('location')]).toEqual([303, '/account/sign-in']);
  });

  it('refuses writes from another site, before anything is done', async () => {
    const forged = await post(
      '/account/sign-in',
      { email: 'ada@example.com', password: 'correct horse battery' },
      undefined,
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(forged.status).toBe(403);
    expect(await forged.text()).toBe('This request did not come from our site and was refused.');
    const noOrigin = await post('/account/api/auth/sign-in/email', {}, undefined, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(noOrigin.status).toBe(403);
    // React Router's data address of the area's home is in the area too.
    const data = await post('/account.data', { intent: 'sign-out-all' }, undefined, {
      origin: 'https://evil.example',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(data.status).toBe(403);
  });

  it('answers the same for unknown addresses and wrong passwords, and locks an address out', async () => {
    await post('/account/registration', {
      name: 'Cy',
      email: 'cy@example.com',
      password: 'correct horse battery',
    });
    await get((await lastLink('cy@example.com')).link.replace(BASE, ''));
    const unknown = await post('/account/sign-in', {
      email: 'nobody@example.com',
      password: 'whatever password',
    });
    const wrong = await post('/account/sign-in', { email: 'cy@example.com', password: 'wrong password!!' });
    expect([unknown.status, wrong.status]).toEqual([422, 422]);
    const message = 'The email address or the password is not correct.';
    expect(await unknown.text()).toContain(message);
    expect(await wrong.text()).toContain(message);
    await post('/account/sign-in', { email: 'cy@example.com', password: 'wrong password!!' });
    await post('/account/sign-in', { email: 'cy@example.com', password: 'wrong password!!' });
    const locked = await post('/account/sign-in', {
      email: 'cy@example.com',
      password: 'correct horse battery',
    });
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain('Too many sign-in attempts.');
  });

  it('answers a password reset request the same way for any address, and the link works once', async () => {
    const texts: string[] = [];
    for (const email of ['nobody@example.com', 'ada@example.com']) {
      const response = await post('/account/forgot-password', { email });
      expect(response.status).toBe(200);
      texts.push((await response.text()).replaceAll(email, 'EMAIL').replace(/nonce="[^"]+"/g, ''));
    }
    expect(texts[0]).toBe(texts[1]);
    const { link } = await lastLink('ada@example.com');
    const landed = await get(link.replace(BASE, ''));
    const location = new URL(landed.headers.get('location') ?? '', BASE);
    expect(location.pathname).toBe('/account/reset-password');
    const token = location.searchParams.get('token') ?? '';
    const reset = await post('/account/reset-password', { token, password: 'a brand new password' });
    expect([reset.status, reset.headers.get('location')]).toEqual([
      303,
      '/account/sign-in?passwordChanged=1',
    ]);
    const again = await post('/account/reset-password', { token, password: 'another new password' });
    expect(again.status).toBe(422);
    expect(await again.text()).toContain('This link is not valid any more.');
  });

  it('turns the second factor on and asks for it at the next sign-in', async () => {
    const { createOTP } = await import('@better-auth/utils/otp');
    await post('/account/registration', {
      name: 'Bo',
      email: 'bo@example.com',
      password: 'correct horse battery',
    });
    await get((await lastLink('bo@example.com')).link.replace(BASE, ''));
    const jar = new Jar();
    jar.take(await post('/account/sign-in', { email: 'bo@example.com', password: 'correct horse battery' }));
    const enable = await post(
      '/account',
      { intent: 'two-factor-enable', password: 'correct horse battery' },
      jar,
    );
    expect(enable.status).toBe(200);
    jar.take(enable);
    const html = await enable.text();
    const secret = /otpauth:\/\/[^"]+/.exec(html)?.[0]?.replace(/&amp;/g, '&') ?? '';
    // The URI carries the secret in base32; the codes are made from its bytes.
    const key = new TextDecoder().decode(
      base32nopad.decode(new URL(secret).searchParams.get('secret') ?? ''),
    );
    const code = await createOTP(key).totp();
    const confirm = await post('/account', { intent: 'two-factor-confirm', code }, jar);
    expect(confirm.headers.get('location')).toBe('/account?twoFactor=on');
    jar.take(confirm);
    expect(await (await get('/account?twoFactor=on', jar)).text()).toContain('Two-step sign-in is now on.');

    const fresh = new Jar();
    const step = await post('/account/sign-in', {
      email: 'bo@example.com',
      password: 'correct horse battery',
    });
    expect(step.headers.get('location')).toBe('/account/two-factor');
    fresh.take(step);
    expect((await get('/account', fresh)).status).toBe(303);
    const wrong = await post('/account/two-factor', { code: '000000' }, fresh);
    expect(wrong.status).toBe(422);
    const right = await post('/account/two-factor', { code: await createOTP(key).totp() }, fresh);
    expect(right.headers.get('location')).toBe('/account');
    fresh.take(right);
    expect((await get('/account', fresh)).status).toBe(200);
  });
});
