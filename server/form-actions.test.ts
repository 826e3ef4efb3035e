import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDictionaries } from '../core/i18n/dictionaries.ts';
import { translate } from '../core/i18n/translate.ts';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { reviews, supportRequests } from '../db/schema.ts';
import { databaseTargets } from '../db/testing.ts';
import { insertTestSwap } from '../tests/support/reviews.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

/**
 * The contact, add-coin, partner-demo and review forms as plain HTML posts to their pages' route
 * actions (app/support/form-action.server.ts): the same rules, core services and limits as their
 * JSON endpoints under /apiglobal, with post/redirect/get (docs/decisions/015).
 */

const build = await loadServerBuild();
const BASE = 'https://swapgate.example';
const FORM = { origin: BASE, 'content-type': 'application/x-www-form-urlencoded' };
const FINISHED = 'hhhhhhhhhhhhhhhhhhhhhhhhhh';
const dictionaries = loadDictionaries();
const text = (lang: 'en' | 'de' | 'ja', key: string, values: Record<string, number> = {}) =>
  translate(dictionaries, lang, key, values);

/** The text as React writes it into HTML (apostrophes and quotes escaped). */
const html = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;');

function makeApp(handle: DatabaseHandle, env: Record<string, string> = {}) {
  return createTestApp(build, handle, { RATE_LIMIT_FORMS_PER_HOUR: '1000', ...env }).app;
}

function postForm(
  app: ReturnType<typeof makeApp>,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return app.request(`${BASE}${path}`, {
    method: 'POST',
    headers: { ...FORM, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe.each(databaseTargets())('form route actions on $name', (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    await insertTestSwap(handle.db, FINISHED, 'finished');
  });
  afterAll(async () => {
    await handle.close();
  });

  it('a contact post is stored and sends the visitor back to the thanks, nothing typed in the URL', async () => {
    const app = makeApp(handle);
    const response = await postForm(app, '/contact', {
      form: 'contact-form',
      name: 'Ann Plain',
      email: 'Ann.Plain@Example.com',
      message: 'Where is my swap? Sent without JavaScript.',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact?sent=contact-form#contact-form');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const [row] = await handle.db.select().from(supportRequests).where(eq(supportRequests.name, 'Ann Plain'));
    expect(row).toMatchObject({ kind: 'contact', email: 'ann.plain@example.com' });

    const thanks = await (await app.request(`${BASE}/contact?sent=contact-form`)).text();
    expect(thanks).toContain('data-testid="contact-form-success"');
    expect(thanks).not.toContain('data-testid="add-coin-form-success"');
  });

  it('a refused field comes back 422 in the page’s language, with what was typed', async () => {
    const app = makeApp(handle);
    const response = await postForm(app, '/de/contact', {
      form: 'contact-form',
      name: 'Bea Typed',
      email: 'not-an-address',
      message: 'Eine Frage zu meinem Tausch.',
    });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain('data-testid="contact-form-email-error"');
    expect(page).toContain(html(text('de', 'apiErrors.invalid_email')));
    expect(page).toContain('value="Bea Typed"');
    expect(page).toContain('Eine Frage zu meinem Tausch.');
  });

  it('the add-coin and demo forms take their own fields and rules', async () => {
    const app = makeApp(handle);
    const coin = await postForm(app, '/contact', {
      form: 'add-coin-form',
      name: 'Cy Coin',
      email: 'cy@example.com',
      coinName: 'Plaincoin',
      ticker: 'PLN',
      network: 'Ethereum',
      website: 'not a url',
      message: 'Please list our coin on your exchange.',
    });
    expect(coin.status).toBe(422);
    expect(await coin.text()).toContain(html(text('en', 'apiErrors.invalid_url')));

    const demo = await postForm(app, '/ja/for-partners', {
      form: 'demo-form',
      company: 'Plain Ltd',
      email: 'demo@example.com',
      monthlyVolume: 'lots',
    });
    expect(demo.status).toBe(422);
    expect(await demo.text()).toContain(html(text('ja', 'apiErrors.invalid_volume')));

    const sent = await postForm(app, '/ja/for-partners', {
      form: 'demo-form',
      company: 'Plain Ltd',
      email: 'demo@example.com',
      monthlyVolume: '10k_100k',
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/ja/for-partners?sent=demo-form#demo-form');
  });

  it('a review of a finished swap is stored; an unknown swap is refused on its field', async () => {
    const app = makeApp(handle);
    const unknown = await postForm(app, '/customer-feedbacks', {
      form: 'review-form',
      swapId: 'zzzzzzzzzzzzzzzzzzzzzzzzzz',
      name: 'Dee',
      rating: '5',
      text: 'Fast and simple, thank you.',
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(html(text('en', 'apiErrors.swap_not_found')));

    const sent = await postForm(app, '/customer-feedbacks', {
      form: 'review-form',
      swapId: FINISHED.toUpperCase(),
      name: 'Dee',
      rating: '5',
      text: 'Fast and simple, thank you.',
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/customer-feedbacks?sent=review-form#review-form');
    const [row] = await handle.db.select().from(reviews).where(eq(reviews.swapId, FINISHED));
    expect(row).toMatchObject({ name: 'Dee', rating: 5 });
  });

  it('a form the page does not have, and another site’s post, are refused', async () => {
    const app = makeApp(handle);
    expect((await postForm(app, '/for-partners', { form: 'contact-form' })).status).toBe(400);
    const crossSite = await postForm(
      app,
      '/contact',
      { form: 'contact-form', name: 'Eve', email: 'eve@example.com', message: 'From another site.' },
      { origin: 'https://evil.example' },
    );
    // Refused before any write: by the guard (403), or already by React Router's own origin check (400).
    expect([400, 403]).toContain(crossSite.status);
    expect(await handle.db.select().from(supportRequests).where(eq(supportRequests.name, 'Eve'))).toEqual([]);
  });

  it('with the human check on, a plain post without its token is told plainly that it needs JavaScript', async () => {
    const app = makeApp(handle, {
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
    });
    const response = await postForm(app, '/contact', {
      form: 'contact-form',
      name: 'Fay',
      email: 'fay@example.com',
      message: 'Sent with scripts off.',
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('data-testid="contact-form-error"');
    expect(page).toContain(html(text('en', 'forms.needsJavaScript')));
    expect(page).toContain('value="Fay"');
  });

  it('the action and the JSON endpoint count against one limit per client', async () => {
    const app = makeApp(handle, { RATE_LIMIT_FORMS_PER_HOUR: '2' });
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    const fields = {
      form: 'contact-form',
      name: 'Gus',
      email: 'gus@example.com',
      message: 'Counting my posts.',
    };
    expect((await postForm(app, '/contact', fields, ip)).status).toBe(303);
    const json = await app.request(`${BASE}/apiglobal/contact/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ip },
      body: JSON.stringify({ name: 'Gus', email: 'gus@example.com', message: 'Counting my posts.' }),
    });
    expect(json.status).toBe(201);
    const over = await postForm(app, '/contact', fields, ip);
    expect(over.status).toBe(429);
    const jsonOver = await app.request(`${BASE}/apiglobal/contact/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ip },
      body: JSON.stringify({ name: 'Gus', email: 'gus@example.com', message: 'Counting my posts.' }),
    });
    expect(jsonOver.status).toBe(429);
  });

  describe('the fiat widget without JavaScript', () => {
    const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const COMPARE = '/buy/btc?side=buy&fiat=usd&coin=btc&amount=150&paymentMethod=';
    let fiatApp: ReturnType<typeof makeApp>;
    beforeAll(async () => {
      const created = createTestApp(build, handle, { SANDBOX_STEP_DELAY_MS: '0' });
      fiatApp = created.app;
      await created.services.market.refresh();
    });

    it('"Show offers" is a GET whose offers the server renders, with the order form beside it', async () => {
      const response = await fiatApp.request(`${BASE}${COMPARE}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('no-store');
      const page = await response.text();
      expect(page).toContain('data-testid="fiat-offers"');
      expect(page).toMatch(/name="offer"[^>]*value="[a-z-]+ [a-z_]+"/);
      const order = /<form[^>]*id="(fiat-order[^"]*)"[^>]*>/.exec(page);
      expect(order?.[0]).toContain('method="post"');
      expect(page).toContain(`form="${order?.[1]}"`);

      const bad = await (
        await fiatApp.request(`${BASE}/de/buy/btc?side=buy&fiat=usd&coin=btc&amount=abc`)
      ).text();
      expect(bad).toContain('data-testid="fiat-problem"');
      expect(bad).toContain(html(text('de', 'apiErrors.invalid_request', {}).replace('{{field}}', 'amount')));
    });

    it('the order is a plain post: 303 to its checkout, the address only in the body', async () => {
      const page = await (await fiatApp.request(`${BASE}${COMPARE}`)).text();
      const offer = /name="offer"[^>]*value="([a-z-]+ [a-z_]+)"/.exec(page)?.[1] ?? '';
      const key = /name="key" value="([\w-]+)"/.exec(page)?.[1] ?? '';
      const fields = { side: 'buy', fiat: 'usd', coin: 'btc', amount: '150', key, offer };
      const refused = await postForm(fiatApp, COMPARE, { ...fields, walletAddress: '' });
      expect(refused.status).toBe(422);
      expect(await refused.text()).toContain('data-testid="fiat-problem"');

      const created = await postForm(fiatApp, COMPARE, { ...fields, walletAddress: BTC_ADDRESS });
      expect(created.status).toBe(303);
      const location = created.headers.get('location') ?? '';
      expect(location).not.toContain(BTC_ADDRESS);
      // The same key again is the same order.
      const again = await postForm(fiatApp, COMPARE, { ...fields, walletAddress: BTC_ADDRESS });
      expect(again.headers.get('location')).toBe(location);
    });
  });
});
