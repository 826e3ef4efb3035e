import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashIp } from '../core/newsletter/newsletter.ts';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { newsletterSubscribers } from '../db/schema.ts';
import { databaseTargets } from '../db/testing.ts';
import { type FakeRecaptcha, startFakeRecaptcha } from '../tests/fakes/recaptcha-fake.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();

const SECRET = 'fake-recaptcha-secret';
const INVALID_EMAIL_MESSAGE = 'Please use a valid email address.';

function makeApp(handle: DatabaseHandle, env: Record<string, string> = {}) {
  return createTestApp(build, handle, { RATE_LIMIT_SUBSCRIBE_PER_HOUR: '1000', ...env }).app;
}

type ErrorJson = { error: { code: string; message: string; field?: string } };

describe.each(databaseTargets())('/apiglobal on $name', (target) => {
  let handle: DatabaseHandle;
  let fake: FakeRecaptcha;

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    fake = await startFakeRecaptcha({
      secret: SECRET,
      tokens: {
        human: { success: true, score: 0.9, action: 'subscribe' },
        bot: { success: true, score: 0.2, action: 'subscribe' },
        login: { success: true, score: 0.9, action: 'login' },
      },
    });
  });
  afterAll(async () => {
    await fake.close();
    await handle.close();
  });

  async function subscribers(email?: string) {
    const query = handle.db.select().from(newsletterSubscribers);
    return email ? query.where(eq(newsletterSubscribers.email, email)) : query;
  }

  function post(app: ReturnType<typeof makeApp>, body: unknown, headers: Record<string, string> = {}) {
    return app.request('/apiglobal/contact/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  describe('GET /apiglobal/global', () => {
    it('answers the SPEC §3 global data from the database', async () => {
      const app = makeApp(handle);
      const response = await app.request('/apiglobal/global');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as {
        popularCrypto: { coinInfo: { name: string; code: string } }[];
        popularPairs: { pairInfo: { from: { code: string }; to: { code: string } } }[];
        socialMedias: { link: string; logo: string }[];
      };
      expect(Object.keys(body).sort()).toEqual(['popularCrypto', 'popularPairs', 'socialMedias']);
      expect(body.popularCrypto[0]).toEqual({ coinInfo: { name: 'Bitcoin', code: 'btc' } });
      expect(body.popularCrypto.length).toBeGreaterThanOrEqual(10);
      expect(body.popularPairs).toHaveLength(12);
      expect(body.popularPairs[0]).toEqual({ pairInfo: { from: { code: 'btc' }, to: { code: 'eth' } } });
      expect(body.socialMedias[0]).toEqual({ link: 'https://t.me/swapgate', logo: 'telegram' });
      expect(body.socialMedias.map((item) => item.logo)).toContain('discord');
    });

    it('is cacheable and revalidates with its ETag', async () => {
      const app = makeApp(handle);
      const response = await app.request('/apiglobal/global');
      expect(response.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
      const etag = response.headers.get('etag') as string;
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await app.request('/apiglobal/global', { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
      expect(await again.text()).toBe('');
      const weak = await app.request('/apiglobal/global', {
        headers: { 'if-none-match': `"other", W/${etag}` },
      });
      expect(weak.status).toBe(304);

      const stale = await app.request('/apiglobal/global', {
        headers: { 'if-none-match': '"something-old"' },
      });
      expect(stale.status).toBe(200);
      // Another node (another process) computes the same ETag for the same data.
      expect((await makeApp(handle).request('/apiglobal/global')).headers.get('etag')).toBe(etag);
    });
  });

  describe('POST /apiglobal/contact/subscribe without RECAPTCHA_SECRET', () => {
    it('subscribes once; a repeat answers the same and adds no row', async () => {
      const app = makeApp(handle);
      const first = await post(
        app,
        { email: '  Fan@Example.com ', googleReCaptchaToken: 'anything' },
        {
          'accept-language': 'de-DE,de;q=0.9,en;q=0.5',
        },
      );
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-store');
      expect(await first.json()).toEqual({ subscribed: true });

      const repeat = await post(app, { email: 'fan@example.com', googleReCaptchaToken: 'anything' });
      expect(repeat.status).toBe(200);
      expect(await repeat.json()).toEqual({ subscribed: true });

      const rows = await subscribers('fan@example.com');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: 'fan@example.com', lang: 'de', ipHash: null });
    });

    it('stores a hash of the client address, never the address', async () => {
      const app = makeApp(handle, { TRUST_PROXY: 'true' });
      const response = await post(
        app,
        { email: 'proxied@example.com', googleReCaptchaToken: 't' },
        { 'x-forwarded-for': '203.0.113.50' },
      );
      expect(response.status).toBe(200);
      const [row] = await subscribers('proxied@example.com');
      expect(row?.ipHash).toBe(hashIp('203.0.113.50'));
      expect(JSON.stringify(row)).not.toContain('203.0.113.50');
      expect(row?.lang).toBe('en');
    });

    it.each([
      ['no at sign', 'fan.example.com'],
      ['two at signs', 'fan@@example.com'],
      ['a space', 'fan club@example.com'],
      ['no dot in the domain', 'fan@example'],
      ['too long', `${'a'.repeat(250)}@example.com`],
      ['empty', ''],
    ])('answers 422 invalid_email with the SPEC message for %s', async (_case, email) => {
      const response = await post(makeApp(handle), { email, googleReCaptchaToken: 'anything' });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        error: { code: 'invalid_email', message: INVALID_EMAIL_MESSAGE, field: 'email' },
      });
    });

    it('treats a missing email as invalid (required)', async () => {
      const response = await post(makeApp(handle), { googleReCaptchaToken: 'anything' });
      expect(response.status).toBe(422);
      expect(((await response.json()) as ErrorJson).error.code).toBe('invalid_email');
    });

    it('refuses a NUL byte in the email with 422, never a 500', async () => {
      const response = await post(makeApp(handle), {
        email: 'fan\u0000@example.com',
        googleReCaptchaToken: 'x',
      });
      expect(response.status).toBe(422);
      expect(((await response.json()) as ErrorJson).error).toMatchObject({
        code: 'invalid_request',
        field: 'email',
      });
    });

    it('answers 400 for a malformed body', async () => {
      const app = makeApp(handle);
      const wrongType = await post(app, { email: 42, googleReCaptchaToken: 'x' });
      expect(wrongType.status).toBe(400);
      expect(((await wrongType.json()) as ErrorJson).error).toMatchObject({
        code: 'invalid_request',
        field: 'email',
      });
      const notObject = await post(app, '["fan@example.com"]');
      expect(notObject.status).toBe(400);
      expect(((await notObject.json()) as ErrorJson).error.code).toBe('invalid_request');
      const notJson = await post(app, 'email=fan@example.com');
      expect(notJson.status).toBe(400);
      expect(((await notJson.json()) as ErrorJson).error.code).toBe('invalid_json');
      const huge = await post(app, { email: 'big@example.com', googleReCaptchaToken: 'x'.repeat(40_000) });
      expect(huge.status).toBe(413);
      expect(((await huge.json()) as ErrorJson).error.code).toBe('payload_too_large');
      expect(await subscribers('big@example.com')).toHaveLength(0);
    });

    it('limits subscriptions per client and hour with 429 and Retry-After', async () => {
      const app = makeApp(handle, { RATE_LIMIT_SUBSCRIBE_PER_HOUR: '2' });
      for (const n of [1, 2]) {
        const response = await post(app, { email: `limit${n}@example.com`, googleReCaptchaToken: 'x' });
        expect(response.status).toBe(200);
      }
      const blocked = await post(app, { email: 'limit3@example.com', googleReCaptchaToken: 'x' });
      expect(blocked.status).toBe(429);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      const body = (await blocked.json()) as ErrorJson;
      expect(body.error.code).toBe('rate_limited');
      expect(body.error.message).toContain(String(retryAfter));
      expect(await subscribers('limit3@example.com')).toHaveLength(0);
    });
  });

  describe('POST /apiglobal/contact/subscribe with RECAPTCHA_SECRET (fake siteverify)', () => {
    const captchaApp = () =>
      makeApp(handle, { RECAPTCHA_SECRET: SECRET, RECAPTCHA_VERIFY_URL: fake.url, TRUST_PROXY: 'true' });

    beforeEach(() => {
      fake.setMode('ok');
      fake.requests.length = 0;
    });

    it('subscribes with a valid token, passing the secret and client address to siteverify', async () => {
      const response = await post(
        captchaApp(),
        { email: 'human@example.com', googleReCaptchaToken: 'human' },
        { 'x-forwarded-for': '198.51.100.23' },
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ subscribed: true });
      expect(fake.requests).toEqual([
        expect.objectContaining({ secret: SECRET, response: 'human', remoteip: '198.51.100.23' }),
      ]);
      expect(await subscribers('human@example.com')).toHaveLength(1);
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['unknown', 'forged'],
      ['low-scoring', 'bot'],
      ['other-action', 'login'],
    ])('answers 400 captcha_failed for a %s token and stores nothing', async (_case, token) => {
      const email = `blocked-${_case}@example.com`;
      const response = await post(captchaApp(), {
        email,
        ...(token === undefined ? {} : { googleReCaptchaToken: token }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          code: 'captcha_failed',
          message: 'We could not verify that you are human. Please try again.',
          field: 'googleReCaptchaToken',
        },
      });
      expect(await subscribers(email)).toHaveLength(0);
    });

    it('checks the human before the email', async () => {
      const response = await post(captchaApp(), { email: 'not an email', googleReCaptchaToken: 'forged' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorJson).error.code).toBe('captcha_failed');
      const human = await post(captchaApp(), { email: 'not an email', googleReCaptchaToken: 'human' });
      expect(human.status).toBe(422);
    });

    it('answers 503 captcha_unavailable when siteverify fails', async () => {
      fake.setMode('error', 500);
      const response = await post(captchaApp(), {
        email: 'later@example.com',
        googleReCaptchaToken: 'human',
      });
      expect(response.status).toBe(503);
      const body = (await response.json()) as ErrorJson;
      expect(body.error.code).toBe('captcha_unavailable');
      expect(body.error.message).toBeTruthy();
      expect(body.error.message).not.toBe('apiErrors.captcha_unavailable');
      expect(await subscribers('later@example.com')).toHaveLength(0);
    });
  });

  describe('the rest of /apiglobal', () => {
    it('still serves the dictionaries with ETags', async () => {
      const app = makeApp(handle);
      const response = await app.request('/apiglobal/locale/fr');
      expect(response.status).toBe(200);
      expect(((await response.json()) as { apiErrors: object }).apiErrors).toBeTruthy();
      const etag = response.headers.get('etag') as string;
      expect((await app.request('/apiglobal/locale/fr', { headers: { 'if-none-match': etag } })).status).toBe(
        304,
      );
      const unknown = await app.request('/apiglobal/locale/xx');
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({
        error: { code: 'unknown_locale', message: "Unknown language: 'xx'" },
      });
    });

    it('answers unknown paths and methods with a JSON 404', async () => {
      const app = makeApp(handle);
      const unknown = await app.request('/apiglobal/nothing');
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as ErrorJson).error.code).toBe('not_found');
      expect((await app.request('/apiglobal/contact/subscribe')).status).toBe(404);
    });
  });
});
