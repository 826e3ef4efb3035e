import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { mailOutbox, reviews, supportRequests } from '../db/schema.ts';
import { databaseTargets } from '../db/testing.ts';
import { type FakeRecaptcha, startFakeRecaptcha } from '../tests/fakes/recaptcha-fake.ts';
import { insertTestSwap } from '../tests/support/reviews.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const OPERATOR_TOKEN = 'operator-token-for-tests';
const FINISHED = 'ffffffffffffffffffffffffff';
const FINISHED_2 = 'gggggggggggggggggggggggggg';
const WAITING = 'wwwwwwwwwwwwwwwwwwwwwwwwww';

type ErrorJson = { error: { code: string; message: string; field?: string } };

function makeApp(handle: DatabaseHandle, env: Record<string, string> = {}) {
  return createTestApp(build, handle, {
    RATE_LIMIT_FORMS_PER_HOUR: '1000',
    OPERATOR_EMAIL: 'ops@swapgate.example',
    OPERATOR_TOKEN,
    ...env,
  }).app;
}

function post(
  app: ReturnType<typeof makeApp>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
  );
}

describe.each(databaseTargets())('forms and reviews on $name', (target) => {
  let handle: DatabaseHandle;
  let fake: FakeRecaptcha;

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    await insertTestSwap(handle.db, FINISHED, 'finished');
    await insertTestSwap(handle.db, FINISHED_2, 'finished');
    await insertTestSwap(handle.db, WAITING, 'waiting');
    fake = await startFakeRecaptcha({
      secret: 'secret',
      tokens: {
        contact: { success: true, score: 0.9, action: 'contact' },
        subscribe: { success: true, score: 0.9, action: 'subscribe' },
      },
    });
  });
  afterAll(async () => {
    await fake.close();
    await handle.close();
  });

  describe('POST /apiglobal/contact/message', () => {
    it('stores the message and queues the operator mail', async () => {
      const app = makeApp(handle);
      const response = await post(app, '/apiglobal/contact/message', {
        name: ' Ann Lee ',
        email: 'Ann@Example.com',
        message: 'Where is my swap? It has been an hour.',
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const { id } = (await response.json()) as { id: number };
      const [row] = await handle.db.select().from(supportRequests).where(eq(supportRequests.id, id));
      expect(row).toMatchObject({ kind: 'contact', name: 'Ann Lee', email: 'ann@example.com', lang: 'en' });
      const mails = await handle.db.select().from(mailOutbox);
      const mail = mails.find((item) => item.subject.includes(`#${id}`));
      expect(mail).toMatchObject({
        to: 'ops@swapgate.example',
        replyTo: 'ann@example.com',
        status: 'pending',
      });
      expect(mail?.text).toContain('Where is my swap? It has been an hour.');
      // The sender's confirmation goes to an address nobody verified: our fixed words only, nothing
      // the submitter typed (no name, no copy of the message).
      const confirmation = mails.find((item) => item.to === 'ann@example.com');
      expect(confirmation).toMatchObject({
        subject: 'We received your message',
        replyTo: 'ops@swapgate.example',
      });
      expect(confirmation?.text).toMatch(/^Hello,\n/);
      expect(confirmation?.text).toContain('If you did not contact us, please ignore this mail.');
      expect(confirmation?.text).not.toContain('Ann');
      expect(confirmation?.text).not.toContain('Where is my swap');
    });

    it('sends one confirmation a day per recipient, whatever is typed in the forms', async () => {
      const app = makeApp(handle);
      const victim = 'victim@example.org';
      for (const [path, body] of [
        [
          '/apiglobal/contact/message',
          { name: 'Buy now', email: victim, message: 'Cheap pills at spam.example' },
        ],
        [
          '/apiglobal/partners/demo',
          { company: 'Spam Inc', email: victim, monthlyVolume: 'over_1m', message: 'x' },
        ],
        [
          '/apiglobal/contact/message',
          { name: 'Again', email: victim, message: 'Another advert for spam.example' },
        ],
      ] as const) {
        expect((await post(app, path, body)).status).toBe(201);
      }
      const confirmations = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, victim));
      expect(confirmations).toHaveLength(1);
      expect(confirmations[0]?.text).not.toMatch(/spam|pills|Buy now/i);
      // The operator still hears of each request.
      const notices = (await handle.db.select().from(mailOutbox)).filter((mail) => mail.replyTo === victim);
      expect(notices).toHaveLength(3);
    });

    it('refuses line breaks and control characters in one-line fields (no header injection)', async () => {
      const app = makeApp(handle);
      const before = (await handle.db.select().from(supportRequests)).length;
      for (const [path, body, field] of [
        [
          '/apiglobal/partners/demo',
          { company: 'Evil\r\nBcc: all@example.com', email: 'a@b.co', monthlyVolume: 'over_1m' },
          'company',
        ],
        [
          '/apiglobal/contact/message',
          { name: 'Ann\nBcc: x@y.z', email: 'a@b.co', message: 'A long enough message.' },
          'name',
        ],
        [
          '/apiglobal/contact/message',
          { name: 'Ann', email: 'a@b.co', message: 'A long enough\u2028 message.\u0085' },
          'message',
        ],
      ] as const) {
        const response = await post(app, path, body, { 'accept-language': 'de' });
        expect(response.status).toBe(422);
        expect(((await response.json()) as ErrorJson).error).toEqual({
          code: 'invalid_characters',
          field,
          message:
            'Dieses Feld enthält Zeichen, die hier nicht erlaubt sind, etwa Steuerzeichen oder Zeilenumbrüche.',
        });
      }
      expect(await handle.db.select().from(supportRequests)).toHaveLength(before);
      // A message keeps its lines.
      const lines = { name: 'Ann', email: 'lines@b.co', message: 'First line,\r\nsecond line.' };
      expect((await post(app, '/apiglobal/contact/message', lines)).status).toBe(201);
    });

    it('confirms to the sender in the language of the page', async () => {
      const app = makeApp(handle);
      const response = await post(
        app,
        '/apiglobal/contact/message',
        { name: 'Jörg', email: 'joerg@example.de', message: 'Wo bleibt mein Tausch?' },
        { 'accept-language': 'de' },
      );
      expect(response.status).toBe(201);
      const [confirmation] = await handle.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'joerg@example.de'));
      expect(confirmation?.subject).toBe('Wir haben Ihre Nachricht erhalten');
      expect(confirmation?.text).toMatch(/^Hallo,\n/);
      expect(confirmation?.text).not.toContain('Jörg');
    });

    it('refuses a bad email with the field named, in the visitor’s language', async () => {
      const app = makeApp(handle);
      const before = (await handle.db.select().from(supportRequests)).length;
      const response = await post(
        app,
        '/apiglobal/contact/message',
        { name: 'Ann', email: 'ann@example', message: 'A long enough message.' },
        { 'accept-language': 'de' },
      );
      expect(response.status).toBe(422);
      expect(((await response.json()) as ErrorJson).error).toEqual({
        code: 'invalid_email',
        field: 'email',
        message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      });
      expect(await handle.db.select().from(supportRequests)).toHaveLength(before);
    });

    it('names a missing or too short field', async () => {
      const app = makeApp(handle);
      let response = await post(app, '/apiglobal/contact/message', {
        email: 'a@b.co',
        message: 'Long enough.',
      });
      expect(((await response.json()) as ErrorJson).error).toMatchObject({
        code: 'field_required',
        field: 'name',
      });
      response = await post(app, '/apiglobal/contact/message', { name: 'A', email: 'a@b.co', message: 'Hi' });
      expect(((await response.json()) as ErrorJson).error).toEqual({
        code: 'field_too_short',
        field: 'message',
        message: 'Please write at least 10 characters.',
      });
      response = await post(app, '/apiglobal/contact/message', {
        name: ['A'],
        email: 'a@b.co',
        message: 'Hi',
      });
      expect(response.status).toBe(400);
    });

    it('passes the human check for its own action only', async () => {
      const app = makeApp(handle, { RECAPTCHA_SECRET: 'secret', RECAPTCHA_VERIFY_URL: fake.url });
      const message = { name: 'Ann', email: 'ann@example.com', message: 'A long enough message.' };
      let response = await post(app, '/apiglobal/contact/message', message);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorJson).error.code).toBe('captcha_failed');
      response = await post(app, '/apiglobal/contact/message', {
        ...message,
        googleReCaptchaToken: 'subscribe',
      });
      expect(response.status).toBe(400);
      response = await post(app, '/apiglobal/contact/message', {
        ...message,
        googleReCaptchaToken: 'contact',
      });
      expect(response.status).toBe(201);
    });

    it('limits submissions per client and hour', async () => {
      const app = makeApp(handle, { RATE_LIMIT_FORMS_PER_HOUR: '2' });
      const message = { name: 'Ann', email: 'ann@example.com', message: 'A long enough message.' };
      expect((await post(app, '/apiglobal/contact/message', message)).status).toBe(201);
      expect((await post(app, '/apiglobal/coins/request', message)).status).toBe(422);
      const response = await post(app, '/apiglobal/partners/demo', message);
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });

  it('stores an add-coin request with its coin details', async () => {
    const app = makeApp(handle);
    const body = {
      name: 'Ben',
      email: 'ben@coin.example',
      coinName: 'Example Coin',
      ticker: 'EXC',
      network: 'Ethereum (ERC-20)',
      website: 'ftp://coin.example',
      message: 'A community coin since 2022.',
    };
    let response = await post(app, '/apiglobal/coins/request', body);
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorJson).error).toMatchObject({
      code: 'invalid_url',
      field: 'website',
    });
    response = await post(app, '/apiglobal/coins/request', { ...body, website: 'https://coin.example' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const [row] = await handle.db.select().from(supportRequests).where(eq(supportRequests.id, id));
    expect(row).toMatchObject({
      kind: 'add_coin',
      details: {
        coinName: 'Example Coin',
        ticker: 'EXC',
        network: 'Ethereum (ERC-20)',
        website: 'https://coin.example',
      },
    });
  });

  it('stores a partner demo request', async () => {
    const app = makeApp(handle);
    const body = { company: 'Wallet Ltd', email: 'bd@wallet.example', monthlyVolume: 'a lot' };
    let response = await post(app, '/apiglobal/partners/demo', body);
    expect(((await response.json()) as ErrorJson).error).toMatchObject({
      code: 'invalid_volume',
      field: 'monthlyVolume',
    });
    response = await post(app, '/apiglobal/partners/demo', { ...body, monthlyVolume: '100k_1m' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const [row] = await handle.db.select().from(supportRequests).where(eq(supportRequests.id, id));
    expect(row).toMatchObject({
      kind: 'partner_demo',
      name: 'Wallet Ltd',
      details: { monthlyVolume: '100k_1m' },
    });
  });

  it('counts the unsent mail in the metrics', async () => {
    const app = makeApp(handle, { METRICS_TOKEN: 'metrics-token-0123456789' });
    const metrics = await (
      await app.request('/metrics', { headers: { authorization: 'Bearer metrics-token-0123456789' } })
    ).text();
    const pending = Number(/^mail_outbox_pending (\d+)$/m.exec(metrics)?.[1]);
    // No SMTP_URL in these tests: every queued mail is still pending.
    expect(pending).toBe((await handle.db.select().from(mailOutbox)).length);
    expect(pending).toBeGreaterThan(0);
  });

  it('lists the requests to the operator with the token only', async () => {
    const app = makeApp(handle);
    expect((await app.request('/apiglobal/support/requests')).status).toBe(401);
    const response = await app.request('/apiglobal/support/requests', {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const { requests } = (await response.json()) as { requests: { kind: string; email: string }[] };
    expect(requests.map((request) => request.kind)).toEqual(
      expect.arrayContaining(['contact', 'add_coin', 'partner_demo']),
    );
    // A cursor past PostgreSQL's integers is refused, not a database error (found by the fuzzer).
    const beyond = await app.request('/apiglobal/support/requests?after=2147483648', {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(beyond.status).toBe(400);
    const without = createTestApp(build, handle, { OPERATOR_TOKEN: '' }).app;
    expect((await without.request('/apiglobal/support/requests')).status).toBe(404);
  });

  describe('reviews', () => {
    const review = { swapId: FINISHED, name: 'Cleo', rating: 5, text: 'Quick swap and a fair rate.' };

    it('takes one review per finished swap, holds it, and shows it with its rating once published', async () => {
      const { app, services } = createTestApp(build, handle, {
        RATE_LIMIT_FORMS_PER_HOUR: '1000',
        OPERATOR_EMAIL: 'ops@swapgate.example',
      });
      let page = await (await app.request('/customer-feedbacks')).text();
      expect(page).toContain('data-testid="reviews-empty"');
      expect(jsonLd(page).some((data) => 'aggregateRating' in data)).toBe(false);

      expect((await post(app, '/apiglobal/reviews', review)).status).toBe(201);
      let response = await post(app, '/apiglobal/reviews', { ...review, rating: 1 });
      expect(response.status).toBe(409);
      expect(((await response.json()) as ErrorJson).error).toEqual({
        code: 'review_exists',
        field: 'swapId',
        message: 'This swap has already been reviewed.',
      });
      response = await post(app, '/apiglobal/reviews', { ...review, swapId: WAITING });
      expect(response.status).toBe(409);
      expect(((await response.json()) as ErrorJson).error.code).toBe('review_swap_not_finished');
      response = await post(app, '/apiglobal/reviews', { ...review, swapId: 'zzzzzzzzzzzzzzzzzzzzzzzzzz' });
      expect(response.status).toBe(404);
      response = await post(app, '/apiglobal/reviews', { ...review, swapId: FINISHED_2, rating: 0 });
      expect(((await response.json()) as ErrorJson).error).toMatchObject({
        code: 'invalid_rating',
        field: 'rating',
      });
      expect(await handle.db.select().from(reviews)).toHaveLength(1);

      // Held until the operator publishes it (who is mailed it meanwhile).
      page = await (await app.request('/customer-feedbacks')).text();
      expect(page).not.toContain('Quick swap and a fair rate.');
      const [held] = await handle.db.select().from(reviews);
      expect(held?.status).toBe('held');
      const notices = await handle.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'ops@swapgate.example'));
      expect(notices.some((mail) => mail.text.includes('Quick swap and a fair rate.'))).toBe(true);
      await services.reviews.publish(held?.id as number);

      page = await (await app.request('/customer-feedbacks')).text();
      expect(page).toContain('Quick swap and a fair rate.');
      const organization = jsonLd(page).find((data) => 'aggregateRating' in data);
      expect(organization?.aggregateRating).toEqual({
        '@type': 'AggregateRating',
        ratingValue: 5,
        reviewCount: 1,
        bestRating: 5,
        worstRating: 1,
      });
    });

    it('pages by ?page, with 404 past the end and for ?page=1', async () => {
      const app = makeApp(handle);
      expect((await app.request('/customer-feedbacks?page=2')).status).toBe(404);
      expect((await app.request('/customer-feedbacks?page=1')).status).toBe(404);
      expect((await app.request('/customer-feedbacks?page=x')).status).toBe(404);
    });
  });

  describe('pages', () => {
    it('/contact and /de/contact show the form in their language', async () => {
      const app = makeApp(handle);
      const en = await (await app.request('/contact')).text();
      expect(en).toContain('data-testid="contact-form"');
      expect(en).toContain('How can we help?');
      expect(en).toContain('ops@swapgate.example');
      expect(jsonLd(en).some((data) => data['@type'] === 'ContactPage')).toBe(true);
      const de = await (await app.request('/de/contact')).text();
      expect(de).toContain('Wie können wir helfen?');
    });

    it('/for-partners shows the programmes, the calculator and the demo form', async () => {
      const app = makeApp(handle);
      const html = await (await app.request('/for-partners')).text();
      expect(html).toContain('data-testid="fee-calculator"');
      expect(html).toContain('data-testid="demo-form"');
      expect(html).toContain('https://swapgate.example/api/v1/quotes');
      // 0.2% of the default 100,000 USD a month.
      expect(html).toContain('$200.00');
    });

    it('/congrats checks the promo code', async () => {
      const app = makeApp(handle);
      const valid = await (await app.request('/congrats?code=zerofee')).text();
      expect(valid).toMatch(/data-valid="true"[^>]*>Your promo code ZEROFEE is saved/);
      const invalid = await (await app.request('/congrats?code=NOPE')).text();
      expect(invalid).toContain('The promo code NOPE is not valid or has expired.');
    });
  });
});
